import { sql } from "drizzle-orm";
import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { tenants } from "../db/tenants.schema";

/**
 * A tenant's callback endpoints; its oldest is the dashboard's "callback URL", whose row outlives "callbacks off" (url
 * null) so its secrets and history stay. A deleted endpoint keeps its row (`deletedAt`) so the operator can still read
 * its deliveries; the tenant no longer sees it.
 */
export const callbackEndpoints = sqliteTable(
  "callback_endpoints",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    url: text("url"),
    description: text("description"),
    // A JSON array of event types, or ["*"] for every type.
    enabledEvents: text("enabled_events").notNull().default('["*"]'),
    disabledAt: text("disabled_at"),
    // Why it was disabled: `tenant` (by request) or `gone` (the receiver answered 410).
    disabledReason: text("disabled_reason", { enum: ["tenant", "gone"] }),
    deletedAt: text("deleted_at"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (table) => [index("callback_endpoints_tenant_created").on(table.tenantId, table.createdAt, table.id)],
);
export type CallbackEndpointRecord = typeof callbackEndpoints.$inferSelect;

/**
 * Signing secrets, encrypted at rest (AES-GCM under CALLBACK_SECRETS_KEY) because signing needs them back.
 * `expiresAt` null marks the current secret; a rotated-out secret keeps signing until it expires.
 */
export const callbackSigningSecrets = sqliteTable(
  "callback_signing_secrets",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => callbackEndpoints.id),
    secretCiphertext: text("secret_ciphertext").notNull(),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at"),
  },
  (table) => [
    // Every delivery attempt reads its endpoint's active secrets.
    index("callback_signing_secrets_endpoint").on(table.endpointId, table.expiresAt),
    index("callback_signing_secrets_tenant").on(table.tenantId, table.expiresAt),
    // A move walks the tenant's rows in this order (shard-tables.ts): a seek per batch, not a sort of all of them.
    index("callback_signing_secrets_tenant_walk").on(table.tenantId, table.id),
    uniqueIndex("callback_signing_secrets_one_current")
      .on(table.endpointId)
      .where(sql`${table.expiresAt} IS NULL`),
  ],
);
