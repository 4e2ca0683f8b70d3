import type { RequestLogRecord } from "./request-log.durable-object";

/** The wire shape of a logged request: one mapper, so internal columns never leak. */
export const toRequestLogEntry = (row: RequestLogRecord) => ({
  id: row.id,
  receivedAtUtc: row.at,
  method: row.method,
  path: row.path,
  query: row.query,
  status: row.status,
  durationMs: row.durationMs,
  traceId: row.traceId,
  idempotencyKey: row.idempotencyKey,
  apiKeyId: row.apiKeyId,
});
