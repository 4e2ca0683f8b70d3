import { processorId } from "../core/ids";
import type { Stored } from "../core/records";
import type { Sandbox } from "../core/sandbox";

/** How each settled transfer counts toward the merchant's payout: sales and credits in, refunds and debits out. */
export function signedAmount(transfer: Stored<"transfer">): number {
  const { type, subtype, amount } = transfer.record;
  if (type === "DEBIT") return amount;
  if (type === "REVERSAL") return -amount;
  return subtype === "MERCHANT_DEBIT_ADJUSTMENT" || subtype === "MERCHANT_DEBIT" ? -amount : amount;
}

/** A SUCCEEDED sale, refund, adjustment or dispute movement not yet in a closed settlement (payouts themselves are not). */
function isUnsettled(transfer: Stored<"transfer">): boolean {
  return transfer.record.state === "SUCCEEDED" && transfer.internal.endpoint !== "system" && transfer.internal.settlementId === null;
}

/** What the merchant's next settlement holds: every transfer of theirs that is unsettled. */
export function unsettledTransfers(sandbox: Sandbox, merchantId: string): Stored<"transfer">[] {
  return sandbox.store
    .all("transfer", [
      { field: "merchant", equals: merchantId },
      { field: "state", equals: "SUCCEEDED" },
    ])
    .filter(isUnsettled);
}

type Totals = { total_amount: number; total_fee: number; total_fees: number; net_amount: number };

/** `total_amount` minus `total_fee` equals `net_amount`; the platform's `fee` on each sale is the fee. */
export function settlementTotals(transfers: Stored<"transfer">[]): Totals {
  return transfers.reduce(withTransfer, { total_amount: 0, total_fee: 0, total_fees: 0, net_amount: 0 });
}

function withTransfer(totals: Totals, transfer: Stored<"transfer">): Totals {
  const totalAmount = totals.total_amount + signedAmount(transfer);
  const totalFee = totals.total_fee + (transfer.record.type === "DEBIT" ? transfer.record.fee : 0);
  return { total_amount: totalAmount, total_fee: totalFee, total_fees: totalFee, net_amount: totalAmount - totalFee };
}

export function accruingSettlement(sandbox: Sandbox, merchantId: string): Stored<"settlement"> | null {
  return sandbox.store.findOne("settlement", [
    { field: "merchant_id", equals: merchantId },
    { field: "status", equals: "PENDING" },
  ]);
}

/**
 * Money that moved joins the merchant's accruing (PENDING) settlement, whose running totals change until it closes.
 * The first such transfer opens it (`settlement.created`) with every unsettled transfer; later ones change its totals
 * without a webhook. Given the transfer that `moved`, it is added to the totals, so a sale costs the same however many
 * came before it in the period; without one (money left the settlement: an ACH debit returned), they are counted again.
 */
export function accrueSettlement(sandbox: Sandbox, merchantId: string, moved?: Stored<"transfer">): void {
  const accruing = accruingSettlement(sandbox, merchantId);
  if (accruing && moved) {
    if (!isUnsettled(moved) || accruing.internal.transferIds.includes(moved.record.id)) return;
    sandbox.store.save("settlement", {
      record: { ...accruing.record, ...withTransfer(accruing.record, moved), updated_at: sandbox.touch(accruing.record.updated_at) },
      internal: { ...accruing.internal, transferIds: [...accruing.internal.transferIds, moved.record.id] },
    });
    return;
  }
  const transfers = unsettledTransfers(sandbox, merchantId);
  if (transfers.length === 0) return;
  const totals = settlementTotals(transfers);
  const transferIds = transfers.map((transfer) => transfer.record.id);
  if (accruing) {
    sandbox.store.save("settlement", {
      record: { ...accruing.record, ...totals, updated_at: sandbox.touch(accruing.record.updated_at) },
      internal: { ...accruing.internal, transferIds },
    });
    return;
  }
  const merchant = sandbox.store.get("merchant", merchantId);
  const now = sandbox.nowIso();
  const opened = sandbox.store.insert(
    "settlement",
    {
      id: processorId("ST"),
      application: sandbox.applicationId,
      merchant_id: merchantId,
      identity: merchant.record.identity,
      currency: "USD",
      ...totals,
      destination: null,
      status: "PENDING",
      type: "MERCHANT_REVENUE",
      processor: merchant.record.processor,
      payment_type: null,
      funds_flow: null,
      tags: {},
      created_at: now,
      updated_at: now,
    },
    { transferIds, fundingTransferIds: [] },
  );
  sandbox.emit("settlement", "created", opened);
}
