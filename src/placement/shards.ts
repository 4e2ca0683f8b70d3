import { count, eq, inArray, isNull, ne } from "drizzle-orm";

import { boundList } from "../db/bound-list";
import type { Database } from "../db/client";
import { tenants } from "../db/tenants.schema";
import type { ShardConfig } from "../lib/env";
import { ApiError } from "../lib/problem";
import { tenantMoves } from "./tenant-moves.schema";
import { tenantShards } from "./tenant-shards.schema";

/** A tenant shard as SHARDS configures it, with its D1 binding. */
export type Shard = { binding: string; region: string; open: boolean; d1: D1Database };

/** The configured shards, in SHARDS order; the environment has been validated, so every binding is there. */
export function shardsOf(env: Env): Shard[] {
  const bindings = env as unknown as Record<string, D1Database>;
  return Object.entries(env.SHARDS as ShardConfig).map(([binding, { region, open }]) => ({
    binding,
    region,
    open,
    d1: bindings[binding]!,
  }));
}

/**
 * Where a tenant with no tenant_shards row keeps its data: the control database, as every tenant did before shards
 * (docs/scale.md, from one database to shards). Such a tenant's shard is this binding. The legacy path is to be
 * deleted (docs/scale.md, the plan's dates): every check of it goes through `isLegacyControlShard` and
 * `placedShard`, so deleting it is deleting these two and what they guard.
 */
export const CONTROL_BINDING = "DB";

/** Whether a binding is the control database holding tenants from before shards, not a tenant shard. */
export const isLegacyControlShard = (binding: string | null): boolean => binding === CONTROL_BINDING;

/** The shard a tenant_shards row names, or the control database for a tenant from before shards (no row). */
export const placedShard = (shard: string | null | undefined): string => shard ?? CONTROL_BINDING;

/** The D1 database a tenant_shards row names; a name no longer in SHARDS is a deployment mistake, not the caller's. */
export function shardD1(env: Env, binding: string): D1Database {
  if (isLegacyControlShard(binding)) return env.DB;
  const shard = shardsOf(env).find((configured) => configured.binding === binding);
  if (!shard) throw new Error(`Shard ${binding} holds tenants but is not in SHARDS.`);
  return shard.d1;
}

/** How many bytes a database takes now: D1 reports it with every statement. */
export async function sizeOf(d1: D1Database): Promise<number> {
  const { meta } = await d1.prepare("SELECT 1").run();
  return meta.size_after;
}

/**
 * The open shard of the region with the most room: every shard has the same size limit, so the smallest; then the one
 * with fewer tenants, then SHARDS order. A region no shard serves is the caller's mistake; one whose shards are all
 * closed is the operator's to open.
 */
export async function placeInRegion(control: Database, env: Env, region: string): Promise<Shard> {
  const inRegion = shardsOf(env).filter((shard) => shard.region === region);
  if (inRegion.length === 0) {
    const regions = [...new Set(shardsOf(env).map((shard) => shard.region))].join(", ");
    throw new ApiError("validation-failed", `No shard serves region ${region}; this deployment's regions: ${regions}.`, {
      extensions: { errors: [{ field: "region", message: `must be one of: ${regions}` }] },
    });
  }
  const open = inRegion.filter((shard) => shard.open);
  if (open.length === 0) throw new ApiError("conflict", `No shard in region ${region} takes new tenants.`);
  const openBindings = open.map((shard) => shard.binding);
  const [sizes, placed] = await Promise.all([
    Promise.all(open.map((shard) => sizeOf(shard.d1))),
    control
      .select({ shard: tenantShards.shard, tenants: count() })
      .from(tenantShards)
      .where(inArray(tenantShards.shard, openBindings))
      .groupBy(tenantShards.shard)
      .all(),
  ]);
  const tenantsOn = (shard: Shard) => placed.find((row) => row.shard === shard.binding)?.tenants ?? 0;
  const ranked = open.map((shard, order) => ({ shard, size: sizes[order]!, tenants: tenantsOn(shard), order }));
  ranked.sort((a, b) => a.size - b.size || a.tenants - b.tenants || a.order - b.order);
  return ranked[0]!.shard;
}

/** Every database that may hold a tenant's rows, whether or not one does: the control database (legacy), then each shard. */
export const everyDatabase = (env: Env): string[] => [CONTROL_BINDING, ...shardsOf(env).map((shard) => shard.binding)];

/**
 * Every database holding tenant data: each configured shard, and the control database while a tenant from before
 * shards still keeps its data there.
 */
export async function shardsInUse(control: Database, env: Env): Promise<string[]> {
  const unplaced = await control
    .select({ id: tenants.id })
    .from(tenants)
    .leftJoin(tenantShards, eq(tenantShards.tenantId, tenants.id))
    .where(isNull(tenantShards.tenantId))
    .limit(1)
    .get();
  const bindings = shardsOf(env).map((shard) => shard.binding);
  return unplaced ? [CONTROL_BINDING, ...bindings] : bindings;
}

/** Where a tenant's data is and whether a move has paused its writes; a tenant from before shards is on the control database. */
export type TenantPlacement = { shard: string; moving: boolean };

/**
 * The one read every resolution of a tenant's shard makes (keys, sessions, operator routes, queue messages, readers,
 * processor webhooks): a tenant paused by a move must be refused or retried there, never served from the old shard.
 */
export async function tenantPlacement(control: Database, tenantId: string): Promise<TenantPlacement | null> {
  const rows = await tenantPlacements(control, [tenantId]);
  return rows.get(tenantId) ?? null;
}

/** The placement of several tenants in one read (a queue batch), keyed by tenant; an unknown tenant is absent. */
export async function tenantPlacements(control: Database, tenantIds: string[]): Promise<Map<string, TenantPlacement>> {
  if (tenantIds.length === 0) return new Map();
  const rows = await control
    .select({ tenantId: tenants.id, ...placementFields })
    .from(tenants)
    .leftJoin(tenantShards, eq(tenantShards.tenantId, tenants.id))
    .leftJoin(tenantMoves, eq(tenantMoves.tenantId, tenants.id))
    .where(inArray(tenants.id, boundList(tenantIds)))
    .all();
  return new Map(rows.map((row) => [row.tenantId, placementOf(row)]));
}

/** The columns a query joining tenant_shards and tenant_moves selects for `placementOf`. */
export const placementFields = { shard: tenantShards.shard, pausedAt: tenantMoves.pausedAt };

export function placementOf(row: { shard: string | null; pausedAt: string | null }): TenantPlacement {
  return { shard: placedShard(row.shard), moving: row.pausedAt !== null };
}

/**
 * Each tenant in an unfinished move and the shard the map places it on now: the source until the flip, the target from
 * it. Its rows are on both sides meanwhile, and only that shard's are the tenant's live ones.
 */
export async function movingTenantShards(control: Database): Promise<Map<string, string>> {
  const rows = await control
    .select({ tenantId: tenantMoves.tenantId, shard: tenantShards.shard })
    .from(tenantMoves)
    .leftJoin(tenantShards, eq(tenantShards.tenantId, tenantMoves.tenantId))
    .where(ne(tenantMoves.step, "done"))
    .all();
  return new Map(rows.map((row) => [row.tenantId, placedShard(row.shard)]));
}
