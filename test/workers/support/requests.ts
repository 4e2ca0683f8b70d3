// The request log: a request's row, which the service writes after its response, and rows written directly.
import { eq } from "drizzle-orm";

import { requestLog } from "../../../src/requests/request-log.schema";
import { eventually } from "./callbacks";
import { shardOf } from "./db";
import { call } from "./http";
import { insertRows, requestRow } from "./seed";

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

/** Every column of the tenant's rows, as stored on its shard. */
export async function storedRequestRows(tenantId: string): Promise<(typeof requestLog.$inferSelect)[]> {
  return (await shardOf(tenantId)).select().from(requestLog).where(eq(requestLog.tenantId, tenantId)).orderBy(requestLog.at);
}

export type SeededRequest = { at: string; method?: string; path?: string; status?: number; apiKeyId?: string; traceId?: string };

let seeded = 0;

/** Rows as the service writes them, at the instants given; their ids and traceIds in order. */
export async function seedRequests(tenantId: string, rows: SeededRequest[]): Promise<{ id: string; traceId: string }[]> {
  const written = rows.map((row) =>
    requestRow({
      id: `req_seeded${String(++seeded).padStart(8, "0")}${crypto.randomUUID().replaceAll("-", "").slice(0, 8)}`,
      tenantId,
      traceId: row.traceId ?? crypto.randomUUID().replaceAll("-", ""),
      ...row,
    }),
  );
  await insertRows(await shardOf(tenantId), requestLog, written);
  return written.map(({ id, traceId }) => ({ id, traceId }));
}
