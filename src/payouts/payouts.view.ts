import type { PayoutItemRecord, PayoutRecord } from "./payouts.schema";

/** Wire shapes of a payout: one mapper per contract shape, so internal columns never leak. */
export const toPayout = (p: PayoutRecord) => ({
  lcPayoutId: p.id,
  status: p.status,
  grossCents: p.grossCents,
  feesCents: p.feesCents,
  netCents: p.netCents,
  currency: p.currency,
  paymentCount: p.paymentCount,
  initiatedAtUtc: p.initiatedAt,
  expectedArrivalDate: p.expectedArrivalDate,
  failureCode: p.failureCode,
  failureMessage: p.failureMessage,
  processorSettlementId: p.processorSettlementId,
  processorSettlementStatus: p.processorStatus,
  processorFundingTransferId: p.processorFundingTransferId,
  processorFundingTransferState: p.fundingState,
  createdAtUtc: p.createdAt,
  updatedAtUtc: p.updatedAt,
});

export const toPayoutItem = (item: PayoutItemRecord) => ({
  type: item.type,
  lcPaymentId: item.paymentId,
  lcRefundId: item.refundId,
  orderRef: item.orderRef,
  amountCents: item.amountCents,
  feeCents: item.feeCents,
  netCents: item.netCents,
  processorTransferId: item.processorTransferId,
  createdAtUtc: item.processorCreatedAt,
});
