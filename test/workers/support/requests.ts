// The request log: a request's row, which the service writes after its response, and rows written directly.
import { call } from "./http";
import { eventually } from "./callbacks";
import { tenantD1 } from "./shards";

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
export async function storedRequestRows(tenantId: string): Promise<Record<string, unknown>[]> {
  const { results } = await (
    await tenantD1(tenantId)
  )
    .prepare("SELECT * FROM request_log WHERE tenant_id = ? ORDER BY at")
    .bind(tenantId)
    .all();
  return results;
}

export type SeededRequest = { at: string; method?: string; path?: string; status?: number; apiKeyId?: string; traceId?: string };

let seeded = 0;

/** Rows as the service writes them, at the instants given; their ids and traceIds in order. */
export async function seedRequests(tenantId: string, rows: SeededRequest[]): Promise<{ id: string; traceId: string }[]> {
  const d1 = await tenantD1(tenantId);
  const written = rows.map((row) => ({
    id: `req_seeded${String(++seeded).padStart(8, "0")}${crypto.randomUUID().replaceAll("-", "").slice(0, 8)}`,
    traceId: row.traceId ?? crypto.randomUUID().replaceAll("-", ""),
    ...row,
  }));
  await d1.batch(
    written.map((row) =>
      d1
        .prepare(
          `INSERT INTO request_log (id, tenant_id, at, method, path, query, status, duration_ms, trace_id, idempotency_key, api_key_id)
           VALUES (?, ?, ?, ?, ?, '', ?, 12, ?, NULL, ?)`,
        )
        .bind(
          row.id,
          tenantId,
          row.at,
          row.method ?? "GET",
          row.path ?? "/v1/payments",
          row.status ?? 200,
          row.traceId,
          row.apiKeyId ?? "key_seededkey000000",
        ),
    ),
  );
  return written.map(({ id, traceId }) => ({ id, traceId }));
}
