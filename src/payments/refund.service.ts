import { and, eq, or, type SQL, sql } from "drizzle-orm";

import { insertSelectFields } from "../db/insert-select";
import { newId } from "../lib/ids";
import { logEvent } from "../lib/log";
import { ApiError } from "../lib/problem";
import type { ShardContext, TenantContext } from "../platform/context";
import type { IdempotencyScope } from "../platform/types";
import { isOutcomeUnknown, ProcessorBusy, ProcessorRejected } from "../processor";
import { applicationFeeShare } from "./application-fee";
import { TENANT_TAG } from "./charge.service";
import { firstCheckAt } from "./check-schedule";
import { creditApplicationFee } from "./fee-credit.service";
import { paymentEvent } from "./payment-events";
import { getPayment } from "./payments.queries";
import { type PaymentRecord, payments, type RefundRecord, refunds } from "./payments.schema";
import { processorCallWrites } from "./processor-calls";
import {
  isRefundableStatus,
  REFUNDABLE_STATUSES,
  refundableCents,
  refundableCentsSql,
  refundableStatusSql,
  statusAfterRefundsSql,
} from "./refundable";

export type RefundInput = { amountCents?: number; reason?: string; refundApplicationFee?: boolean };
type Reversal = { id: string; state: string; failure_code?: string | null };

/** A refund the sweep gave up on because the processor never received it; a reversal that shows up later revives it. */
export const ABANDONED = "ABANDONED";

function refundRow(ctx: ShardContext, id: string): Promise<RefundRecord | undefined> {
  return ctx.db.select().from(refunds).where(eq(refunds.id, id)).get();
}

/**
 * Reserves the amount in one conditional batch: the refund row is inserted and the payment's reservation
 * raised only while the payment is refundable and the remaining balance covers it, so concurrent refunds
 * can never together exceed the amount. A row already under this Idempotency-Key wins over this one.
 */
async function reserve({ db }: ShardContext, payment: PaymentRecord, refund: RefundRecord): Promise<boolean> {
  const refundable = sql`EXISTS (SELECT 1 FROM payments WHERE id = ${payment.id} AND tenant_id = ${payment.tenantId}
    AND ${refundableStatusSql} AND ${refundableCentsSql} >= ${refund.amountCents})`;
  const [, reserved] = await db.batch([
    db
      .insert(refunds)
      .select(
        db
          .select(insertSelectFields(refunds, refund))
          .from(sql`(SELECT 1)`)
          .where(refundable),
      )
      .onConflictDoNothing(),
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
async function release(ctx: ShardContext, refund: RefundRecord, failureCode: string) {
  const { db } = ctx;
  const now = ctx.clock.nowIso();
  await db.batch([
    db
      .update(payments)
      .set({ amountRefundReservedCents: sql`${payments.amountRefundReservedCents} - ${refund.amountCents}`, updatedAt: now })
      .where(and(eq(payments.id, refund.paymentId), stillPending(refund.id))),
    db
      .update(refunds)
      .set({ status: "failed", failureCode, nextCheckAt: null, updatedAt: now })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, "pending"))),
    ...processorCallWrites(ctx, refund.paymentId),
  ]);
}

/**
 * The payment's side of a refund that starts or stops counting, with its `transfer.updated` event, for the refund's own
 * batch and only while `onlyIf` holds: each amount moves by the cents given, and the status follows the refunded total.
 */
function refundedAmountWrites(
  ctx: ShardContext,
  refund: RefundRecord,
  change: { refundedCents: number; reservedCents: number; feeCreditPendingCents: number | SQL; now: string; onlyIf: SQL },
) {
  const refunded = sql`${payments.amountRefundedCents} + ${change.refundedCents}`;
  return [
    ctx.db
      .update(payments)
      .set({
        amountRefundedCents: refunded,
        amountRefundReservedCents: sql`${payments.amountRefundReservedCents} + ${change.reservedCents}`,
        applicationFeeRefundPendingCents: sql`${payments.applicationFeeRefundPendingCents} + ${change.feeCreditPendingCents}`,
        status: statusAfterRefundsSql(refunded),
        updatedAt: change.now,
      })
      .where(and(eq(payments.id, refund.paymentId), change.onlyIf)),
    paymentEvent(ctx, { tenantId: refund.tenantId, paymentId: refund.paymentId, type: "transfer.updated", onlyIf: change.onlyIf }),
    ...processorCallWrites(ctx, refund.paymentId),
  ] as const;
}

