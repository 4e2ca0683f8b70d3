import { and, eq, type SQL, sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { tenants } from "../db/tenants.schema";
import { utcDay } from "../db/utc-day";

export const PAYMENT_STATUSES = [
  "succeeded",
  "processing",
  "authorized",
  "failed",
  "canceled",
  "partially_refunded",
  "refunded",
  "disputed",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_METHODS = ["card", "ach", "card_present"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** What a hold's capture or void call is doing while it is out: claimed by one request, so the other answers 409. */
export const HOLD_ACTIONS = ["capture", "void"] as const;
export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;
/** The application-fee credit a refund asked for: none asked, owed and being sent, sent, or given up after bounded attempts. */
export const FEE_CREDIT_STATUSES = ["none", "pending", "succeeded", "failed"] as const;
export type FeeCreditStatus = (typeof FEE_CREDIT_STATUSES)[number];

/** The ledger row of a charge. Money columns are integer minor units; the CHECKs are the money invariants. */
export const payments = sqliteTable(
  "payments",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    idempotencyKey: text("idempotency_key").notNull(),
    // The request that key was first used with, so the idempotency rule outlives the Durable Object's retention.
    requestFingerprint: text("request_fingerprint"),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull(),
    // Null only until the instrument is known (a token's type is learnt when it becomes an instrument).
    method: text("method", { enum: PAYMENT_METHODS }),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    applicationFeeCents: integer("application_fee_cents").notNull(),
    applicationFeeRefundedCents: integer("application_fee_refunded_cents").notNull().default(0),
    amountRefundedCents: integer("amount_refunded_cents").notNull().default(0),
    // Held by refunds whose processor call has not resolved yet, so concurrent refunds cannot overspend.
    amountRefundReservedCents: integer("amount_refund_reserved_cents").notNull().default(0),
    // Fee credits owed to the merchant by refunds and not yet confirmed by the processor.
    applicationFeeRefundPendingCents: integer("application_fee_refund_pending_cents").notNull().default(0),
    // What the processor actually charged for the sale (its fee profile's fees, at least the fee sent); null until read.
    processorFeeCents: integer("processor_fee_cents"),
    // The same fee exactly, as decimal text in cents ("102.393"): the processor may charge fractions of a cent, and
    // processorFeeCents is this rounded half up to the cent.
    processorFeeExactCents: text("processor_fee_exact_cents"),
    orderRef: text("order_ref"),
    // The buyer the charge named (the e-mail in lower case, as buyer identities key it), so a payment is found by them.
    buyerName: text("buyer_name"),
    buyerEmail: text("buyer_email"),
    // What the instrument is, as the processor described it when the token became one: a card's brand and last four,
    // a bank account's last four and type (CHECKING/SAVINGS). Null until known (and for payments from before they were kept).
    cardBrand: text("card_brand"),
    lastFour: text("last_four"),
    bankAccountType: text("bank_account_type"),
    processorMerchantId: text("processor_merchant_id").notNull(),
    processorIdentityId: text("processor_identity_id"),
    processorInstrumentId: text("processor_instrument_id"),
    // A hold (`capture: false`): authorized now, captured or voided later; null for a sale.
    captureLater: integer("capture_later", { mode: "boolean" }),
    processorAuthorizationId: text("processor_authorization_id"),
    // When the processor lets the hold lapse (its `expires_at`).
    authorizedUntil: text("authorized_until"),
    // The capture or void one request has claimed and not yet recorded, with the capture's amounts: a crash or a lost
    // answer leaves it here for the sweep, which finishes it from what the processor holds.
    holdAction: text("hold_action", { enum: HOLD_ACTIONS }),
    holdCaptureCents: integer("hold_capture_cents"),
    holdCaptureFeeCents: integer("hold_capture_fee_cents"),
    processorTransferId: text("processor_transfer_id"),
    processorState: text("processor_state"),
    processorUpdatedAt: text("processor_updated_at"),
    // The same instant in microseconds since the epoch: processor timestamps differ in precision, so only numbers order them.
    processorUpdatedAtUs: integer("processor_updated_at_us"),
    // When the sweep looks at this payment next (the sale while processing, then the processor's fee); null: nothing to check.
    nextCheckAt: text("next_check_at"),
    checkAttempts: integer("check_attempts").notNull().default(0),
    failureCode: text("failure_code"),
    failureMessage: text("failure_message"),
    // The processor's request ids of this payment's calls, for support at the processor: one line per call,
    // "<operation's code> <unix seconds> <x-request-id>", appended by the batch that records what the call changed.
    processorCalls: text("processor_calls"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (table) => [
    uniqueIndex("payments_tenant_idempotency_key").on(table.tenantId, table.idempotencyKey),
    uniqueIndex("payments_processor_transfer").on(table.processorTransferId),
    // A hold's webhooks find it by the processor's id.
    uniqueIndex("payments_processor_authorization")
      .on(table.processorAuthorizationId)
      .where(sql`${table.processorAuthorizationId} IS NOT NULL`),
    index("payments_tenant_created").on(table.tenantId, table.createdAt, table.id),
    // Lists of one status other than `succeeded` (most payments are, and their list walks payments_tenant_created):
    // only those rows, so a succeeded payment costs this index nothing (paymentsWithStatus).
    index("payments_tenant_status_created")
      .on(table.tenantId, table.status, table.createdAt, table.id)
      .where(sql`${table.status} <> 'succeeded'`),
    // The overview's money by UTC day (money-by-day.queries.ts): walked in day order, every column it sums in the index.
    index("payments_tenant_day").on(
      table.tenantId,
      utcDay(table.createdAt),
      table.status,
      table.amountCents,
      table.applicationFeeCents,
      table.processorFeeCents,
    ),
    // The dashboard's search: one index per kind of input, each newest first within its value (src/payments/payment-search.ts).
    index("payments_tenant_order_ref").on(table.tenantId, table.orderRef, table.createdAt, table.id),
    index("payments_tenant_amount").on(table.tenantId, table.amountCents, table.createdAt, table.id),
    index("payments_tenant_buyer_email")
      .on(table.tenantId, table.buyerEmail, table.createdAt, table.id)
      .where(sql`${table.buyerEmail} IS NOT NULL`),
    index("payments_tenant_last_four")
      .on(table.tenantId, table.lastFour, table.createdAt, table.id)
      .where(sql`${table.lastFour} IS NOT NULL`),
    index("payments_next_check")
      .on(table.nextCheckAt)
      .where(sql`${table.nextCheckAt} IS NOT NULL`),
    check("payments_amount_positive", sql`${table.amountCents} > 0`),
    check("payments_fee_within_amount", sql`${table.applicationFeeCents} >= 0 AND ${table.applicationFeeCents} <= ${table.amountCents}`),
    check(
      "payments_fee_refund_within_fee",
      sql`${table.applicationFeeRefundedCents} >= 0 AND ${table.applicationFeeRefundedCents} <= ${table.applicationFeeCents}`,
    ),
    check(
      "payments_fee_refund_pending_within_fee",
      sql`${table.applicationFeeRefundPendingCents} >= 0 AND ${table.applicationFeeRefundedCents} + ${table.applicationFeeRefundPendingCents} <= ${table.applicationFeeCents}`,
    ),
    check(
      "payments_refunds_within_amount",
      sql`${table.amountRefundedCents} >= 0 AND ${table.amountRefundReservedCents} >= 0 AND ${table.amountRefundedCents} + ${table.amountRefundReservedCents} <= ${table.amountCents}`,
    ),
  ],
);
export type PaymentRecord = typeof payments.$inferSelect;

/** Payments of one status; the literal lets the planner take payments_tenant_status_created, which holds only these. */
export const paymentsWithStatus = (status: PaymentStatus): SQL =>
  status === "succeeded" ? eq(payments.status, status) : and(eq(payments.status, status), sql`${payments.status} <> 'succeeded'`)!;

/**
 * The buyer identity this service created at the processor for a tenant's buyer, by e-mail (lower case): a returning
 * buyer's charge reuses it instead of creating another.
 */
export const buyerIdentities = sqliteTable(
  "buyer_identities",
  {
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    email: text("email").notNull(),
    processorIdentityId: text("processor_identity_id").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.email] })],
);

/**
 * The instruments this service made from a tenant's tokens: only that tenant may charge one, and its method is known
 * here — with what a payment shows of it (brand, last four, account type) and the buyer it was made for, which a charge
 * of the stored instrument copies onto its ledger row.
 */
export const paymentInstruments = sqliteTable(
  "payment_instruments",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    cardBrand: text("card_brand"),
    lastFour: text("last_four"),
    bankAccountType: text("bank_account_type"),
    buyerName: text("buyer_name"),
    buyerEmail: text("buyer_email"),
    createdAt: text("created_at").notNull(),
  },
  (table) => [
    // A move walks the tenant's rows in this order (shard-tables.ts): a seek per batch, not a sort of all of them.
    index("payment_instruments_tenant_walk").on(table.tenantId, table.id),
  ],
);

