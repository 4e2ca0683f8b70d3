import type { Database } from "../db/client";
import type { Clock } from "../lib/clock";
import type { Outbox } from "../outbox/outbox";
import type { ProcessorClient } from "../processor";

/**
 * What every unit of work starts from, built once per request, queue batch and cron run by the composition root
 * (`src/context.ts`): the validated environment, where this service is reached, the control database, the processor
 * adapter (real or sandbox, the services cannot tell) and the clock. It holds no tenant's data: a tenant's database is
 * reached only through a shard or tenant context, so using one before its shard is chosen does not compile.
 */
export type RootContext = {
  env: Env;
  /** BASE_URL, else the origin the request came to; null outside a request (a queue batch, a cron run) without BASE_URL. */
  publicOrigin: string | null;
  /** The control database (`DB`): tenants, API keys, the tenant → shard map, dashboard accounts and their audit log. */
  control: Database;
  processor: ProcessorClient;
  clock: Clock;
  /** This context on one shard: the same environment, origin and clock, that shard's database and its own outbox. */
  forShard(binding: string): ShardContext;
  /** This context for one tenant, on the shard the control database's map placed it on. */
  forTenant(tenant: TenantPlace): TenantContext;
  /**
   * The context on every database holding tenant data, handed by the composition root to work that spans tenants (the
   * cron's sweeps, operator reports): a tenant's request never uses it, it stays on its own shard.
   */
  everyShard(): Promise<ShardContext[]>;
};

/**
 * A context on one database of tenant data, for work over every tenant on it (the cron's sweeps, a part of an
 * operator report, a queue batch's deliveries).
 */
export type ShardContext = RootContext & {
  /** The binding of the shard (`DB` for tenants from before shards, docs/scale.md). */
  shard: string;
  /** The shard's database: payments, events and everything else its tenants own (docs/scale.md). */
  db: Database;
  outbox: Outbox;
  /**
   * This context with the shard read through a D1 session that may be served by a replica, at least as recent as
   * `bookmark` (the nearest replica without one): for lists and pages only, never for what moves money.
   */
  readingFrom(bookmark: string | undefined): ShardContext;
  /** Where this context's own statements left the shard (D1's bookmark): after a write, a read from it sees it. */
  bookmark(): string | null;
};

/** A tenant and the binding of the shard holding its data. */
export type TenantPlace = { id: string; shard: string };

/**
 * One tenant's context: what handlers behind the tenant guard (a key, a dashboard session, an operator route naming
 * the tenant) and the tenant's own work get. Its services read the tenant from `ctx.tenant.id`; their queries still
 * name it in every condition.
 */
export type TenantContext = Omit<ShardContext, "readingFrom"> & {
  tenant: TenantPlace;
  readingFrom(bookmark: string | undefined): TenantContext;
};

/** An absolute URL on this service, for links that leave it: to a browser, an e-mail, the processor. */
export function publicUrl(ctx: Pick<RootContext, "publicOrigin">, path: string): string {
  if (ctx.publicOrigin === null) throw new Error(`A link (${path}) made outside a request needs BASE_URL.`);
  return ctx.publicOrigin + path;
}
