import { ProcessorError } from "../core/errors";
import type { Stored } from "../core/records";
import type { Sandbox } from "../core/sandbox";
import { payoutInstrumentId } from "./merchants";
import { accrueSettlement, accruingSettlement, settlementTotals, unsettledTransfers } from "./settlement-accrual";
import { newTransfer } from "./transfers";

/** How far `close-settlement` carries a settlement at once; the timers carry it the rest of the way. */
export type SettlementStep = "closed" | "approved" | "funded";

function conflict(message: string): ProcessorError {
  return new ProcessorError(409, [{ code: "CONFLICT", message }]);
}

function updateSettlement(
  sandbox: Sandbox,
  stored: Stored<"settlement">,
  changes: Partial<Stored<"settlement">["record"]>,
  internal = stored.internal,
): Stored<"settlement"> {
  const saved = sandbox.store.save("settlement", {
    record: { ...stored.record, ...changes, updated_at: sandbox.touch(stored.record.updated_at) },
    internal,
  });
  sandbox.emit("settlement", "updated", saved);
  return saved;
}

/**
 * Closes the merchant's accruing batch: it stops accruing (its transfers are fixed) and awaits approval. Answers null
 * when nothing moved since the last settlement.
 */
export function closeSettlement(sandbox: Sandbox, merchantId: string): Stored<"settlement"> | null {
  sandbox.store.get("merchant", merchantId);
  const transfers = unsettledTransfers(sandbox, merchantId);
  if (transfers.length === 0) return null;
  accrueSettlement(sandbox, merchantId);
  const accruing = accruingSettlement(sandbox, merchantId)!;
  for (const transfer of transfers)
    sandbox.store.save("transfer", { ...transfer, internal: { ...transfer.internal, settlementId: accruing.record.id } });
  const closed = updateSettlement(sandbox, accruing, { ...settlementTotals(transfers), status: "AWAITING_APPROVAL" });
  sandbox.schedule("settlement.approve", closed.record.id, sandbox.config().delaysSeconds.settlementApproval);
  return closed;
}

/**
 * Approval moves the money: the net goes to (or, when negative, comes from) the merchant's bank account in one
 * funding transfer, PENDING until the bank transfer settles.
 */
export function approveSettlement(sandbox: Sandbox, settlementId: string): Stored<"settlement"> {
  const settlement = sandbox.store.get("settlement", settlementId);
  if (settlement.record.status !== "AWAITING_APPROVAL")
    throw conflict(`Settlement ${settlementId} is ${settlement.record.status}; only one AWAITING_APPROVAL can be approved.`);
  const { merchant_id: merchantId, net_amount: net } = settlement.record;
  const merchant = sandbox.store.get("merchant", merchantId);
  const destination = payoutInstrumentId(sandbox, merchant.record.identity);
  const fundingTransferIds: string[] = [];
  if (net !== 0) {
    const funding = sandbox.store.insert(
      "transfer",
      newTransfer(sandbox, {
        amount: Math.abs(net),
        currency: settlement.record.currency,
        state: "PENDING",
        type: net > 0 ? "CREDIT" : "DEBIT",
        subtype: "SETTLEMENT_MERCHANT",
        merchant: merchantId,
        merchant_identity: merchant.record.identity,
        source: net > 0 ? null : destination,
        destination: net > 0 ? destination : null,
        ready_to_settle_at: sandbox.nowIso(),
      }),
      { requestFingerprint: null, createdStatus: 201, endpoint: "system", settlementId },
    );
    sandbox.emit("transfer", "created", funding);
    fundingTransferIds.push(funding.record.id);
    sandbox.schedule("funding.settle", settlementId, sandbox.config().delaysSeconds.funding);
  }
  return updateSettlement(sandbox, settlement, { status: "APPROVED", destination }, { ...settlement.internal, fundingTransferIds });
}

/**
 * The bank transfer of an approved settlement completes: SUCCEEDED, or FAILED with the return code when the merchant's
 * bank account is one of the failing ACH test accounts (a payout to a closed account comes back).
 */
export function settleFunding(sandbox: Sandbox, settlementId: string): Stored<"transfer">[] {
  const settlement = sandbox.store.get("settlement", settlementId);
  return settlement.internal.fundingTransferIds.flatMap((id) => {
    const funding = sandbox.store.get("transfer", id);
    if (funding.record.state !== "PENDING") return [];
    const account = funding.record.destination ?? funding.record.source;
    const failure = account ? sandbox.store.find("payment_instrument", account)?.internal.behaviour.ach : undefined;
    const outcome = failure
      ? { state: "FAILED" as const, failure_code: failure.code, failure_message: failure.message }
      : { state: "SUCCEEDED" as const };
    const settled = sandbox.store.save("transfer", {
      ...funding,
      record: { ...funding.record, ...outcome, updated_at: sandbox.touch(funding.record.updated_at) },
    });
    sandbox.emit("transfer", "updated", settled);
    return [settled];
  });
}

/** The control's shortcut: close now and carry the settlement as far as `through` (default: its funding settled). */
export function closeSettlementThrough(sandbox: Sandbox, merchantId: string, through: SettlementStep): Stored<"settlement"> | null {
  const closed = closeSettlement(sandbox, merchantId);
  if (!closed || through === "closed") return closed;
  const approved = approveSettlement(sandbox, closed.record.id);
  if (through === "funded") settleFunding(sandbox, approved.record.id);
  return sandbox.store.get("settlement", approved.record.id);
}

/** Timer: the batch cut-off for a merchant; a control may have closed it already. */
export function closeSettlementOnSchedule(sandbox: Sandbox, merchantId: string): void {
  closeSettlement(sandbox, merchantId);
}

/** Timer: approval of a closed settlement that is still awaiting it. */
export function approveSettlementOnSchedule(sandbox: Sandbox, settlementId: string): void {
  if (sandbox.store.find("settlement", settlementId)?.record.status === "AWAITING_APPROVAL") approveSettlement(sandbox, settlementId);
}

export function settlementTransfers(
  sandbox: Sandbox,
  settlementId: string,
  which: "transferIds" | "fundingTransferIds",
): Stored<"transfer">[] {
  const settlement = sandbox.store.get("settlement", settlementId);
  return settlement.internal[which].map((id) => sandbox.store.get("transfer", id)).reverse();
}
