/**
 * The callbacks capability's public surface: signed delivery of outbox events to each tenant's endpoint — its operator
 * routes, the Queue consumer, the cron sweep and the dispatcher the composition root hands the outbox. It imports no
 * other capability: events arrive as rows in the outbox.
 */
export { default as callbacksRouter } from "./callbacks.index";
export { handleCallbackBatch } from "./consumer";
export { sweepCallbacks } from "./sweep";
export { enqueueEvents } from "./enqueue";
