// scripts/bundle-report.mjs, the check `npm run build` ends with, on metafiles made up for it: it refuses a bundle
// into which a module an `alias` of wrangler.toml swaps out came back, or in which an alias replaced an import of
// another package than the one it is meant for. (The real bundle passing it is `npm run build` itself.) The cases call
// its check in this process; one runs the script as `npm run build` does, for its exit status and message.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { bundleReport } from "../../scripts/bundle-report.mjs";

const root = path.join(import.meta.dirname, "../..");
const dirs = [];

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A dist folder holding a bundle made of `inputs` (each file's imports), as esbuild's metafile lists them. */
function distOf(inputs) {
  const dist = mkdtempSync(path.join(tmpdir(), "bundle-report-"));
  dirs.push(dist);
  writeFileSync(path.join(dist, "index.js"), "export default {};\n");
  const metafile = {
    inputs: Object.fromEntries(Object.entries(inputs).map(([file, imports]) => [file, { bytes: 1, imports }])),
    outputs: { "dist/index.js": { inputs: Object.fromEntries(Object.keys(inputs).map((file) => [file, { bytesInOutput: 1 }])) } },
  };
  writeFileSync(path.join(dist, "meta.json"), JSON.stringify(metafile));
  return dist;
}

/** The check on that bundle: passed, and the problems it found. */
function report(inputs) {
  const { problems } = bundleReport(distOf(inputs));
  return { passed: problems.length === 0, output: problems.join("\n") };
}

const aliased = (original, target) => ({ path: target, kind: "import-statement", original });

describe("the production bundle's check", () => {
  it("passes a bundle whose swapped-out modules stay out", () => {
    const { passed, output } = report({
      "src/index.ts": [],
      "node_modules/hono/dist/jsx/context.js": [aliased("./dom/context.js", "src/lib/hono-jsx-dom-unused.ts")],
      "src/lib/hono-jsx-dom-unused.ts": [],
      "node_modules/drizzle-orm/sql/sql.js": [aliased("../pg-core/columns/enum.js", "src/lib/drizzle-pg-unused.ts")],
      "src/lib/drizzle-pg-unused.ts": [],
    });
    expect(output).toBe("");
    expect(passed).toBe(true);
  });

  it.each([
    ["hono/jsx's browser renderer", "node_modules/hono/dist/jsx/dom/render.js"],
    ["drizzle-orm's Postgres code", "node_modules/drizzle-orm/pg-core/columns/enum.js"],
    ["zod's schema compiler", "node_modules/zod/v4/core/compile.js"],
    ["a zod translation other than English", "node_modules/zod/v4/locales/fr.js"],
  ])("fails when %s comes back", (_, file) => {
    const { passed, output } = report({ "src/index.ts": [], [file]: [] });
    expect(passed).toBe(false);
    expect(output).toContain(`It must not contain:\n  ${file}`);
  });

  it("fails when an alias replaced an import of another package than its own", () => {
    const { passed, output } = report({
      "src/index.ts": [],
      "node_modules/some-other/dist/view.js": [aliased("./dom/render.js", "src/lib/hono-jsx-dom-unused.ts")],
      "src/lib/hono-jsx-dom-unused.ts": [],
    });
    expect(passed).toBe(false);
    expect(output).toContain("node_modules/some-other/dist/view.js: ./dom/render.js → src/lib/hono-jsx-dom-unused.ts");
  });

  it("as `npm run build` runs it: prints the report, and exits 1 naming what the bundle must not contain", () => {
    const file = "node_modules/zod/v4/locales/fr.js";
    const run = spawnSync(process.execPath, ["scripts/bundle-report.mjs", "--dist", distOf({ "src/index.ts": [], [file]: [] })], {
      cwd: root,
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain("Production bundle: ");
    expect(run.stderr).toContain(`The production bundle fails its checks.\nIt must not contain:\n  ${file}`);
  });
});
