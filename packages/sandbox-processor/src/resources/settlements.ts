import { processorId } from "../core/ids";
import type { Stored } from "../core/records";
import type { Sandbox } from "../core/sandbox";
import { payoutInstrumentId } from "./merchants";
import { newTransfer } from "./transfers";

/** How each settled transfer counts toward the merchant's payout. */
function signedAmount(transfer: Stored<"transfer">): number {
  const { type, subtype, amount } = transfer.record;
  if (type === "DEBIT") return amount;
  if (type === "REVERSAL") return -amount;
  return subtype === "MERCHANT_DEBIT_ADJUSTMENT" ? -amount : amount;
}

/**
 * Closes the merchant's open batch: every SUCCEEDED sale, refund and adjustment not yet settled. The platform's
 * `fee` on each sale is deducted; the net is paid out by one funding transfer to the merchant's bank account.
 */
export function closeSettlement(sandbox: Sandbox, merchantId: string): Stored<"settlement"> | null {
  const merchant = sandbox.store.get("merchant", merchantId);
  const transfers = sandbox.store
    .all("transfer", [
      { field: "merchant", equals: merchantId },
      { field: "state", equals: "SUCCEEDED" },
    ])
    .filter((transfer) => transfer.internal.endpoint !== "system" && transfer.internal.settlementId === null);
  if (transfers.length === 0) return null;
  const totalAmount = transfers.reduce((sum, transfer) => sum + signedAmount(transfer), 0);
  const totalFees = transfers
    .filter((transfer) => transfer.record.type === "DEBIT")
    .reduce((sum, transfer) => sum + transfer.record.fee, 0);
  const net = totalAmount - totalFees;
  const destination = payoutInstrumentId(sandbox, merchant.record.identity);
  const now = sandbox.nowIso();
  const settlementId = processorId("ST");
  const funding = sandbox.store.insert(
    "transfer",
    newTransfer(sandbox, {
      amount: Math.abs(net),
      currency: "USD",
      state: "SUCCEEDED",
      type: net >= 0 ? "CREDIT" : "DEBIT",
      subtype: "SETTLEMENT_MERCHANT",
      merchant: merchantId,
      merchant_identity: merchant.record.identity,
      source: net >= 0 ? null : destination,
      destination: net >= 0 ? destination : null,
      ready_to_settle_at: now,
    }),
    { requestFingerprint: null, createdStatus: 201, endpoint: "system", settlementId },
  );
  for (const transfer of transfers) sandbox.store.save("transfer", { ...transfer, internal: { ...transfer.internal, settlementId } });
  const settlement = sandbox.store.insert(
    "settlement",
    {
      id: settlementId,
      application: sandbox.applicationId,
      merchant_id: merchantId,
      identity: merchant.record.identity,
      currency: "USD",
      total_amount: totalAmount,
      total_fee: totalFees,
      total_fees: totalFees,
      net_amount: net,
      destination,
      status: "APPROVED",
      type: "MERCHANT_REVENUE",
      processor: merchant.record.processor,
      payment_type: null,
      funds_flow: null,
      tags: {},
      created_at: now,
      updated_at: now,
    },
    { transferIds: transfers.map((transfer) => transfer.record.id), fundingTransferIds: [funding.record.id] },
  );
  sandbox.emit("settlement", "created", settlement);
  return settlement;
}

export function settlementTransfers(
  sandbox: Sandbox,
  settlementId: string,
  which: "transferIds" | "fundingTransferIds",
): Stored<"transfer">[] {
  const settlement = sandbox.store.get("settlement", settlementId);
  return settlement.internal[which].map((id) => sandbox.store.get("transfer", id)).reverse();
}
