import type { AppContext } from "../platform/context";
import { reconcileRefund } from "./refund.service";
import { applySaleTransfer, findPaymentForTransfer, type ProcessorTransfer } from "./transfer-state";

/** transfer.created / updated from the processor: a sale moves its payment, a reversal its refund. */
export async function applyTransferEvent({
  ctx,
  input: transfer,
}: {
  ctx: AppContext;
  input: ProcessorTransfer;
}): Promise<"applied" | "ignored"> {
  if (transfer.type === "REVERSAL") {
    await reconcileRefund(ctx, transfer);
    return "applied";
  }
  const payment = await findPaymentForTransfer(ctx.db, transfer);
  if (!payment) return "ignored";
  return (await applySaleTransfer(ctx, payment, transfer, { emitEvent: true })) ? "applied" : "ignored";
}
