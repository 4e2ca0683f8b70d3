/** The sandbox processor's persistent state: resources as JSON documents in the Durable Object's SQLite. */

export type Resource = { id: string; created_at: string; updated_at: string; [field: string]: unknown };
export type Job = { id: number; runAt: number; kind: string; payload: Record<string, unknown> };
export type Fault = { operation: string; kind: FaultKind; remaining: number | null; latencyMs: number };
export type FaultKind = "latency" | "error" | "error-after" | "timeout" | "timeout-after" | "drop" | "drop-after";

export class SandboxState {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(`CREATE TABLE IF NOT EXISTS resources (
      seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, kind TEXT NOT NULL, body TEXT NOT NULL,
      idempotency_id TEXT, secret TEXT)`);
    sql.exec("CREATE INDEX IF NOT EXISTS resources_kind ON resources (kind, seq)");
    sql.exec("CREATE UNIQUE INDEX IF NOT EXISTS resources_idempotency ON resources (kind, idempotency_id) WHERE idempotency_id IS NOT NULL");
    sql.exec("CREATE TABLE IF NOT EXISTS jobs (id INTEGER PRIMARY KEY AUTOINCREMENT, run_at INTEGER NOT NULL, kind TEXT NOT NULL, payload TEXT NOT NULL)");
    sql.exec("CREATE TABLE IF NOT EXISTS faults (operation TEXT PRIMARY KEY, kind TEXT NOT NULL, remaining INTEGER, latency_ms INTEGER NOT NULL)");
  }

  insert<T extends Resource>(kind: string, resource: T, extra: { idempotencyId?: string; secret?: unknown } = {}): T {
    this.sql.exec(
      "INSERT INTO resources (id, kind, body, idempotency_id, secret) VALUES (?, ?, ?, ?, ?)",
      resource.id,
      kind,
      JSON.stringify(resource),
      extra.idempotencyId ?? null,
      extra.secret === undefined ? null : JSON.stringify(extra.secret),
    );
    return resource;
  }

  update<T extends Resource>(resource: T): T {
    resource.updated_at = new Date().toISOString();
    this.sql.exec("UPDATE resources SET body = ? WHERE id = ?", JSON.stringify(resource), resource.id);
    return resource;
  }

  get<T extends Resource>(kind: string, id: string): T | null {
    const row = this.sql.exec<{ body: string }>("SELECT body FROM resources WHERE kind = ? AND id = ?", kind, id).toArray()[0];
    return row ? (JSON.parse(row.body) as T) : null;
  }

  secret<T>(id: string): T | null {
    const row = this.sql.exec<{ secret: string | null }>("SELECT secret FROM resources WHERE id = ?", id).toArray()[0];
    return row?.secret ? (JSON.parse(row.secret) as T) : null;
  }

  setSecret(id: string, secret: unknown): void {
    this.sql.exec("UPDATE resources SET secret = ? WHERE id = ?", JSON.stringify(secret), id);
  }

  byIdempotencyId<T extends Resource>(kind: string, idempotencyId: string): T | null {
    const row = this.sql.exec<{ body: string }>("SELECT body FROM resources WHERE kind = ? AND idempotency_id = ?", kind, idempotencyId).toArray()[0];
    return row ? (JSON.parse(row.body) as T) : null;
  }

  /** Newest first, cursor = the last id seen, as the processor's `after_cursor` paging. */
  list<T extends Resource>(kind: string, options: { limit: number; afterCursor?: string; where?: (resource: T) => boolean }): { items: T[]; nextCursor: string | null } {
    const afterSeq = options.afterCursor
      ? (this.sql.exec<{ seq: number }>("SELECT seq FROM resources WHERE id = ?", options.afterCursor).toArray()[0]?.seq ?? 0)
      : Number.MAX_SAFE_INTEGER;
    const items: T[] = [];
    let more = false;
    for (const row of this.sql.exec<{ body: string }>("SELECT body FROM resources WHERE kind = ? AND seq < ? ORDER BY seq DESC", kind, afterSeq)) {
      const resource = JSON.parse(row.body) as T;
      if (options.where && !options.where(resource)) continue;
      if (items.length === options.limit) {
        more = true;
        break;
      }
      items.push(resource);
    }
    return { items, nextCursor: more ? (items.at(-1)?.id ?? null) : null };
  }

  schedule(runAt: number, kind: string, payload: Record<string, unknown>): void {
    this.sql.exec("INSERT INTO jobs (run_at, kind, payload) VALUES (?, ?, ?)", runAt, kind, JSON.stringify(payload));
  }

  /** Removes and returns the jobs due by `now` (all jobs when `now` is Infinity). */
  takeDueJobs(now: number, kind?: string): Job[] {
    const limit = Number.isFinite(now) ? now : Number.MAX_SAFE_INTEGER;
    const rows = this.sql
      .exec<{ id: number; run_at: number; kind: string; payload: string }>(
        `SELECT * FROM jobs WHERE run_at <= ? ${kind ? "AND kind = ?" : ""} ORDER BY run_at, id`,
        ...(kind ? [limit, kind] : [limit]),
      )
      .toArray();
    for (const row of rows) this.sql.exec("DELETE FROM jobs WHERE id = ?", row.id);
    return rows.map((row) => ({ id: row.id, runAt: row.run_at, kind: row.kind, payload: JSON.parse(row.payload) }));
  }

  nextJobAt(): number | null {
    return this.sql.exec<{ next: number | null }>("SELECT MIN(run_at) AS next FROM jobs").one().next;
  }

  setFault(fault: Fault): void {
    this.sql.exec(
      "INSERT INTO faults (operation, kind, remaining, latency_ms) VALUES (?, ?, ?, ?) ON CONFLICT (operation) DO UPDATE SET kind = excluded.kind, remaining = excluded.remaining, latency_ms = excluded.latency_ms",
      fault.operation,
      fault.kind,
      fault.remaining,
      fault.latencyMs,
    );
  }

  clearFaults(): void {
    this.sql.exec("DELETE FROM faults");
  }

  /** The fault armed for an operation, consuming one of its remaining uses. */
  takeFault(operation: string): Fault | null {
    const row = this.sql
      .exec<{ operation: string; kind: FaultKind; remaining: number | null; latency_ms: number }>("SELECT * FROM faults WHERE operation = ?", operation)
      .toArray()[0];
    if (!row) return null;
    if (row.remaining !== null) {
      if (row.remaining <= 1) this.sql.exec("DELETE FROM faults WHERE operation = ?", operation);
      else this.sql.exec("UPDATE faults SET remaining = remaining - 1 WHERE operation = ?", operation);
    }
    return { operation: row.operation, kind: row.kind, remaining: row.remaining, latencyMs: row.latency_ms };
  }
}
