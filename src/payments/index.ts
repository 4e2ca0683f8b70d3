/** The payments capability's public surface: its routes, the ledger table, processor transfer events, the reconciliation sweep. */
export { default as paymentsRouter } from "./payments.router";
export { payments, PAYMENT_STATUSES, type PaymentRecord, type PaymentStatus, type RefundRecord } from "./payments.schema";
export { reconcileLedger } from "./reconciliation";
export { applyTransferEvent } from "./transfer-events";
export { saleTransferRecorded } from "./transfer-state";
// In-person sales: the terminal capability writes their ledger rows and outcomes through these.
export {
  applyCardPresentTransfer,
  closeCardPresentPayment,
  findPayment,
  findPaymentByIdempotencyKey,
  insertCardPresentPayment,
} from "./card-present";
export { TENANT_TAG } from "./charge.service";
export { AmountCents, MAX_AMOUNT_CENTS, PaymentResponseSchema, refundPaymentPath } from "./payments.routes";
export { toPaymentResponse } from "./payments.view";
export { operationLabel, processorCallsOf, type PaymentProcessorCall } from "./processor-calls";
export { getPayment, listPayments, refundsOfPayment } from "./payments.queries";
export { moneyByDay, sumOfDays, type DayMoney } from "./money-by-day.queries";
export { MONEY_FIGURES, netCents, saleFeeCents } from "./sale-money";
export {
  PAYMENT_SEARCH_KINDS,
  searchPayments,
  searchTermsOf,
  type PaymentSearchKind,
  type PaymentSearchResult,
  type PaymentSearchTerm,
} from "./payment-search";
export { refund, type RefundInput } from "./refund.service";
export { isRefundableStatus, refundableCents } from "./refundable";
export { findPaymentByProcessorTransfer, holdPaymentForDispute, releasePaymentFromDispute } from "./disputed-payments";
export { ledgerEntriesForTransfers } from "./settled-transfers";
export * as paymentTables from "./payments.schema";
