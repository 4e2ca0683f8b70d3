// `npm run dev` itself (scripts/dev.mjs), on one state directory from fresh. Its first start applies every D1 migration
// (the control database's and each tenant shard's) and keeps wrangler's trace viewer off; on a port other than 8787,
// every link the service and the sandbox generate follows the port, the URL is written for the terminal tools, the cron
// sweep can be run, and the operator CLI fails with one line (and the right exit code) when the server is missing, the
// secret is wrong, or the command is misused. Started again, it finds no migration pending, applies one the database
// has not recorded, and turns the trace viewer on when `--traces` asks. One file, so that one start of the whole
// service (most of such a file's CPU) serves all of it.
import { execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { promisify } from "node:util";

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";

import { TEST_SELLER } from "../../packages/sandbox-processor/src/core/test-data.ts";
import { localD1, localD1s } from "../../scripts/local-d1.mjs";
import { parseDevVars } from "../../scripts/local-service.mjs";
import { freePort } from "../support/index.mjs";

const root = path.join(import.meta.dirname, "../..");
const execFileAsync = promisify(execFile);
const stateDir = mkdtempSync(path.join(tmpdir(), "payment-connect-dev-"));
const config = unstable_readConfig({ config: path.join(root, "wrangler.toml") });
const d1 = localD1({ config, stateDir });
const shards = localD1s({ config, stateDir }).filter((database) => database.binding !== "DB");
const sqlFiles = (folder) =>
  readdirSync(path.join(root, folder))
    .filter((name) => name.endsWith(".sql"))
    .sort();
const migrations = sqlFiles("migrations");
const shardMigrations = sqlFiles("shard-migrations");
const TRACES_QUERY = "/cdn-cgi/local/explorer/api/local/observability/query";

/** Runs a terminal tool; resolves with its exit code and output whatever the code. */
async function cli(script, args, env = {}) {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, [`scripts/${script}`, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    return { code: error.code, stdout: error.stdout, stderr: error.stderr };
  }
}

/**
 * `npm run dev` on the file's state directory, started as a user starts it (wrangler's own switch for the trace viewer
 * unset), in a process group of its own so that stopping it stops wrangler and workerd too. Its `output` grows as it
 * prints.
 */
async function startDev(args) {
  const env = { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== "X_LOCAL_OBSERVABILITY")), CI: "true" };
  args = ["--persist-to", stateDir, "--inspector-port", String(await freePort()), "--show-interactive-dev-session=false", ...args];
  const dev = spawn(process.execPath, ["--disable-warning=ExperimentalWarning", "scripts/dev.mjs", ...args], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const started = { dev, output: "", closed: new Promise((resolve) => dev.once("close", resolve)) };
  dev.stdout.on("data", (chunk) => (started.output += chunk));
  dev.stderr.on("data", (chunk) => (started.output += chunk));
  return started;
}

