// Runs before each test file. The files of one Vitest worker share one workerd (isolate: false in vitest.config.mjs),
// so each starts here from what a workerd of its own would give it: empty, migrated databases (the control database
// and every tenant shard), a sandbox processor that remembers nothing, and no spy or stubbed global left by the file
// before.
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll, vi } from "vitest";

import { shardsOf } from "../../../src/placement/shards";
import { control } from "../support/sandbox";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
      TEST_SHARD_MIGRATIONS: import("cloudflare:test").D1Migration[];
      DB_SHARD_EU_1: D1Database;
    }
  }
}

/** Drops every table and view, newest first; the foreign keys are checked at the end, when nothing is left to point at. */
async function empty(db: D1Database) {
  const { results } = await db
    .prepare("SELECT type, name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'")
    .all<{ type: "table" | "view"; name: string }>();
  if (results.length === 0) return;
  const drops = results.reverse().map(({ type, name }) => db.prepare(`DROP ${type.toUpperCase()} IF EXISTS "${name}"`));
  await db.batch([db.prepare("PRAGMA defer_foreign_keys = ON"), ...drops]);
}

/** Everything the database's schema is: tables, indexes, triggers and views, with their SQL. */
async function schemaOf(db: D1Database) {
  const { results } = await db
    .prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE '_cf_%' ORDER BY type, name")
    .all<{ type: string; name: string; sql: string | null }>();
  return JSON.stringify(results);
}

/**
 * Deletes every row, fences first (their triggers refuse writes to a paused tenant's rows and log a capturing one's
 * deletes), keeping the migrations' record: what migrating an emptied database gives, in a tenth of the time.
 */
async function deleteRows(db: D1Database) {
  const { results } = await db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations' AND name NOT LIKE 'sqlite_stat%'",
    )
    .all<{ name: string }>();
  const tables = results.map(({ name }) => name).sort((a, b) => Number(b === "tenant_fences") - Number(a === "tenant_fences"));
  await db.batch([db.prepare("PRAGMA defer_foreign_keys = ON"), ...tables.map((name) => db.prepare(`DELETE FROM "${name}"`))]);
}

/** The schema each database had right after this workerd last migrated it: kept on the isolate, which its files share. */
const migratedSchemas: Map<string, string> = ((globalThis as { migratedSchemas?: Map<string, string> }).migratedSchemas ??= new Map());

/** An empty, migrated database: its rows deleted when a file left the migrated schema as it was, else dropped and migrated again. */
async function fresh(binding: string, migrations: import("cloudflare:test").D1Migration[]) {
  const db = (env as unknown as Record<string, D1Database>)[binding]!;
  const migrated = migratedSchemas.get(binding);
  if (migrated !== undefined && migrated === (await schemaOf(db))) return deleteRows(db);
  await empty(db);
  await applyD1Migrations(db, migrations);
  migratedSchemas.set(binding, await schemaOf(db));
}

await Promise.all([fresh("DB", env.TEST_MIGRATIONS), ...shardsOf(env).map(({ binding }) => fresh(binding, env.TEST_SHARD_MIGRATIONS))]);
await control("reset");

afterAll(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
