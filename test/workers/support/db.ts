// Typed handles on the databases behind the API, for the rows a test reads or writes there: drizzle over the tables the
// service itself uses, so a renamed or retyped column fails to compile instead of failing (or passing) at run time.
import { env } from "cloudflare:workers";
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";

import * as accounts from "../../../src/accounts/accounts.schema";
import * as audit from "../../../src/accounts/audit.schema";
import * as callbackEndpoints from "../../../src/callbacks/callback-endpoints.schema";
import * as deliveries from "../../../src/callbacks/deliveries.schema";
import * as tenants from "../../../src/db/tenants.schema";
import * as disputes from "../../../src/disputes/disputes.schema";
import * as onboarding from "../../../src/onboarding/onboarding.schema";
import * as onboardingRoutes from "../../../src/onboarding/onboarding-routes.schema";
import * as events from "../../../src/outbox/events.schema";
import * as payments from "../../../src/payments/payments.schema";
import * as payouts from "../../../src/payouts/payouts.schema";
import * as tenantFences from "../../../src/placement/tenant-fences.schema";
import * as tenantMoves from "../../../src/placement/tenant-moves.schema";
import * as tenantShards from "../../../src/placement/tenant-shards.schema";
import * as receipts from "../../../src/processor-webhooks/processor-webhooks.schema";
import * as watermarks from "../../../src/processor-webhooks/watermarks.schema";
import * as tenantChanges from "../../../src/tenant-moves/tenant-changes.schema";
import * as apiKeys from "../../../src/tenants/tenants.schema";
import * as serialNumbers from "../../../src/terminal/serial-numbers.schema";
import * as terminal from "../../../src/terminal/terminal.schema";
import { allShardD1s, tenantD1 } from "./shards";

/** A tenant shard's tables, as drizzle.shard.config.ts lists them. */
const shardSchema = {
  ...tenants,
  ...tenantFences,
  ...tenantChanges,
  ...events,
  ...payments,
  ...callbackEndpoints,
  ...deliveries,
  ...onboarding,
  ...disputes,
  ...payouts,
  ...terminal,
  ...receipts,
};

/** The control database's tables: every table (a tenant from before shards keeps its rows there). */
const controlSchema = {
  ...shardSchema,
  ...accounts,
  ...audit,
  ...tenantMoves,
  ...tenantShards,
  ...onboardingRoutes,
  ...watermarks,
  ...apiKeys,
  ...serialNumbers,
};

export type ShardDb = DrizzleD1Database<typeof shardSchema>;
export type ControlDb = DrizzleD1Database<typeof controlSchema>;

const handles = new WeakMap<D1Database, ShardDb>();

/** drizzle over one shard's D1 database (one handle per database). */
export function shardDb(d1: D1Database): ShardDb {
  let handle = handles.get(d1);
  if (!handle) {
    handle = drizzle(d1, { schema: shardSchema });
    handles.set(d1, handle);
  }
  return handle;
}

/** The shard holding the tenant's rows, found through the control database's map as the service finds it. */
export const shardOf = async (tenantId: string): Promise<ShardDb> => shardDb(await tenantD1(tenantId));

/** Every configured shard, for a test that looks for a row wherever it may be. */
export const everyShard = (): ShardDb[] => allShardD1s().map(shardDb);

/** The control database: tenants, their placement and moves, keys, dashboard accounts, the processor feeds. */
export const controlDb = (): ControlDb => drizzle(env.DB, { schema: controlSchema });

/**
 * The rows `read` finds on every shard, for a test that knows a row by its own id (a payment's, an event's, a
 * delivery's) and not its tenant: ids are unique across shards, so at most one shard answers for an id.
 */
export async function rowsOnEveryShard<T>(read: (db: ShardDb) => Promise<T[]>): Promise<T[]> {
  return (await Promise.all(everyShard().map(read))).flat();
}
