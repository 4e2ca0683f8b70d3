import { inArray, notInArray, or, and, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { boundList } from "../db/bound-list";
import { movingTenantShards, shardsInUse } from "../placement/shards";
import { liveHere } from "../placement/tenant-fences.schema";
import type { AppContext } from "./context";

/**
 * The context on every database holding tenant data, for work that spans tenants (the cron's sweeps, operator reports):
 * a tenant's request never uses it, it stays on its own shard.
 */
export async function contextsOnEveryShard(ctx: AppContext): Promise<AppContext[]> {
  return (await shardsInUse(ctx.control, ctx.env)).map((binding) => ctx.forShard(binding));
}

/** The condition a report's query reads a database's tenants by: only those whose rows there are the ones it counts. */
export type PlacedHere = (tenantColumn: SQLiteColumn) => SQL;

/** Reads of the map and the shards a report makes at most before it answers with the last (a flip between each pair). */
const REPORT_READS = 3;

/**
 * An operator report over every database: each database's part, read by `read` with the condition that counts a tenant
 * only on the shard the control map places it on. A tenant in a move has rows on both sides (a partial copy on the
 * target before the flip, a stale one on the source after it) and the map names one side, so it is counted once, paused
 * or not; any other tenant is read where its rows are live (`liveHere`). The map is read again after the shards: a move
 * that started, flipped or finished in between (its source rows may be half deleted) reads the report again.
 */
export async function reportOnEveryShard<T>(
  ctx: AppContext,
  read: (onShard: AppContext, placedHere: PlacedHere) => Promise<T>,
): Promise<T[]> {
  let moving = await movingTenantShards(ctx.control);
  for (let reads = 1; ; reads++) {
    const parts = await Promise.all((await contextsOnEveryShard(ctx)).map((onShard) => read(onShard, placedOn(onShard.shard!, moving))));
    const after = await movingTenantShards(ctx.control);
    if (reads === REPORT_READS || samePlacements(moving, after)) return parts;
    moving = after;
  }
}

function placedOn(shard: string, moving: Map<string, string>): PlacedHere {
  const all = [...moving.keys()];
  const here = all.filter((tenantId) => moving.get(tenantId) === shard);
  return (tenantColumn) =>
    or(inArray(tenantColumn, boundList(here)), and(notInArray(tenantColumn, boundList(all)), liveHere(tenantColumn)))!;
}

const samePlacements = (a: Map<string, string>, b: Map<string, string>) =>
  a.size === b.size && [...a].every(([tenantId, shard]) => b.get(tenantId) === shard);