/**
 * Turns a pending refund's reservation into refunded and writes the payment's event, in one batch guarded by "still
 * pending". When the refund asked for it, its share of the application fee becomes owed to the merchant.
 */
async function settle(ctx: ShardContext, refund: RefundRecord, reversal: Reversal): Promise<void> {
  const { db } = ctx;
  const now = ctx.clock.nowIso();
  const unsettled = stillPending(refund.id);
  const pendingRefund = and(eq(refunds.id, refund.id), eq(refunds.status, "pending"));
  const feeShare = sql`(SELECT ${applicationFeeShare(refund.amountCents)} FROM payments WHERE id = ${refund.paymentId})`;
  await db.batch([
    db
      .update(refunds)
      .set({ applicationFeeRefundCents: refund.refundApplicationFee ? feeShare : 0 })
      .where(pendingRefund),
    ...refundedAmountWrites(ctx, refund, {
      refundedCents: refund.amountCents,
      reservedCents: -refund.amountCents,
      feeCreditPendingCents: sql`(SELECT application_fee_refund_cents FROM refunds WHERE id = ${refund.id})`,
      now,
      onlyIf: unsettled,
    }),
    db
      .update(refunds)
      .set({
        status: "succeeded",
        processorReversalId: reversal.id,
        processorState: reversal.state,
        feeCreditStatus: sql`CASE WHEN ${refunds.applicationFeeRefundCents} > 0 THEN 'pending' ELSE 'none' END`,
        nextCheckAt: sql`CASE WHEN ${refunds.applicationFeeRefundCents} > 0 THEN ${now} ELSE NULL END`,
        checkAttempts: 0,
        updatedAt: now,
      })
      .where(pendingRefund),
  ]);
}

/**
 * A reversal turned up for a refund the sweep had abandoned: money did move, so the refund is reserved again — while
 * the balance still covers it — and then settled like any pending one.
 */
async function revive(ctx: ShardContext, refund: RefundRecord, reversal: Reversal): Promise<void> {
  const { db } = ctx;
  const now = ctx.clock.nowIso();
  await db.batch([
    db
      .update(refunds)
      .set({ status: "pending", failureCode: null, updatedAt: now })
      .where(
        and(
          eq(refunds.id, refund.id),
          eq(refunds.status, "failed"),
          eq(refunds.failureCode, ABANDONED),
          sql`EXISTS (SELECT 1 FROM payments WHERE id = ${refund.paymentId} AND ${refundableCentsSql} >= ${refund.amountCents})`,
        ),
      ),
    db
      .update(payments)
      .set({ amountRefundReservedCents: sql`${payments.amountRefundReservedCents} + ${refund.amountCents}`, updatedAt: now })
      .where(and(eq(payments.id, refund.paymentId), stillPending(refund.id))),
  ]);
  const revived = await refundRow(ctx, refund.id);
  if (revived?.status !== "pending") {
    logEvent("error", "reversal found for an abandoned refund whose balance is gone", { refundId: refund.id, reversalId: reversal.id });
    return;
  }
  await settle(ctx, revived, reversal);
}

/** A refund that had succeeded but whose reversal then failed gives its amount back, and its fee credit is no longer owed. */
async function unwind(ctx: ShardContext, refund: RefundRecord, reversal: Reversal): Promise<void> {
  const { db } = ctx;
  const now = ctx.clock.nowIso();
  const stillSucceeded = sql`EXISTS (SELECT 1 FROM refunds WHERE id = ${refund.id} AND status = 'succeeded')`;
  const owedFee = refund.feeCreditStatus === "pending" ? refund.applicationFeeRefundCents : 0;
  if (refund.feeCreditStatus === "succeeded") {
    logEvent("error", "refund failed after its application fee was credited", { refundId: refund.id, reversalId: reversal.id });
  }
  await db.batch([
    ...refundedAmountWrites(ctx, refund, {
      refundedCents: -refund.amountCents,
      reservedCents: 0,
      feeCreditPendingCents: -owedFee,
      now,
      onlyIf: stillSucceeded,
    }),
    db
      .update(refunds)
      .set({
        status: "failed",
        processorState: reversal.state,
        failureCode: "REVERSAL_" + reversal.state,
        feeCreditStatus: owedFee > 0 ? "none" : refunds.feeCreditStatus,
        nextCheckAt: null,
        updatedAt: now,
      })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, "succeeded"))),
  ]);
}

