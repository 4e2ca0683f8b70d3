/** The disputes capability's public surface: its routes, what the processor's dispute and evidence events do, its sweep. */
export { default as disputesRouter } from "./disputes.router";
export { acceptDispute, applyDisputeEvent, DISPUTE_NOTE_MAX_CHARS, submitDispute } from "./disputes.service";
export { addEvidence, applyEvidenceEvent, openEvidence } from "./evidence.service";
export { isEvidenceUpload } from "./evidence-body";
export { sweepDisputes } from "./disputes.sweep";
export { disputesAwaitingResponse, disputesOfPayment, evidenceOf, getDispute, listDisputes } from "./disputes.queries";
export { responseWindow } from "./dispute-states";
export {
  DISPUTE_STATES,
  EVIDENCE_STATES,
  RESPONSE_STATES,
  type DisputeRecord,
  type DisputeState,
  type EvidenceRecord,
  type EvidenceState,
  type ResponseState,
} from "./disputes.schema";
export { EVIDENCE_BODY_LIMIT_BYTES, EVIDENCE_LIMITS, evidenceDisposition } from "./evidence-file";
export * as disputeTables from "./disputes.schema";
