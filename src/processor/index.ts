/** The processor adapter: the only module that speaks the processor's REST API. The composition root picks its `fetch`. */
export { recordingProcessorCalls, takeProcessorCalls, type ProcessorCall } from "./call-log";
export { CARD_PRESENT_TIMEOUT_MS, createProcessorClient, type ProcessorClient, type ProcessorClientConfig } from "./client";
export { isOutcomeUnknown, ProcessorRejected, ProcessorUnavailable, type ProcessorErrorItem } from "./errors";
export { paginate } from "./pagination";
export { DEFAULT_TIMEOUT_MS, type ProcessorFetch } from "./transport";
export * from "./resources";
export * from "./types";
