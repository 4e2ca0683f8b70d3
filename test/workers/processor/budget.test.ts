import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { callPriority, LEASE_MS, type LeaseRequest, RECOVERY_MS, TokenBuckets } from "../../../src/processor/budget";
import { type BudgetBroker, createBudget } from "../../../src/processor/budget-lease";

/** A credential's budget object of its own, so no other test's leases are in its buckets. */
const budgetObject = () => env.PROCESSOR_BUDGET.get(env.PROCESSOR_BUDGET.idFromName(`test ${crypto.randomUUID()}`));

const request = (priority: LeaseRequest["priority"], perSecond = 100): LeaseRequest => ({ kind: "write", priority, perSecond, want: 16 });

/** Leases of one priority until the object grants none: what that priority may take of a full bucket. */
async function drain(object: ReturnType<typeof budgetObject>, priority: LeaseRequest["priority"], perSecond = 100) {
  let taken = 0;
  for (;;) {
    const lease = await object.lease(request(priority, perSecond));
    if (lease.granted === 0) return { taken, refusal: lease };
    taken += lease.granted;
  }
}

describe("the processor budget's object", () => {
  it("leases a small batch when far from the limit: a tenth of the bucket at most, for a second", async () => {
    const lease = await budgetObject().lease(request("payment"));
    expect(lease).toEqual({ granted: 10, expiresInMs: LEASE_MS, retryAfterMs: 0, ample: true });
  });

  it("calls a lease ample only while the priority's share stays above half a second's worth, never a sweep's nor after a 429", async () => {
    const object = budgetObject();
    expect((await object.lease(request("sweep"))).ample).toBe(false);
    const leases = [];
    for (let lease = await object.lease(request("payment")); lease.granted > 0; lease = await object.lease(request("payment"))) {
      leases.push(lease);
    }
    expect(leases[0]!.ample).toBe(true);
    expect(leases.at(-1)!.ample).toBe(false);
    const pushedBack = budgetObject();
    await pushedBack.pushedBack({ kind: "write", retryAfterMs: 1_000 });
    expect((await pushedBack.lease(request("payment"))).ample).toBe(false);
  });

  it("keeps the bucket's top for what a merchant waits on: a sweep is refused first, then a follow-up, a payment last", async () => {
    const object = budgetObject();
    const sweep = await drain(object, "sweep");
    expect(sweep.taken).toBeGreaterThan(0);
    expect(sweep.refusal.retryAfterMs).toBeGreaterThan(0);
    const followUp = await drain(object, "follow-up");
    expect(followUp.taken).toBeGreaterThan(0);
    expect((await object.lease(request("payment"))).granted).toBeGreaterThan(0);
  });

  it("after a 429 anywhere, holds lower priorities off for its Retry-After while payments still get tokens as the bucket refills", async () => {
    const object = budgetObject();
    await object.pushedBack({ kind: "write", retryAfterMs: 3_000 });
    const sweep = await object.lease(request("sweep"));
    const followUp = await object.lease(request("follow-up"));
    expect(sweep.granted).toBe(0);
    expect(followUp.granted).toBe(0);
    expect(sweep.retryAfterMs).toBeGreaterThan(2_000);
    expect(followUp.retryAfterMs).toBeGreaterThan(2_000);
    // The pushed-back bucket was emptied: a payment waits for a token's refill, milliseconds, not the Retry-After.
    const payment = await object.lease(request("payment"));
    expect(payment.granted > 0 || payment.retryAfterMs <= 20).toBe(true);
  });
});

describe("the token buckets over time", () => {
  it("let lower priorities back in gradually after a push back, not all at once", () => {
    const buckets = new TokenBuckets();
    const start = 1_000_000;
    buckets.pushedBack({ kind: "read", retryAfterMs: null }, start);
    const sweepAt = (ms: number) => {
      const fresh = new TokenBuckets();
      fresh.pushedBack({ kind: "read", retryAfterMs: null }, start);
      let taken = 0;
      for (
        let lease = fresh.lease({ ...request("sweep"), kind: "read" }, ms);
        lease.granted > 0;
        lease = fresh.lease({ ...request("sweep"), kind: "read" }, ms)
      ) {
        taken += lease.granted;
      }
      return taken;
    };
    const early = sweepAt(start + 1_000 + RECOVERY_MS / 4);
    const later = sweepAt(start + 1_000 + (RECOVERY_MS * 3) / 4);
    const recovered = sweepAt(start + 1_000 + RECOVERY_MS);
    expect(early).toBeLessThan(later);
    expect(later).toBeLessThan(recovered);
    expect(recovered).toBeLessThanOrEqual(52);
    expect(buckets.lease({ ...request("sweep"), kind: "read" }, start + 500).granted).toBe(0);
  });

  it("share a full bucket by priority: a sweep leaves half, a follow-up a quarter, a payment takes the rest", () => {
    const buckets = new TokenBuckets();
    const at = 3_000_000;
    const drainAt = (priority: LeaseRequest["priority"]) => {
      let taken = 0;
      for (let lease = buckets.lease(request(priority), at); lease.granted > 0; lease = buckets.lease(request(priority), at))
        taken += lease.granted;
      return taken;
    };
    expect(drainAt("sweep")).toBe(50);
    expect(drainAt("follow-up")).toBe(25);
    expect(drainAt("payment")).toBe(25);
    expect(buckets.lease(request("sweep"), at).retryAfterMs).toBe(510);
  });

  it("refill at the configured rate: a drained payment bucket grants again a second later", () => {
    const buckets = new TokenBuckets();
    const at = 5_000_000;
    while (buckets.lease(request("payment", 20), at).granted > 0);
    expect(buckets.lease(request("payment", 20), at).retryAfterMs).toBe(50);
    expect(buckets.lease(request("payment", 20), at + 1_000).granted).toBeGreaterThan(0);
  });
});

