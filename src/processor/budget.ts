/**
 * The platform's budget of processor calls. Every tenant shares the service's one processor credential, and the
 * processor allows that credential so many reads and so many writes a second (live: about 100 of each; over it, 429
 * `TOO_MANY_REQUESTS`). One token bucket per kind of call, held by the credential's Durable Object, shares them out by
 * priority: what a merchant waits on first, follow-ups next, sweeps last (docs/scale.md, the processor's rate limit).
 */

/** Highest first: a merchant's charge, refund or reader sale; what follows from one; the cron's sweeps and change feeds. */
export const PRIORITIES = ["payment", "follow-up", "sweep"] as const;
export type Priority = (typeof PRIORITIES)[number];

/** The processor counts reads (GET) and writes (everything else) separately. */
export type CallKind = "read" | "write";

export const callKind = (method: string): CallKind => (method === "GET" ? "read" : "write");

/**
 * The operations a charge, a hold's capture or void, a refund or a reader sale make while someone waits on them (`METHOD /template`). Any other
 * operation is at most a follow-up (fee reads, evidence uploads, onboarding and reader refreshes), whatever context
 * calls it: a new operation never jumps the queue by accident.
 */
const PAYMENT_OPERATIONS: ReadonlySet<string> = new Set([
  "POST /identities",
  "POST /payment_instruments",
  "GET /payment_instruments",
  "GET /payment_instruments/{payment_instrument_id}",
  "POST /transfers",
  "GET /transfers",
  "GET /transfers/{transfer_id}",
  "POST /transfers/{transfer_id}/reversals",
  "PUT /devices/{device_id}",
  "POST /authorizations",
  "GET /authorizations",
  "GET /authorizations/{authorization_id}",
  "PUT /authorizations/{authorization_id}",
]);

const rank = (priority: Priority) => PRIORITIES.indexOf(priority);

/** The priority of one call: its context's (a request's is `payment`, the cron's `sweep`), capped by what the operation is. */
export function callPriority(contextPriority: Priority, operation: string): Priority {
  const ceiling: Priority = PAYMENT_OPERATIONS.has(operation) ? "payment" : "follow-up";
  return rank(contextPriority) > rank(ceiling) ? contextPriority : ceiling;
}

/** The share of a full bucket each priority must leave to those above it. */
const RESERVED_SHARE: Record<Priority, number> = { payment: 0, "follow-up": 0.25, sweep: 0.5 };
/** After the processor pushes back, lower priorities are held off for its `Retry-After`, then let back in over this long. */
export const RECOVERY_MS = 30_000;
/** Held off this long when a 429 names no `Retry-After` (the processor documents none). */
export const DEFAULT_PUSHBACK_MS = 1_000;
/** A lease is spent within this long or lost: the bucket refills per second. */
export const LEASE_MS = 1_000;
/** At most this share of what a priority may take goes in one lease, so a quiet isolate cannot sit on the bucket. */
const LEASE_SHARE = 0.1;

export type LeaseRequest = {
  kind: CallKind;
  priority: Priority;
  /** Calls of this kind a second the platform may make: the processor's limit less the safety margin. */
  perSecond: number;
  /** How many tokens the isolate would like. */
  want: number;
};

/**
 * `granted` tokens to spend within `expiresInMs`; none: ask again in `retryAfterMs`. `ample`: the priority's share of the
 * bucket is still at least half a second's worth after this grant, so the isolate may spend on credit while it asks again.
 */
export type Lease = { granted: number; expiresInMs: number; retryAfterMs: number; ample: boolean };

export type Pushback = { kind: CallKind; retryAfterMs: number | null };

type Bucket = { tokens: number; atMs: number };

/**
 * One token bucket per kind of call (a second's worth at most), drawn from by priority: each priority may take only
 * while the bucket holds more than the share reserved for those above it. A 429 seen anywhere empties that kind's
 * bucket and holds the lower priorities off for its `Retry-After`, then lets them back in gradually.
 */
export class TokenBuckets {
  private readonly buckets = new Map<CallKind, Bucket>();
  private heldOffUntilMs = 0;
  private recoveredAtMs = 0;

  lease({ kind, priority, perSecond, want }: LeaseRequest, nowMs: number): Lease {
    const bucket = this.refilled(kind, perSecond, nowMs);
    if (priority !== "payment" && nowMs < this.heldOffUntilMs) {
      return { granted: 0, expiresInMs: 0, retryAfterMs: this.heldOffUntilMs - nowMs, ample: false };
    }
    const floor = perSecond * this.reservedShare(priority, nowMs);
    const available = bucket.tokens - floor;
    if (available < 1) {
      return {
        granted: 0,
        expiresInMs: 0,
        retryAfterMs: Math.max(1, Math.ceil(((floor + 1 - bucket.tokens) / perSecond) * 1000)),
        ample: false,
      };
    }
    const granted = Math.max(1, Math.min(Math.floor(want), Math.floor(available * LEASE_SHARE)));
    bucket.tokens -= granted;
    const ample = nowMs >= this.recoveredAtMs && available - granted >= perSecond / 2;
    return { granted, expiresInMs: LEASE_MS, retryAfterMs: 0, ample };
  }

  pushedBack({ kind, retryAfterMs }: Pushback, nowMs: number): void {
    const bucket = this.buckets.get(kind);
    if (bucket) bucket.tokens = Math.min(bucket.tokens, 0);
    this.heldOffUntilMs = Math.max(this.heldOffUntilMs, nowMs + (retryAfterMs ?? DEFAULT_PUSHBACK_MS));
    this.recoveredAtMs = this.heldOffUntilMs + RECOVERY_MS;
  }

  /** Right after a push back nothing below `payment` may draw; the reserve then falls back to its share over RECOVERY_MS. */
  private reservedShare(priority: Priority, nowMs: number): number {
    const base = RESERVED_SHARE[priority];
    if (priority === "payment") return base;
    const pressure = Math.min(1, Math.max(0, (this.recoveredAtMs - nowMs) / RECOVERY_MS));
    return base + (1 - base) * pressure;
  }

  private refilled(kind: CallKind, perSecond: number, nowMs: number): Bucket {
    const bucket = this.buckets.get(kind) ?? { tokens: perSecond, atMs: nowMs };
    bucket.tokens = Math.min(perSecond, bucket.tokens + (Math.max(0, nowMs - bucket.atMs) * perSecond) / 1000);
    bucket.atMs = nowMs;
    this.buckets.set(kind, bucket);
    return bucket;
  }
}
