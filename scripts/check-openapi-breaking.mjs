// `npm run openapi:breaking` (CI): the contract freezes /v1. Compares the frozen baseline (openapi/v1.baseline.json)
// with the current snapshot (public/openapi/v1.json, kept current by `npm run openapi:check`) and fails on any breaking
// change: a removed route, response, field, parameter or enum value, a changed or narrowed type, a new required input.
// Additions pass. A break needs a new version prefix (/v2) beside /v1, never a change to /v1.
//
// `npm run openapi:baseline` takes additions into the baseline (so that removing them later is caught too); it refuses
// while the snapshot breaks the baseline. `npm run openapi:baseline -- --acknowledge-breaking` takes it anyway: only
// for a correction of the document to what the service already did (a header it always required now documented as
// required, say), never for a change of behaviour; the baseline's diff in the commit shows what was acknowledged.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import { breakingChanges } from "./openapi/breaking.mjs";

const root = path.join(import.meta.dirname, "..");

function option(name) {
  const index = process.argv.indexOf(name);
  return index < 0 ? undefined : process.argv[index + 1];
}

// `--baseline` and `--current` compare other files (the tests use them).
const BASELINE = option("--baseline") ?? "openapi/v1.baseline.json";
const CURRENT = option("--current") ?? "public/openapi/v1.json";

const read = (file) => JSON.parse(readFileSync(path.resolve(root, file), "utf8"));
const baseline = read(BASELINE);
const current = read(CURRENT);
const breaks = breakingChanges(baseline, current);

const accept = process.argv.includes("--accept");
const acknowledged = accept && process.argv.includes("--acknowledge-breaking");

if (breaks.length > 0 && acknowledged) {
  console.warn(`Taking ${breaks.length} acknowledged breaking change(s) into ${BASELINE}:`);
  for (const line of breaks) console.warn(`  - ${line}`);
} else if (breaks.length > 0) {
  console.error(`${CURRENT} breaks the frozen /v1 contract (${BASELINE}) with ${breaks.length} breaking change(s):\n`);
  for (const line of breaks) console.error(`  - ${line}`);
  console.error(
    "\n/v1 is frozen: keep the old shape working and add the new one beside it (a new optional field, a new route), " +
      "or serve the breaking version under a new prefix (/v2). See docs/maintainers.md: OpenAPI snapshot and breaking changes.",
  );
  process.exit(1);
}

if (accept) {
  writeFileSync(path.resolve(root, BASELINE), readFileSync(path.resolve(root, CURRENT), "utf8"));
  console.log(`openapi:baseline: ${BASELINE} now includes ${CURRENT}'s additions.`);
} else {
  console.log(`openapi:breaking: ${CURRENT} keeps every promise of ${BASELINE}.`);
}
