#!/usr/bin/env node
// `npm run soak -- [--minutes N] [--seed S] [--tenants T] [--concurrency C] [--sabotage drop-callback|tamper-expectation]`:
// minutes of mixed load on the whole service (as `npm run dev` runs it, on a state of its own) with faults on a seeded
// schedule — the processor's, the receiver's, a live move of a tenant, a kill -9 of the server and its restart — then a
// reconciliation that fails the run if anything was lost, doubled or misreported. docs/maintainers.md#the-soak.
import { parseArgs } from "node:util";

import { describeFault, planFaults, playFaults } from "./soak/faults.mjs";
import { createLoad, createTenants, Expectations } from "./soak/load.mjs";
import { seededRandom, seedFrom } from "./soak/random.mjs";
import { startReceiver } from "./soak/receiver.mjs";
import { reconcile, settle } from "./soak/reconcile.mjs";
import { startService } from "./soak/service.mjs";

const SABOTAGES = {
  "drop-callback": "the receiver acknowledges one callback without keeping it (a lost callback)",
  "tamper-expectation": "one payment's expected amount is changed by a cent before the reconciliation (a tampered expectation)",
};
const USAGE = `Usage: npm run soak -- [--minutes N] [--seed S] [--tenants T] [--concurrency C] [--sabotage <what>]

  --minutes      how long the load runs (default 10; fractions allowed), before the settling and the reconciliation
  --seed         any number or word (default: a random number, printed); the same seed replays the same schedule
  --tenants      tenants made, spread over every configured shard (default 4)
  --concurrency  operations in flight at once (default 4)
  --sabotage     break one thing on purpose, so the run must fail on its check:
${Object.entries(SABOTAGES)
  .map(([name, what]) => `                   ${name}: ${what}`)
  .join("\n")}
  --no-faults    the load alone: no processor faults, lost or late webhooks, move or crash (a sabotage's check
                 fails all the same; the tests run one so)
  --keep-state   leave the server's state directory behind (printed) to look into after a run`;

function fail(message, code = 2) {
  console.error(message);
  process.exit(code);
}

