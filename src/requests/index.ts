/**
 * The request log's public surface: every `/v1` request of a tenant, sent to the request-log queue after its response
 * (the middleware `src/app.ts` puts on `/v1`), kept by the tenant's own store (`RequestLogStore`) for
 * REQUEST_LOG_RETENTION_DAYS, read through `/v1/requests` and the dashboard.
 */
export { REQUEST_LOG_RETENTION_DAYS, type RequestLogRecord, RequestLogStore } from "./request-log.durable-object";
export { logTenantRequests } from "./request-log.middleware";
export { getRequest, listRequests, type RequestLogMessage, STATUS_FILTER, storeRequestBatch } from "./request-log.service";
export { default as requestsRouter } from "./requests.router";
