import { and, desc, eq, sql } from "drizzle-orm";

import { tenantMoving } from "../db/tenancy";
import { logEvent } from "../lib/log";
import { ApiError } from "../lib/problem";
import { reportOnEveryShard } from "../placement/reports";
import { tenantPlacement } from "../placement/shards";
import type { RootContext, ShardContext, TenantPlace } from "../platform/context";
import { isOutcomeUnknown, ProcessorRejected } from "../processor";
import { TENANT_TAG } from "./charge.service";
import { nextCheckAt } from "./check-schedule";
import { type FeeCreditStatus, payments, type RefundRecord, refunds } from "./payments.schema";
import { processorCallWrites } from "./processor-calls";

/** Attempts at a fee credit the processor could not take (5xx, timeouts), one minute to an hour apart; then it is given up. */
export const MAX_FEE_CREDIT_ATTEMPTS = 8;

/** The credit adjustment's idempotency_id at the processor: one per refund, whatever retries it takes. */
const feeCreditIdempotencyId = (refundId: string) => `${refundId}_fee`;

const stillOwed = (refundId: string) => sql`EXISTS (SELECT 1 FROM refunds WHERE id = ${refundId} AND fee_credit_status = 'pending')`;

/**
 * Ends a fee credit, once: credited (counted in the payment's applicationFeeRefundedCents) or given up (no longer owed),
 * with an `application_fee_refund.updated` event in the same batch.
 */
async function finishFeeCredit(
  ctx: ShardContext,
  refund: RefundRecord,
  outcome: { status: "succeeded"; adjustmentId: string } | { status: "failed"; failureCode: string },
  attempts: number,
): Promise<void> {
  const { db } = ctx;
  const now = ctx.clock.nowIso();
  const credited = outcome.status === "succeeded" ? refund.applicationFeeRefundCents : 0;
  const owed = stillOwed(refund.id);
  const payment = (await db.select().from(payments).where(eq(payments.id, refund.paymentId)).get())!;
  const event = ctx.outbox.record({
    tenantId: refund.tenantId,
    type: "application_fee_refund.updated",
    subjectId: refund.paymentId,
    data: {
      lcPaymentId: refund.paymentId,
      lcRefundId: refund.id,
      orderRef: payment.orderRef,
      status: outcome.status,
      amountCents: refund.applicationFeeRefundCents,
      processorTransferId: outcome.status === "succeeded" ? outcome.adjustmentId : null,
      failureCode: outcome.status === "failed" ? outcome.failureCode : null,
    },
    onlyIf: owed,
  });
  await db.batch([
    db
      .update(payments)
      .set({
        applicationFeeRefundedCents: sql`${payments.applicationFeeRefundedCents} + ${credited}`,
        applicationFeeRefundPendingCents: sql`${payments.applicationFeeRefundPendingCents} - ${refund.applicationFeeRefundCents}`,
        updatedAt: now,
      })
      .where(and(eq(payments.id, refund.paymentId), owed)),
    event,
    db
      .update(refunds)
      .set({
        feeCreditStatus: outcome.status,
        processorFeeAdjustmentId: outcome.status === "succeeded" ? outcome.adjustmentId : null,
        feeCreditFailureCode: outcome.status === "failed" ? outcome.failureCode : null,
        checkAttempts: attempts,
        nextCheckAt: null,
        updatedAt: now,
      })
      .where(and(eq(refunds.id, refund.id), eq(refunds.feeCreditStatus, "pending"))),
    ...processorCallWrites(ctx, refund.paymentId),
  ]);
  if (outcome.status === "failed") {
    logEvent("error", "application fee credit given up", {
      tenantId: refund.tenantId,
      paymentId: refund.paymentId,
      refundId: refund.id,
      failureCode: outcome.failureCode,
      attempts,
    });
  }
}

/**
 * One attempt at the application-fee credit a refund owes the merchant (reversals never return the fee): a merchant
 * credit adjustment funded from the platform's instrument, keyed by the refund at the processor so retries cannot
 * credit twice. A refusal gives up at once; a failure of the processor is retried with backoff and given up visibly
 * after MAX_FEE_CREDIT_ATTEMPTS (an error log, the event, and the operator's fee-credit list).
 */
