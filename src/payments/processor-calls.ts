import { eq, sql } from "drizzle-orm";

import type { ShardContext } from "../platform/context";
import { takeProcessorCalls } from "../processor";
import { type PaymentRecord, payments } from "./payments.schema";

/** One of a payment's processor calls, as the dashboard and the operator show it: support at the processor needs the id. */
export type PaymentProcessorCall = { operation: string; atUtc: string; processorRequestId: string };

/**
 * The client operations a payment's calls are: each stored under a short code (the column stays lean: a charge, a
 * refund with its fee credit and the fee read take about 310 bytes) and shown to people under its label.
 */
const OPERATIONS: Record<string, { code: string; label: string }> = {
  createIdentity: { code: "ID", label: "Buyer identity" },
  createPaymentInstrument: { code: "PI", label: "Payment instrument" },
  getPaymentInstrument: { code: "PIr", label: "Payment instrument read" },
  listIdentityPaymentInstruments: { code: "PIl", label: "Payment instrument lookup" },
  createTransfer: { code: "TR", label: "Sale" },
  createCardPresentTransfer: { code: "TRcp", label: "Reader sale" },
  createAuthorization: { code: "AU", label: "Authorization" },
  createCardPresentAuthorization: { code: "AUcp", label: "Reader authorization" },
  findAuthorizationByIdempotencyId: { code: "AUl", label: "Authorization lookup" },
  getAuthorization: { code: "AUr", label: "Authorization read" },
  updateAuthorization: { code: "AUu", label: "Capture or void" },
  cancelDeviceSale: { code: "DVc", label: "Reader sale cancel" },
  cancelDeviceHold: { code: "DVch", label: "Reader authorization cancel" },
  getTransfer: { code: "TRr", label: "Transfer read" },
  findTransferByIdempotencyId: { code: "TRl", label: "Transfer lookup" },
  listTransferFees: { code: "FE", label: "Fee read" },
  createReversal: { code: "RV", label: "Refund (reversal)" },
  createMerchantCreditAdjustment: { code: "FC", label: "Fee credit" },
};

const OPERATION_OF_CODE = new Map(Object.entries(OPERATIONS).map(([operation, { code }]) => [code, operation]));

export const operationLabel = (operation: string) => OPERATIONS[operation]?.label ?? operation;

/**
 * The UPDATE that appends the processor calls this unit of work made (and no batch took yet) to the payment, for the
 * batch that records what they changed; none when it made none. One line per call — "<operation's code> <unix
 * seconds> <request id>" — appended in SQL, so concurrent units (a refund, the sweep's fee read) never overwrite each other's.
 */
export function processorCallWrites(ctx: ShardContext, paymentId: string) {
  const calls = takeProcessorCalls();
  if (calls.length === 0) return [];
  const lines = calls
    .map(({ operation, atMs, requestId }) => {
      const code = OPERATIONS[operation]?.code ?? operation;
      return `${code} ${Math.floor(atMs / 1000)} ${requestId.replace(/\s+/g, "").slice(0, 100)}\n`;
    })
    .join("");
  return [
    ctx.db
      .update(payments)
      .set({ processorCalls: sql`COALESCE(${payments.processorCalls}, '') || ${lines}` })
      .where(eq(payments.id, paymentId)),
  ];
}

/** The payment's processor calls in the order they were made. */
export function processorCallsOf(payment: Pick<PaymentRecord, "processorCalls">): PaymentProcessorCall[] {
  return (payment.processorCalls ?? "")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => {
      const [code = "", seconds = "0", processorRequestId = ""] = line.split(" ");
      return { operation: OPERATION_OF_CODE.get(code) ?? code, atUtc: new Date(Number(seconds) * 1000).toISOString(), processorRequestId };
    });
}
