// Moving tenants between shards: the operator route, where a tenant's rows are, and the shard a tenant is on.
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { shardD1, shardsOf } from "../../../src/db/shards";
import { ADMIN_HEADERS, call, jsonInit } from "./http";
import { tenantShardBinding } from "./shards";

export type MoveStatus = {
  tenantId: string;
  from: string;
  to: string;
  region: string;
  step: string;
  paused: boolean;
  tables: {
    table: string;
    copied: number;
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

/** Every table of tenant data a shard has, as its migrations made it (tenant_fences is the moves' record, not data). */
export async function shardTableNames(): Promise<string[]> {
  const { results } = await shardsOf(env)[0]!
    .d1.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT IN ('d1_migrations', 'tenant_fences') ORDER BY name",
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

/** The tenant's fence on one database (src/db/tenant-fences.schema.ts), or null for none: its rows there are live. */
export async function fenceOn(binding: string, tenantId: string): Promise<string | null> {
  return shardD1(env, binding).prepare("SELECT state FROM tenant_fences WHERE tenant_id = ?").bind(tenantId).first<string>("state");
}
