import { and, desc, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";

import { isFenceRefusal } from "../db/tenancy";
import { newId } from "../lib/ids";
import { logEvent } from "../lib/log";
import { afterCursor, cursorScope, type Page, pageOf } from "../lib/pagination";
import { ApiError } from "../lib/problem";
import { redactSecrets } from "../lib/redact";
import { tenantPlacement } from "../placement/shards";
import { liveHere } from "../placement/tenant-fences.schema";
import type { ShardContext, TenantContext } from "../platform/context";
import { requestLog, type RequestLogRecord } from "./request-log.schema";

export const REQUEST_LOG_RETENTION_DAYS = 14;

/** What one run of the retention sweep deletes at most on a shard: 5 statements of 2,000 rows, 14.4 million rows a day. */
const PURGE_BATCH_ROWS = 2_000;
const PURGE_BATCHES_PER_RUN = 5;

/** Longer paths, queries and keys are cut: a log row's size stays bounded whatever a client sends. */
const MAX_TEXT = 2_048;
const MAX_IDEMPOTENCY_KEY = 255;

/**
 * How `payment-connect listen` (and `npm run listen`) names itself on its polls of `GET /v1/events`: its User-Agent
 * starts with this, so the dashboard's log can set its polls aside.
 */
const LISTEN_USER_AGENT_PREFIX = "PaymentConnect-Listen/";

/** The request's client as the log records it: `listen` for listen's polls, null for any other. */
const clientOf = (userAgent: string | undefined): RequestLogRecord["client"] =>
  userAgent?.startsWith(LISTEN_USER_AGENT_PREFIX) ? "listen" : null;

/** `2xx`, `4xx`, `5xx`… (a class) or a status code such as `404`. */
export const STATUS_FILTER = /^[1-5](?:xx|\d\d)$/;

export type RequestLogQuery = {
  status?: string;
  pathPrefix?: string;
  apiKeyId?: string;
  traceId?: string;
  /** Leaves out the polls of `payment-connect listen` (the dashboard's default). */
  withoutListen?: boolean;
  limit: number;
  cursor?: string;
};

/** A request as it reached the service and left it; the path and query as sent, before redaction. */
export type FinishedRequest = {
  apiKeyId: string;
  receivedAt: string;
  method: string;
  path: string;
  query: string;
  status: number;
  durationMs: number;
  traceId: string;
  idempotencyKey: string | undefined;
  /** Read only to tell listen's polls apart; never stored. */
  userAgent?: string | undefined;
};

/**
 * Writes the request's row; never throws, since it runs after the response with no one to tell. A row is what the
 * request was, never what it carried: no body, secret-named query parameters and secret-shaped values redacted.
 * Refused by a move's fence (the tenant paused or gone from this shard since the request resolved it), it is written
 * once more where the tenant's data is now; while the move still pauses the tenant it is dropped, and logged.
 */
export async function recordRequest({ ctx, input }: { ctx: TenantContext; input: FinishedRequest }): Promise<void> {
  const tenantId = ctx.tenant.id;
  const row: RequestLogRecord = {
    id: newId("req"),
    tenantId,
    at: input.receivedAt,
    method: input.method,
    path: redactSecrets(input.path).slice(0, MAX_TEXT),
    // The redaction of a query parameter's value starts at its separator: the first one needs its `?`.
    query: input.query === "" ? "" : redactSecrets(`?${input.query}`).slice(1, MAX_TEXT + 1),
    status: input.status,
    durationMs: input.durationMs,
    traceId: input.traceId,
    idempotencyKey: input.idempotencyKey === undefined ? null : redactSecrets(input.idempotencyKey).slice(0, MAX_IDEMPOTENCY_KEY),
    apiKeyId: input.apiKeyId,
    client: clientOf(input.userAgent),
  };
  const lost = (reason: string, error: unknown) =>
    logEvent("warn", "request log row lost", { traceId: input.traceId, tenantId, reason, error: String(error) });
  try {
    await ctx.db.insert(requestLog).values(row);
  } catch (error) {
    if (!isFenceRefusal(error)) {
      lost("write failed", error);
      return;
    }
    try {
      const placement = await tenantPlacement(ctx.control, tenantId);
      if (!placement || placement.moving) lost("tenant moving", error);
      else await ctx.forShard(placement.shard).db.insert(requestLog).values(row);
    } catch (again) {
      lost("write failed after the move", again);
    }
  }
}

/** A class (`4xx`: 400 to 499) or one code; one code is an equality, so the status index gives its rows in order. */
function statusCondition(status: string) {
  if (!status.endsWith("xx")) return eq(requestLog.status, Number(status));
  const first = Number(status[0]) * 100;
  return and(gte(requestLog.status, first), lt(requestLog.status, first + 100));
}

const listOrder = { createdAt: requestLog.at, id: requestLog.id };

/** The tenant's requests, newest first, under a cursor signed for these filters. */
export async function listRequests({
  ctx,
  input: { query },
}: {
  ctx: TenantContext;
  input: { query: RequestLogQuery };
}): Promise<Page<RequestLogRecord>> {
  const tenantId = ctx.tenant.id;
  const scope = cursorScope(ctx, "request-log-cursor", {
    tenantId,
    filters: [query.status ?? null, query.pathPrefix ?? null, query.apiKeyId ?? null, query.traceId ?? null, query.withoutListen ?? false],
  });
  const rows = await ctx.db
    .select()
    .from(requestLog)
    .where(
      and(
        eq(requestLog.tenantId, tenantId),
        query.status ? statusCondition(query.status) : undefined,
        query.pathPrefix ? sql`substr(${requestLog.path}, 1, length(${query.pathPrefix})) = ${query.pathPrefix}` : undefined,
        query.apiKeyId ? eq(requestLog.apiKeyId, query.apiKeyId) : undefined,
        query.traceId ? eq(requestLog.traceId, query.traceId) : undefined,
        query.withoutListen ? isNull(requestLog.client) : undefined,
        await afterCursor(listOrder, query.cursor, scope),
      ),
    )
    .orderBy(desc(requestLog.at), desc(requestLog.id))
    .limit(query.limit + 1)
    .all();
  return pageOf(rows, query.limit, scope, (row) => ({ createdAt: row.at, id: row.id }));
}

/** One of the tenant's requests; another tenant's id is the same 404 as a missing one. */
export async function getRequest({
  ctx,
  input: { requestId },
}: {
  ctx: TenantContext;
  input: { requestId: string };
}): Promise<RequestLogRecord> {
  const tenantId = ctx.tenant.id;
  const row = await ctx.db
    .select()
    .from(requestLog)
    .where(and(eq(requestLog.id, requestId), eq(requestLog.tenantId, tenantId)))
    .get();
  if (!row) throw new ApiError("not-found", `No request ${requestId}.`);
  return row;
}

/**
 * The cron's retention on one shard: rows older than REQUEST_LOG_RETENTION_DAYS, oldest first, across tenants, at most
 * PURGE_BATCHES_PER_RUN batches a run so a shard's turn stays bounded (a backlog goes a run at a time). A tenant in the
 * middle of a move is left to it: the delete picks only tenants live here, in the same statement.
 */
export async function purgeExpiredRequests({ ctx }: { ctx: ShardContext }): Promise<{ deleted: number }> {
  const cutoff = new Date(ctx.clock.nowMs() - REQUEST_LOG_RETENTION_DAYS * 86_400_000).toISOString();
  let deleted = 0;
  for (let batch = 0; batch < PURGE_BATCHES_PER_RUN; batch++) {
    const oldest = ctx.db
      .select({ id: requestLog.id })
      .from(requestLog)
      .where(and(lt(requestLog.at, cutoff), liveHere(requestLog.tenantId)))
      .orderBy(requestLog.at)
      .limit(PURGE_BATCH_ROWS);
    const { meta } = await ctx.db.delete(requestLog).where(inArray(requestLog.id, oldest)).run();
    deleted += meta.changes;
    if (meta.changes < PURGE_BATCH_ROWS) break;
  }
  return { deleted };
}
