// A tenant's data lives on its shard: tests that read or write rows behind the API go there, through the control
// database's map, exactly as the service does.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";

import { createContext } from "../../../src/context";
import { CONTROL_BINDING, shardD1, shardsOf } from "../../../src/placement/shards";
import { tenantShards } from "../../../src/placement/tenant-shards.schema";
import type { ShardContext, TenantContext } from "../../../src/platform/context";
import { ADMIN_HEADERS, call, jsonInit } from "./http";

/** The binding of the shard holding the tenant's data (`DB` for a tenant the map does not name). */
export async function tenantShardBinding(tenantId: string): Promise<string> {
  const [row] = await drizzle(env.DB).select({ shard: tenantShards.shard }).from(tenantShards).where(eq(tenantShards.tenantId, tenantId));
  return row?.shard ?? CONTROL_BINDING;
}

/** The tenant's shard, as a raw D1 database, for SQL a test runs behind the API. */
export async function tenantD1(tenantId: string): Promise<D1Database> {
  return shardD1(env, await tenantShardBinding(tenantId));
}

/** The composition root's context on the tenant's shard, as a request authenticated for the tenant gets it. */
export async function tenantContext(tenantId: string, options: Parameters<typeof createContext>[1] = {}): Promise<TenantContext> {
  return createContext(env, options).forTenant({ id: tenantId, shard: await tenantShardBinding(tenantId) });
}

/** Every configured shard's D1 database, for a test that looks for a row wherever it may be. */
export const allShardD1s = (): D1Database[] => shardsOf(env).map((shard) => shard.d1);

/** The context on every configured shard, as the cron's sweeps run. */
export const shardContexts = (options: Parameters<typeof createContext>[1] = {}): ShardContext[] => {
  const ctx = createContext(env, options);
  return shardsOf(env).map((shard) => ctx.forShard(shard.binding));
};

/**
 * The binding of the database holding the row `id` of a tenant table, for a test that has only a row's id (a delivery,
 * an event): every configured shard, then the control database.
 */
export async function shardHolding(table: string, id: string): Promise<string> {
  for (const binding of [...shardsOf(env).map((shard) => shard.binding), CONTROL_BINDING]) {
    if (await shardD1(env, binding).prepare(`SELECT 1 FROM ${table} WHERE id = ?`).bind(id).first()) return binding;
  }
  throw new Error(`No database holds ${table} ${id}.`);
}

/** The raw D1 database holding the row `id` of a tenant table. */
export const d1Holding = async (table: string, id: string): Promise<D1Database> => shardD1(env, await shardHolding(table, id));

/**
 * Makes tenants with `make` until one lands on a shard other than `shard` (placement takes the emptiest shard). When
 * `shard` stays the emptiest by far (another test filled the other one), the last is moved off it, as an operator would.
 */
export async function tenantOnAnotherShard<T extends { tenantId: string }>(shard: string, make: () => Promise<T>): Promise<T> {
  for (let tries = 0; tries < 5; tries++) {
    const made = await make();
    if ((await tenantShardBinding(made.tenantId)) !== shard) return made;
  }
  const made = await make();
  const region = shardsOf(env).find((candidate) => candidate.binding === shard)?.region ?? env.DEFAULT_REGION;
  const to = shardsOf(env).find((candidate) => candidate.region === region && candidate.binding !== shard)!.binding;
  for (let step = 0; step < 50; step++) {
    const moved = await call(`/admin/tenants/${made.tenantId}/move`, jsonInit("POST", { to }, ADMIN_HEADERS));
    if (moved.status === 200) return made;
    if (moved.status !== 202) throw new Error(`move of ${made.tenantId} to ${to}: ${moved.status} ${await moved.text()}`);
  }
  throw new Error(`move of ${made.tenantId} to ${to} did not finish`);
}

/**
 * Rows a query finds on any shard, for a test that knows a row by its own id (a payment's, an event's, a delivery's)
 * and not its tenant: ids are unique across shards, so at most one shard answers.
 */
export async function rowsOnAnyShard<T>(sql: string, ...params: unknown[]): Promise<T[]> {
  const answers = await Promise.all(
    allShardD1s().map((d1) =>
      d1
        .prepare(sql)
        .bind(...params)
        .all<T>(),
    ),
  );
  return answers.flatMap((answer) => answer.results);
}

/** The row a query finds on any shard (see rowsOnAnyShard), or null. */
export async function rowOnAnyShard<T>(sql: string, ...params: unknown[]): Promise<T | null> {
  return (await rowsOnAnyShard<T>(sql, ...params))[0] ?? null;
}