/** Resolves once it has printed `ready`; fails if it exits first or takes over 2 minutes (a loaded machine). */
async function until(started, ready) {
  const deadline = Date.now() + 120_000;
  while (!ready.test(started.output)) {
    if (started.dev.exitCode !== null || Date.now() > deadline) throw new Error(`npm run dev did not come up:\n${started.output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** SIGTERM to the whole group, then SIGKILL if it has not closed within 15 s (a loaded machine tears down slowly). */
async function stopDev({ dev, closed }) {
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

function tracesQuery(base) {
  return fetch(base + TRACES_QUERY, {
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

/** The first start, on the fresh state: every test but the last file's uses it. */
let server;
let baseUrl;
let admin;

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  server = await startDev(["--port", String(port)]);
  await until(server, /Payment Connect is up/);
  // scripts/dev.mjs made .dev.vars if it was missing; the server and the CLI both read the secret there.
  admin = { Authorization: `Bearer ${parseDevVars(readFileSync(path.join(root, ".dev.vars"), "utf8")).ADMIN_SECRET}` };
});
afterAll(async () => {
  if (server && server.dev.exitCode === null) await stopDev(server);
  rmSync(stateDir, { recursive: true, force: true });
});

async function json(response) {
  expect(response.ok, await response.clone().text()).toBe(true);
  return response.json();
}

describe("npm run dev on a fresh state directory", () => {
  it("applies every D1 migration, the control database's and each tenant shard's, and keeps the trace viewer off", async () => {
    expect(server.output).toContain(`applying ${migrations.length} D1 migration(s)`);
    expect(appliedMigrations()).toEqual(migrations);
    expect(shards.length, "at least two tenant shards").toBeGreaterThanOrEqual(2);
    for (const shard of shards) expect(appliedMigrations(shard), shard.binding).toEqual(shardMigrations);
    const traces = await tracesQuery(baseUrl);
    expect(traces.status, await traces.clone().text()).toBe(404);
    expect(await traces.text()).toContain("not enabled");
    expect(existsSync(path.join(stateDir, "v3", "observability")), "no trace store on disk").toBe(false);
  });
});

describe("npm run dev -- --port N", () => {
  it("writes where it serves for the terminal tools, and wrangler does not try to download `Request.cf`", () => {
    expect(readFileSync(path.join(stateDir, "dev-url"), "utf8").trim()).toBe(baseUrl);
    expect(server.output).toContain(`Payment Connect is up at ${baseUrl}`);
    expect(server.output).not.toContain("Unable to fetch the `Request.cf` object");
  });

  // First in the file: the server is fresh, so its two shards are the same size and placement alternates between them.
  it("places the tenants of a fresh state on both shards of the default region", async () => {
    const headers = { ...admin, "Content-Type": "application/json" };
    for (const name of ["North", "South", "East", "West"]) {
      await json(await fetch(`${baseUrl}/admin/tenants`, { method: "POST", headers, body: JSON.stringify({ name: `${name} Cafe` }) }));
    }
    const listed = await cli("admin.mjs", ["shard", "list"], { PAYMENT_CONNECT_URL: baseUrl });
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout).data.map((shard) => [shard.shard, shard.tenants])).toEqual([
      ["DB_SHARD_US_1", 2],
      ["DB_SHARD_US_2", 2],
    ]);
  });

  it("makes every link the service and the sandbox generate use port N", async () => {
    const headers = { ...admin, "Content-Type": "application/json" };
    const tenant = await json(
      await fetch(`${baseUrl}/admin/tenants`, { method: "POST", headers, body: JSON.stringify({ name: "Port Roasters" }) }),
    );
    const { key } = await json(await fetch(`${baseUrl}/admin/tenants/${tenant.id}/keys`, { method: "POST", headers: admin }));
    const tenantHeaders = { "X-Api-Key": key, "Content-Type": "application/json" };

    const form = await json(
      await fetch(`${baseUrl}/v1/onboarding`, {
        method: "POST",
        headers: tenantHeaders,
        body: JSON.stringify({ returnUrl: "https://merchant.example/done" }),
      }),
    );
    expect(form.onboardingUrl.startsWith(`${baseUrl}/sandbox/onboarding?`)).toBe(true);
    expect(await (await fetch(form.onboardingUrl)).text()).not.toContain("8787");

    const submitted = await json(
      await fetch(`${baseUrl}/sandbox/control/submit-onboarding`, {
        method: "POST",
        headers,
        body: JSON.stringify({ id: form.formId, fields: TEST_SELLER }),
      }),
    );
    expect(submitted.result.redirect.startsWith(`${baseUrl}/onboarding/return/`)).toBe(true);
    const returned = await fetch(submitted.result.redirect, { redirect: "manual" });
    expect(returned.headers.get("location")).toBe(`https://merchant.example/done?formId=${form.formId}`);

    const readiness = await json(await fetch(`${baseUrl}/v1/onboarding/status?refresh=true`, { headers: tenantHeaders }));
    expect(readiness.pci.actionUrl.startsWith(`${baseUrl}/sandbox/compliance/cf_`)).toBe(true);

    const invite = await cli("admin.mjs", ["dashboard", "invite", tenant.id, "owner@port.example"], { PAYMENT_CONNECT_URL: baseUrl });
    expect(JSON.parse(invite.stdout).inviteUrl.startsWith(`${baseUrl}/dashboard/invite/`)).toBe(true);
  });

  it("creates a tenant in a region and lists the shards: two in the default region, none elsewhere", async () => {
    const created = await cli("admin.mjs", ["tenant", "create", "Region", "Roasters", "--region", "us"], { PAYMENT_CONNECT_URL: baseUrl });
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ name: "Region Roasters", region: "us" });

    const listed = await cli("admin.mjs", ["shard", "list"], { PAYMENT_CONNECT_URL: baseUrl });
    expect(listed.code, listed.stderr).toBe(0);
    const shards = JSON.parse(listed.stdout).data;
    expect(shards.map((shard) => [shard.shard, shard.region, shard.open])).toEqual([
      ["DB_SHARD_US_1", "us", true],
      ["DB_SHARD_US_2", "us", true],
    ]);
    expect(shards.reduce((sum, shard) => sum + shard.tenants, 0)).toBeGreaterThanOrEqual(2);

    const elsewhere = await cli("admin.mjs", ["tenant", "create", "Lisbon Lunch", "--region", "eu"], { PAYMENT_CONNECT_URL: baseUrl });
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stderr).toMatch(/^400 .*No shard serves region eu; this deployment's regions: us\./);
  });

  it("answers npm run sweep (the cron handler, which it also runs every minute)", async () => {
    const swept = await cli("sweep.mjs", [], { PAYMENT_CONNECT_URL: baseUrl });
    expect(swept).toMatchObject({ code: 0, stdout: `Ran the cron sweep on ${baseUrl}.\n` });
  });
});

