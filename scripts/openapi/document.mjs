// The service's OpenAPI document without a running server: bundle the app's routes and the reference's definitions with
// esbuild (the Workers runtime's own modules stubbed) and generate the document from the route definitions alone. The
// Worker serves what this writes (src/docs/served-document.ts); it never generates the document itself.
import path from "node:path";

import { build } from "esbuild";

const root = path.join(import.meta.dirname, "../..");

/** The `servers` URL written into the snapshot, whatever BASE_URL a deployment has: the local dev server's. */
export const SNAPSHOT_SERVER_URL = "http://localhost:8787";

const RUNTIME_STUBS = `
export class DurableObject { constructor(ctx, env) { this.ctx = ctx; this.env = env; } }
export class WorkerEntrypoint { constructor(ctx, env) { this.ctx = ctx; this.env = env; } }
export const env = {};
`;

const ENTRY = `export { createApp } from "./src/app.ts"; export { openApiDocument } from "./src/docs/document.ts";`;

/** The app's `createApp` and the docs' `openApiDocument`, bundled as the Worker's are (without its aliases). */
async function loadDocumentBuilder() {
  const result = await build({
    stdin: { contents: ENTRY, resolveDir: root, loader: "ts" },
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
  return { createApp: module.createApp, openApiDocument: module.openApiDocument };
}

/**
 * A document in snapshot form: the one server URL. Its keys stay in the order the routes and schemas declare them, the
 * order the API reference shows operations and fields in.
 */
export function normalizeDocument(document) {
  return { ...document, servers: [{ url: SNAPSHOT_SERVER_URL }] };
}

/** The OpenAPI document of the routes, normalized for the snapshot. */
export async function buildOpenApiDocument() {
  const { createApp, openApiDocument } = await loadDocumentBuilder();
  return normalizeDocument(openApiDocument(createApp(), []));
}
