import { ProcessorError } from "../core/errors";
import type { Sandbox } from "../core/sandbox";

/**
 * The processor refuses reversals and refunds on a transfer with a dispute (409 CONFLICT, "Reversals and refunds on
 * transactions with disputes are not allowed."). A dispute the merchant won no longer holds the transfer.
 */
export function refuseReversalOfDisputedTransfer(sandbox: Sandbox, transferId: string): void {
  const dispute = sandbox.store.findOne("dispute", [{ field: "transfer", equals: transferId }]);
  if (dispute && dispute.record.state !== "WON") {
    throw new ProcessorError(409, [{ code: "CONFLICT", message: "Reversals and refunds on transactions with disputes are not allowed." }]);
  }
}
