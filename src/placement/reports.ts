import { and, inArray, notInArray, or, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

import { boundList } from "../db/bound-list";
import type { Database } from "../db/client";
import { movingTenantShards } from "./shards";
import { liveHere } from "./tenant-fences.schema";

/** The condition a report's query reads a database's tenants by: only those whose rows there are the ones it counts. */
export type PlacedHere = (tenantColumn: SQLiteColumn) => SQL;

/** Reads of the map and the shards a report makes at most before it answers with the last (a flip between each pair). */
const REPORT_READS = 3;

/**
 * An operator report over every database the composition root hands it (`everyShard`): each database's part, read by
 * `read` with the condition that counts a tenant only on the shard the control map places it on. A tenant in a move has
 * rows on both sides (a partial copy on the target before the flip, a stale one on the source after it) and the map
 * names one side, so it is counted once, paused or not; any other tenant is read where its rows are live (`liveHere`).
 * The map is read again after the shards: a move that started, flipped or finished in between (its source rows may be
 * half deleted) reads the report again.
 */
export async function reportOnEveryShard<OnShard extends { shard: string }, T>(
  ctx: { control: Database; everyShard(): Promise<OnShard[]> },
  read: (onShard: OnShard, placedHere: PlacedHere) => Promise<T>,
): Promise<T[]> {
  let moving = await movingTenantShards(ctx.control);
  for (let reads = 1; ; reads++) {
    const parts = await Promise.all((await ctx.everyShard()).map((onShard) => read(onShard, placedOn(onShard.shard, moving))));
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
