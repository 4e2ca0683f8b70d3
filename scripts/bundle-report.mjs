#!/usr/bin/env node
// After `npm run build`: the production bundle's size (raw and gzip, as Cloudflare counts it) and what fills it, by
// package or source folder and by module. Fails when the bundle is over its gzip budget, or holds what a live Worker
// must not ship: the sandbox processor, or a module an `alias` of wrangler.toml swaps out (zod's translations — the
// API answers in English, so only `en` stays — its schema compiler, hono/jsx's browser and streaming renderers, drizzle-orm's
// Postgres code); or when an alias replaced a module outside the package it is meant for (its paths are that package's
// relative imports, which another package could spell the same way).
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

import { unstable_readConfig } from "wrangler";

/**
 * Cloudflare's limit is 3 MiB (free) or 10 MiB (paid) gzipped; this budget keeps startup (parse and compile) quick. It was
 * 250 KiB until reading the processor tolerantly, keeping its webhooks and budgeting its calls took the bundle to 254.4,
 * 260 until the tenant move's fences, rollback and listing and the feeds' lag took it to 260.1, and 264 until the
 * two-step setup's QR code (uqr's encoder, 3.8 KiB) and the overview's one fee definition took it to 267.6, and 268 until
 * holds (authorize now, capture or void later: the API, the sweep, the processor's authorization webhooks and the
 * dashboard's forms) took it to 272.1, and 273 until the Worker stopped generating its OpenAPI document (it serves the
 * snapshot: zod-to-openapi and zod's JSON Schema code left out) took it to 252.6. Issue #36 ("Lean at scale") owns
 * bringing it under 225 KiB and this budget down with it.
 */
const GZIP_BUDGET_KIB = 255;

const root = path.join(import.meta.dirname, "..");

/** Each module wrangler.toml's `alias` bundles instead, the package whose imports it replaces, and what it replaces. */
const ALIAS_TARGETS = {
  "src/lib/zod-locales.ts": { owner: "node_modules/zod/", replaces: /zod\/v4\/locales\/(?!en\.js$)/ },
  "src/lib/zod-unused.ts": { owner: "node_modules/zod/", replaces: /zod\/v4\/(core\/compile|classic\/from-json-schema)\.js$/ },
  "src/lib/hono-jsx-dom-unused.ts": { owner: "node_modules/hono/dist/jsx/", replaces: /hono\/dist\/jsx\/dom\// },
  "src/lib/hono-jsx-streaming-unused.ts": { owner: "node_modules/hono/dist/", replaces: /hono\/dist\/jsx\/(streaming|components)\.js$/ },
  "src/lib/drizzle-pg-unused.ts": { owner: "node_modules/drizzle-orm/", replaces: /drizzle-orm\/pg-core\// },
  "src/lib/zod-json-schema-unused.ts": {
    owner: "node_modules/zod/",
    replaces: /zod\/v4\/core\/(json-schema-processors|to-json-schema|json-schema-generator)\.js$/,
  },
  "src/lib/zod-to-openapi-unused.ts": { owner: "node_modules/@hono/zod-openapi/", replaces: /@asteasolutions\/zod-to-openapi\// },
};

/**
 * The report on the bundle and its metafile in `dist`: what it prints, and the problems that fail the build (none when
 * the bundle passes).
 *
 * @param {string} dist
 * @returns {{ report: string[]; problems: string[] }}
 */
export function bundleReport(dist) {
  const code = readFileSync(path.join(dist, "index.js"));
  const metafile = JSON.parse(readFileSync(path.join(dist, "meta.json"), "utf8"));
  const inputs = Object.entries(metafile.outputs["dist/index.js"].inputs);

  const owner = (file) => {
    const at = file.lastIndexOf("node_modules/");
    if (at < 0) return file.split("/").slice(0, 2).join("/");
    const parts = file.slice(at + "node_modules/".length).split("/");
    return parts.slice(0, parts[0].startsWith("@") ? 2 : 1).join("/");
  };
  const bytesByOwner = new Map();
  for (const [file, { bytesInOutput }] of inputs) bytesByOwner.set(owner(file), (bytesByOwner.get(owner(file)) ?? 0) + bytesInOutput);

  const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
  const largestFirst = (entries, count) => [...entries].sort((a, b) => b[1] - a[1]).slice(0, count);
  const gzipBytes = gzipSync(code).length;
  const report = [
    `Production bundle: ${kib(code.length)} raw, ${kib(gzipBytes)} gzip (budget ${GZIP_BUDGET_KIB} KiB gzip)`,
    "By package or source folder:",
    ...largestFirst(bytesByOwner, 12).map(([name, bytes]) => `  ${kib(bytes).padStart(10)}  ${name}`),
    "Largest modules:",
    ...largestFirst(
      inputs.map(([file, { bytesInOutput }]) => [file, bytesInOutput]),
      10,
    ).map(([file, bytes]) => `  ${kib(bytes).padStart(10)}  ${file}`),
  ];

  const problems = [];
  if (gzipBytes > GZIP_BUDGET_KIB * 1024)
    problems.push(`It is ${kib(gzipBytes)} gzipped, over its budget of ${GZIP_BUDGET_KIB} KiB: see the largest modules above.`);

  const forbidden = inputs
    .map(([file]) => file)
    .filter(
      (file) => file.includes("packages/sandbox-processor/") || Object.values(ALIAS_TARGETS).some(({ replaces }) => replaces.test(file)),
    );
  if (forbidden.length > 0) problems.push(`It must not contain:\n${forbidden.map((file) => `  ${file}`).join("\n")}`);

  const aliasTargets = productionAliasTargets();
  const unknownTargets = [...aliasTargets].filter((target) => !(target in ALIAS_TARGETS));
  if (unknownTargets.length > 0)
    problems.push(
      `wrangler.toml's alias bundles modules this script does not know (add them to ALIAS_TARGETS): ${unknownTargets.join(", ")}`,
    );
  const misplaced = Object.entries(metafile.inputs).flatMap(([file, { imports }]) =>
    imports
      .filter((imported) => aliasTargets.has(imported.path) && !file.includes(ALIAS_TARGETS[imported.path]?.owner ?? "\0"))
      .map((imported) => `  ${file}: ${imported.original ?? imported.path} → ${imported.path}`),
  );
  if (misplaced.length > 0)
    problems.push(`wrangler.toml's alias replaced imports outside the package each is meant for:\n${misplaced.join("\n")}`);
  return { report, problems };
}

/** The modules wrangler.toml's production `alias` bundles, relative to the repository. */
function productionAliasTargets() {
  // The build has printed wrangler's warnings about this config already.
  const logLevel = process.env.WRANGLER_LOG;
  process.env.WRANGLER_LOG = "error";
  try {
    const { alias = {} } = unstable_readConfig({ config: path.join(root, "wrangler.toml"), env: "production" });
    return new Set(Object.values(alias).map((target) => path.relative(root, path.resolve(root, target))));
  } finally {
    if (logLevel === undefined) delete process.env.WRANGLER_LOG;
    else process.env.WRANGLER_LOG = logLevel;
  }
}

if (import.meta.main) {
  /** `--dist <path>` reads the bundle and its metafile from another folder than dist/. */
  const distOption = process.argv.includes("--dist") ? process.argv[process.argv.indexOf("--dist") + 1] : undefined;
  const { report, problems } = bundleReport(path.resolve(distOption ?? path.join(root, "dist")));
  for (const line of report) console.log(line);
  if (problems.length > 0) {
    console.error(`The production bundle fails its checks.\n${problems.join("\n")}`);
    process.exit(1);
  }
}
