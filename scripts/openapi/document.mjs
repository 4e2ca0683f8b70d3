// The service's OpenAPI document without a running server: bundle the app with esbuild (the Workers runtime's own
// modules stubbed), build it with the wrangler.toml vars and the .dev.vars.example secrets, and ask it for
// /openapi.json. The document is built from the route definitions alone, so stub bindings suffice.
import { readFileSync } from "node:fs";
import path from "node:path";

import { build } from "esbuild";
import { unstable_readConfig } from "wrangler";

import { parseDevVars } from "../local-service.mjs";

const root = path.join(import.meta.dirname, "../..");

/** The `servers` URL written into the snapshot, whatever BASE_URL a deployment has: the local dev server's. */
export const SNAPSHOT_SERVER_URL = "http://localhost:8787";

const RUNTIME_STUBS = `
export class DurableObject { constructor(ctx, env) { this.ctx = ctx; this.env = env; } }
export class WorkerEntrypoint { constructor(ctx, env) { this.ctx = ctx; this.env = env; } }
export const env = {};
`;

async function loadCreateApp() {
  const result = await build({
    entryPoints: [path.join(root, "src/app.ts")],
    absWorkingDir: root,
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    target: "es2024",
    mainFields: ["module", "main"],
    conditions: ["workerd", "worker", "import"],
    logLevel: "error",
    // Node builtins the Worker has under nodejs_compat (AsyncLocalStorage) are Node's own here.
    external: ["node:*"],
    plugins: [
      {
        name: "workers-runtime-stubs",
        setup(bundler) {
          bundler.onResolve({ filter: /^cloudflare:/ }, (args) => ({ path: args.path, namespace: "workers-runtime" }));
          bundler.onLoad({ filter: /.*/, namespace: "workers-runtime" }, () => ({ contents: RUNTIME_STUBS, loader: "js" }));
        },
      },
    ],
  });
  const source = result.outputFiles[0]?.text;
  if (source === undefined) throw new Error("esbuild wrote no bundle of the app");
  const module = await import(`data:text/javascript;base64,${Buffer.from(source).toString("base64")}`);
  return module.createApp;
}

/** The Worker's env as `wrangler dev` gives it: the config's vars, the example secrets, and a stand-in per binding. */
function stubEnv() {
  const config = unstable_readConfig({ config: path.join(root, "wrangler.toml") });
  const bindings = [
    ...config.d1_databases.map((binding) => binding.binding),
    ...config.durable_objects.bindings.map((binding) => binding.name),
    ...(config.queues.producers ?? []).map((binding) => binding.binding),
    ...config.r2_buckets.map((binding) => binding.binding),
    ...config.kv_namespaces.map((binding) => binding.binding),
    ...config.services.map((binding) => binding.binding),
  ];
  return {
    ...Object.fromEntries(bindings.map((name) => [name, {}])),
    ...config.vars,
    ...parseDevVars(readFileSync(path.join(root, ".dev.vars.example"), "utf8")),
  };
}

/** Object keys sorted at every depth (arrays keep their order): the same document always serializes the same way. */
export function sortKeys(value) {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys(value[key])]),
  );
}

/** A served document in snapshot form: the one server URL, keys sorted. */
export function normalizeDocument(document) {
  return sortKeys({ ...document, servers: [{ url: SNAPSHOT_SERVER_URL }] });
}

/** The OpenAPI document exactly as GET /openapi.json serves it, normalized for the snapshot. */
export async function buildOpenApiDocument() {
  const createApp = await loadCreateApp();
  const app = createApp();
  // The app logs each request as a JSON line; this one is not worth printing.
  const { log, info } = console;
  console.log = console.info = () => {};
  let response;
  try {
    response = await app.request("/openapi.json", {}, stubEnv());
  } finally {
    Object.assign(console, { log, info });
  }
  if (response.status !== 200) throw new Error(`GET /openapi.json answered ${response.status}: ${await response.text()}`);
  return normalizeDocument(await response.json());
}