export async function creditApplicationFee({
  ctx,
  input: { refundId },
}: {
  ctx: ShardContext;
  input: { refundId: string };
}): Promise<void> {
  const { db } = ctx;
  const refund = await db.select().from(refunds).where(eq(refunds.id, refundId)).get();
  if (!refund || refund.feeCreditStatus !== "pending") return;
  const payment = (await db.select().from(payments).where(eq(payments.id, refund.paymentId)).get())!;
  const attempts = refund.checkAttempts + 1;
  const idempotencyId = feeCreditIdempotencyId(refund.id);
  try {
    const adjustment = await ctx.processor.createMerchantCreditAdjustment({
      merchant: payment.processorMerchantId,
      source: ctx.env.PROCESSOR_FEE_CREDIT_SOURCE,
      amount: refund.applicationFeeRefundCents,
      currency: payment.currency,
      idempotency_id: idempotencyId,
      tags: { [TENANT_TAG]: refund.tenantId, lc_payment_id: refund.paymentId, lc_refund_id: refund.id },
    });
    await finishFeeCredit(ctx, refund, { status: "succeeded", adjustmentId: adjustment.id }, attempts);
  } catch (error) {
    if (error instanceof ProcessorRejected) {
      await finishFeeCredit(ctx, refund, { status: "failed", failureCode: error.code }, attempts);
      return;
    }
    if (attempts >= MAX_FEE_CREDIT_ATTEMPTS) {
      // The last attempt's answer may have been lost after the processor applied it.
      const found = isOutcomeUnknown(error) ? await ctx.processor.findTransferByIdempotencyId(idempotencyId).catch(() => null) : null;
      const outcome =
        found && found.state !== "FAILED"
          ? ({ status: "succeeded", adjustmentId: found.id } as const)
          : ({ status: "failed", failureCode: found?.failure_code ?? (error instanceof ApiError ? error.slug : "ERROR") } as const);
      await finishFeeCredit(ctx, refund, outcome, attempts);
      return;
    }
    logEvent("warn", "application fee credit deferred", { refundId, attempts, error: String(error) });
    await db
      .update(refunds)
      .set({ checkAttempts: attempts, nextCheckAt: nextCheckAt(ctx.clock.nowMs(), attempts), updatedAt: ctx.clock.nowIso() })
      .where(and(eq(refunds.id, refundId), eq(refunds.feeCreditStatus, "pending")));
  }
}

export type FeeCreditView = {
  lcRefundId: string;
  lcPaymentId: string;
  tenantId: string;
  status: FeeCreditStatus;
  amountCents: number;
  attempts: number;
  nextAttemptAtUtc: string | null;
  failureCode: string | null;
  processorTransferId: string | null;
  updatedAtUtc: string;
};

const toView = (refund: RefundRecord): FeeCreditView => ({
  lcRefundId: refund.id,
  lcPaymentId: refund.paymentId,
  tenantId: refund.tenantId,
  status: refund.feeCreditStatus,
  amountCents: refund.applicationFeeRefundCents,
  attempts: refund.checkAttempts,
  nextAttemptAtUtc: refund.feeCreditStatus === "pending" ? refund.nextCheckAt : null,
  failureCode: refund.feeCreditFailureCode,
  processorTransferId: refund.processorFeeAdjustmentId,
  updatedAtUtc: refund.updatedAt,
});

/** Most recently changed first, then by id: each shard's order and the merged list's. */
const byLatestChange = (a: RefundRecord, b: RefundRecord) => descending(a.updatedAt, b.updatedAt) || descending(a.id, b.id);

/** SQLite's order of text (binary), reversed. */
const descending = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);

/**
 * The operator's view of fee credits in one state, most recently changed first, over every shard: the first `limit` of
 * each shard hold the first `limit` of all. A tenant in the middle of a move is read on the shard the map places it on.
 */
