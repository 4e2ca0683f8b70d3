import { sql } from "drizzle-orm";
import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { tenants } from "../db/tenants.schema";

/** A tenant's one callback endpoint. The row outlives "callbacks off" (url null) so its secrets and history stay. */
export const callbackEndpoints = sqliteTable(
  "callback_endpoints",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    url: text("url"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (table) => [uniqueIndex("callback_endpoints_tenant_unique").on(table.tenantId)],
);

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
    index("callback_signing_secrets_endpoint").on(table.endpointId, table.expiresAt),
    // Every delivery attempt reads its tenant's active secrets.
    index("callback_signing_secrets_tenant").on(table.tenantId, table.expiresAt),
    uniqueIndex("callback_signing_secrets_one_current")
      .on(table.endpointId)
      .where(sql`${table.expiresAt} IS NULL`),
  ],
);
