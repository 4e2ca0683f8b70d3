import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

import { tenants } from "../db/tenants.schema";

/**
 * One row per authenticated `/v1` request of the tenant, written after its response and kept REQUEST_LOG_RETENTION_DAYS.
 * What the request was, never what it carried: no body, no header but its `Idempotency-Key` (and whether its User-Agent is listen's), the query with secret-named
 * parameters and secret-shaped values redacted.
 */
export const requestLog = sqliteTable(
  "request_log",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    /** When the request arrived (UTC, milliseconds). */
    at: text("at").notNull(),
    method: text("method").notNull(),
    /** The path as sent, ids included. */
    path: text("path").notNull(),
    /** The query string without its `?`, redacted; "" when there was none. */
    query: text("query").notNull(),
    status: integer("status").notNull(),
    durationMs: integer("duration_ms").notNull(),
    traceId: text("trace_id").notNull(),
    idempotencyKey: text("idempotency_key"),
    /** The key that authenticated it (its id; the key lives in the control database). */
    apiKeyId: text("api_key_id").notNull(),
    /** `listen` for a poll of `payment-connect listen` (its User-Agent says so); null for every other client. */
    client: text("client"),
  },
  (table) => [
    index("request_log_tenant_at").on(table.tenantId, table.at, table.id),
    // Failing requests are the ones looked for: a status or a class of them without walking every success.
    index("request_log_tenant_status_at").on(table.tenantId, table.status, table.at, table.id),
    // With the list's order in the key, so a trace is found here rather than by walking the tenant's rows newest first.
    index("request_log_tenant_trace_at").on(table.tenantId, table.traceId, table.at, table.id),
    // The dashboard's log leaves listen's polls out by default: a poll every 2 seconds is not walked past row by row.
    index("request_log_tenant_client_at").on(table.tenantId, table.client, table.at, table.id),
    // Retention deletes the oldest rows across tenants.
    index("request_log_at").on(table.at),
  ],
);
export type RequestLogRecord = typeof requestLog.$inferSelect;
