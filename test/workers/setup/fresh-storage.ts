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

const tenantShards = shardsOf(env).map((shard) => shard.d1);
await Promise.all([env.DB, ...tenantShards].map(empty));
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await Promise.all(tenantShards.map((shard) => applyD1Migrations(shard, env.TEST_SHARD_MIGRATIONS)));
await control("reset");

afterAll(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
