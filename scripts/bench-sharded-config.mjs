// The service's wrangler config with N tenant shards in the default region, for `npm run bench -- --shards N`: wrangler.toml
// as written (its deployed environments left out), the shards' `[[d1_databases]]` entries and the matching SHARDS var
// replaced, and the entry point the benchmark's Worker (bench-worker/counted-control.ts: the service with its control
// database's statements counted). Written as JSON beside wrangler.toml, so every relative path in it still holds.
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";

import { experimental_readRawConfig } from "wrangler";

const root = path.join(import.meta.dirname, "..");
export const COUNTED_CONTROL_MAIN = "scripts/bench-worker/counted-control.ts";
/** Where that Worker serves its counts (`{ statements, roundTrips }`), as it names the path. */
export const CONTROL_QUERIES_PATH = "/__bench/control-queries";

/**
 * Writes the config and returns its path relative to the repository root (where the benchmark runs wrangler) and a
 * function that removes it. Shard `i` is `DB_SHARD_<REGION>_<i>`, as wrangler.toml names its shards.
 *
 * @param {number} count
 */
export function writeShardedConfig(count) {
  const { rawConfig } = experimental_readRawConfig({ config: path.join(root, "wrangler.toml") });
  const { env: _deployed, ...config } = /** @type {Record<string, any>} */ (rawConfig);
  const region = String(config.vars.DEFAULT_REGION);
  const shards = Array.from({ length: count }, (_, index) => ({
    binding: `DB_SHARD_${region.toUpperCase()}_${index + 1}`,
    database_name: `payment-connect-${region}-${index + 1}`,
    database_id: `00000000-0000-0000-0000-${String(index + 1).padStart(12, "0")}`,
    migrations_dir: "shard-migrations",
  }));
  const control = config.d1_databases.filter((/** @type {{ binding: string }} */ d1) => d1.binding === "DB");
  const sharded = {
    ...config,
    main: COUNTED_CONTROL_MAIN,
    vars: { ...config.vars, SHARDS: Object.fromEntries(shards.map(({ binding }) => [binding, { region, open: true }])) },
    d1_databases: [...control, ...shards],
  };
  const file = `wrangler.bench-${count}-shards.json`;
  writeFileSync(path.join(root, file), `${JSON.stringify(sharded, null, 2)}\n`);
  return { config: file, remove: () => rmSync(path.join(root, file), { force: true }) };
}
