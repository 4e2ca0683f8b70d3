// The request log: a request's row, which the service sends to the request-log queue after its response and the
// tenant's store keeps, and rows written to that store directly.
import { env } from "cloudflare:workers";

import { type RequestLogRecord } from "../../../src/requests";
import { tenantRequestLog } from "../../../src/requests/request-log.service";
import { eventually } from "./callbacks";
import { call } from "./http";
import { requestRow } from "./seed";
import { tenantShardBinding } from "./shards";

export type LoggedRequest = {
  id: string;
  receivedAtUtc: string;
  method: string;
  path: string;
  query: string;
  status: number;
  durationMs: number;
  traceId: string;
  idempotencyKey: string | null;
  apiKeyId: string;
};

export type RequestPage = { data: LoggedRequest[]; hasMore: boolean; nextCursor: string };

export async function requestsPage(auth: Record<string, string>, query: Record<string, string> = {}): Promise<RequestPage> {
  const response = await call(`/v1/requests?${new URLSearchParams(query)}`, { headers: auth });
  if (response.status !== 200) throw new Error(`GET /v1/requests: ${response.status} ${await response.text()}`);
  return response.json();
}

/** The logged request with this traceId, once its row is written (after its response). */
export async function loggedRequest(auth: Record<string, string>, traceId: string): Promise<LoggedRequest> {
  const page = await eventually(
    () => requestsPage(auth, { traceId }),
    (found) => found.data.length > 0,
  );
  return page.data[0]!;
}

/** The store of the tenant's request log, where its shard's region keeps it. */
export const requestLogOf = async (tenantId: string) => tenantRequestLog(env, { id: tenantId, shard: await tenantShardBinding(tenantId) });

/** Every column of the tenant's rows, as its store keeps them, oldest first. */
export async function storedRequestRows(tenantId: string): Promise<RequestLogRecord[]> {
  return (await (await requestLogOf(tenantId)).list({ limit: 100_000 })).reverse();
}

export type SeededRequest = { at: string; method?: string; path?: string; status?: number; apiKeyId?: string; traceId?: string };

let seeded = 0;

/** Rows as the service writes them, at the instants given; their ids and traceIds in order. */
export async function seedRequests(tenantId: string, rows: SeededRequest[]): Promise<{ id: string; traceId: string }[]> {
  const written = rows.map((row) =>
    requestRow({
      id: `req_seeded${String(++seeded).padStart(8, "0")}${crypto.randomUUID().replaceAll("-", "").slice(0, 8)}`,
      traceId: row.traceId ?? crypto.randomUUID().replaceAll("-", ""),
      ...row,
    }),
  );
  await (await requestLogOf(tenantId)).record(written);
  return written.map(({ id, traceId }) => ({ id, traceId }));
}
