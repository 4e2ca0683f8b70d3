import { and, eq, or, sql } from "drizzle-orm";
import { newId } from "../lib/ids";
import { logEvent } from "../lib/log";
import { ApiError } from "../lib/problem";
import type { AppContext } from "../platform/context";
import type { IdempotencyScope } from "../platform/types";
import { isOutcomeUnknown, ProcessorRejected } from "../processor";
import { applicationFeeRefundCents } from "./application-fee";
import { TENANT_TAG } from "./charge.service";
import { paymentEvent } from "./payment-events";
import { getPayment } from "./payments.queries";
import { payments, refunds } from "./payments.schema";
import type { PaymentRecord } from "./payments.view";

export type RefundInput = { amountCents?: number; reason?: string; refundApplicationFee?: boolean };
type RefundRecord = typeof refunds.$inferSelect;

const REFUNDABLE = ["succeeded", "partially_refunded"] as const;

function remainingCents(payment: PaymentRecord): number {
  return payment.amountCents - payment.amountRefundedCents - payment.amountRefundReservedCents;
}

/**
 * Reserves the amount in one conditional batch: the refund row is inserted and the payment's reservation
 * raised only while the payment is refundable and the remaining balance covers it, so concurrent refunds
 * can never together exceed the amount.
 */
async function reserve({ db }: AppContext, payment: PaymentRecord, refund: RefundRecord): Promise<boolean> {
  const refundable = sql`EXISTS (SELECT 1 FROM payments WHERE id = ${payment.id} AND tenant_id = ${payment.tenantId}
    AND status IN ('succeeded', 'partially_refunded')
    AND amount_cents - amount_refunded_cents - amount_refund_reserved_cents >= ${refund.amountCents})`;
  const value = (v: unknown, column: string) => sql`${v}`.as(column);
  const [, reserved] = await db.batch([
    db.insert(refunds).select(
      db
        .select({
          id: value(refund.id, "id"),
          tenantId: value(refund.tenantId, "tenant_id"),
          paymentId: value(refund.paymentId, "payment_id"),
          idempotencyKey: value(refund.idempotencyKey, "idempotency_key"),
          requestFingerprint: value(refund.requestFingerprint, "request_fingerprint"),
          status: value("pending", "status"),
          amountCents: value(refund.amountCents, "amount_cents"),
          reason: value(refund.reason, "reason"),
          refundApplicationFee: value(refund.refundApplicationFee ? 1 : 0, "refund_application_fee"),
          applicationFeeRefundCents: value(0, "application_fee_refund_cents"),
          processorReversalId: value(null, "processor_reversal_id"),
          processorFeeAdjustmentId: value(null, "processor_fee_adjustment_id"),
          processorState: value(null, "processor_state"),
          failureCode: value(null, "failure_code"),
          createdAt: value(refund.createdAt, "created_at"),
          updatedAt: value(refund.updatedAt, "updated_at"),
        })
        .from(sql`(SELECT 1)`)
        .where(refundable),
    ),
    db
      .update(payments)
      .set({ amountRefundReservedCents: sql`${payments.amountRefundReservedCents} + ${refund.amountCents}`, updatedAt: refund.updatedAt })
      .where(and(eq(payments.id, payment.id), sql`EXISTS (SELECT 1 FROM refunds WHERE id = ${refund.id})`))
      .returning({ id: payments.id }),
  ]);
  return reserved.length === 1;
}

const stillPending = (refundId: string) => sql`EXISTS (SELECT 1 FROM refunds WHERE id = ${refundId} AND status = 'pending')`;

/** Each resolution of a pending refund is guarded by "still pending" in one batch, so it applies at most once. */
async function release({ db, clock }: AppContext, payment: PaymentRecord, refund: RefundRecord, failureCode: string) {
  const now = clock.nowIso();
  await db.batch([
    db
      .update(payments)
      .set({ amountRefundReservedCents: sql`${payments.amountRefundReservedCents} - ${refund.amountCents}`, updatedAt: now })
      .where(and(eq(payments.id, payment.id), stillPending(refund.id))),
    db
      .update(refunds)
      .set({ status: "failed", failureCode, updatedAt: now })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, "pending"))),
  ]);
}

/** Moves the reserved amount to refunded and writes the payment's event, in one batch guarded by "still pending". */
async function settle(
  ctx: AppContext,
  payment: PaymentRecord,
  refund: RefundRecord,
  reversal: { id: string; state: string },
): Promise<void> {
  const { db } = ctx;
  const now = ctx.clock.nowIso();
  const event = paymentEvent(ctx, {
    tenantId: payment.tenantId,
    paymentId: payment.id,
    type: "transfer.updated",
    onlyIf: stillPending(refund.id),
  });
  await db.batch([
    db
      .update(payments)
      .set({
        amountRefundedCents: sql`${payments.amountRefundedCents} + ${refund.amountCents}`,
        amountRefundReservedCents: sql`${payments.amountRefundReservedCents} - ${refund.amountCents}`,
        status: sql`CASE WHEN ${payments.amountRefundedCents} + ${refund.amountCents} = ${payments.amountCents} THEN 'refunded' ELSE 'partially_refunded' END`,
        updatedAt: now,
      })
      .where(and(eq(payments.id, payment.id), stillPending(refund.id))),
    event,
    db
      .update(refunds)
      .set({
        status: "succeeded",
        processorReversalId: reversal.id,
        processorState: reversal.state,
        updatedAt: now,
      })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, "pending"))),
  ]);
}

