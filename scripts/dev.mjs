#!/usr/bin/env node
// `npm run dev`: local secrets, local D1 migrations, then `wrangler dev` with every binding simulated locally — the
// service and, beside it, the sandbox processor Worker it reaches through its SANDBOX_PROCESSOR binding. Links follow the
// port (`npm run dev -- --port 9000`): without BASE_URL the service takes them from each request's origin and tells the
// sandbox. The cron sweep runs every minute as in production, and the URL is written where the terminal tools
// (`npm run admin`, `receiver`, `sweep`) look for it. Everything wrangler prints passes through the Worker's own
// redaction first (its access lines show the path a client sent, with whatever key was put in it).
import { spawn } from "node:child_process";
import { appendFileSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";

import { unstable_readConfig } from "wrangler";

import { redactSecrets } from "../src/lib/redact.ts";
import { applyMigrations, localD1s, pendingByDatabase } from "./local-d1.mjs";
import { CRON_ROUTE, DEFAULT_STATE_DIR, DEV_URL_FILE, parseDevVars } from "./local-service.mjs";
import { sandboxWorkerEnv, varArguments, WORKER_CONFIGS } from "./sandbox-worker-env.mjs";

const root = path.join(import.meta.dirname, "..");
const wrangler = path.join(root, "node_modules", ".bin", "wrangler");

const devVars = path.join(root, ".dev.vars");
const example = path.join(root, ".dev.vars.example");
const names = (file) =>
  new Set(
    readFileSync(file, "utf8")
      .split("\n")
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => line.split("=")[0]),
  );
if (!existsSync(devVars)) {
  copyFileSync(example, devVars);
  console.log("Created .dev.vars from .dev.vars.example (local development secrets).");
} else {
  // Secrets added to the example since this .dev.vars was made are appended with their example values.
  const present = names(devVars);
  const missing = readFileSync(example, "utf8")
    .split("\n")
    .filter((line) => /^[A-Z_]+=/.test(line) && !present.has(line.split("=")[0]));
  if (missing.length > 0) {
    appendFileSync(devVars, `\n${missing.join("\n")}\n`);
    console.log(`Added to .dev.vars: ${missing.map((line) => line.split("=")[0]).join(", ")}.`);
  }
}

// `--traces` is ours; every other argument goes to `wrangler dev`, and these few are read here too (strings: wrangler
// refuses them without a value).
const TRACES_FLAG = "--traces";
const given = /** @type {{ port?: string; ip?: string; "persist-to"?: string }} */ (
  parseArgs({
    args: process.argv.slice(2),
    strict: false,
    options: { port: { type: "string" }, ip: { type: "string" }, "persist-to": { type: "string" } },
  }).values
);
const traces = process.argv.includes(TRACES_FLAG);
const port = given.port ?? "8787";
const host = !given.ip || ["0.0.0.0", "::", "*"].includes(given.ip) ? "localhost" : given.ip.includes(":") ? `[${given.ip}]` : given.ip;
const url = `http://${host}:${port}`;
const stateDir = given["persist-to"] ? path.resolve(given["persist-to"]) : DEFAULT_STATE_DIR;
const args = [
  ...process.argv.slice(2).filter((arg) => arg !== TRACES_FLAG),
  ...(given.port ? [] : ["--port", port]),
  ...(process.argv.includes("--test-scheduled") ? [] : ["--test-scheduled"]),
];

// wrangler colours its output for a terminal; it sees pipes here, so it is told when ours is one.
const colour = process.stdout.isTTY ? { FORCE_COLOR: "1" } : {};

const pending = pendingByDatabase(localD1s({ config: unstable_readConfig({ config: path.join(root, "wrangler.toml") }), stateDir }));
const where = stateDir.startsWith(root + path.sep) ? path.relative(root, stateDir) : stateDir;
if (pending.length === 0) {
  console.log(`Local state in ${where}: D1 migrations up to date.`);
} else {
  for (const { d1, names } of pending) {
    console.log(`Local state in ${where}, ${d1.binding}: applying ${names.length} D1 migration(s): ${names.join(", ")}`);
  }
  try {
    await applyMigrations(pending);
  } catch (error) {
    console.error(redactSecrets(`A D1 migration failed: ${String(error?.message ?? error)}`));
    process.exit(1);
  }
}

const sandboxEnv = sandboxWorkerEnv({ secrets: parseDevVars(readFileSync(devVars, "utf8")), varOverrides: varArguments(args) });
const dev = spawn(wrangler, ["dev", ...WORKER_CONFIGS, ...args], {
  cwd: root,
  stdio: ["inherit", "pipe", "pipe"],
  // The service reads nothing of `Request.cf`, so wrangler need not download its placeholder (a warning offline).
  // wrangler's local trace viewer stores every span of every request on the thread that runs the Workers (+75 % of a
  // charge's CPU, and its store only grows): off unless asked for with --traces (or wrangler's X_LOCAL_OBSERVABILITY).
  env: {
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    X_LOCAL_OBSERVABILITY: String(traces),
    ...colour,
    ...process.env,
    ...(traces ? { X_LOCAL_OBSERVABILITY: "true" } : {}),
    ...sandboxEnv,
  },
});
for (const [from, to] of /** @type {const} */ ([
  [dev.stdout, process.stdout],
  [dev.stderr, process.stderr],
])) {
  createInterface({ input: from, crlfDelay: Infinity }).on("line", (line) => to.write(`${redactSecrets(line)}\n`));
}
const urlFile = path.join(stateDir, DEV_URL_FILE);
let sweeps;
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) process.on(signal, () => dev.kill(signal));
// `close`, not `exit`: wrangler's last lines are still in the pipes when it exits.
dev.on("close", (code) => {
  clearInterval(sweeps);
  rmSync(urlFile, { force: true });
  process.exit(code ?? 0);
});

await untilHealthy();
mkdirSync(stateDir, { recursive: true });
writeFileSync(urlFile, `${url}\n`);
console.log(`\nPayment Connect is up at ${url} — the cron sweep runs every minute (\`npm run sweep\` runs it now).\n`);
sweeps = setInterval(
  () =>
    void fetch(url + CRON_ROUTE)
      .then((response) => response.arrayBuffer())
      .catch((/** @type {unknown} */ error) => console.error(`The minute's cron sweep failed: ${String(error)}`)),
  60_000,
);

async function untilHealthy() {
  for (;;) {
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
