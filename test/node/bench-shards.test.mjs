// The benchmark's shard setting, checked without running it: the wrangler config `--shards N` serves (N shards in the
// default region, each bound and in SHARDS, the control database kept, the counting entry point exporting every
// Durable Object class) and the storage figures read over every shard's local D1 file, as the benchmark's tenants are
// placed on several.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";

import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";

import { COUNTED_CONTROL_MAIN, writeShardedConfig } from "../../scripts/bench-sharded-config.mjs";
import { storageFootprint } from "../../scripts/bench-storage.mjs";

const root = path.join(import.meta.dirname, "../..");
const stateDir = mkdtempSync(path.join(tmpdir(), "payment-connect-bench-shards-"));
afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

describe("npm run bench -- --shards N", () => {
  it("serves wrangler.toml's service with N open shards in the default region and its control database", () => {
    const sharded = writeShardedConfig(4);
    try {
      const config = unstable_readConfig({ config: path.join(root, sharded.config) });
      const region = config.vars.DEFAULT_REGION;
      expect(config.vars.SHARDS).toEqual({
        DB_SHARD_US_1: { region, open: true },
        DB_SHARD_US_2: { region, open: true },
        DB_SHARD_US_3: { region, open: true },
        DB_SHARD_US_4: { region, open: true },
      });
      expect(config.d1_databases.map(({ binding, migrations_dir }) => [binding, migrations_dir])).toEqual([
        ["DB", "migrations"],
        ["DB_SHARD_US_1", "shard-migrations"],
        ["DB_SHARD_US_2", "shard-migrations"],
        ["DB_SHARD_US_3", "shard-migrations"],
        ["DB_SHARD_US_4", "shard-migrations"],
      ]);
      expect(new Set(config.d1_databases.map(({ database_id }) => database_id)).size).toBe(5);
      expect(path.relative(root, String(config.main))).toBe(COUNTED_CONTROL_MAIN);
      const toml = unstable_readConfig({ config: path.join(root, "wrangler.toml") });
      expect(config.queues).toEqual(toml.queues);
      expect(config.durable_objects).toEqual(toml.durable_objects);
    } finally {
      sharded.remove();
    }
  });

  it("exports from its counting entry point every Durable Object class wrangler.toml binds", async () => {
    const { metafile } = await build({
      entryPoints: [path.join(root, COUNTED_CONTROL_MAIN)],
      bundle: true,
      write: false,
      metafile: true,
      format: "esm",
      platform: "neutral",
      mainFields: ["module", "main"],
      external: ["cloudflare:*", "node:*"],
      logLevel: "silent",
    });
    const [entry] = Object.values(metafile.outputs);
    const bound = unstable_readConfig({ config: path.join(root, "wrangler.toml") }).durable_objects.bindings.map(
      ({ class_name }) => class_name,
    );
    expect(bound.length).toBeGreaterThan(0);
    expect(entry?.exports).toEqual(expect.arrayContaining(bound));
  });

  it("counts each table's rows and bytes on every shard, not only the one holding the ledger", () => {
    const folder = path.join(stateDir, "v3", "d1", "miniflare-D1DatabaseObject");
    mkdirSync(folder, { recursive: true });
    const shard = (file, { payments, events }) => {
      const db = new DatabaseSync(path.join(folder, file));
      db.exec(`CREATE TABLE payments (id TEXT PRIMARY KEY, body TEXT);
        CREATE TABLE refunds (id TEXT PRIMARY KEY, body TEXT);
        CREATE TABLE events (id TEXT PRIMARY KEY, body TEXT);
        CREATE TABLE callback_deliveries (id TEXT PRIMARY KEY, body TEXT);
        CREATE INDEX events_body ON events (body);`);
      const body = "x".repeat(500);
      for (let i = 0; i < payments; i++) db.prepare("INSERT INTO payments VALUES (?, ?)").run(`pay${file}${i}`, body);
      for (let i = 0; i < events; i++) {
        db.prepare("INSERT INTO events VALUES (?, ?)").run(`evt${file}${i}`, body);
        db.prepare("INSERT INTO callback_deliveries VALUES (?, ?)").run(`dlv${file}${i}`, body);
      }
      db.close();
    };
    // The ledger's tenant on one shard, the callbacks' tenants on another, as placement puts them.
    shard("ledger.sqlite", { payments: 300, events: 0 });
    shard("callbacks.sqlite", { payments: 0, events: 200 });

    const { tables } = storageFootprint(stateDir);

    expect(tables.payments.rows).toBe(300);
    expect(tables.events.rows).toBe(200);
    expect(tables.callback_deliveries.rows).toBe(200);
    // 500 bytes of body and its key: a row's share of its table's and index's pages, never a whole empty page's.
    expect(tables.events.bytesPerRow).toBeGreaterThan(500);
    expect(tables.events.bytesPerRow).toBeLessThan(1500);
    // Each b-tree on its own line, the rows' first: the body twice (the rows and events_body), the key once.
    expect(tables.events.trees.map(({ name }) => name)).toEqual(["events", "events_body", "sqlite_autoindex_events_1"]);
    const [rows, byBody, byKey] = tables.events.trees.map(({ bytesPerRow }) => bytesPerRow);
    expect(byBody).toBeGreaterThan(500);
    expect(rows).toBeGreaterThanOrEqual(byBody);
    expect(byKey).toBeLessThan(100);
    expect(tables.events.bytesPerRow).toBeCloseTo(rows + byBody + byKey, 6);
    // A table this database has not (the delivery attempts) counts as empty.
    expect(tables.callback_delivery_attempts).toMatchObject({ rows: 0, bytesPerRow: null, trees: [] });
  });
});
