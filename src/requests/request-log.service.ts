import { newId } from "../lib/ids";
import { logEvent } from "../lib/log";
import { cursorScope, decodeCursor, type Page, pageOf } from "../lib/pagination";
import { ApiError } from "../lib/problem";
import { redactSecrets } from "../lib/redact";
import { shardsOf } from "../placement/shards";
import type { RootContext, TenantContext, TenantPlace } from "../platform/context";
import type { RequestLogRecord, RequestLogStore } from "./request-log.durable-object";

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
export type FinishedRequest = Pick<RequestLogRecord, "apiKeyId" | "method" | "path" | "query" | "status" | "durationMs" | "traceId"> & {
  receivedAt: string;
  idempotencyKey: string | undefined;
  /** Read only to tell listen's polls apart; never stored. */
  userAgent?: string | undefined;
};

/** One message of the request-log queue: a row, for the tenant's store in its shard's region. */
export type RequestLogMessage = { tenantId: string; region: string; row: RequestLogRecord };

/**
 * Sends the request's row to the request-log queue; never throws, since it runs after the response with no one to tell.
 * A row is what the request was, never what it carried: no body, secret-named query parameters and secret-shaped values
 * redacted. The ledger shard is not touched: the row waits in the queue and is kept by the tenant's own store.
 */
export async function recordRequest({ ctx, input }: { ctx: TenantContext; input: FinishedRequest }): Promise<void> {
  const row: RequestLogRecord = {
    id: newId("req"),
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
  const message: RequestLogMessage = { tenantId: ctx.tenant.id, region: regionOf(ctx.env, ctx.tenant.shard), row };
  try {
    await ctx.env.REQUEST_LOG.send(message, { contentType: "json" });
  } catch (error) {
    logEvent("warn", "request log row lost", { traceId: input.traceId, tenantId: ctx.tenant.id, error: String(error) });
  }
}

/**
 * The request-log queue's consumer: each tenant's rows of the batch go to its store in one transaction. A tenant whose
 * store fails has its messages retried (the Queue's `max_retries`), the others are acknowledged; a retried row already
 * kept is not kept twice.
 */
export async function storeRequestBatch({
  ctx,
  input: batch,
}: {
  ctx: RootContext;
  input: MessageBatch<RequestLogMessage>;
}): Promise<void> {
  const byStore = new Map<string, { region: string; tenantId: string; messages: Message<RequestLogMessage>[] }>();
  for (const message of batch.messages) {
    const { region, tenantId } = message.body;
    const key = `${region} ${tenantId}`;
    const group = byStore.get(key) ?? { region, tenantId, messages: [] };
    group.messages.push(message);
    byStore.set(key, group);
  }
  await Promise.all(
    [...byStore.values()].map(async ({ region, tenantId, messages }) => {
      try {
        await requestLogStore(ctx.env, region, tenantId).record(messages.map((message) => message.body.row));
        for (const message of messages) message.ack();
      } catch (error) {
        logEvent("warn", "request log batch retried", { tenantId, rows: messages.length, error: String(error) });
        for (const message of messages) message.retry();
      }
    }),
  );
}

/** The region of the shard a tenant is on: its request log is kept there (the control database's tenants, DEFAULT_REGION's). */
function regionOf(env: Env, shard: string): string {
  return shardsOf(env).find((candidate) => candidate.binding === shard)?.region ?? env.DEFAULT_REGION;
}

/** The tenant's request-log store, in its region's jurisdiction when JURISDICTIONS names the region (the EU's, deployed). */
function requestLogStore(env: Env, region: string, tenantId: string): DurableObjectStub<RequestLogStore> {
  const jurisdictions = env.JURISDICTIONS.split(",");
  const namespace = jurisdictions.includes(region) ? env.REQUEST_LOGS.jurisdiction(region as DurableObjectJurisdiction) : env.REQUEST_LOGS;
  return namespace.get(namespace.idFromName(tenantId));
}

/** The store of a tenant's request log: in the region of the shard it is on. */
export const tenantRequestLog = (env: Env, tenant: TenantPlace): DurableObjectStub<RequestLogStore> =>
  requestLogStore(env, regionOf(env, tenant.shard), tenant.id);

const storeOf = (ctx: TenantContext) => tenantRequestLog(ctx.env, ctx.tenant);

/** A class (`4xx`: 400 to 499) or one code, as the inclusive range the store filters on. */
function statusRange(status: string): [number, number] {
  if (!status.endsWith("xx")) return [Number(status), Number(status)];
  const first = Number(status[0]) * 100;
  return [first, first + 99];
}

/** The tenant's requests, newest first, under a cursor signed for these filters. */
export async function listRequests({
  ctx,
  input: { query },
}: {
  ctx: TenantContext;
  input: { query: RequestLogQuery };
}): Promise<Page<RequestLogRecord>> {
  const scope = cursorScope(ctx, "request-log-cursor", {
    tenantId: ctx.tenant.id,
    filters: [query.status ?? null, query.pathPrefix ?? null, query.apiKeyId ?? null, query.traceId ?? null, query.withoutListen ?? false],
  });
  const after = query.cursor ? await decodeCursor(query.cursor, scope) : undefined;
  const rows = await storeOf(ctx).list({
    status: query.status ? statusRange(query.status) : undefined,
    pathPrefix: query.pathPrefix,
    apiKeyId: query.apiKeyId,
    traceId: query.traceId,
    withoutListen: query.withoutListen,
    after: after && { at: after.createdAt, id: after.id },
    limit: query.limit + 1,
  });
  return pageOf(rows, query.limit, scope, (row) => ({ createdAt: row.at, id: row.id }));
}

/** One of the tenant's requests; another tenant's id is the same 404 as a missing one (each tenant's log is its own). */
export async function getRequest({
  ctx,
  input: { requestId },
}: {
  ctx: TenantContext;
  input: { requestId: string };
}): Promise<RequestLogRecord> {
  const row = await storeOf(ctx).get(requestId);
  if (!row) throw new ApiError("not-found", `No request ${requestId}.`);
  return row;
}