let options;
try {
  options = parseArgs({
    options: {
      minutes: { type: "string", default: "10" },
      seed: { type: "string" },
      tenants: { type: "string", default: "4" },
      concurrency: { type: "string", default: "4" },
      sabotage: { type: "string" },
      "no-faults": { type: "boolean", default: false },
      "keep-state": { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  }).values;
} catch (error) {
  fail(`${error.message}\n\n${USAGE}`);
}
if (options.help) fail(USAGE, 0);
const minutes = Number(options.minutes);
const tenantCount = Number(options.tenants);
const concurrency = Number(options.concurrency);
if (!(minutes > 0) || !Number.isInteger(tenantCount) || tenantCount < 2 || !Number.isInteger(concurrency) || concurrency < 1) {
  fail(`--minutes must be positive, --tenants an integer of at least 2, --concurrency a positive integer.\n\n${USAGE}`);
}
if (options.sabotage !== undefined && !(options.sabotage in SABOTAGES)) fail(`Unknown --sabotage ${options.sabotage}.\n\n${USAGE}`);
const seedText = options.seed ?? String(Math.floor(Math.random() * 2 ** 32));
const seed = seedFrom(seedText);

const startedAt = Date.now();
const log = (line) => console.log(`[${((Date.now() - startedAt) / 1000).toFixed(1).padStart(6)}s] ${line}`);
const replay = `npm run soak -- --minutes ${options.minutes} --seed ${seedText} --tenants ${tenantCount} --concurrency ${concurrency}${options["no-faults"] ? " --no-faults" : ""}${options.sabotage ? ` --sabotage ${options.sabotage}` : ""}`;

log(
  `soak: seed ${seedText} (${seed}), ${minutes} min, ${tenantCount} tenants, concurrency ${concurrency}${options.sabotage ? `, SABOTAGE ${options.sabotage}` : ""}`,
);
const rng = seededRandom(seed);
const receiver = await startReceiver({ sabotageDrop: options.sabotage === "drop-callback" });
const service = await startService();
log(`service at ${service.baseUrl()} on state ${service.stateDir()}`);
let exitCode = 1;
try {
  const expectations = new Expectations();
  const tenants = await createTenants({ service, receiver, count: tenantCount, seed: seedText });
  const shards = new Set(tenants.map((t) => t.shard)).size;
  log(`tenants: ${tenants.map((t) => `${t.index}=${t.tenantId} on ${t.shard}`).join(", ")}`);
  const durationMs = Math.round(minutes * 60_000);
  const plan = options["no-faults"] ? [] : planFaults({ rng: rng.fork(), durationMs, tenants });
  log(`fault schedule (${plan.length}):\n${plan.map((fault) => `           ${describeFault(fault)}`).join("\n")}`);

  const load = createLoad({ service, tenants, rng: rng.fork(), expectations, runId: `${seed}-${startedAt}`, arrivals: receiver.arrivals });
  await load.prepare();
  const loadStart = Date.now();
  const faults = playFaults({ plan, startMs: loadStart, service, receiver, tenants, log });
  // The cron trigger, as `npm run dev` runs it: every minute, on the real clock.
  const cron = setInterval(() => void service.cron(), 60_000);
  await load.run({ concurrency, untilMs: loadStart + durationMs });
  clearInterval(cron);
  log(
    `load done: ${Object.entries(expectations.counts)
      .map(([name, n]) => `${name} ${n}`)
      .join(", ")}; waiting for retries and the fault schedule`,
  );
  await load.drain();
  await faults.done;

  log("settling: faults off, sandbox timers run, sweeps until nothing is pending");
  const settled = await settle({ service, tenants, receiver, log });
  if (options.sabotage === "tamper-expectation") {
    const victim = [...expectations.payments.values()].find((payment) => payment.answered === 201);
    if (victim) victim.amountCents += 1;
  }
  const checks = await reconcile({ service, tenants, receiver, expectations, windows: faults.windows, moves: faults.moves, settled });

  console.log("\nReconciliation:");
  for (const { name, failures, note } of checks) {
    console.log(`  ${failures.length === 0 ? "✔" : "✘"} ${name}${note ? ` — ${note}` : ""}`);
    for (const failure of failures.slice(0, 8)) console.log(`      ${failure}`);
    if (failures.length > 8) console.log(`      … and ${failures.length - 8} more`);
  }
  const failed = checks.filter((c) => c.failures.length > 0);
  const refunds = [...expectations.payments.values()].flatMap((p) => p.refunds);
  console.log(`
Summary: seed ${seedText}; ${minutes} min of load, ${((Date.now() - startedAt) / 60_000).toFixed(1)} min in all; ${tenantCount} tenants on ${shards} shards
  ${service.exchanges.length} requests; ${expectations.payments.size} payments (${[...expectations.payments.values()].filter((p) => p.answered === 402).length} declined), ${refunds.filter((r) => r.outcome === "refunded").length} refunds (${refunds.filter((r) => r.outcome === "refused").length} refused), ${expectations.replays.checked} replays
  ${receiver.arrivals.length} callback arrivals; faults: ${Object.entries(
    faults.windows.reduce((counts, w) => ({ ...counts, [w.kind]: (counts[w.kind] ?? 0) + 1 }), /** @type {Record<string, number>} */ ({})),
  )
    .map(([kind, n]) => `${kind} ${n}`)
    .join(", ")}
  ${failed.length === 0 ? `PASSED: all ${checks.length} checks` : `FAILED: ${failed.length} of ${checks.length} checks — replay with: ${replay}`}`);
  if (options.sabotage && receiver.dropped()) console.log(`  (sabotage: the receiver swallowed ${receiver.dropped()})`);
  exitCode = failed.length === 0 ? 0 : 1;
} catch (error) {
  console.error(`\nThe soak itself failed: ${error.stack ?? error}\nReplay with: ${replay}`);
  console.error(`Last server output:\n${service.output().slice(-4000)}`);
} finally {
  const stateDir = await service.stop({ keepState: options["keep-state"] });
  if (options["keep-state"]) console.log(`state kept in ${stateDir}`);
  await receiver.close();
}
process.exit(exitCode);
