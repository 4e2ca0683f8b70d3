/** The payments capability's public surface: its routes, the ledger table, processor transfer events, the reconciliation sweep. */
export { default as paymentsRouter } from "./payments.index";
export { payments, PAYMENT_STATUSES, type PaymentStatus } from "./payments.schema";
export { reconcileLedger } from "./reconciliation";
export { applyTransferEvent } from "./transfer-events";
export type { ProcessorTransfer } from "./transfer-state";
export { getPayment, listPayments } from "./payments.queries";
export { refund, type RefundInput } from "./refund.service";
export type { PaymentRecord } from "./payments.view";
