/** The disputes capability's public surface: what the processor's dispute events do. */
export { applyDisputeCreated } from "./disputes.service";
