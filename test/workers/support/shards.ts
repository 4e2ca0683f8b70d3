// A tenant's data lives on its shard: tests that read or write rows behind the API go there, through the control
// database's map, exactly as the service does.
import { env } from "cloudflare:workers";
import { createContext } from "../../../src/context";
import { CONTROL_BINDING, shardD1, shardsOf } from "../../../src/db/shards";
import type { AppContext } from "../../../src/platform/context";

/** The binding of the shard holding the tenant's data (`DB` for a tenant the map does not name). */
export async function tenantShardBinding(tenantId: string): Promise<string> {
  const row = await env.DB.prepare("SELECT shard FROM tenant_shards WHERE tenant_id = ?").bind(tenantId).first<{ shard: string }>();
  return row?.shard ?? CONTROL_BINDING;
}

/** The tenant's shard, as a raw D1 database, for SQL a test runs behind the API. */
export async function tenantD1(tenantId: string): Promise<D1Database> {
  return shardD1(env, await tenantShardBinding(tenantId));
}

/** The composition root's context on the tenant's shard, as a request authenticated for the tenant gets it. */
export async function tenantContext(tenantId: string, options: Parameters<typeof createContext>[1] = {}): Promise<AppContext> {
  return createContext(env, options).forShard(await tenantShardBinding(tenantId));
}

/** Every configured shard's D1 database, for a test that looks for a row wherever it may be. */
export const allShardD1s = (): D1Database[] => shardsOf(env).map((shard) => shard.d1);

/** The context on every configured shard, as the cron's sweeps run. */
export const shardContexts = (options: Parameters<typeof createContext>[1] = {}): AppContext[] => {
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

/** Makes tenants with `make` until one lands on a shard other than `shard` (placement takes the emptiest shard). */
export async function tenantOnAnotherShard<T extends { tenantId: string }>(shard: string, make: () => Promise<T>): Promise<T> {
  for (let tries = 0; tries < 10; tries++) {
    const made = await make();
    if ((await tenantShardBinding(made.tenantId)) !== shard) return made;
  }
  throw new Error(`every new tenant landed on ${shard}`);
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

/** A write to rows known by their own id, wherever they are (see rowsOnAnyShard). */
export async function writeOnEveryShard(sql: string, ...params: unknown[]): Promise<void> {
  await Promise.all(
    allShardD1s().map((d1) =>
      d1
        .prepare(sql)
        .bind(...params)
        .run(),
    ),
  );
}
