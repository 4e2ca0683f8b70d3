// `npm run lint` lints what is written by hand, never what a run generated: after `npm run dev` (wrangler's bundles in
// the `.wrangler/tmp` beside each Worker's config), a build (`dist/`) or a coverage run, it still passes. Each generated
// file here would fail the lint (a parse error, as wrangler's bundles did) if the lint read it.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

import { ESLint } from "eslint";
import { afterAll, describe, expect, it } from "vitest";

const root = path.join(import.meta.dirname, "../..");
const run = `lint-test-${process.pid}`;

/** The folders `npm run lint` gives ESLint. */
const lintScript = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts.lint;
const linted = (/^eslint ([^&]+)/.exec(lintScript)?.[1] ?? "").trim().split(" ");

/** Generated folders, as runs leave them inside the linted folders: the first is what `npm run dev` writes. */
const generated = [
  `packages/sandbox-processor/.wrangler/tmp/${run}`,
  `scripts/bench-worker/.wrangler/tmp/${run}`,
  `packages/sandbox-processor/dist/${run}`,
  `clients/typescript/dist/${run}`,
  `clients/typescript/coverage/${run}`,
  `test/test-results/${run}`,
];

/** Each generated folder's topmost folder that did not exist before, removed afterwards (and nothing else). */
const created = generated.map((folder) => {
  const parts = folder.split("/");
  for (let depth = 1; depth <= parts.length; depth++) {
    const prefix = parts.slice(0, depth).join("/");
    if (!existsSync(path.join(root, prefix))) return prefix;
  }
  return folder;
});

afterAll(() => {
  for (const folder of new Set(created)) rmSync(path.join(root, folder), { recursive: true, force: true });
});

describe("npm run lint after a dev run", () => {
  it("lints none of the files a run generated", async () => {
    for (const folder of generated) {
      expect(
        linted.some((top) => folder.startsWith(`${top}/`)),
        folder,
      ).toBe(true);
      mkdirSync(path.join(root, folder), { recursive: true });
      writeFileSync(path.join(root, folder, "index.js"), "// a bundle\nexport default { fetch(request) { return new Response( };\n");
      writeFileSync(path.join(root, folder, "index.ts"), "const unused: any = 1;\n");
    }
    const eslint = new ESLint({ cwd: root, errorOnUnmatchedPattern: false });
    for (const folder of generated) {
      for (const file of ["index.js", "index.ts"])
        expect(await eslint.isPathIgnored(path.join(root, folder, file)), `${folder}/${file}`).toBe(true);
    }
    // What `eslint <folder>` reads there: nothing, so nothing fails.
    const results = await eslint.lintFiles(generated);
    expect(results.map((result) => path.relative(root, result.filePath))).toEqual([]);
  });
});
