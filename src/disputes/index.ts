/** The disputes capability's public surface: its routes, what the processor's dispute and evidence events do, its sweep. */
export { default as disputesRouter } from "./disputes.index";
export { applyDisputeEvent } from "./disputes.service";
export { applyEvidenceEvent } from "./evidence.service";
export { isEvidenceUpload } from "./evidence-body";
export { sweepDisputes } from "./disputes.sweep";
