/**
 * The callbacks capability's public surface: signed delivery of outbox events to each of a tenant's endpoints — its /v1 and operator
 * routes, the Queue consumer, the cron sweep and the dispatcher the composition root hands the outbox, and the services
 * the dashboard shows them through. It imports no other capability: events arrive as rows in the outbox.
 */
export { archiveCallbackHistory, readArchivedDay } from "./archive";
export * as callbackEndpointTables from "./callback-endpoints.schema";
export {
  type CallbackEndpoint,
  type CallbackSettings,
  createCallbackEndpoint,
  deleteCallbackEndpoint,
  getCallbackEndpoint,
  getCallbackSettings,
  listCallbackEndpoints,
  listSigningSecrets,
  MAX_CALLBACK_ENDPOINTS,
  type RevealedSigningSecret,
  revealSigningSecrets,
  rotateSigningSecret,
  saveCallbackUrl,
  type SigningSecretInfo,
  updateCallbackEndpoint,
} from "./callback-endpoints.service";
export { default as callbacksRouter } from "./callbacks.router";
export { type GoneEndpoint, handleCallbackBatch } from "./consumer";
export { DELIVERY_STATUSES, type DeliveryStatus } from "./deliveries.schema";
export * as deliveryTables from "./deliveries.schema";
export { type DeliveryRecord, listDeliveries, replayEvent, replayFailedDeliveries } from "./deliveries.service";
export { enqueueEvents } from "./enqueue";
export { MAX_ATTEMPTS, RETRY_DELAYS_SECONDS } from "./retry-schedule";
export { CALLBACK_HEADER } from "./signing";
export { type SubjectDelivery, type SubjectEvent, subjectHistory } from "./subject-history";
export { sweepCallbacks } from "./sweep";
export { sendTestEvent } from "./test-event.service";