export async function listFeeCredits({
  ctx,
  input: { status, limit },
}: {
  ctx: RootContext;
  input: { status: Exclude<FeeCreditStatus, "none">; limit: number };
}): Promise<FeeCreditView[]> {
  const perShard = await reportOnEveryShard(ctx, (onShard, placedHere) =>
    onShard.db
      .select()
      .from(refunds)
      .where(and(eq(refunds.feeCreditStatus, status), placedHere(refunds.tenantId)))
      .orderBy(desc(refunds.updatedAt), desc(refunds.id))
      .limit(limit)
      .all(),
  );
  return perShard.flat().sort(byLatestChange).slice(0, limit).map(toView);
}

export const noFeeCredit = (refundId: string) => `No fee credit for refund ${refundId}.`;

/**
 * The tenant and shard holding a refund's live row, for an operator route that names a refund and no tenant; null when none holds
 * it. Any copy names its tenant and the map names the tenant's shard: a move's partial copy on its target, or its stale
 * one on its source, is never the one acted on, and a tenant paused by its move is refused (503 tenant-moving).
 */
export async function refundShard({
  ctx,
  input: { refundId },
}: {
  ctx: RootContext;
  input: { refundId: string };
}): Promise<TenantPlace | null> {
  const shards = await ctx.everyShard();
  const found = await Promise.all(
    shards.map((onShard) => onShard.db.select({ tenantId: refunds.tenantId }).from(refunds).where(eq(refunds.id, refundId)).get()),
  );
  const tenantId = found.find((row) => row !== undefined)?.tenantId;
  if (tenantId === undefined) return null;
  const placement = await tenantPlacement(ctx.control, tenantId);
  if (placement?.moving) throw tenantMoving(tenantId);
  const live = shards.findIndex((onShard, index) => onShard.shard === placement?.shard && found[index] !== undefined);
  return live === -1 ? null : { id: tenantId, shard: placement!.shard };
}

/**
 * An operator sends a given-up fee credit again (same idempotency_id at the processor), with a fresh set of attempts —
 * only while the fee still has room for it: the refund that completed the payment may already have returned this share.
 */
export async function retryFeeCredit({
  ctx,
  input: { refundId },
}: {
  ctx: ShardContext;
  input: { refundId: string };
}): Promise<FeeCreditView> {
  const { db } = ctx;
  const refund = await db.select().from(refunds).where(eq(refunds.id, refundId)).get();
  if (!refund || refund.feeCreditStatus === "none") throw new ApiError("not-found", noFeeCredit(refundId));
  if (refund.feeCreditStatus === "failed") {
    const now = ctx.clock.nowIso();
    const share = refund.applicationFeeRefundCents;
    const [reserved] = await db.batch([
      db
        .update(payments)
        .set({ applicationFeeRefundPendingCents: sql`${payments.applicationFeeRefundPendingCents} + ${share}`, updatedAt: now })
        .where(
          and(
            eq(payments.id, refund.paymentId),
            sql`${payments.applicationFeeRefundedCents} + ${payments.applicationFeeRefundPendingCents} + ${share} <= ${payments.applicationFeeCents}`,
            sql`EXISTS (SELECT 1 FROM refunds WHERE id = ${refundId} AND fee_credit_status = 'failed')`,
          ),
        ),
      // changes(): the payment's UPDATE just above reserved the share, in this same transaction.
      db
        .update(refunds)
        .set({ feeCreditStatus: "pending", feeCreditFailureCode: null, checkAttempts: 0, nextCheckAt: now, updatedAt: now })
        .where(and(eq(refunds.id, refundId), eq(refunds.feeCreditStatus, "failed"), sql`changes() = 1`)),
    ]);
    // Any change reserved it (the update names one row); D1 counts a moving tenant's change-log entry as a change too.
    if (reserved.meta.changes > 0) await creditApplicationFee({ ctx, input: { refundId } });
    else if ((await db.select().from(refunds).where(eq(refunds.id, refundId)).get())?.feeCreditStatus === "failed") {
      throw new ApiError(
        "conflict",
        `A later refund of payment ${refund.paymentId} already returned the fee in full: this share is no longer owed.`,
      );
    }
  }
  return toView((await db.select().from(refunds).where(eq(refunds.id, refundId)).get())!);
}
