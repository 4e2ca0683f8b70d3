import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { tenants } from "../db/tenants.schema";

/**
 * A settlement and its funding transfer, as the merchant sees it: `accruing` (the processor's PENDING: totals still
 * change), `awaiting_approval`, `approved` (the funding transfer is under way), `paid` (it succeeded) or `failed`.
 */
export const PAYOUT_STATUSES = ["accruing", "awaiting_approval", "approved", "paid", "failed"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const PAYOUT_ITEM_TYPES = ["payment", "refund", "fee_refund", "dispute", "adjustment"] as const;
export type PayoutItemType = (typeof PAYOUT_ITEM_TYPES)[number];

/** One processor settlement of a tenant's merchant. Money columns are integer minor units; the CHECKs are the processor's rules. */
export const payouts = sqliteTable(
  "payouts",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    processorSettlementId: text("processor_settlement_id").notNull(),
    processorMerchantId: text("processor_merchant_id").notNull(),
    status: text("status", { enum: PAYOUT_STATUSES }).notNull(),
    processorStatus: text("processor_status").notNull(),
    grossCents: integer("gross_cents").notNull(),
    feesCents: integer("fees_cents").notNull(),
    netCents: integer("net_cents").notNull(),
    // The part of the fees no listed item carries (the processor's own fees, when it charges any).
    otherFeesCents: integer("other_fees_cents"),
    currency: text("currency").notNull(),
    // Null while accruing: the items are read once the settlement closes.
    paymentCount: integer("payment_count"),
    processorFundingTransferId: text("processor_funding_transfer_id"),
    fundingState: text("funding_state"),
    failureCode: text("failure_code"),
    failureMessage: text("failure_message"),
    initiatedAt: text("initiated_at"),
    expectedArrivalDate: text("expected_arrival_date"),
    processorUpdatedAt: text("processor_updated_at").notNull(),
    // The settlement's updated_at the items were read at; they are read again only when it moves.
    itemsSyncedFor: text("items_synced_for"),
    syncedAt: text("synced_at").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (table) => [
    uniqueIndex("payouts_processor_settlement").on(table.processorSettlementId),
    index("payouts_tenant_created").on(table.tenantId, table.createdAt, table.id),
    index("payouts_tenant_status_created").on(table.tenantId, table.status, table.createdAt, table.id),
    index("payouts_funding_transfer").on(table.processorFundingTransferId),
    index("payouts_sweep").on(table.status, table.syncedAt),
    check("payouts_net_is_gross_less_fees", sql`${table.netCents} = ${table.grossCents} - ${table.feesCents}`),
    check("payouts_fees_non_negative", sql`${table.feesCents} >= 0`),
  ],
);
export type PayoutRecord = typeof payouts.$inferSelect;

/** What a payout is made of: each settled sale, refund, fee credit and dispute movement, matched to the ledger. */
export const payoutItems = sqliteTable(
  "payout_items",
  {
    payoutId: text("payout_id")
      .notNull()
      .references(() => payouts.id),
    processorTransferId: text("processor_transfer_id").notNull(),
    tenantId: text("tenant_id").notNull(),
    type: text("type", { enum: PAYOUT_ITEM_TYPES }).notNull(),
    paymentId: text("payment_id"),
    refundId: text("refund_id"),
    orderRef: text("order_ref"),
    // Signed: what the item adds to (or takes from) the payout's gross.
    amountCents: integer("amount_cents").notNull(),
    feeCents: integer("fee_cents").notNull(),
    netCents: integer("net_cents").notNull(),
    processorCreatedAt: text("processor_created_at").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.payoutId, table.processorTransferId] }),
    // A move walks the tenant's rows in this order (shard-tables.ts): a seek per batch, not a sort of all of them.
    index("payout_items_tenant_walk").on(table.tenantId, table.payoutId, table.processorTransferId),
    index("payout_items_order").on(table.payoutId, table.processorCreatedAt, table.processorTransferId),
    // A payment's page lists the payouts its sale, refunds and chargebacks settled in. The payment leads: led by the
    // tenant, the planner would take it for a payout's items too (both equal on their first column) and walk the tenant's.
    index("payout_items_payment").on(table.paymentId, table.tenantId),
    check("payout_items_net_is_amount_less_fee", sql`${table.netCents} = ${table.amountCents} - ${table.feeCents}`),
  ],
);
export type PayoutItemRecord = typeof payoutItems.$inferSelect;
export type PayoutItemInsert = typeof payoutItems.$inferInsert;

/** When the sweep last looked for a tenant's settlements at the processor (a lost `settlement.created` is found there). */
export const payoutDiscovery = sqliteTable("payout_discovery", {
  tenantId: text("tenant_id")
    .primaryKey()
    .references(() => tenants.id),
  checkedAt: text("checked_at").notNull(),
});
