#!/usr/bin/env node
// `npm run bench:shards`: the benchmark with one tenant shard and with four (`npm run bench -- --shards N --json`, one
// after the other, each on a fresh server), and a table of what must not change with the number of shards — lookup,
// list, charge and callbacks, as ratios to `GET /health` or rates, each at 1 and 4 shards and 4 ÷ 1 — and the control
// database's reads and writes per request, which the number of shards must not raise either. A small setting by default,
// so it runs in a few minutes (each BENCH_* variable still overrides it). Not a test: it prints figures and exits.
import { spawn } from "node:child_process";
import path from "node:path";

import { benchResults } from "./bench-results.mjs";

const root = path.join(import.meta.dirname, "..");
const runFile = benchResults("bench-shards");
/** @type {string[]} */
const reported = [];
/** A line of the comparison: printed, and kept for the results file (docs/benchmarks/). */
const report = (line = "") => {
  console.log(line);
  reported.push(line);
};
const SHARD_COUNTS = [1, 4];
const SMALL_SETTING = {
  BENCH_ROUNDS: "3",
  BENCH_SEQUENTIAL: "40",
  BENCH_CONCURRENT_REQUESTS: "80",
  BENCH_SEEDED_PAYMENTS: "20000",
  BENCH_CALLBACKS: "400",
};

/** @param {number} shards */
async function benchWith(shards) {
  const child = spawn(
    process.execPath,
    ["--disable-warning=ExperimentalWarning", "scripts/bench.mjs", "--shards", String(shards), "--json"],
    {
      cwd: root,
      env: { ...SMALL_SETTING, ...process.env },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  const code = await new Promise((resolve) => child.once("close", resolve));
  if (code !== 0) throw new Error(`npm run bench -- --shards ${shards} exited with ${code}`);
  return JSON.parse(output);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
/** A route's figure, the median over the rounds. */
const routeFigure = (result, route, read) => median(result.rounds.map((round) => read(round.find((row) => row.name.startsWith(route)))));

const results = [];
for (const shards of SHARD_COUNTS) {
  process.stderr.write(`\n${shards} shard(s):\n`);
  results.push(await benchWith(shards));
}

/** @type {[string, (result: any) => number, number][]} each row: what, its figure in a result, the digits shown */
const rows = [
  ["lookup `GET /v1/payments/{id}`, c=1 ÷ health", (r) => routeFigure(r, "GET /v1/payments/{id}", (row) => row.c1.ratio), 2],
  ["lookup, c=8 ÷ health", (r) => routeFigure(r, "GET /v1/payments/{id}", (row) => row.c8.ratio), 2],
  ["list, first page of 200, c=1 ÷ health", (r) => routeFigure(r, "GET /v1/payments (limit 200, first", (row) => row.c1.ratio), 2],
  ["list, deep page, c=1 ÷ health", (r) => routeFigure(r, "GET /v1/payments (limit 200, page", (row) => row.c1.ratio), 2],
  ["charge (token), c=1 ÷ health", (r) => routeFigure(r, "POST /v1/payments (token)", (row) => row.c1.ratio), 2],
  ["charge (token), c=8 ÷ health", (r) => routeFigure(r, "POST /v1/payments (token)", (row) => row.c8.ratio), 2],
  ["charge (stored instrument), c=1 ÷ health", (r) => routeFigure(r, "POST /v1/payments (stored", (row) => row.c1.ratio), 2],
  ["`GET /health`, c=1 ms (the unit of the ratios)", (r) => routeFigure(r, "GET /health", (row) => row.c1.medianMs), 1],
  ["callbacks delivered per second, delivery alone", (r) => r.callbacks.deliveryOnly.perSecond, 0],
  ["callbacks delivered per second, end to end", (r) => r.callbacks.endToEnd.perSecond, 0],
  ["callbacks, the consumer alone per second (delivery alone)", (r) => r.callbacks.deliveryOnly.consumer.perSecond, 0],
  ["API requests per second over the rounds (the rate the control figures are at)", (r) => r.sharding.apiRequestsPerSecond, 0],
  ["control reads per API request", (r) => r.sharding.controlPerApiRequest.reads, 3],
  ["control writes per API request", (r) => r.sharding.controlPerApiRequest.writes, 3],
  ["control reads per callback, end to end", (r) => r.callbacks.endToEnd.controlPerCallback.reads, 3],
  ["control writes per callback, end to end", (r) => r.callbacks.endToEnd.controlPerCallback.writes, 3],
];
const [one, four] = results;
const { settings } = one;
const loads = results.map((result) => median(result.rounds.map((round) => round[0].load)).toFixed(1)).join(" and ");
report(
  `\n${settings.rounds} rounds; concurrency 1: ${settings.sequential} requests per variant, interleaved; concurrency ${settings.concurrency}: ${settings.concurrent} per variant; ${settings.seededPayments} payments over ${one.sharding.tenants} tenants (${one.sharding.keys} keys); ${one.callbacks.count} callbacks a run. Load (1-minute average, ${settings.cores} cores): ${loads}. Bench tenants on ${results.map((result) => result.sharding.tenantShards.join(", ")).join(" | ")}.\n`,
);
report("| measure | 1 shard | 4 shards | 4 ÷ 1 |");
report("|---|---:|---:|---:|");
for (const [what, figure, digits] of rows) {
  const [at1, at4] = [figure(one), figure(four)];
  report(`| ${what} | ${at1.toFixed(digits)} | ${at4.toFixed(digits)} | ${at1 === 0 ? "–" : (at4 / at1).toFixed(2)} |`);
}
for (const result of results) {
  report(`\n| shard (${result.sharding.shards}) | tenants | rows | bytes |`);
  report("|---|---:|---:|---:|");
  for (const { shard, tenants, rows: shardRows, sizeBytes } of result.sharding.shardReport) {
    report(`| ${shard} | ${tenants} | ${shardRows} | ${sizeBytes} |`);
  }
}
console.log(`\nWritten to ${path.relative(root, runFile.write(reported))}.`);
process.exit(0);
