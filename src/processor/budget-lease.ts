import { logEvent } from "../lib/log";
import { type CallKind, callKind, callPriority, type Lease, type LeaseRequest, type Priority, type Pushback } from "./budget";

/** The credential's Durable Object, as the isolate sees it (its RPC stub). */
export type BudgetBroker = {
  lease(request: LeaseRequest): Promise<Lease>;
  pushedBack(pushback: Pushback): Promise<void>;
};

/** What the transport asks before each call and tells after a 429. */
export type ProcessorBudget = {
  /** Which priority a call of this operation runs at, for how long it may wait for a token or the processor's 429. */
  priorityOf(method: string, template: string): Priority;
  /** A token for this call, waiting for one until `deadlineMs` at most; otherwise how long until one may come. */
  take(method: string, template: string, deadlineMs: number): Promise<{ granted: true } | { granted: false; retryAfterMs: number }>;
  /** The processor answered 429: everyone's lower priorities hold off. */
  pushedBack(method: string, retryAfterMs: number | null): void;
};

export type BudgetConfig = {
  broker: BudgetBroker;
  /** Names the credential, so two services on one isolate never share leases of different credentials. */
  credential: string;
  priority: Priority;
  perSecond: Record<CallKind, number>;
};

/** Tokens an isolate would like per lease; the object grants fewer as the bucket runs low. */
const WANTED_PER_LEASE = 16;

/**
 * `remaining` below zero is credit: calls made past an expired lease while the last one said the bucket was ample, repaid
 * from the next lease.
 */
type Held = { remaining: number; expiresAtMs: number; deniedUntilMs: number; refreshing: boolean; ample: boolean };

/** This isolate's leases, per credential, kind and priority: spent locally, one cheap check per call. */
const leases = new Map<string, Held>();

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The isolate's side of the budget: each call spends a token of a lease held in memory, and only an empty or expired
 * lease asks the credential's object — in the background once half of it is spent, so a busy isolate seldom waits on
 * the object at all. If the object cannot be reached the call goes ahead: the processor's own 429 still guards it.
 */
export function createBudget({ broker, credential, priority: contextPriority, perSecond }: BudgetConfig): ProcessorBudget {
  const heldFor = (kind: CallKind, priority: Priority): Held => {
    const key = `${credential}|${kind}|${priority}`;
    let held = leases.get(key);
    if (!held) {
      held = { remaining: 0, expiresAtMs: 0, deniedUntilMs: 0, refreshing: false, ample: false };
      leases.set(key, held);
    }
    return held;
  };

  async function ask(held: Held, kind: CallKind, priority: Priority): Promise<void> {
    const lease = await broker.lease({ kind, priority, perSecond: perSecond[kind], want: WANTED_PER_LEASE });
    const nowMs = Date.now();
    held.ample = lease.ample;
    if (lease.granted === 0) {
      held.deniedUntilMs = nowMs + lease.retryAfterMs;
      return;
    }
    held.remaining = (held.expiresAtMs > nowMs ? held.remaining : Math.min(held.remaining, 0)) + lease.granted;
    held.expiresAtMs = nowMs + lease.expiresInMs;
  }

  function refreshInBackground(held: Held, kind: CallKind, priority: Priority): void {
    if (held.refreshing) return;
    held.refreshing = true;
    ask(held, kind, priority)
      .catch((error: unknown) => logEvent("warn", "processor budget unreachable", { kind, priority, error: String(error) }))
      .finally(() => (held.refreshing = false));
  }

  const priorityOf = (method: string, template: string) => callPriority(contextPriority, `${method} ${template}`);

  return {
    priorityOf,
    async take(method, template, deadlineMs) {
      const kind = callKind(method);
      const priority = priorityOf(method, template);
      const held = heldFor(kind, priority);
      for (;;) {
        const nowMs = Date.now();
        if (held.remaining > 0 && nowMs < held.expiresAtMs) {
          held.remaining--;
          if (held.remaining < WANTED_PER_LEASE / 2) refreshInBackground(held, kind, priority);
          return { granted: true };
        }
        // Far from the limit, by the object's last word: no call waits on the object, and the credit is repaid.
        if (held.ample && held.remaining > -WANTED_PER_LEASE) {
          held.remaining = Math.min(held.remaining, 0) - 1;
          refreshInBackground(held, kind, priority);
          return { granted: true };
        }
        if (nowMs < held.deniedUntilMs) {
          const waitMs = held.deniedUntilMs - nowMs;
          if (nowMs + waitMs > deadlineMs) return { granted: false, retryAfterMs: waitMs };
          await sleep(waitMs);
          continue;
        }
        try {
          await ask(held, kind, priority);
        } catch (error) {
          logEvent("warn", "processor budget unreachable", { kind, priority, error: String(error) });
          return { granted: true };
        }
      }
    },
    pushedBack(method, retryAfterMs) {
      broker
        .pushedBack({ kind: callKind(method), retryAfterMs })
        .catch((error: unknown) => logEvent("warn", "processor budget unreachable", { error: String(error) }));
    },
  };
}
