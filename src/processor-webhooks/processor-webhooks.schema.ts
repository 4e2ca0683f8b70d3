import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";

import { tenants } from "../db/tenants.schema";

/**
 * What became of a receipt: `received` while it is applied; `applied`, `ignored` (nothing to change, or no tenant here)
 * or `unhandled` (an event the service does not consume) once done; `unprocessable`: kept, not applied, for the
 * operator to reapply after a fix; `reapplying`: taken by one reapply run.
 */
export const RECEIPT_OUTCOMES = ["received", "applied", "ignored", "unhandled", "unprocessable", "reapplying"] as const;
export type ReceiptOutcome = (typeof RECEIPT_OUTCOMES)[number];

/** Where a kept body came from: a webhook's raw body, or one resource of the cron's read of missed changes. */
export const RECEIPT_SOURCES = ["webhook", "sweep"] as const;
export type ReceiptSource = (typeof RECEIPT_SOURCES)[number];

/**
 * Every processor webhook received, keyed by a derived id: the processor's body carries no event id. Kept on the shard
 * of the tenant the resource belongs to (its insert reads that tenant's payments); the control database keeps those
 * naming no tenant of ours, and every signed one that could not be applied (`unprocessable`, with its raw body and
 * reason: a resource that does not fit may name no tenant it can be trusted for).
 */
export const processorWebhookReceipts = sqliteTable(
  "processor_webhook_receipts",
  {
    id: text("id").primaryKey(),
    /** Whose resource it is; null on the control database, for a resource of no tenant here or one kept unprocessable. */
    tenantId: text("tenant_id").references(() => tenants.id),
    entity: text("entity").notNull(),
    type: text("type").notNull(),
    /** "" when a kept body names none. */
    resourceId: text("resource_id").notNull(),
    resourceState: text("resource_state"),
    resourceUpdatedAt: text("resource_updated_at"),
    outcome: text("outcome", { enum: RECEIPT_OUTCOMES }).notNull(),
    receivedAt: text("received_at").notNull(),
    source: text("source", { enum: RECEIPT_SOURCES }).notNull().default("webhook"),
    /** The body as signed (a sweep's: the resource as read), kept only with an unprocessable receipt. */
    rawBody: text("raw_body"),
    /** Why it was last found unprocessable: JSON `[{ field, message }]`, the schema's paths and messages or the error applying it threw. */
    reason: text("reason"),
    /** When a reapply run last took it. */
    reappliedAt: text("reapplied_at"),
  },
  (table) => [
    index("processor_webhook_receipts_resource").on(table.entity, table.resourceId, table.receivedAt),
    index("processor_webhook_receipts_outcome").on(table.outcome, table.receivedAt, table.id),
    // A move walks the tenant's rows in this order (shard-tables.ts): a seek per batch, not a sort of all of them.
    index("processor_webhook_receipts_tenant_walk").on(table.tenantId, table.id),
  ],
);

export type ProcessorWebhookReceiptRecord = typeof processorWebhookReceipts.$inferSelect;
