#!/usr/bin/env node
// After `npm run build`: the production bundle's size (raw and gzip, as Cloudflare counts it) and what fills it, by
// package or source folder. Fails when the bundle holds what a live Worker must not ship: the sandbox processor, or
// zod's translations (the API answers in English; `alias` in wrangler.toml keeps only `en`).
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const dist = path.join(import.meta.dirname, "..", "dist");
const code = readFileSync(path.join(dist, "index.js"));
const { outputs } = JSON.parse(readFileSync(path.join(dist, "meta.json"), "utf8"));
const inputs = Object.entries(outputs["dist/index.js"].inputs);

const owner = (file) => {
  const at = file.lastIndexOf("node_modules/");
  if (at < 0) return file.split("/").slice(0, 2).join("/");
  const parts = file.slice(at + "node_modules/".length).split("/");
  return parts.slice(0, parts[0].startsWith("@") ? 2 : 1).join("/");
};
const bytesByOwner = new Map();
for (const [file, { bytesInOutput }] of inputs) bytesByOwner.set(owner(file), (bytesByOwner.get(owner(file)) ?? 0) + bytesInOutput);

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
console.log(`Production bundle: ${kib(code.length)} raw, ${kib(gzipSync(code).length)} gzip`);
for (const [name, bytes] of [...bytesByOwner].sort((a, b) => b[1] - a[1]).slice(0, 12))
  console.log(`  ${kib(bytes).padStart(10)}  ${name}`);

const forbidden = inputs
  .map(([file]) => file)
  .filter((file) => file.includes("packages/sandbox-processor/") || /zod\/v4\/locales\/(?!en\.js$)/.test(file));
if (forbidden.length > 0) {
  console.error(`The production bundle must not contain:\n${forbidden.map((file) => `  ${file}`).join("\n")}`);
  process.exit(1);
}
