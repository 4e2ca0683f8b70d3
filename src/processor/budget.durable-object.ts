import { DurableObject } from "cloudflare:workers";

import { type Lease, type LeaseRequest, type Pushback, TokenBuckets } from "./budget";

/**
 * The budget of one processor credential, for every isolate of the platform: one object per credential
 * (`PROCESSOR_BUDGET.idFromName`), its buckets in memory — an object that restarts begins with full buckets, as a
 * processor's one-second window does. Isolates lease tokens from it in small batches (`createBudget`).
 */
export class ProcessorRateBudget extends DurableObject<Env> {
  private readonly buckets = new TokenBuckets();

  lease(request: LeaseRequest): Lease {
    return this.buckets.lease(request, Date.now());
  }

  pushedBack(pushback: Pushback): void {
    this.buckets.pushedBack(pushback, Date.now());
  }
}
