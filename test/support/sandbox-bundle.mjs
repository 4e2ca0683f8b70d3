// Bundles the sandbox processor Worker for the `workers` project, whose global setup this is. It imports nothing from
// wrangler (it runs wrangler's CLI instead): a global setup of that project is loaded through Vite, which would
// otherwise transform wrangler's whole CLI bundle on every run (about ten CPU-seconds).
import { spawnSync } from "node:child_process";
import path from "node:path";

import { isUpToDate } from "./up-to-date.mjs";

const root = path.join(import.meta.dirname, "../..");
const wrangler = path.join(root, "node_modules", ".bin", "wrangler");
export const SANDBOX_CONFIG_PATH = path.join(root, "packages", "sandbox-processor", "wrangler.toml");
const OUT_DIR = path.join(root, ".wrangler", "test", "sandbox-processor");
/** Where `bundleSandboxWorker()` leaves the bundle and `sandboxWorker()` finds it. */
export const SANDBOX_BUNDLE = path.join(OUT_DIR, "index.js");

/** What the sandbox Worker's bundle is made from. */
const BUNDLED_FROM = [
  ...["index.ts", "src", "wrangler.toml", "package.json"].map((source) => path.join(SANDBOX_CONFIG_PATH, "..", source)),
  path.join(root, "package-lock.json"),
];

/**
 * Bundles the sandbox Worker where `sandboxWorker()` finds it, unless the bundle there is newer than its sources: the
 * workers project's global setup bundles it, and the production build's test runs the same bundle.
 */
export function bundleSandboxWorker() {
  if (isUpToDate(SANDBOX_BUNDLE, BUNDLED_FROM)) return;
  const built = spawnSync(wrangler, ["deploy", "--dry-run", "-c", SANDBOX_CONFIG_PATH, "--outdir", OUT_DIR], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, CI: "true" },
  });
  if (built.status !== 0) throw new Error(`bundling the sandbox processor failed:\n${built.stdout}\n${built.stderr}`);
}

/** The workers project's global setup. */
export default function bundleForWorkersProject() {
  bundleSandboxWorker();
}
