/** The payments capability's public surface: its routes, the ledger table, processor transfer and authorization events, the reconciliation sweep. */
export { applyAuthorizationEvent } from "./holds";
export { default as paymentsRouter } from "./payments.router";
export { PAYMENT_STATUSES, type PaymentRecord, payments, type PaymentStatus, type RefundRecord } from "./payments.schema";
export { reconcileLedger } from "./reconciliation";
export { applyTransferEvent } from "./transfer-events";
export { saleTransferRecorded } from "./transfer-state";
// In-person sales: the terminal capability writes their ledger rows and outcomes through these.
export {
  applyCardPresentAuthorization,
  applyCardPresentTransfer,
  closeCardPresentPayment,
  findPayment,
  findPaymentByIdempotencyKey,
  insertCardPresentPayment,
} from "./card-present";
export { TENANT_TAG } from "./charge.service";
export { findPaymentByProcessorTransfer, holdPaymentForDispute, releasePaymentFromDispute } from "./disputed-payments";
export { captureHold, type CaptureInput, voidHold } from "./holds";
export { type DayMoney, moneyByDay, sumOfDays } from "./money-by-day.queries";
export {
  PAYMENT_SEARCH_KINDS,
  type PaymentSearchKind,
  type PaymentSearchResult,
  type PaymentSearchTerm,
  searchPayments,
  searchTermsOf,
} from "./payment-search";
export { getPayment, listPayments, openHolds, refundsOfPayment } from "./payments.queries";
export {
  AmountCents,
  capturePaymentPath,
  MAX_AMOUNT_CENTS,
  PaymentResponseSchema,
  refundPaymentPath,
  voidPaymentPath,
} from "./payments.routes";
export * as paymentTables from "./payments.schema";
export { toPaymentResponse } from "./payments.view";
export { operationLabel, type PaymentProcessorCall, processorCallsOf } from "./processor-calls";
export { refund, type RefundInput } from "./refund.service";
export { isRefundableStatus, refundableCents } from "./refundable";
export { MONEY_FIGURES, netCents, saleFeeCents } from "./sale-money";
export { ledgerEntriesForTransfers } from "./settled-transfers";
