// The service's local D1 database and its migrations, for `npm run dev`. Which migrations are pending is read straight
// from the database file with Node's SQLite (no workerd: `wrangler d1 migrations apply` took 3.5 s to find nothing to
// do), and the pending ones are applied through one Miniflare — where wrangler starts a workerd per migration — with
// wrangler's own bookkeeping: one transaction per migration that also records it in the migrations table.
import { execFile } from "node:child_process";
import { createHash, createHmac, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { promisify } from "node:util";

const root = path.join(import.meta.dirname, "..");
const execFileAsync = promisify(execFile);
/** The control database, where `executeLocalD1` runs SQL unless told another binding. */
const BINDING = "DB";
/** Miniflare's Durable Object class behind every local D1 database, which names the folder its files are in. */
const D1_OBJECT = "miniflare-D1DatabaseObject";
/** How many times `executeLocalD1` runs SQL that meets the running server's lock on the database. */
const LOCKED_ATTEMPTS = 5;
/** How long `openLocalD1`'s database waits for the running server's lock on a write. */
const LOCK_WAIT_MS = 5_000;

/**
 * Where the local database of a binding (the control database unless told) lives under a `--persist-to` directory, and
 * its migrations as wrangler.toml declares them.
 *
 * @param {{ config: { d1_databases: D1Config[] }; stateDir: string; binding?: string }} options
 * @typedef {{ binding: string; database_id?: string; preview_database_id?: string; migrations_dir?: string; migrations_table?: string }} D1Config
 */
export function localD1({ config, stateDir, binding = BINDING }) {
  const database = config.d1_databases.find((entry) => entry.binding === binding);
  if (!database) throw new Error(`wrangler.toml has no D1 database bound as ${binding}`);
  return localDatabase(database, stateDir);
}

/**
 * Every D1 database wrangler.toml binds — the control database and each tenant shard — each with its own migrations.
 *
 * @param {{ config: { d1_databases: D1Config[] }; stateDir: string }} options
 */
export function localD1s({ config, stateDir }) {
  return config.d1_databases.map((database) => localDatabase(database, stateDir));
}

/** @param {D1Config} database @param {string} stateDir */
function localDatabase(database, stateDir) {
  // The id wrangler gives the local database, which names its Durable Object.
  const id = database.preview_database_id ?? database.database_id ?? database.binding;
  return {
    binding: database.binding,
    id,
    persistRoot: path.join(stateDir, "v3"),
    file: path.join(stateDir, "v3", "d1", D1_OBJECT, `${durableObjectIdFromName(D1_OBJECT, id)}.sqlite`),
    migrationsDir: path.join(root, database.migrations_dir ?? "migrations"),
    migrationsTable: database.migrations_table ?? "d1_migrations",
  };
}

/**
 * workerd's `idFromName`, which names a Durable Object's SQLite file on local disk: the HMAC-SHA256 of the name keyed
 * with the SHA-256 of the namespace's unique key, its first 16 bytes, then the first 16 of the HMAC of those.
 */
function durableObjectIdFromName(uniqueKey, name) {
  const key = createHash("sha256").update(uniqueKey).digest();
  const base = createHmac("sha256", key).update(name).digest().subarray(0, 16);
  const mac = createHmac("sha256", key).update(base).digest().subarray(0, 16);
  return Buffer.concat([base, mac]).toString("hex");
}

/** The migration files not yet recorded in the database's migrations table, in the order wrangler applies them. */
export function pendingMigrations(d1) {
  const names = readdirSync(d1.migrationsDir)
    .filter((name) => name.endsWith(".sql"))
    .sort();
  if (!existsSync(d1.file)) return names;
  const db = new DatabaseSync(d1.file, { readOnly: true });
  try {
    const table = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?").get(d1.migrationsTable);
    if (!table) return names;
    const applied = new Set(
      db
        .prepare(`SELECT name FROM "${d1.migrationsTable}"`)
        .all()
        .map((row) => row.name),
    );
    return names.filter((name) => !applied.has(name));
  } finally {
    db.close();
  }
}

/**
 * Applies each database's named migrations in order, each in one D1 batch (one transaction) with its row in the
 * migrations table, as `wrangler d1 migrations apply` records it; a failing migration stops the run and leaves the ones
 * before it applied. Every database goes through one Miniflare (they share the state directory).
 *
 * @param {{ d1: ReturnType<typeof localDatabase>; names: string[] }[]} pending
 */
export async function applyMigrations(pending) {
  const [first] = pending;
  if (!first) return;
  // The Miniflare wrangler depends on, not the older one the test pool brings: the file must be written by the workerd
  // that will serve it.
  const { Miniflare, convertV4MiniflareOptions } = /** @type {typeof import("miniflare")} */ (
    createRequire(createRequire(import.meta.url).resolve("wrangler"))("miniflare")
  );
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      script: "",
      resourcePersistencePath: first.d1.persistRoot,
      d1Databases: Object.fromEntries(pending.map(({ d1 }) => [d1.binding, d1.id])),
    }),
  );
  try {
    for (const { d1, names } of pending) {
      const db = await mf.getD1Database(d1.binding);
      await db.exec(
        `CREATE TABLE IF NOT EXISTS "${d1.migrationsTable}"(id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL);`,
      );
      for (const name of names) {
        await db.batch([
          // One statement can hold a whole file: local D1 runs it with the Durable Object's `sql.exec`, which takes several.
          db.prepare(readFileSync(path.join(d1.migrationsDir, name), "utf8")),
          db.prepare(`INSERT INTO "${d1.migrationsTable}" (name) VALUES (?)`).bind(name),
        ]);
      }
    }
  } finally {
    await mf.dispose();
  }
}

