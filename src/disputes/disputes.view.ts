import { responseWindow } from "./dispute-states";
import type { DisputeRecord, EvidenceRecord } from "./disputes.schema";
import { CONTENT_TYPES } from "./evidence-file";

/** Wire shapes of a dispute and its evidence: one mapper per contract shape, so internal columns never leak. */
export const toEvidence = (e: EvidenceRecord) => ({
  lcEvidenceId: e.id,
  lcDisputeId: e.disputeId,
  fileName: e.fileName,
  contentType: e.contentType,
  sizeBytes: e.sizeBytes,
  sha256: e.sha256,
  sent:
    e.sentKind === null || e.sentSizeBytes === null
      ? null
      : { contentType: CONTENT_TYPES[e.sentKind], sizeBytes: e.sentSizeBytes, widthPx: e.sentWidthPx, heightPx: e.sentHeightPx },
  state: e.state,
  failureCode: e.failureCode,
  failureMessage: e.failureMessage,
  processorEvidenceId: e.processorEvidenceId,
  createdAtUtc: e.createdAt,
  updatedAtUtc: e.updatedAt,
});

export const toDispute = (d: DisputeRecord, evidence: EvidenceRecord[], nowMs: number) => ({
  lcDisputeId: d.id,
  lcPaymentId: d.paymentId,
  orderRef: d.orderRef,
  amountCents: d.amountCents,
  currency: d.currency,
  reason: d.reason,
  reasonCode: d.reasonCode,
  state: d.state,
  responseState: d.responseState,
  respondBy: d.respondBy,
  acceptsResponse: responseWindow(d, nowMs) === "open",
  submission: d.submission,
  submitted: d.submission === "submitted",
  submittedAtUtc: d.submittedAt,
  acceptance: d.acceptance,
  acceptedAtUtc: d.acceptedAt,
  evidence: evidence.map(toEvidence),
  processorDisputeId: d.processorDisputeId,
  processorTransferId: d.processorTransferId,
  createdAtUtc: d.createdAt,
  updatedAtUtc: d.updatedAt,
});
