import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { tenants } from "../db/tenants.schema";

/**
 * Every processor webhook received, keyed by a derived id: the processor's body carries no event id. Kept on the shard
 * of the tenant the resource belongs to (its insert reads that tenant's payments); the control database keeps those
 * naming no tenant of ours.
 */
export const processorWebhookReceipts = sqliteTable(
  "processor_webhook_receipts",
  {
    id: text("id").primaryKey(),
    /** Whose resource it is; null on the control database, for a resource of no tenant here. */
    tenantId: text("tenant_id").references(() => tenants.id),
    entity: text("entity").notNull(),
    type: text("type").notNull(),
    resourceId: text("resource_id").notNull(),
    resourceState: text("resource_state"),
    resourceUpdatedAt: text("resource_updated_at"),
    outcome: text("outcome").notNull(),
    receivedAt: text("received_at").notNull(),
  },
  (table) => [index("processor_webhook_receipts_resource").on(table.entity, table.resourceId, table.receivedAt)],
);
