/** The payments capability's public surface: its routes, the ledger table, processor transfer events, the reconciliation sweep. */
export { default as paymentsRouter } from "./payments.index";
export { payments } from "./payments.schema";
export { reconcileLedger } from "./reconciliation";
export { applyTransferEvent } from "./transfer-events";
export type { ProcessorTransfer } from "./transfer-state";
export { findPaymentByProcessorTransfer, holdPaymentForDispute, releasePaymentFromDispute } from "./disputed-payments";
export { ledgerEntriesForTransfers, type LedgerEntry, type SettledTransfer } from "./settled-transfers";
