/** The events capability's public surface: the operator router, the Queue consumer, the cron sweep, enqueueing. */
export { default as callbacksAdminRouter } from "./callbacks.index";
export { handleCallbackBatch } from "./consumer";
export { sweepCallbacks } from "./sweep";
export { enqueueEvents } from "./enqueue";
