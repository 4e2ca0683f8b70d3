import type { Database } from "../db/client";
import type { Clock } from "../lib/clock";
import type { Outbox } from "../outbox/outbox";
import type { ProcessorClient } from "../processor";

/**
 * What every service works with, built once per request, queue batch and cron run by the composition root
 * (`src/context.ts`): the validated environment, where this service is reached, the tenant's database and the control
 * database, the processor adapter (real or sandbox, the services cannot tell), the outbox whose events are enqueued when
 * the unit of work is over, and the clock.
 */
export type AppContext = {
  env: Env;
  /** BASE_URL, else the origin the request came to; null outside a request (a queue batch, a cron run) without BASE_URL. */
  publicOrigin: string | null;
  /**
   * The binding of the tenant's shard (`DB` for a tenant from before shards), once authentication, the operator route's
   * tenant, a processor webhook's merchant, a queue message or the cron's turn has chosen it; null before.
   */
  shard: string | null;
  /**
   * The tenant's shard: payments, events and everything else a tenant owns (docs/scale.md). Using it before the shard
   * is chosen throws.
   */
  db: Database;
  /** The control database (`DB`): tenants, API keys, the tenant → shard map, dashboard accounts and their audit log. */
  control: Database;
  /** This context on another shard: the same environment, origin and clock, that shard's database and its own outbox. */
  forShard(binding: string): AppContext;
  /**
   * This context with the tenant's shard read through a D1 session that may be served by a replica, at least as recent
   * as `bookmark` (the nearest replica without one): for lists and pages only, never for what moves money.
   */
  readingFrom(bookmark: string | undefined): AppContext;
  /** Where this context's own statements left the tenant's shard (D1's bookmark): after a write, a read from it sees it. */
  bookmark(): string | null;
  processor: ProcessorClient;
  outbox: Outbox;
  clock: Clock;
};

/** An absolute URL on this service, for links that leave it: to a browser, an e-mail, the processor. */
export function publicUrl(ctx: Pick<AppContext, "publicOrigin">, path: string): string {
  if (ctx.publicOrigin === null) throw new Error(`A link (${path}) made outside a request needs BASE_URL.`);
  return ctx.publicOrigin + path;
}
