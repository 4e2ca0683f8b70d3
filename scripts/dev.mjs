#!/usr/bin/env node
// `npm run dev`: local secrets, local D1 migrations, then `wrangler dev` with every binding simulated locally.
import { spawnSync, spawn } from "node:child_process";
import { copyFileSync, existsSync } from "node:fs";
import path from "node:path";

const root = path.join(import.meta.dirname, "..");
const wrangler = path.join(root, "node_modules", ".bin", "wrangler");

if (!existsSync(path.join(root, ".dev.vars"))) {
  copyFileSync(path.join(root, ".dev.vars.example"), path.join(root, ".dev.vars"));
  console.log("Created .dev.vars from .dev.vars.example (local development secrets).");
}

const migrate = spawnSync(wrangler, ["d1", "migrations", "apply", "DB", "--local"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, CI: "true" },
});
if (migrate.status !== 0) process.exit(migrate.status ?? 1);

const dev = spawn(wrangler, ["dev", ...process.argv.slice(2)], { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => dev.kill(signal));
dev.on("exit", (code) => process.exit(code ?? 0));
