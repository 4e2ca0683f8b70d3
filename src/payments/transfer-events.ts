import { eq } from "drizzle-orm";

import type { ShardContext } from "../platform/context";
import { payments } from "./payments.schema";
import { reconcileRefund } from "./refund.service";
import { applyReturnReversal, applySaleTransfer, findPaymentForTransfer, type ProcessorTransfer } from "./transfer-state";

/**
 * A reversal the service did not ask for, of an ACH debit of ours: the bank returned the debit (a return can arrive
 * this way rather than as the debit turning FAILED). Card sales are never returned; their reversals are all refunds.
 */
async function applyUnrequestedReversal(ctx: ShardContext, reversal: ProcessorTransfer): Promise<"applied" | "ignored"> {
  const failed = reversal.state === "FAILED" || reversal.state === "CANCELED";
  if (!reversal.parent_transfer || failed || reversal.tags?.lc_refund_id) return "ignored";
  const payment = await ctx.db.select().from(payments).where(eq(payments.processorTransferId, reversal.parent_transfer)).get();
  if (!payment || payment.method !== "ach") return "ignored";
  if (reversal.merchant && reversal.merchant !== payment.processorMerchantId) return "ignored";
  return (await applyReturnReversal(ctx, payment, reversal)) ? "applied" : "ignored";
}

/** transfer.created / updated from the processor: a sale moves its payment, a reversal its refund (or, unasked for, returns the debit). */
export async function applyTransferEvent({
  ctx,
  input: transfer,
}: {
  ctx: ShardContext;
  input: ProcessorTransfer;
}): Promise<"applied" | "ignored"> {
  if (transfer.type === "REVERSAL") {
    return (await reconcileRefund(ctx, transfer)) ? "applied" : applyUnrequestedReversal(ctx, transfer);
  }
  const payment = await findPaymentForTransfer(ctx.db, transfer);
  if (!payment) return "ignored";
  return (await applySaleTransfer(ctx, payment, transfer, { emitEvent: true })) ? "applied" : "ignored";
}
