import { DurableObject } from "cloudflare:workers";

/** How long a logged request is kept, as `/v1/requests` and the dashboard promise. */
export const REQUEST_LOG_RETENTION_DAYS = 14;
const RETENTION_MS = REQUEST_LOG_RETENTION_DAYS * 86_400_000;
/** The retention alarm's period: a row outlives its 14 days by at most a day. */
const SWEEP_EVERY_MS = 86_400_000;
/** Rows one alarm deletes per statement: each statement stays short, so the tenant's reads never wait long behind it. */
const SWEEP_BATCH_ROWS = 5_000;

/** One logged request as the store keeps it: what the request was, never what it carried. */
export type RequestLogRecord = {
  id: string;
  /** When the request arrived (UTC, milliseconds). */
  at: string;
  method: string;
  /** The path as sent, ids included, redacted. */
  path: string;
  /** The query string without its `?`, redacted; "" when there was none. */
  query: string;
  status: number;
  durationMs: number;
  traceId: string;
  idempotencyKey: string | null;
  /** The key that authenticated it (its id; the key lives in the control database). */
  apiKeyId: string;
  /** `listen` for a poll of `payment-connect listen` (its User-Agent says so); null for every other client. */
  client: "listen" | null;
};

/** The filters of a page of the log, the position after which it starts (newest first) and its size. */
export type StoredRequestQuery = {
  /** `[first, last]` status codes, inclusive: one code or a class. */
  status?: [number, number];
  pathPrefix?: string;
  apiKeyId?: string;
  traceId?: string;
  withoutListen?: boolean;
  after?: { at: string; id: string };
  limit: number;
};

/** The stored columns, read back under the record's names. */
const COLUMNS =
  "id, at, method, path, query, status, duration_ms AS durationMs, trace_id AS traceId, idempotency_key AS idempotencyKey, api_key_id AS apiKeyId, client";
const STORED_COLUMNS = "id, at, method, path, query, status, duration_ms, trace_id, idempotency_key, api_key_id, client";

/**
 * One tenant's request log, in storage of its own: never the ledger shard's writer nor its 10 GB (docs/scale.md). Rows
 * arrive in batches from the request-log queue's consumer; each batch is one transaction, and a batch delivered twice
 * adds nothing the second time (rows are keyed by their id).
 */
export class RequestLogStore extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const { sql } = ctx.storage;
    sql.exec(`CREATE TABLE IF NOT EXISTS request_log (
      id TEXT PRIMARY KEY,
      at TEXT NOT NULL,
      method TEXT NOT NULL,
      path TEXT NOT NULL,
      query TEXT NOT NULL,
      status INTEGER NOT NULL,
      duration_ms INTEGER NOT NULL,
      trace_id TEXT NOT NULL,
      idempotency_key TEXT,
      api_key_id TEXT NOT NULL,
      client TEXT
    )`);
    // The list's order, newest first, and retention's oldest first.
    sql.exec("CREATE INDEX IF NOT EXISTS request_log_at ON request_log (at, id)");
    // Failing requests are the ones looked for: a status or a class of them without walking every success.
    sql.exec("CREATE INDEX IF NOT EXISTS request_log_status_at ON request_log (status, at, id)");
    // A trace is found here rather than by walking the rows newest first.
    sql.exec("CREATE INDEX IF NOT EXISTS request_log_trace_at ON request_log (trace_id, at, id)");
    // The dashboard leaves listen's polls out by default: a poll every 2 seconds is not walked past row by row.
    sql.exec("CREATE INDEX IF NOT EXISTS request_log_client_at ON request_log (client, at, id)");
  }

  /**
   * All of the batch or none of it; a row already kept (a redelivered batch) is left as it is. Only the id's conflict is
   * passed over (`OR IGNORE` would also drop a row that breaks a constraint, silently).
   */
  async record(rows: RequestLogRecord[]): Promise<void> {
    const { sql } = this.ctx.storage;
    this.ctx.storage.transactionSync(() => {
      for (const row of rows) {
        sql.exec(
          `INSERT INTO request_log (${STORED_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
          row.id,
          row.at,
          row.method,
          row.path,
          row.query,
          row.status,
          row.durationMs,
          row.traceId,
          row.idempotencyKey,
          row.apiKeyId,
          row.client,
        );
      }
    });
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + SWEEP_EVERY_MS);
  }

  /** A page newest first: `limit` rows after `after`, under the filters. */
  list(query: StoredRequestQuery): RequestLogRecord[] {
    const conditions: string[] = [];
    const values: (string | number)[] = [];
    if (query.status) {
      conditions.push(query.status[0] === query.status[1] ? "status = ?" : "status BETWEEN ? AND ?");
      values.push(...(query.status[0] === query.status[1] ? [query.status[0]] : query.status));
    }
    if (query.pathPrefix) {
      conditions.push("substr(path, 1, length(?)) = ?");
      values.push(query.pathPrefix, query.pathPrefix);
    }
    if (query.apiKeyId) {
      conditions.push("api_key_id = ?");
      values.push(query.apiKeyId);
    }
    if (query.traceId) {
      conditions.push("trace_id = ?");
      values.push(query.traceId);
    }
    if (query.withoutListen) conditions.push("client IS NULL");
    if (query.after) {
      // A row-value comparison is one index range, where the equivalent OR scans every row before the position first.
      conditions.push("(at, id) < (?, ?)");
      values.push(query.after.at, query.after.id);
    }
    const where = conditions.length === 0 ? "" : `WHERE ${conditions.join(" AND ")}`;
    return this.ctx.storage.sql
      .exec<RequestLogRecord>(`SELECT ${COLUMNS} FROM request_log ${where} ORDER BY at DESC, id DESC LIMIT ?`, ...values, query.limit)
      .toArray();
  }

  get(id: string): RequestLogRecord | null {
    const [row] = this.ctx.storage.sql.exec<RequestLogRecord>(`SELECT ${COLUMNS} FROM request_log WHERE id = ?`, id).toArray();
    return row ?? null;
  }

  /** Retention: rows older than REQUEST_LOG_RETENTION_DAYS go; the alarm comes back daily while any row is left. */
  override async alarm(): Promise<void> {
    const { sql } = this.ctx.storage;
    const cutoff = new Date(Date.now() - RETENTION_MS).toISOString();
    for (;;) {
      sql.exec(
        "DELETE FROM request_log WHERE id IN (SELECT id FROM request_log WHERE at < ? ORDER BY at LIMIT ?)",
        cutoff,
        SWEEP_BATCH_ROWS,
      );
      const [deleted] = sql.exec<{ n: number }>("SELECT changes() AS n").toArray();
      if (!deleted || deleted.n < SWEEP_BATCH_ROWS) break;
    }
    const [left] = sql.exec<{ n: number }>("SELECT count(*) AS n FROM (SELECT 1 FROM request_log LIMIT 1)").toArray();
    if (left && left.n > 0) await this.ctx.storage.setAlarm(Date.now() + SWEEP_EVERY_MS);
  }
}
