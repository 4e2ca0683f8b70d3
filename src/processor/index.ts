/** The processor adapter: the only module that speaks the processor's REST API. The composition root picks its `fetch`. */
export { type Priority } from "./budget";
export { ProcessorRateBudget } from "./budget.durable-object";
export { createBudget, type ProcessorBudget } from "./budget-lease";
export { recordingProcessorCalls, takeProcessorCalls } from "./call-log";
export { CARD_PRESENT_TIMEOUT_MS, createProcessorClient, type ProcessorClient, type ProcessorClientConfig } from "./client";
export { isOutcomeUnknown, ProcessorBusy, ProcessorRejected, ProcessorUnavailable, unlessBusy } from "./errors";
export { paginate } from "./pagination";
export * from "./resources";
export { DEFAULT_BUSY_WAIT_MS, DEFAULT_TIMEOUT_MS, type ProcessorFetch } from "./transport";
export * from "./types";