/**
 * Reversals never return the application fee, so the service credits the merchant its share with a
 * MERCHANT_CREDIT_ADJUSTMENT transfer. Keyed by the refund id at the processor and guarded in D1 by
 * "not yet adjusted", it is safe to retry (the reconciliation sweep retries one that failed here).
 */
export async function returnApplicationFee({
  ctx,
  input: { tenantId, paymentId, refundId },
}: {
  ctx: AppContext;
  input: { tenantId: string; paymentId: string; refundId: string };
}): Promise<void> {
  const { db } = ctx;
  const payment = await getPayment({ ctx, input: { tenantId, paymentId } });
  const refundRow = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.id, refundId), eq(refunds.tenantId, tenantId)))
    .get();
  if (!refundRow || refundRow.status !== "succeeded" || refundRow.processorFeeAdjustmentId) return;
  const feeCents = applicationFeeRefundCents(payment, refundRow.amountCents, payment.status === "refunded");
  if (feeCents === 0) return;
  const adjustment = await ctx.processor.createMerchantCreditAdjustment({
    merchant: payment.processorMerchantId,
    amount: feeCents,
    currency: payment.currency,
    idempotency_id: `${refundId}_fee`,
    tags: { [TENANT_TAG]: tenantId, lc_payment_id: paymentId, lc_refund_id: refundId },
  });
  const notYetAdjusted = sql`EXISTS (SELECT 1 FROM refunds WHERE id = ${refundId} AND processor_fee_adjustment_id IS NULL)`;
  await db.batch([
    db
      .update(payments)
      .set({ applicationFeeRefundedCents: sql`${payments.applicationFeeRefundedCents} + ${feeCents}`, updatedAt: ctx.clock.nowIso() })
      .where(and(eq(payments.id, paymentId), notYetAdjusted)),
    db
      .update(refunds)
      .set({ applicationFeeRefundCents: feeCents, processorFeeAdjustmentId: adjustment.id, updatedAt: ctx.clock.nowIso() })
      .where(and(eq(refunds.id, refundId), sql`processor_fee_adjustment_id IS NULL`)),
  ]);
}

/**
 * Refunds through the processor's reversal; the application fee, which reversals never return, goes back
 * to the merchant as a merchant credit adjustment when asked for, and is recorded on the payment and refund.
 */
