// Moving tenants between shards: the operator route, where a tenant's rows are, and the shard a tenant is on.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { expect } from "vitest";

import { shardD1, shardsOf } from "../../../src/placement/shards";
import { tenantFences } from "../../../src/placement/tenant-fences.schema";
import type { TenantMoveRecord } from "../../../src/placement/tenant-moves.schema";
import type { RootContext } from "../../../src/platform/context";
import { type MoveDatabases, moveStep } from "../../../src/tenant-moves/move.service";
import { shardDb } from "./db";
import { ADMIN_HEADERS, call, jsonInit } from "./http";
import { tenantShardBinding } from "./shards";

export type MoveStatus = {
  tenantId: string;
  from: string;
  to: string;
  region: string;
  step: string;
  paused: boolean;
  pauseMs: number | null;
  tables: {
    table: string;
    copied: number;
    compared: number;
    repaired: number;
    caughtUpWritten: number;
    caughtUpDeleted: number;
    deltaWritten: number;
    deltaDeleted: number;
    sourceRows: number | null;
    targetRows: number | null;
    sourceChecksum: string | null;
    targetChecksum: string | null;
    deleted: number;
  }[];
  lastError: string | null;
};

export const movePath = (tenantId: string) => `/admin/tenants/${tenantId}/move`;

export function postMove(tenantId: string, body: unknown): Promise<Response> {
  return call(movePath(tenantId), jsonInit("POST", body, ADMIN_HEADERS));
}

/** Calls the operator route until the move is done, as `npm run admin -- tenant move` does. */
export async function moveToEnd(tenantId: string, to: string, allowCrossRegion = false): Promise<MoveStatus> {
  for (let call = 0; call < 50; call++) {
    const response = await postMove(tenantId, { to, allowCrossRegion });
    const status = (await response.json()) as MoveStatus;
    expect([200, 202], JSON.stringify(status)).toContain(response.status);
    if (response.status === 200) return status;
  }
  throw new Error(`move of ${tenantId} to ${to} did not finish`);
}

/** Another configured shard of the tenant's region (the target of a move within it). */
export async function otherShardInRegion(tenantId: string): Promise<string> {
  const current = await tenantShardBinding(tenantId);
  const region = shardsOf(env).find((shard) => shard.binding === current)?.region ?? env.DEFAULT_REGION;
  return shardsOf(env).find((shard) => shard.region === region && shard.binding !== current)!.binding;
}

/** A database's own record of the moves fencing and capturing its tenants: not a tenant's data, never moved. */
const MOVE_BOOKKEEPING = ["tenant_changes", "tenant_fences"];

/** Every table of a tenant's data a tenant shard has, as its migrations made it. */
export async function shardTableNames(): Promise<string[]> {
  const { results } = await shardsOf(env)[0]!
    .d1.prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'
         AND name NOT IN (${MOVE_BOOKKEEPING.map((name) => `'${name}'`).join(", ")}) ORDER BY name`,
    )
    .all<{ name: string }>();
  return results.map((row) => row.name);
}

/**
 * The tenant's rows in every shard table of one database (a shard, or the control database for a tenant from before
 * shards), by table; the tenants row counts as the tenants table's.
 */
export async function rowsOn(binding: string, tenantId: string): Promise<Record<string, number>> {
  const d1 = shardD1(env, binding);
  const results = (await shardTableNames()).map((name) => ({ name }));
  const counts: Record<string, number> = {};
  for (const { name } of results) {
    const columns = (await d1.prepare(`SELECT name FROM pragma_table_info('${name}')`).all<{ name: string }>()).results.map((c) => c.name);
    const column = name === "tenants" ? "id" : columns.includes("tenant_id") ? "tenant_id" : null;
    if (column === null) continue;
    const row = await d1.prepare(`SELECT COUNT(*) AS n FROM "${name}" WHERE ${column} = ?`).bind(tenantId).first<{ n: number }>();
    if (row!.n > 0) counts[name] = row!.n;
  }
  return counts;
}

/** Steps a move (waiting out its drain) until `reached` holds of it, as its driver would, one saved step at a time. */
export async function advanceMoveUntil(
  ctx: RootContext,
  move: TenantMoveRecord,
  databases: MoveDatabases,
  reached: (move: TenantMoveRecord) => boolean,
): Promise<TenantMoveRecord> {
  let current = move;
  for (let steps = 0; !reached(current); steps++) {
    if (steps > 500) throw new Error(`move of ${move.tenantId} stuck at ${current.step}`);
    const outcome = await moveStep({ ctx, input: { move: current, databases } });
    if (outcome.waitMs > 0) await new Promise((resolve) => setTimeout(resolve, outcome.waitMs));
    current = outcome.move;
  }
  return current;
}

/** The tenant's fence on one database (src/placement/tenant-fences.schema.ts), or null for none: its rows there are live. */
export async function fenceOn(binding: string, tenantId: string): Promise<string | null> {
  const fence = await shardDb(shardD1(env, binding)).query.tenantFences.findFirst({ where: eq(tenantFences.tenantId, tenantId) });
  return fence?.state ?? null;
}
