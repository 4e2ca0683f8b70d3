// Starts the whole service the way `npm run dev` does — wrangler dev with local D1, Durable Objects,
// Queues and R2, and the sandbox processor Worker beside it — on a free port with its own state directory.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { unstable_readConfig } from "wrangler";

import { applyMigrations as applyLocalMigrations, localD1s, pendingByDatabase } from "../../scripts/local-d1.mjs";
import { SANDBOX_CONFIG, sandboxWorkerEnv } from "../../scripts/sandbox-worker-env.mjs";

const root = path.join(import.meta.dirname, "../..");
const wrangler = path.join(root, "node_modules", ".bin", "wrangler");
export const DEV_ENV_FILE = path.join(root, ".dev.vars.example");

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** Reads ADMIN_SECRET and friends from the dev env file, as the running server sees them. */
export function devSecrets() {
  const entries = spawnSync("cat", [DEV_ENV_FILE], { encoding: "utf8" })
    .stdout.split("\n")
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1).trim()]);
  return Object.fromEntries(entries);
}

/**
 * Set by the node project's global setup (test/support/migrated-state.mjs): a state directory with the migrations
 * applied once, copied for each server instead of applying them (a few seconds) every time.
 */
export const MIGRATED_STATE_ENV = "PAYMENT_CONNECT_MIGRATED_STATE";

/** The migrations applied as `npm run dev` applies them (scripts/local-d1.mjs), to the databases `config` binds. */
export async function applyMigrations(persistTo, config = "wrangler.toml") {
  const databases = localD1s({ config: unstable_readConfig({ config: path.join(root, config) }), stateDir: persistTo });
  await applyLocalMigrations(pendingByDatabase(databases));
}

/**
 * `args` are extra `wrangler dev` arguments (the benchmark passes `--test-scheduled` to trigger the cron sweep);
 * `stateParent` is where the local state directory is made (the benchmark puts it in memory); `serviceConfig` is the
 * service's wrangler config (the benchmark's with N shards), whose databases are migrated; `configs` are the Workers'
 * configurations, the service's and the sandbox's as `npm run dev` runs them unless told otherwise (`[]`: plain
 * `wrangler dev` on wrangler.toml alone). The soak restarts a killed server on its state: `persistTo`, an existing
 * state directory used as it is, and `port`; `processGroup` runs wrangler and its workerd in a process group of their
 * own, which `kill()` ends at once with SIGKILL, as a crash of the host would.
 *
 * @param {DevServerOptions} [options]
 */
export async function startDevServer(options = {}) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startDevServerOnce(options);
    } catch (error) {
      // A port freePort() found free can be taken by another wrangler's own sockets before this one binds it.
      if (attempt === 3 || !(error instanceof PortTakenError)) throw error;
    }
  }
}

class PortTakenError extends Error {}

/**
 * @typedef {{ vars?: Record<string, string>; args?: string[]; stateParent?: string; serviceConfig?: string; configs?: string[];
 *   persistTo?: string; port?: number; processGroup?: boolean }} DevServerOptions
 */

/** @param {DevServerOptions} [options] */
async function startDevServerOnce({
  vars = {},
  args = [],
  stateParent = tmpdir(),
  serviceConfig = "wrangler.toml",
  configs = ["-c", serviceConfig, "-c", SANDBOX_CONFIG],
  persistTo: existingState,
  port: givenPort,
  processGroup = false,
} = {}) {
  const port = givenPort ?? (await freePort());
  const persistTo = existingState ?? mkdtempSync(path.join(stateParent, "payment-connect-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  const migratedState = process.env[MIGRATED_STATE_ENV];
  if (existingState) {
    // Restarted on its own state: migrated already.
  } else if (migratedState && serviceConfig === "wrangler.toml") cpSync(migratedState, persistTo, { recursive: true });
  else await applyMigrations(persistTo, serviceConfig);

  const varArgs = Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
  const sandboxEnv = sandboxWorkerEnv({ secrets: devSecrets(), varOverrides: vars });
  const child = spawn(
    wrangler,
    [
      "dev",
      ...configs,
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      "--persist-to",
      persistTo,
      "--env-file",
      DEV_ENV_FILE,
      "--show-interactive-dev-session=false",
      "--inspector-port",
      String(await freePort()),
      ...varArgs,
      ...args,
    ],
    {
      cwd: root,
      // X_LOCAL_OBSERVABILITY=false: wrangler's local trace viewer writes every span of every request to SQLite on the
      // thread that runs the Workers, a dev-only cost that would otherwise be a third of what the benchmark measures.
      env: { ...process.env, ...sandboxEnv, CI: "true", X_LOCAL_OBSERVABILITY: "false" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: processGroup,
    },
  );
  /** @param {NodeJS.Signals} signal */
  const signal = (signal) => (processGroup && child.pid !== undefined ? process.kill(-child.pid, signal) : child.kill(signal));
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      if (!existingState) rmSync(persistTo, { recursive: true, force: true });
      const Failure = output.includes("Address already in use") ? PortTakenError : Error;
      throw new Failure(`wrangler dev exited early:\n${output}`);
    }
    try {
      const response = await fetch(`${baseUrl}/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      signal("SIGKILL");
      throw new Error(`wrangler dev did not become healthy:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    baseUrl,
    persistTo,
    output: () => output,
    /** SIGKILL to the whole process group (with `processGroup`): nothing is flushed, the state directory stays. */
    kill() {
      if (!processGroup) throw new Error("kill() needs a server started with processGroup");
      signal("SIGKILL");
      return new Promise((resolve) =>
        child.exitCode !== null || child.signalCode !== null ? resolve(undefined) : child.on("exit", resolve),
      );
    },
    async stop() {
      signal("SIGTERM");
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          signal("SIGKILL");
          resolve(undefined);
        }, 5000);
        child.on("exit", () => {
          clearTimeout(timer);
          resolve(undefined);
        });
      });
      rmSync(persistTo, { recursive: true, force: true });
    },
  };
}
