// `npm run db:fence-triggers -- <control migration> <shard migration>`: writes the fence triggers of every shard table
// (src/shards/fence-triggers.ts) into two custom migrations made first with `drizzle-kit generate --custom`, one for the
// control database and one for the shards. Run it again into new custom migrations whenever a shard table is added:
// test/workers/tenants/move.fence.test.ts fails while a table has no triggers.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.join(import.meta.dirname, "..");

async function loadFenceTriggers() {
  const result = await build({
    entryPoints: [path.join(root, "src/shards/fence-triggers.ts")],
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
  if (source === undefined) throw new Error("esbuild wrote no bundle of the fence triggers");
  return (await import(`data:text/javascript;base64,${Buffer.from(source).toString("base64")}`)).fenceTriggers;
}

const [controlFile, shardFile] = process.argv.slice(2);
if (!controlFile || !shardFile) {
  console.error("usage: npm run db:fence-triggers -- <control migration .sql> <shard migration .sql>");
  process.exit(2);
}
const fenceTriggers = await loadFenceTriggers();
/** @type {[string, string][]} */
const outputs = [
  ["control", controlFile],
  ["shard", shardFile],
];
for (const [database, file] of outputs) {
  const statements = fenceTriggers(database).flatMap((trigger) => [`DROP TRIGGER IF EXISTS "${trigger.name}";`, trigger.sql]);
  const header = `-- Written by \`npm run db:fence-triggers\` from src/shards/fence-triggers.ts: do not edit by hand.\n`;
  writeFileSync(path.resolve(file), header + statements.join("\n--> statement-breakpoint\n") + "\n");
  console.log(`${file}: ${statements.length / 2} fence triggers for the ${database} database`);
}