/** Each database with the migrations it has not recorded yet; databases with none are left out. */
export function pendingByDatabase(databases) {
  return databases.map((d1) => ({ d1, names: pendingMigrations(d1) })).filter(({ names }) => names.length > 0);
}

/**
 * Runs SQL on a local database (the control database unless told) with `wrangler d1 execute` in a child process,
 * without holding this one's event loop (the benchmark's seeding takes seconds, and a blocked loop misses the server
 * closing its idle keep-alive sockets). `config` is the wrangler config binding it (the benchmark's with N shards).
 * Resolves with wrangler's JSON: one result per statement. The running server's workerd holds the same SQLite file, so
 * a write that meets its lock (`database is locked`) is tried again, a few times, rather than failing.
 *
 * @param {{ persistTo: string; sql: string; binding?: string; config?: string }} options
 */
export async function executeLocalD1({ persistTo, sql, binding = BINDING, config = "wrangler.toml" }) {
  const file = path.join(tmpdir(), `payment-connect-d1-${process.pid}-${randomUUID()}.sql`);
  writeFileSync(file, sql);
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        const { stdout } = await execFileAsync(
          path.join(root, "node_modules", ".bin", "wrangler"),
          ["d1", "execute", binding, "-c", config, "--local", "--persist-to", persistTo, "--file", file, "--yes", "--json"],
          { cwd: root, encoding: "utf8", maxBuffer: 256 * 1024 * 1024, env: { ...process.env, CI: "true" } },
        );
        return /** @type {{ results: Record<string, unknown>[] }[]} */ (JSON.parse(stdout));
      } catch (error) {
        if (attempt === LOCKED_ATTEMPTS || !String(error).includes("SQLITE_BUSY")) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
      }
    }
  } finally {
    rmSync(file, { force: true });
  }
}

/**
 * A local database opened with Node's SQLite beside the running server, whose workerd holds the same file: for reads and
 * small writes behind the API, without a `wrangler d1 execute` (a workerd of its own, some 3 CPU-seconds) each. A write
 * that meets the server's lock waits up to LOCK_WAIT_MS for it. Close it when done.
 *
 * @param {{ persistTo: string; binding?: string; config?: string; readOnly?: boolean }} options
 */
export async function openLocalD1({ persistTo, binding = BINDING, config = "wrangler.toml", readOnly = false }) {
  const { unstable_readConfig } = await import("wrangler");
  const { file } = localD1({ config: unstable_readConfig({ config: path.resolve(root, config) }), stateDir: persistTo, binding });
  return new DatabaseSync(file, { readOnly, timeout: LOCK_WAIT_MS });
}

/**
 * The binding of the local shard holding a tenant's data, from the control database's map (`DB` for a tenant from before
 * shards), for SQL a script runs behind the API.
 *
 * @param {{ persistTo: string; tenantId: string; config?: string }} options
 */
export async function tenantShardBinding({ persistTo, tenantId, config }) {
  const db = await openLocalD1({ persistTo, config, readOnly: true });
  try {
    const found = db.prepare("SELECT shard FROM tenant_shards WHERE tenant_id = ?").get(tenantId);
    return typeof found?.shard === "string" ? found.shard : BINDING;
  } finally {
    db.close();
  }
}
