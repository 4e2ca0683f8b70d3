/**
 * The callbacks capability's public surface: signed delivery of outbox events to each of a tenant's endpoints — its /v1 and operator
 * routes, the Queue consumer, the cron sweep and the dispatcher the composition root hands the outbox, and the services
 * the dashboard shows them through. It imports no other capability: events arrive as rows in the outbox.
 */
export { default as callbacksRouter } from "./callbacks.router";
export { handleCallbackBatch, type GoneEndpoint } from "./consumer";
export { sweepCallbacks } from "./sweep";
export { archiveCallbackHistory, readArchivedDay } from "./archive";
export { enqueueEvents } from "./enqueue";
export {
  createCallbackEndpoint,
  deleteCallbackEndpoint,
  getCallbackEndpoint,
  getCallbackSettings,
  listCallbackEndpoints,
  listSigningSecrets,
  MAX_CALLBACK_ENDPOINTS,
  updateCallbackEndpoint,
  type CallbackEndpoint,
  type SigningSecretInfo,
  revealSigningSecrets,
  rotateSigningSecret,
  saveCallbackUrl,
  type CallbackSettings,
  type RevealedSigningSecret,
} from "./callback-endpoints.service";
export { listDeliveries, replayEvent, replayFailedDeliveries, type DeliveryRecord } from "./deliveries.service";
export { subjectHistory, type SubjectDelivery, type SubjectEvent } from "./subject-history";
export { DELIVERY_STATUSES, type DeliveryStatus } from "./deliveries.schema";
export { sendTestEvent } from "./test-event.service";
export { CALLBACK_HEADER } from "./signing";
export { MAX_ATTEMPTS, RETRY_DELAYS_SECONDS } from "./retry-schedule";
export * as callbackEndpointTables from "./callback-endpoints.schema";
export * as deliveryTables from "./deliveries.schema";