/** The sweep's verdict on a refund the processor never received within the hour: nothing moved, the reservation goes. */
export function abandonRefund(ctx: ShardContext, refund: RefundRecord): Promise<void> {
  return release(ctx, refund, ABANDONED);
}

/**
 * Brings a refund in line with its reversal at the processor — from a webhook, the reconciliation sweep or a retried
 * request: a pending refund (unknown outcome) is settled or released; a succeeded one whose reversal later failed gives
 * the amount back; an abandoned one whose reversal turns up after all is counted. False when no refund of ours matches.
 */
export async function reconcileRefund(
  ctx: ShardContext,
  reversal: Reversal & { idempotency_id?: string | null; tags?: Record<string, string> | null },
): Promise<boolean> {
  const { db } = ctx;
  // Our reversals carry the refund id twice: as their idempotency_id and in their tags.
  const refundId = reversal.idempotency_id || reversal.tags?.lc_refund_id;
  const row = await db
    .select()
    .from(refunds)
    .where(or(eq(refunds.processorReversalId, reversal.id), refundId ? eq(refunds.id, refundId) : sql`0`))
    .get();
  if (!row) return false;
  const failed = reversal.state === "FAILED" || reversal.state === "CANCELED";
  if (row.status === "pending") {
    if (failed) await release(ctx, row, reversal.failure_code ?? "REVERSAL_" + reversal.state);
    else await settle(ctx, row, reversal);
  } else if (row.status === "succeeded" && failed) {
    await unwind(ctx, row, reversal);
  } else if (row.status === "failed" && row.failureCode === ABANDONED && !failed) {
    await revive(ctx, row, reversal);
  } else {
    await db.update(refunds).set({ processorState: reversal.state, updatedAt: ctx.clock.nowIso() }).where(eq(refunds.id, row.id));
  }
  return true;
}

/** A refund's final failure, the same answer every time its Idempotency-Key is retried. */
function refundFailed(refund: RefundRecord): ApiError {
  const code = refund.failureCode ?? "FAILED";
  const detail =
    code === ABANDONED
      ? `Refund ${refund.id} never reached the processor and was abandoned; nothing was refunded.`
      : `Refund ${refund.id} failed at the processor (${code}); nothing was refunded.`;
  return new ApiError("processor-rejected", detail, {
    extensions: { code, processorErrors: [{ code, message: detail }], outcomeUnknown: false, lcRefundId: refund.id },
  });
}

/**
 * Sends the reversal of a reserved refund, keyed by the refund id at the processor so sending it again can only ever
 * return the same reversal; a refusal releases the reservation, an unknown outcome keeps it for the retry or the sweep.
 */
async function sendReversal(ctx: TenantContext, refund: RefundRecord): Promise<PaymentRecord> {
  const payment = await getPayment({ ctx, input: { paymentId: refund.paymentId } });
  let reversal;
  try {
    reversal = await ctx.processor.createReversal(payment.processorTransferId!, {
      refund_amount: refund.amountCents,
      idempotency_id: refund.id,
      tags: { [TENANT_TAG]: refund.tenantId, lc_payment_id: refund.paymentId, lc_refund_id: refund.id, reason: refund.reason ?? "" },
    });
  } catch (error) {
    // A refund kept by its Idempotency-Key stays reserved past a rate limit: the retry under that key sends it.
    const retryable = isOutcomeUnknown(error) || (error instanceof ProcessorBusy && refund.idempotencyKey !== null);
    if (!retryable) {
      await release(ctx, refund, error instanceof ProcessorRejected ? error.code : error instanceof ApiError ? error.slug : "ERROR");
    }
    throw error;
  }
  await settle(ctx, refund, reversal);
  // The refund is done whatever happens to the fee credit: that one is retried, and given up visibly, on its own.
  await creditApplicationFee({ ctx, input: { refundId: refund.id } });
  return getPayment({ ctx, input: { paymentId: refund.paymentId } });
}

