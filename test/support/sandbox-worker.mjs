// The sandbox processor Worker (packages/sandbox-processor) for the `workers` project, where it runs beside the service
// as an auxiliary Worker. Auxiliary Workers are given to the Vitest plugin as built scripts, not as wrangler configs, so
// this global setup bundles it the way `wrangler deploy` would, and `sandboxWorker()` describes it from its wrangler.toml.
import { spawnSync } from "node:child_process";
import path from "node:path";

import { unstable_readConfig } from "wrangler";

import { isUpToDate } from "./up-to-date.mjs";

const root = path.join(import.meta.dirname, "../..");
const wrangler = path.join(root, "node_modules", ".bin", "wrangler");
export const SANDBOX_CONFIG_PATH = path.join(root, "packages", "sandbox-processor", "wrangler.toml");
const OUT_DIR = path.join(root, ".wrangler", "test", "sandbox-processor");

/**
 * Miniflare options for the sandbox Worker: its bindings as in its wrangler.toml, `bindings` over its vars (what it
 * shares with the service under test: see scripts/sandbox-worker-env.mjs), and its SERVICE binding pointed at
 * `serviceName` (the service under test).
 */
export function sandboxWorker({ bindings, serviceName }) {
  const config = unstable_readConfig({ config: SANDBOX_CONFIG_PATH });
  return {
    name: config.name,
    modules: true,
    scriptPath: path.join(OUT_DIR, "index.js"),
    compatibilityDate: config.compatibility_date,
    compatibilityFlags: config.compatibility_flags,
    bindings: { ...config.vars, ...bindings },
    durableObjects: Object.fromEntries(
      config.durable_objects.bindings.map((binding) => [binding.name, { className: binding.class_name, useSQLite: true }]),
    ),
    serviceBindings: Object.fromEntries(config.services.map((service) => [service.binding, serviceName])),
  };
}

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
  if (isUpToDate(path.join(OUT_DIR, "index.js"), BUNDLED_FROM)) return;
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
