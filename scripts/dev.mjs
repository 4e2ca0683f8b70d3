#!/usr/bin/env node
// `npm run dev`: local secrets, local D1 migrations, then `wrangler dev` with every binding simulated locally — the
// service and, beside it, the sandbox processor Worker it reaches through its SANDBOX_PROCESSOR binding.
import { spawnSync, spawn } from "node:child_process";
import { appendFileSync, copyFileSync, existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseDevVars, sandboxWorkerEnv, varArguments, WORKER_CONFIGS } from "./sandbox-worker-env.mjs";

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

const migrate = spawnSync(wrangler, ["d1", "migrations", "apply", "DB", "--local"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, CI: "true" },
});
if (migrate.status !== 0) process.exit(migrate.status ?? 1);

const args = process.argv.slice(2);
const sandboxEnv = sandboxWorkerEnv({ secrets: parseDevVars(readFileSync(devVars, "utf8")), varOverrides: varArguments(args) });
const dev = spawn(wrangler, ["dev", ...WORKER_CONFIGS, ...args], { cwd: root, stdio: "inherit", env: { ...process.env, ...sandboxEnv } });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => dev.kill(signal));
dev.on("exit", (code) => process.exit(code ?? 0));