describe("an isolate's leases", () => {
  it("spend locally: many calls, one question to the object per lease", async () => {
    const object = budgetObject();
    let asked = 0;
    const broker: BudgetBroker = {
      lease: (leaseRequest) => (asked++, object.lease(leaseRequest)),
      pushedBack: (pushback) => object.pushedBack(pushback),
    };
    const budget = createBudget({
      broker,
      credential: `local ${crypto.randomUUID()}`,
      priority: "payment",
      perSecond: { read: 1000, write: 1000 },
    });
    for (let call = 0; call < 16; call++) expect(await budget.take("POST", "/transfers", Date.now())).toEqual({ granted: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).toBeLessThanOrEqual(3);
  });

  it("with the budget exhausted by a sweep, a payment's call still gets through while the sweep is told to wait", async () => {
    const object = budgetObject();
    const credential = `shared ${crypto.randomUUID()}`;
    const broker: BudgetBroker = {
      lease: (leaseRequest) => object.lease(leaseRequest),
      pushedBack: (pushback) => object.pushedBack(pushback),
    };
    const perSecond = { read: 20, write: 20 };
    const sweep = createBudget({ broker, credential, priority: "sweep", perSecond });
    const payment = createBudget({ broker, credential, priority: "payment", perSecond });

    let sweepCalls = 0;
    const startedMs = Date.now();
    for (;;) {
      const token = await sweep.take("GET", "/transfers", Date.now());
      if (!token.granted) {
        expect(token.retryAfterMs).toBeGreaterThan(0);
        break;
      }
      sweepCalls++;
    }
    expect(sweepCalls).toBeGreaterThan(0);
    // A sweep may take the half of the bucket above the reserve, plus whatever refilled while it was taking.
    const refilledMeanwhile = Math.ceil(((Date.now() - startedMs) * perSecond.read) / 1000);
    expect(sweepCalls).toBeLessThanOrEqual(10 + refilledMeanwhile);
    expect(await payment.take("GET", "/transfers", Date.now())).toEqual({ granted: true });
    expect(await payment.take("POST", "/transfers", Date.now())).toEqual({ granted: true });
  });

  it("far from the limit, never make a call wait on the object past an expired lease; near it, they wait for its word", async () => {
    let hang = false;
    const budgetOn = (object: ReturnType<typeof budgetObject>, perSecond: number) =>
      createBudget({
        broker: {
          lease: (leaseRequest) => (hang ? new Promise<never>(() => {}) : object.lease(leaseRequest)),
          pushedBack: (pushback) => object.pushedBack(pushback),
        },
        credential: `credit ${crypto.randomUUID()}`,
        priority: "payment",
        perSecond: { read: perSecond, write: perSecond },
      });
    const answerOf = (take: Promise<unknown>) =>
      Promise.race([take, new Promise((resolve) => setTimeout(() => resolve("waiting on the object"), 500))]);

    const ample = budgetOn(budgetObject(), 1_000);
    const nearObject = budgetObject();
    await drain(nearObject, "payment", 20);
    const near = budgetOn(nearObject, 20);
    expect(await ample.take("POST", "/transfers", Date.now())).toEqual({ granted: true });
    expect(await near.take("POST", "/transfers", Date.now() + 5_000)).toEqual({ granted: true });
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS + 50));
    hang = true;
    // A lease's worth on credit, then the isolate waits for the object's word like any other.
    for (let call = 0; call < 16; call++)
      expect(await answerOf(ample.take("POST", "/transfers", Date.now() + 5_000))).toEqual({ granted: true });
    expect(await answerOf(ample.take("POST", "/transfers", Date.now() + 5_000))).toBe("waiting on the object");
    expect(await answerOf(near.take("POST", "/transfers", Date.now() + 5_000))).toBe("waiting on the object");
  });

  it("go ahead when the object cannot be reached: the processor's own 429 still guards the call", async () => {
    const broker: BudgetBroker = {
      lease: () => Promise.reject(new Error("object unreachable")),
      pushedBack: () => Promise.reject(new Error("object unreachable")),
    };
    const budget = createBudget({
      broker,
      credential: `down ${crypto.randomUUID()}`,
      priority: "payment",
      perSecond: { read: 10, write: 10 },
    });
    expect(await budget.take("POST", "/transfers", Date.now())).toEqual({ granted: true });
  });
});

describe("a call's priority", () => {
  it("is its context's, capped by its operation: a fee read is a follow-up even in a request, the cron's sale read a sweep", () => {
    expect(callPriority("payment", "POST /transfers")).toBe("payment");
    expect(callPriority("payment", "POST /transfers/{transfer_id}/reversals")).toBe("payment");
    expect(callPriority("payment", "GET /fees")).toBe("follow-up");
    expect(callPriority("payment", "POST /disputes/{dispute_id}/evidence")).toBe("follow-up");
    expect(callPriority("payment", "GET /onboarding_forms/{onboarding_form_id}")).toBe("follow-up");
    expect(callPriority("sweep", "GET /transfers/{transfer_id}")).toBe("sweep");
    expect(callPriority("sweep", "GET /fees")).toBe("sweep");
  });
});
