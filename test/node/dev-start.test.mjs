// How `npm run dev` (scripts/dev.mjs) starts: on a fresh state directory it applies every D1 migration (the control
// database's and each tenant shard's), a second start finds none pending and applies nothing, and a migration the database has not recorded is applied on the next start;
// wrangler's local trace viewer stays off unless `--traces` asks for it.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";

import { afterAll, describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";

import { localD1, localD1s } from "../../scripts/local-d1.mjs";
import { freePort } from "../support/index.mjs";

const root = path.join(import.meta.dirname, "../..");
const stateDir = mkdtempSync(path.join(tmpdir(), "payment-connect-dev-start-"));
const config = unstable_readConfig({ config: path.join(root, "wrangler.toml") });
const d1 = localD1({ config, stateDir });
const shards = localD1s({ config, stateDir }).filter((database) => database.binding !== "DB");
const migrations = readdirSync(path.join(root, "migrations"))
  .filter((name) => name.endsWith(".sql"))
  .sort();
const shardMigrations = readdirSync(path.join(root, "shard-migrations"))
  .filter((name) => name.endsWith(".sql"))
  .sort();
const TRACES_QUERY = "/cdn-cgi/local/explorer/api/local/observability/query";

afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

/**
 * Starts `npm run dev` on the test's state directory, runs `check` once it is up, stops it; resolves with its output.
 * Without `check` it is stopped as soon as it has said what it did with the migrations, before wrangler is up.
 */
async function withDev(extraArgs, check) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const args = ["--disable-warning=ExperimentalWarning", "scripts/dev.mjs", "--port", String(port), "--ip", "127.0.0.1"];
  args.push("--persist-to", stateDir, "--inspector-port", String(await freePort()), "--show-interactive-dev-session=false", ...extraArgs);
  // Started as a user starts it: wrangler's own switch for the trace viewer unset.
  const env = { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== "X_LOCAL_OBSERVABILITY")), CI: "true" };
  // Its own process group, so stopping it stops wrangler and workerd too, even when dev.mjs cannot pass a signal on.
  const dev = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  const closed = new Promise((resolve) => dev.once("close", resolve));
  let output = "";
  dev.stdout.on("data", (chunk) => (output += chunk));
  dev.stderr.on("data", (chunk) => (output += chunk));
  try {
    const deadline = Date.now() + 120_000;
    const ready = check ? /Payment Connect is up/ : /D1 migrations up to date|applying \d+ D1 migration/;
    while (!ready.test(output)) {
      if (dev.exitCode !== null || Date.now() > deadline) throw new Error(`npm run dev did not come up:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (check) await check(baseUrl);
  } finally {
    await stop(dev, closed);
  }
  return output;
}

/** SIGTERM to the whole group, then SIGKILL if it has not closed within 15 s (a loaded machine tears down slowly). */
async function stop(dev, closed) {
  const signalGroup = (signal) => {
    try {
      process.kill(-(/** @type {number} */ (dev.pid)), signal);
    } catch {
      // already gone
    }
  };
  signalGroup("SIGTERM");
  const timer = setTimeout(() => signalGroup("SIGKILL"), 15_000);
  await closed;
  clearTimeout(timer);
}

async function tracesQuery(baseUrl) {
  return fetch(baseUrl + TRACES_QUERY, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ sql: "SELECT name FROM spans LIMIT 1" }),
    signal: AbortSignal.timeout(30_000),
  });
}

function appliedMigrations(database = d1) {
  const db = new DatabaseSync(database.file, { readOnly: true });
  try {
    return db
      .prepare("SELECT name FROM d1_migrations ORDER BY name")
      .all()
      .map((row) => row.name);
  } finally {
    db.close();
  }
}

describe("npm run dev, started again and again on one state directory", () => {
  it(
    "migrates a fresh state, skips the migrations when none is pending, applies a new one, and keeps the trace viewer off unless asked",
    {
      timeout: 360_000,
    },
    async () => {
      const fresh = await withDev([], async (baseUrl) => {
        expect((await fetch(`${baseUrl}/v1/meta`, { signal: AbortSignal.timeout(30_000) })).status).toBe(200);
        const traces = await tracesQuery(baseUrl);
        expect(traces.status, await traces.clone().text()).toBe(404);
        expect(await traces.text()).toContain("not enabled");
      });
      expect(fresh).toContain(`applying ${migrations.length} D1 migration(s)`);
      expect(appliedMigrations()).toEqual(migrations);
      expect(shards.length, "at least two tenant shards").toBeGreaterThanOrEqual(2);
      for (const shard of shards) expect(appliedMigrations(shard), shard.binding).toEqual(shardMigrations);
      expect(existsSync(path.join(stateDir, "v3", "observability")), "no trace store on disk").toBe(false);

      // Whether it migrates is decided before wrangler starts: the first and third starts show it comes up after.
      const again = await withDev([]);
      expect(again).toContain("D1 migrations up to date");
      expect(again).not.toContain("applying");

      // One migration made pending again: its record and its columns and indexes gone, as before it was written.
      const reverted = "0011_onboarding_sweep.sql";
      const db = new DatabaseSync(d1.file);
      db.exec(`DROP INDEX onboarding_form_link_expiry; DROP INDEX onboarding_pci_checked;
      ALTER TABLE onboarding DROP COLUMN change_token; ALTER TABLE onboarding DROP COLUMN form_checked_at;
      ALTER TABLE onboarding DROP COLUMN pci_checked_at; DELETE FROM d1_migrations WHERE name = '${reverted}';`);
      db.close();

      const pending = await withDev(["--traces"], async (baseUrl) => {
        expect((await fetch(`${baseUrl}/v1/meta`, { signal: AbortSignal.timeout(30_000) })).status).toBe(200);
        const traces = await tracesQuery(baseUrl);
        expect(traces.status, await traces.clone().text()).toBe(200);
      });
      expect(pending).toContain(`applying 1 D1 migration(s): ${reverted}`);
      expect(appliedMigrations()).toEqual(migrations);
      const columns = new DatabaseSync(d1.file, { readOnly: true }).prepare("SELECT name FROM pragma_table_info('onboarding')").all();
      expect(columns.map((column) => column.name)).toEqual(expect.arrayContaining(["change_token", "form_checked_at", "pci_checked_at"]));
    },
  );
});
