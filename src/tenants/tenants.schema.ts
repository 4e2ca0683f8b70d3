import { sql } from "drizzle-orm";
import { check, index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { tenants } from "../db/tenants.schema";
import type { KeyPermissions } from "../platform/permissions";

export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    // HMAC-SHA256(pepper, key): the key itself is never stored.
    keyHash: text("key_hash").notNull(),
    // What the tenant calls the key in its dashboard; keys issued before names existed read as "".
    name: text("name").notNull().default(""),
    // A restricted key's level per resource, fixed at issue; null for a key with every permission (every key from before).
    permissions: text("permissions", { mode: "json" }).$type<NonNullable<KeyPermissions>>(),
    displayPrefix: text("display_prefix").notNull(),
    lastFour: text("last_four").notNull(),
    createdAt: text("created_at").notNull(),
    revokedAt: text("revoked_at"),
    // Refreshed at most once a minute on authentication, so a busy key costs one write a minute, not one a request.
    lastUsedAt: text("last_used_at"),
  },
  (table) => [
    uniqueIndex("api_keys_key_hash_unique").on(table.keyHash),
    index("api_keys_tenant_idx").on(table.tenantId, table.createdAt),
    check("api_keys_last_four_len", sql`length(${table.lastFour}) = 4`),
  ],
);
export type ApiKeyRecord = typeof apiKeys.$inferSelect;