describe("what npm run dev prints", () => {
  it("carries no key put in a path, no invitation's token and no secret in a query, wrangler's access lines included", async () => {
    const key = `lc_live_${"K".repeat(43)}`;
    const token = "T".repeat(43);
    const adminSecret = admin.Authorization.slice("Bearer ".length);
    const printed = server.output.length;
    await fetch(`${baseUrl}/v1/payments/${key}?secret=${adminSecret}`, { headers: admin });
    await fetch(`${baseUrl}/dashboard/invite/${token}`);
    const deadline = Date.now() + 30_000;
    const accessLines = () => server.output.slice(printed).match(/(GET \S*\/(?:v1\/payments|dashboard\/invite)\/\S+ \S*\d{3})/g) ?? [];
    while (accessLines().length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const since = server.output.slice(printed);
    expect(accessLines().length, since).toBeGreaterThanOrEqual(2);
    expect(since).toContain("/v1/payments/lc_live_[REDACTED]");
    expect(since).toContain("/dashboard/invite/[REDACTED]");
    for (const secret of [key.slice("lc_live_".length), token, adminSecret]) expect(since).not.toContain(secret);
  });
});

describe("the operator CLI's failures: one line, no stack trace", () => {
  it("with no server there: says how to start one or where to point, exit 1", async () => {
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    for (const [script, args] of [
      ["admin.mjs", ["tenant", "list"]],
      ["sweep.mjs", []],
    ]) {
      const result = await cli(script, args, { PAYMENT_CONNECT_URL: nowhere });
      expect(result).toMatchObject({
        code: 1,
        stderr: `No Payment Connect at ${nowhere} — start it with \`npm run dev\` or set PAYMENT_CONNECT_URL.\n`,
      });
    }
  });

  it("with a wrong admin secret: 401 and what to set, exit 1", async () => {
    const result = await cli("admin.mjs", ["tenant", "list"], { PAYMENT_CONNECT_URL: baseUrl, ADMIN_SECRET: "not-the-secret" });
    expect(result).toMatchObject({
      code: 1,
      stderr: `401 Unauthorized: ${baseUrl} refused the admin secret — set ADMIN_SECRET to the server's (locally, the one in .dev.vars).\n`,
    });
  });

  it("with an unknown tenant: the 404 problem, exit 1", async () => {
    const result = await cli("admin.mjs", ["key", "list", "ten_doesNotExist00000000"], { PAYMENT_CONNECT_URL: baseUrl });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^404 .+\(GET http:\/\/localhost:\d+\/admin\/tenants\/ten_doesNotExist00000000\/keys\)\n$/);
  });

  it("misused: the usage, exit 2", async () => {
    for (const args of [[], ["key", "issue"], ["tenant", "rename", "x"], ["sandbox-token", "--fast"]]) {
      const result = await cli("admin.mjs", args, { PAYMENT_CONNECT_URL: baseUrl });
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr).toContain("Usage: npm run admin -- <command>");
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
  });
});

// Last in the file: it stops the first start's server and starts `npm run dev` again on the same state.
describe("npm run dev, started again on the same state directory", () => {
  it(
    "finds no migration pending, applies one the database has not recorded, and turns the trace viewer on when asked",
    { timeout: 300_000 },
    async () => {
      await stopDev(server);

      // Whether it migrates is decided before wrangler starts: stopped as soon as it has said.
      const again = await startDev(["--port", String(await freePort())]);
      try {
        await until(again, /D1 migrations up to date|applying \d+ D1 migration/);
      } finally {
        await stopDev(again);
      }
      expect(again.output).toContain("D1 migrations up to date");
      expect(again.output).not.toContain("applying");

      // One migration made pending again: its record and its columns and indexes gone, as before it was written.
      const reverted = "0011_onboarding_sweep.sql";
      const db = new DatabaseSync(d1.file);
      db.exec(`DROP INDEX onboarding_form_link_expiry; DROP INDEX onboarding_pci_checked;
    ALTER TABLE onboarding DROP COLUMN change_token; ALTER TABLE onboarding DROP COLUMN form_checked_at;
    ALTER TABLE onboarding DROP COLUMN pci_checked_at; DELETE FROM d1_migrations WHERE name = '${reverted}';`);
      db.close();

      const port = await freePort();
      const pending = await startDev(["--port", String(port), "--ip", "127.0.0.1", "--traces"]);
      try {
        await until(pending, /Payment Connect is up/);
        const base = `http://127.0.0.1:${port}`;
        expect((await fetch(`${base}/v1/meta`, { signal: AbortSignal.timeout(30_000) })).status).toBe(200);
        const traces = await tracesQuery(base);
        expect(traces.status, await traces.clone().text()).toBe(200);
      } finally {
        await stopDev(pending);
      }
      expect(pending.output).toContain(`applying 1 D1 migration(s): ${reverted}`);
      expect(appliedMigrations()).toEqual(migrations);
      const columns = new DatabaseSync(d1.file, { readOnly: true }).prepare("SELECT name FROM pragma_table_info('onboarding')").all();
      expect(columns.map((column) => column.name)).toEqual(expect.arrayContaining(["change_token", "form_checked_at", "pci_checked_at"]));
    },
  );
});