export const refunds = sqliteTable(
  "refunds",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id),
    idempotencyKey: text("idempotency_key"),
    requestFingerprint: text("request_fingerprint"),
    status: text("status", { enum: REFUND_STATUSES }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason"),
    refundApplicationFee: integer("refund_application_fee", { mode: "boolean" }).notNull(),
    applicationFeeRefundCents: integer("application_fee_refund_cents").notNull().default(0),
    processorReversalId: text("processor_reversal_id"),
    processorFeeAdjustmentId: text("processor_fee_adjustment_id"),
    processorState: text("processor_state"),
    failureCode: text("failure_code"),
    feeCreditStatus: text("fee_credit_status", { enum: FEE_CREDIT_STATUSES }).notNull().default("none"),
    feeCreditFailureCode: text("fee_credit_failure_code"),
    // When the sweep looks at this refund next (its reversal while pending, then its fee credit); null: nothing to do.
    nextCheckAt: text("next_check_at"),
    checkAttempts: integer("check_attempts").notNull().default(0),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (table) => [
    uniqueIndex("refunds_tenant_idempotency_key").on(table.tenantId, table.idempotencyKey),
    // A move walks the tenant's rows in this order (shard-tables.ts): a seek per batch, not a sort of all of them.
    index("refunds_tenant_walk").on(table.tenantId, table.id),
    index("refunds_payment").on(table.paymentId, table.createdAt),
    // The overview's refunds by UTC day, as payments_tenant_day.
    index("refunds_tenant_day").on(
      table.tenantId,
      utcDay(table.createdAt),
      table.status,
      table.feeCreditStatus,
      table.amountCents,
      table.applicationFeeRefundCents,
    ),
    index("refunds_next_check")
      .on(table.nextCheckAt)
      .where(sql`${table.nextCheckAt} IS NOT NULL`),
    index("refunds_fee_credit_failed").on(table.feeCreditStatus, table.updatedAt),
    // Each reversal webhook finds its refund by the processor's id.
    index("refunds_processor_reversal").on(table.processorReversalId),
    check("refunds_amount_positive", sql`${table.amountCents} > 0`),
    check("refunds_fee_refund_non_negative", sql`${table.applicationFeeRefundCents} >= 0`),
  ],
);
export type RefundRecord = typeof refunds.$inferSelect;
