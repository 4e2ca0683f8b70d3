import type { PaymentRecord } from "./payments.schema";

/** A hold's authorization and when it lapses; a sale has none, and its body stays as it was. */
const holdFields = (p: PaymentRecord) =>
  p.processorAuthorizationId
    ? { processorAuthorizationId: p.processorAuthorizationId, authorizedUntilUtc: p.authorizedUntil ?? undefined }
    : {};

/** Wire shapes of a payment: one mapper per contract shape, so internal columns never leak. */
export const toCreatePaymentResponse = (p: PaymentRecord) => ({
  lcPaymentId: p.id,
  status: p.status,
  amountCents: p.amountCents,
  applicationFeeCents: p.applicationFeeCents,
  processorTransferId: p.processorTransferId,
  processorState: p.processorState,
  ...holdFields(p),
});

export const toPaymentResponse = (p: PaymentRecord) => ({
  lcPaymentId: p.id,
  status: p.status,
  amountCents: p.amountCents,
  amountRefundedCents: p.amountRefundedCents,
  applicationFeeCents: p.applicationFeeCents,
  currency: p.currency,
  method: p.method,
  orderRef: p.orderRef,
  processorTransferId: p.processorTransferId,
  processorState: p.processorState,
  processorInstrumentId: p.processorInstrumentId,
  applicationFeeRefundedCents: p.applicationFeeRefundedCents,
  applicationFeeRefundPending: p.applicationFeeRefundPendingCents > 0,
  processorFeeCents: p.processorFeeCents,
  processorFeeExactCents: p.processorFeeExactCents,
  ...holdFields(p),
  failureCode: p.failureCode,
  failureMessage: p.failureMessage,
  createdAtUtc: p.createdAt,
  updatedAtUtc: p.updatedAt,
});

export const toPaymentListItem = (p: PaymentRecord) => ({
  lcPaymentId: p.id,
  status: p.status,
  amountCents: p.amountCents,
  currency: p.currency,
  applicationFeeCents: p.applicationFeeCents,
  amountRefundedCents: p.amountRefundedCents,
  method: p.method,
  orderRef: p.orderRef,
  processorTransferId: p.processorTransferId,
  processorInstrumentId: p.processorInstrumentId,
  createdAtUtc: p.createdAt,
  updatedAtUtc: p.updatedAt,
});
