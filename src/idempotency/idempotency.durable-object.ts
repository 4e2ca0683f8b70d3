import { DurableObject } from "cloudflare:workers";

/** How long a completed key replays its response (contract: at least 24 h). */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
/** A request that has not completed within this lease is presumed crashed and its key may be taken over. */
export const IDEMPOTENCY_LEASE_MS = 2 * 60 * 1000;

export type StoredResponse = { status: number; body: string; contentType: string };

export type BeginOutcome =
  | { outcome: "started"; attempt: number }
  | { outcome: "replay"; response: StoredResponse }
  | { outcome: "fingerprint-mismatch" }
  | { outcome: "in-flight"; startedAtMs: number; leaseEndsAtMs: number };

type KeyRow = {
  key: string;
  fingerprint: string;
  state: "in_flight" | "completed";
  attempt: number;
  lease_expires_at: number;
  expires_at: number;
  status: number | null;
  body: string | null;
  content_type: string | null;
};

/**
 * Serializes Idempotency-Keys for one shard of one tenant. Every method runs without awaiting I/O
 * between its read and its write, so the object's input gate makes each check-and-set atomic.
 */
export class IdempotencyStore extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS idempotency_keys (
      key TEXT PRIMARY KEY,
      fingerprint TEXT NOT NULL,
      state TEXT NOT NULL CHECK (state IN ('in_flight', 'completed')),
      attempt INTEGER NOT NULL,
      lease_expires_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      status INTEGER,
      body TEXT,
      content_type TEXT
    )`);
    ctx.storage.sql.exec("CREATE INDEX IF NOT EXISTS idempotency_keys_expires ON idempotency_keys (expires_at)");
  }

  begin(key: string, fingerprint: string, now = Date.now()): BeginOutcome {
    const row = this.row(key);
    if (row && row.expires_at > now) {
      if (row.fingerprint !== fingerprint) return { outcome: "fingerprint-mismatch" };
      if (row.state === "completed") {
        return { outcome: "replay", response: { status: row.status!, body: row.body!, contentType: row.content_type! } };
      }
      if (row.lease_expires_at > now) {
        // The lease is taken, for IDEMPOTENCY_LEASE_MS, when the request starts.
        return { outcome: "in-flight", startedAtMs: row.lease_expires_at - IDEMPOTENCY_LEASE_MS, leaseEndsAtMs: row.lease_expires_at };
      }
    }
    // New, expired, or an abandoned lease (a crashed request): the caller (re)executes under the same key.
    const attempt = (row && row.expires_at > now ? row.attempt : 0) + 1;
    this.ctx.storage.sql.exec(
      `INSERT INTO idempotency_keys (key, fingerprint, state, attempt, lease_expires_at, expires_at)
       VALUES (?, ?, 'in_flight', ?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET fingerprint = excluded.fingerprint, state = 'in_flight', attempt = excluded.attempt,
         lease_expires_at = excluded.lease_expires_at, expires_at = excluded.expires_at, status = NULL, body = NULL, content_type = NULL`,
      key,
      fingerprint,
      attempt,
      now + IDEMPOTENCY_LEASE_MS,
      now + IDEMPOTENCY_RETENTION_MS,
    );
    this.scheduleExpiry(now + IDEMPOTENCY_RETENTION_MS);
    return { outcome: "started", attempt };
  }

  complete(key: string, fingerprint: string, response: StoredResponse, now = Date.now()): void {
    this.ctx.storage.sql.exec(
      `UPDATE idempotency_keys SET state = 'completed', status = ?, body = ?, content_type = ?, expires_at = ?
       WHERE key = ? AND fingerprint = ?`,
      response.status,
      response.body,
      response.contentType,
      now + IDEMPOTENCY_RETENTION_MS,
      key,
      fingerprint,
    );
    this.scheduleExpiry(now + IDEMPOTENCY_RETENTION_MS);
  }

  /** Frees a key whose request ended without a definite result, so a retry may run it again. */
  release(key: string, fingerprint: string): void {
    this.ctx.storage.sql.exec("DELETE FROM idempotency_keys WHERE key = ? AND fingerprint = ? AND state = 'in_flight'", key, fingerprint);
  }

  override async alarm(): Promise<void> {
    const now = Date.now();
    this.ctx.storage.sql.exec("DELETE FROM idempotency_keys WHERE expires_at <= ?", now);
    const next = this.ctx.storage.sql.exec<{ next: number | null }>("SELECT MIN(expires_at) AS next FROM idempotency_keys").one().next;
    if (next !== null) await this.ctx.storage.setAlarm(next);
  }

  private row(key: string): KeyRow | undefined {
    return this.ctx.storage.sql.exec<KeyRow>("SELECT * FROM idempotency_keys WHERE key = ?", key).toArray()[0];
  }

  private scheduleExpiry(at: number): void {
    // Fire-and-forget is safe: the output gate holds the response until the alarm write is durable.
    void this.ctx.storage.getAlarm().then((current) => {
      if (current === null || current > at) return this.ctx.storage.setAlarm(at);
    });
  }
}
