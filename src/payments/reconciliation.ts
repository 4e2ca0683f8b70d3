import { and, eq, isNull, lt } from "drizzle-orm";
import { logEvent } from "../lib/log";
import type { AppContext } from "../platform/context";
import { isOutcomeUnknown } from "../processor";
import { payments, refunds } from "./payments.schema";
import { reconcileRefund, returnApplicationFee } from "./refund.service";
import { applySaleTransfer } from "./transfer-state";

/** A request younger than this may still be running; the sweep leaves it to its own request. */
export const RECONCILE_AFTER_MS = 2 * 60 * 1000;
/** A charge or refund the processor never saw by then was abandoned by its caller. */
export const ABANDON_AFTER_MS = 60 * 60 * 1000;
const BATCH = 50;

const before = (now: number, ms: number) => new Date(now - ms).toISOString();

/**
 * Resolves from the processor what a crash, a timeout or a lost webhook left open: payments still
 * `processing`, refunds still `pending`, and application-fee credits that failed after their refund.
 */
export async function reconcileLedger({ ctx }: { ctx: AppContext }): Promise<void> {
  const { db, processor: client } = ctx;
  const now = ctx.clock.nowMs();

  const stuck = await db
    .select()
    .from(payments)
    .where(and(eq(payments.status, "processing"), lt(payments.updatedAt, before(now, RECONCILE_AFTER_MS))))
    .limit(BATCH)
    .all();
  for (const payment of stuck) {
    try {
      const transfer = payment.processorTransferId
        ? await client.getTransfer(payment.processorTransferId)
        : await client.findTransferByIdempotencyId(payment.id);
      if (transfer) {
        await applySaleTransfer(ctx, payment, transfer, { emitEvent: true });
      } else if (payment.createdAt < before(now, ABANDON_AFTER_MS)) {
        // The processor never received it: no money moved; a retry under the same key would have resumed it.
        await db
          .update(payments)
          .set({
            status: "failed",
            failureCode: "ABANDONED",
            failureMessage: "The charge never reached the processor.",
            updatedAt: new Date(now).toISOString(),
          })
          .where(and(eq(payments.id, payment.id), eq(payments.status, "processing"), isNull(payments.processorTransferId)));
      }
    } catch (error) {
      if (!isOutcomeUnknown(error)) logEvent("warn", "payment reconciliation failed", { paymentId: payment.id, error: String(error) });
    }
  }

  const pending = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.status, "pending"), lt(refunds.updatedAt, before(now, RECONCILE_AFTER_MS))))
    .limit(BATCH)
    .all();
  for (const refund of pending) {
    try {
      const reversal = await client.findTransferByIdempotencyId(refund.id);
      if (reversal) await reconcileRefund(ctx, reversal);
      else if (refund.createdAt < before(now, ABANDON_AFTER_MS)) {
        await reconcileRefund(ctx, { id: "", state: "FAILED", idempotency_id: refund.id });
      }
    } catch (error) {
      logEvent("warn", "refund reconciliation failed", { refundId: refund.id, error: String(error) });
    }
  }

  const feeCredits = await db
    .select({ id: refunds.id, tenantId: refunds.tenantId, paymentId: refunds.paymentId })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      and(
        eq(refunds.status, "succeeded"),
        eq(refunds.refundApplicationFee, true),
        isNull(refunds.processorFeeAdjustmentId),
        lt(payments.applicationFeeRefundedCents, payments.applicationFeeCents),
      ),
    )
    .limit(BATCH)
    .all();
  for (const refund of feeCredits) {
    await returnApplicationFee({ ctx, input: { tenantId: refund.tenantId, paymentId: refund.paymentId, refundId: refund.id } }).catch(
      (error: unknown) => logEvent("warn", "application fee credit still deferred", { refundId: refund.id, error: String(error) }),
    );
  }
}
