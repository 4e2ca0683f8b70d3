// `npm run openapi:generate`: writes the OpenAPI snapshot (public/openapi/v1.json, which the Worker serves) from the route definitions, and the
// TypeScript client's types (clients/typescript/src/schema.d.ts) from it. No server is started.
// `npm run openapi:check` (CI): generates both in memory and fails when the committed files differ.
// `--dir <path>` reads and writes the two files under another directory than the repository (the tests use it).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import * as prettier from "prettier";

import { buildOpenApiDocument } from "./openapi/document.mjs";
import { generateTypes } from "./openapi/types.mjs";

const root = path.join(import.meta.dirname, "..");
export const SNAPSHOT = "public/openapi/v1.json";
export const CLIENT_TYPES = "clients/typescript/src/schema.d.ts";

const TYPES_HEADER = `// Generated from ${SNAPSHOT} by \`npm run openapi:generate\` (openapi-typescript). Do not edit: regenerate.\n`;

async function format(file, text) {
  const options = (await prettier.resolveConfig(path.join(root, file))) ?? {};
  return prettier.format(text, { ...options, filepath: path.join(root, file) });
}

function option(name) {
  const index = process.argv.indexOf(name);
  return index < 0 ? undefined : process.argv[index + 1];
}

const outDir = path.resolve(option("--dir") ?? root);

function readOrEmpty(file) {
  try {
    return readFileSync(path.join(outDir, file), "utf8");
  } catch {
    return "";
  }
}

function firstDifference(expected, actual) {
  const expectedLines = expected.split("\n");
  const actualLines = actual.split("\n");
  for (let index = 0; index < Math.max(expectedLines.length, actualLines.length); index++) {
    if (expectedLines[index] !== actualLines[index])
      return `line ${index + 1}:\n  committed: ${actualLines[index] ?? "(end of file)"}\n  generated: ${expectedLines[index] ?? "(end of file)"}`;
  }
  return "";
}

const check = process.argv.includes("--check");
const started = performance.now();
const document = await buildOpenApiDocument();
const outputs = {
  [SNAPSHOT]: await format(SNAPSHOT, JSON.stringify(document)),
  [CLIENT_TYPES]: await format(CLIENT_TYPES, TYPES_HEADER + (await generateTypes(document))),
};
const seconds = ((performance.now() - started) / 1000).toFixed(1);

if (check) {
  const stale = Object.entries(outputs).filter(([file, text]) => readOrEmpty(file) !== text);
  if (stale.length > 0) {
    for (const [file, text] of stale) console.error(`${file} is stale (first difference at ${firstDifference(text, readOrEmpty(file))})`);
    console.error(
      "\nThe OpenAPI snapshot or the client's types do not match the routes: run `npm run openapi:generate` and commit the result.",
    );
    process.exit(1);
  }
  console.log(`openapi:check: ${Object.keys(outputs).join(" and ")} are up to date (${seconds}s).`);
} else {
  for (const [file, text] of Object.entries(outputs)) {
    mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
    writeFileSync(path.join(outDir, file), text);
  }
  console.log(`openapi:generate: wrote ${Object.keys(outputs).join(" and ")} (${seconds}s).`);
}