/**
 * The same Idempotency-Key resumes the same refund: a finished one answers its outcome; a pending one (a 502/504, a
 * crash) asks the processor whether its reversal exists, and sends it only when it does not — at most one reversal.
 */
async function resumeRefund(ctx: TenantContext, refund: RefundRecord): Promise<PaymentRecord> {
  if (refund.status === "pending") {
    const reversal = await ctx.processor.findTransferByIdempotencyId(refund.id);
    if (!reversal) return sendReversal(ctx, refund);
    await reconcileRefund(ctx, reversal);
    refund = (await refundRow(ctx, refund.id))!;
  }
  if (refund.status === "failed") throw refundFailed(refund);
  return getPayment({ ctx, input: { paymentId: refund.paymentId } });
}

function refundUnderKey(ctx: ShardContext, tenantId: string, key: string): Promise<RefundRecord | undefined> {
  return ctx.db
    .select()
    .from(refunds)
    .where(and(eq(refunds.tenantId, tenantId), eq(refunds.idempotencyKey, key)))
    .get();
}

function checkSameRequest(refund: RefundRecord, paymentId: string, idempotency: IdempotencyScope): void {
  // Past the idempotency store's retention the ledger still remembers the key: a different request under it is refused.
  if (refund.paymentId !== paymentId || refund.requestFingerprint !== idempotency.fingerprint) {
    throw new ApiError("idempotency-key-reused", "This Idempotency-Key belongs to a different refund request.");
  }
}

function balanceProblem(payment: PaymentRecord, amountCents: number): ApiError {
  return new ApiError(
    "refund-exceeds-balance",
    `The remaining refundable balance is ${refundableCents(payment)}; asked for ${amountCents}.`,
    {
      extensions: { remainingCents: refundableCents(payment) },
    },
  );
}

/**
 * Refunds through the processor's reversal, reserving the amount first; with an Idempotency-Key a retry resumes the
 * refund the key already names. The application fee, which reversals never return, is credited back to the merchant
 * when asked for.
 */
export async function refund({
  ctx,
  input: { paymentId, idempotency, request: input },
}: {
  ctx: TenantContext;
  input: { paymentId: string; idempotency: IdempotencyScope | null; request: RefundInput };
}): Promise<PaymentRecord> {
  const tenantId = ctx.tenant.id;
  let payment = await getPayment({ ctx, input: { paymentId } });
  const earlier = idempotency ? await refundUnderKey(ctx, tenantId, idempotency.key) : undefined;
  if (earlier && idempotency) {
    checkSameRequest(earlier, paymentId, idempotency);
    return resumeRefund(ctx, earlier);
  }
  if (!isRefundableStatus(payment.status)) {
    const holdAdvice = payment.status === "authorized" ? " Capture the authorization, or void it to release the hold." : "";
    throw new ApiError(
      "invalid-payment-state",
      `Only ${REFUNDABLE_STATUSES.join(" or ")} payments can be refunded; this one is ${payment.status}.${holdAdvice}`,
    );
  }
  const amountCents = input.amountCents ?? refundableCents(payment);
  if (amountCents <= 0 || amountCents > refundableCents(payment)) throw balanceProblem(payment, amountCents);

  const nowMs = ctx.clock.nowMs();
  const now = new Date(nowMs).toISOString();
  const record: RefundRecord = {
    id: newId("lcref"),
    tenantId,
    paymentId,
    idempotencyKey: idempotency?.key ?? null,
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
    feeCreditStatus: "none",
    feeCreditFailureCode: null,
    nextCheckAt: firstCheckAt(nowMs),
    checkAttempts: 0,
    createdAt: now,
    updatedAt: now,
  };
  if (!(await reserve(ctx, payment, record))) {
    const raced = idempotency ? await refundUnderKey(ctx, tenantId, idempotency.key) : undefined;
    if (raced && idempotency) {
      checkSameRequest(raced, paymentId, idempotency);
      return resumeRefund(ctx, raced);
    }
    payment = await getPayment({ ctx, input: { paymentId } });
    if (!isRefundableStatus(payment.status)) {
      throw new ApiError("invalid-payment-state", `This payment is ${payment.status} and cannot be refunded.`);
    }
    throw balanceProblem(payment, amountCents);
  }
  return sendReversal(ctx, record);
}
