import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Every processor webhook received, keyed by a derived id: the processor's body carries no event id. */
export const processorWebhookReceipts = sqliteTable(
  "processor_webhook_receipts",
  {
    id: text("id").primaryKey(),
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

/**
 * Where the sweep of each webhook-fed resource stands at the processor: changes at or after `updatedSince` are being read,
 * `afterCursor` is the next page of that read (null: the next run starts a new read), begun at `scanStartedAt`.
 */
export const processorWatermarks = sqliteTable("processor_watermarks", {
  resource: text("resource").primaryKey(),
  updatedSince: text("updated_since").notNull(),
  afterCursor: text("after_cursor"),
  scanStartedAt: text("scan_started_at").notNull(),
  advancedAt: text("advanced_at").notNull(),
});
