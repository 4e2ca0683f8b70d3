// `npm run db:fence-triggers -- <control migration> <shard migration>`: writes the triggers a move relies on for every
// shard table (src/tenant-moves/fence-triggers.ts: the fence's, refusing a fenced tenant's writes, and the change log's,
// recording a capturing tenant's writes) into two custom migrations made first with `drizzle-kit generate --custom`, one
// for the control database and one for the shards. Run it again into new custom migrations whenever a shard table is
// added or its key changes: test/workers/tenants/move.fence.test.ts and move.capture.test.ts fail while a table has none.
import { writeFileSync } from "node:fs";
import path from "node:path";

import { build } from "esbuild";

const root = path.join(import.meta.dirname, "..");

async function loadMoveTriggers() {
  const result = await build({
    entryPoints: [path.join(root, "src/tenant-moves/fence-triggers.ts")],
    absWorkingDir: root,
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    target: "es2024",
    mainFields: ["module", "main"],
    logLevel: "error",
    external: ["node:*"],
    plugins: [
      {
        // The schemas' modules import the Workers runtime; the table definitions need none of it.
        name: "workers-runtime-stubs",
        setup(bundler) {
          bundler.onResolve({ filter: /^cloudflare:/ }, (args) => ({ path: args.path, namespace: "workers-runtime" }));
          bundler.onLoad({ filter: /.*/, namespace: "workers-runtime" }, () => ({
            contents: "export class DurableObject {} export class WorkerEntrypoint {} export const env = {};",
            loader: "js",
          }));
        },
      },
    ],
  });
  const source = result.outputFiles[0]?.text;
  if (source === undefined) throw new Error("esbuild wrote no bundle of the move's triggers");
  return (await import(`data:text/javascript;base64,${Buffer.from(source).toString("base64")}`)).moveTriggers;
}

const [controlFile, shardFile] = process.argv.slice(2);
if (!controlFile || !shardFile) {
  console.error("usage: npm run db:fence-triggers -- <control migration .sql> <shard migration .sql>");
  process.exit(2);
}
const moveTriggers = await loadMoveTriggers();
/** @type {[string, string][]} */
const outputs = [
  ["control", controlFile],
  ["shard", shardFile],
];
for (const [database, file] of outputs) {
  const statements = moveTriggers(database).flatMap((trigger) => [`DROP TRIGGER IF EXISTS "${trigger.name}";`, trigger.sql]);
  const header = `-- Written by \`npm run db:fence-triggers\` from src/tenant-moves/fence-triggers.ts: do not edit by hand.\n`;
  writeFileSync(path.resolve(file), header + statements.join("\n--> statement-breakpoint\n") + "\n");
  console.log(`${file}: ${statements.length / 2} fence and capture triggers for the ${database} database`);
}
