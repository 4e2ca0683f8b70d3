import { count } from "drizzle-orm";

import type { Database } from "../db/client";
import { type Shard, shardsOf, sizeOf } from "./shards";
import { tenantShards } from "./tenant-shards.schema";

export type ShardReport = { shard: string; region: string; open: boolean; tenants: number; rows: number; sizeBytes: number };

/** The tables a shard holds, read from the shard itself so a table added by a migration is counted the day it exists. */
async function rowsIn(shard: Shard): Promise<number> {
  const { results } = await shard.d1
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
    )
    .all<{ name: string }>();
  if (results.length === 0) return 0;
  const counts = await shard.d1.batch<{ n: number }>(results.map(({ name }) => shard.d1.prepare(`SELECT COUNT(*) AS n FROM "${name}"`)));
  return counts.reduce((sum, { results: [row] }) => sum + (row?.n ?? 0), 0);
}

/** Every configured shard with its tenants (from the control database's map), its rows and its size, each shard read once. */
export async function listShards(ctx: { control: Database; env: Env }): Promise<ShardReport[]> {
  const placed = await ctx.control
    .select({ shard: tenantShards.shard, tenants: count() })
    .from(tenantShards)
    .groupBy(tenantShards.shard)
    .all();
  return Promise.all(
    shardsOf(ctx.env).map(async (shard) => ({
      shard: shard.binding,
      region: shard.region,
      open: shard.open,
      tenants: placed.find((row) => row.shard === shard.binding)?.tenants ?? 0,
      rows: await rowsIn(shard),
      sizeBytes: await sizeOf(shard.d1),
    })),
  );
}