export async function refund({
  ctx,
  input: { tenantId, paymentId, idempotency, request: input },
}: {
  ctx: AppContext;
  input: { tenantId: string; paymentId: string; idempotency: IdempotencyScope | null; request: RefundInput };
}): Promise<PaymentRecord> {
  const { db } = ctx;
  const idempotencyKey = idempotency?.key ?? null;
  let payment = await getPayment({ ctx, input: { tenantId, paymentId } });
  if (idempotency) {
    const earlier = await db
      .select()
      .from(refunds)
      .where(and(eq(refunds.tenantId, tenantId), eq(refunds.idempotencyKey, idempotency.key)))
      .get();
    // Past the idempotency store's retention the ledger still remembers the key: a different request under it is refused.
    if (earlier && (earlier.paymentId !== paymentId || earlier.requestFingerprint !== idempotency.fingerprint)) {
      throw new ApiError("idempotency-key-reused", "This Idempotency-Key belongs to a different refund request.");
    }
    if (earlier?.status === "succeeded") return payment;
  }
  if (!(REFUNDABLE as readonly string[]).includes(payment.status)) {
    throw new ApiError(
      "invalid-payment-state",
      `Only succeeded or partially_refunded payments can be refunded; this one is ${payment.status}.`,
    );
  }
  const amountCents = input.amountCents ?? remainingCents(payment);
  if (amountCents <= 0 || amountCents > remainingCents(payment)) {
    throw new ApiError(
      "refund-exceeds-balance",
      `The remaining refundable balance is ${remainingCents(payment)}; asked for ${amountCents}.`,
      {
        extensions: { remainingCents: remainingCents(payment) },
      },
    );
  }

  const now = ctx.clock.nowIso();
  const record: RefundRecord = {
    id: newId("lcref"),
    tenantId,
    paymentId,
    idempotencyKey,
    requestFingerprint: idempotency?.fingerprint ?? null,
    status: "pending",
    amountCents,
    reason: input.reason ?? null,
    refundApplicationFee: input.refundApplicationFee ?? false,
    applicationFeeRefundCents: 0,
    processorReversalId: null,
    processorFeeAdjustmentId: null,
    processorState: null,
    failureCode: null,
    createdAt: now,
    updatedAt: now,
  };
  if (!(await reserve(ctx, payment, record))) {
    payment = await getPayment({ ctx, input: { tenantId, paymentId } });
    if (!(REFUNDABLE as readonly string[]).includes(payment.status)) {
      throw new ApiError("invalid-payment-state", `This payment is ${payment.status} and cannot be refunded.`);
    }
    throw new ApiError(
      "refund-exceeds-balance",
      `The remaining refundable balance is ${remainingCents(payment)}; asked for ${amountCents}.`,
      {
        extensions: { remainingCents: remainingCents(payment) },
      },
    );
  }
  payment = await getPayment({ ctx, input: { tenantId, paymentId } });

  let reversal;
  try {
    reversal = await ctx.processor.createReversal(payment.processorTransferId!, {
      refund_amount: amountCents,
      idempotency_id: record.id,
      tags: { [TENANT_TAG]: tenantId, lc_payment_id: paymentId, lc_refund_id: record.id, reason: record.reason ?? "" },
    });
  } catch (error) {
    // An unknown outcome keeps the reservation: the reconciliation sweep resolves it from the processor.
    if (!isOutcomeUnknown(error)) {
      await release(
        ctx,
        payment,
        record,
        error instanceof ProcessorRejected ? error.code : error instanceof ApiError ? error.slug : "ERROR",
      );
    }
    throw error;
  }

  await settle(ctx, payment, record, reversal);
  if (record.refundApplicationFee) {
    // The refund itself is done; a failed fee credit is retried by the reconciliation sweep, not reported as a failed refund.
    await returnApplicationFee({ ctx, input: { tenantId, paymentId, refundId: record.id } }).catch((error: unknown) =>
      logEvent("warn", "application fee credit deferred", { tenantId, paymentId, refundId: record.id, error: String(error) }),
    );
  }
  return getPayment({ ctx, input: { tenantId, paymentId } });
}

/**
 * Brings a refund in line with its reversal at the processor — from a webhook or the reconciliation
 * sweep: a pending refund (unknown outcome) is settled or released; a succeeded one whose reversal later
 * failed gives the amount back to the payment's refundable balance.
 */
export async function reconcileRefund(
  ctx: AppContext,
  reversal: { id: string; state: string; idempotency_id?: string | null },
): Promise<void> {
  const { db } = ctx;
  const row = await db
    .select()
    .from(refunds)
    .where(or(eq(refunds.processorReversalId, reversal.id), reversal.idempotency_id ? eq(refunds.id, reversal.idempotency_id) : sql`0`))
    .get();
  if (!row) return;
  const payment = await getPayment({ ctx, input: { tenantId: row.tenantId, paymentId: row.paymentId } });
  if (row.status === "pending") {
    if (reversal.state === "FAILED" || reversal.state === "CANCELED") await release(ctx, payment, row, "REVERSAL_" + reversal.state);
    else await settle(ctx, payment, row, reversal);
    return;
  }
  if (row.status === "succeeded" && (reversal.state === "FAILED" || reversal.state === "CANCELED")) {
    await unwind(ctx, payment, row, reversal);
    return;
  }
  await db.update(refunds).set({ processorState: reversal.state, updatedAt: ctx.clock.nowIso() }).where(eq(refunds.id, row.id));
}

async function unwind(
  ctx: AppContext,
  payment: PaymentRecord,
  refund: RefundRecord,
  reversal: { id: string; state: string },
): Promise<void> {
  const { db } = ctx;
  const now = ctx.clock.nowIso();
  const stillSucceeded = sql`EXISTS (SELECT 1 FROM refunds WHERE id = ${refund.id} AND status = 'succeeded')`;
  const event = paymentEvent(ctx, {
    tenantId: payment.tenantId,
    paymentId: payment.id,
    type: "transfer.updated",
    onlyIf: stillSucceeded,
  });
  await db.batch([
    db
      .update(payments)
      .set({
        amountRefundedCents: sql`${payments.amountRefundedCents} - ${refund.amountCents}`,
        status: sql`CASE WHEN ${payments.status} IN ('refunded', 'partially_refunded')
          THEN (CASE WHEN ${payments.amountRefundedCents} - ${refund.amountCents} = 0 THEN 'succeeded' ELSE 'partially_refunded' END)
          ELSE ${payments.status} END`,
        updatedAt: now,
      })
      .where(and(eq(payments.id, payment.id), stillSucceeded)),
    event,
    db
      .update(refunds)
      .set({ status: "failed", processorState: reversal.state, failureCode: "REVERSAL_" + reversal.state, updatedAt: now })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, "succeeded"))),
  ]);
}
