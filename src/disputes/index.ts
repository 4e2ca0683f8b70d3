/** The disputes capability's public surface: its routes, what the processor's dispute and evidence events do, its sweep. */
export { responseWindow } from "./dispute-states";
export { disputesAwaitingResponse, disputesOfPayment, evidenceOf, getDispute, listDisputes } from "./disputes.queries";
export { default as disputesRouter } from "./disputes.router";
export {
  DISPUTE_STATES,
  type DisputeRecord,
  type DisputeState,
  EVIDENCE_STATES,
  type EvidenceRecord,
  type EvidenceState,
  RESPONSE_STATES,
  type ResponseState,
} from "./disputes.schema";
export * as disputeTables from "./disputes.schema";
export { acceptDispute, applyDisputeEvent, DISPUTE_NOTE_MAX_CHARS, submitDispute } from "./disputes.service";
export { sweepDisputes } from "./disputes.sweep";
export { addEvidence, applyEvidenceEvent, openEvidence } from "./evidence.service";
export { isEvidenceUpload } from "./evidence-body";
export { EVIDENCE_BODY_LIMIT_BYTES, EVIDENCE_LIMITS, evidenceDisposition } from "./evidence-file";
