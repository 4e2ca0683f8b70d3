// Global setup of the node project: applies the D1 migrations once to a state directory that every `wrangler dev` the
// tests start copies (test/support/dev-server.mjs), so each server starts from the same freshly migrated database; and
// the folder where the packages the client tests install are packed once for the run (test/support/offline-packages.mjs).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { applyMigrations, MIGRATED_STATE_ENV } from "./dev-server.mjs";
import { PACK_CACHE_ENV } from "./offline-packages.mjs";

export default async function migrateOnce() {
  const state = mkdtempSync(path.join(tmpdir(), "payment-connect-migrated-"));
  await applyMigrations(state);
  process.env[MIGRATED_STATE_ENV] = state;
  const packs = mkdtempSync(path.join(tmpdir(), "payment-connect-packs-"));
  process.env[PACK_CACHE_ENV] = packs;
  return () => {
    rmSync(state, { recursive: true, force: true });
    rmSync(packs, { recursive: true, force: true });
  };
}
