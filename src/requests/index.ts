/**
 * The request log's public surface: every `/v1` request of a tenant, logged after its response (the middleware `src/app.ts`
 * puts on `/v1`), kept REQUEST_LOG_RETENTION_DAYS by the cron, read through `/v1/requests` and the dashboard.
 */
export { logTenantRequests } from "./request-log.middleware";
export type { RequestLogRecord } from "./request-log.schema";
export * as requestLogTables from "./request-log.schema";
export { getRequest, listRequests, purgeExpiredRequests, REQUEST_LOG_RETENTION_DAYS, STATUS_FILTER } from "./request-log.service";
export { default as requestsRouter } from "./requests.router";
