#!/usr/bin/env node
// `npm run bench [-- --json] [-- --plain [--traces] | --shards N | --calls | --feeds]`: what each route costs against a real
// `wrangler dev` with the sandbox processor, as a ratio to a bare `GET /health` measured in the same round. By default the server is
// the benchmark's own (state in memory, trace viewer off); `--plain` measures it and then `npm run dev` as a user runs it
// (state on disk, its defaults; `--traces` passed on to it), and ends with a table comparing the two; `--shards N` the
// benchmark's own server with N tenant shards in the default region, four tenants placed on them sharing the load, and
// its control database's statements counted (`npm run bench:shards` runs 1 and 4 and compares them). The machine's
// 1-minute load is printed beside every figure.
// At concurrency 1 the variants are interleaved request by request, in a new random order each pass, so drift of the
// machine's speed cancels out of the ratios; at concurrency 8 each variant runs in turn inside the round. Three rounds
// (BENCH_ROUNDS) show the spread. Before them, callbacks: delivery alone (the queue pre-filled) and end to end. Not a
// test: it prints figures (a Markdown table, or JSON with --json), removes its temporary files and exits. First of all,
// the processor calls each operation makes (charges, refunds, a reader sale) and the charges a second the processor's
// rate limit leaves (scripts/bench-processor-calls.mjs); `--calls` measures only those. `--feeds` measures only the
// processor's change feeds under a sustained rate of changes (scripts/bench-feeds.mjs).
import { spawn } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

import { unstable_readConfig } from "wrangler";

import { devSecrets, freePort, startDevServer } from "../test/support/dev-server.mjs";
import { cardToken, chargeableTenant, control } from "../test/support/sandbox-flows.mjs";
import { benchCallbacks } from "./bench-callbacks.mjs";
import { benchFeeds, feedsTable } from "./bench-feeds.mjs";
import { fetchRetryingClosedSocket as fetch, retriedRequests } from "./bench-fetch.mjs";
import { benchProcessorCalls, PROCESSOR_LIMIT_PER_SECOND, processorCallsTable } from "./bench-processor-calls.mjs";
import { benchResults } from "./bench-results.mjs";
import { CONTROL_QUERIES_PATH, writeShardedConfig } from "./bench-sharded-config.mjs";
import { storageFootprint } from "./bench-storage.mjs";
import { executeLocalD1, tenantShardBinding } from "./local-d1.mjs";
import { CRON_ROUTE, parseDevVars } from "./local-service.mjs";

const root = path.join(import.meta.dirname, "..");
const JSON_OUTPUT = process.argv.includes("--json");
const PLAIN = process.argv.includes("--plain");
const TRACES = process.argv.includes("--traces");
const CALLS_ONLY = process.argv.includes("--calls");
const FEEDS_ONLY = process.argv.includes("--feeds");
const shardsArgument = parseArgs({ strict: false, options: { shards: { type: "string" } } }).values.shards;
/** `--shards N`: how many tenant shards the server has, or null for wrangler.toml's own. */
const SHARDS = typeof shardsArgument === "string" ? Number(shardsArgument) : null;
if (SHARDS !== null && !(Number.isInteger(SHARDS) && SHARDS >= 1))
  throw new Error(`--shards takes a whole number of shards, not ${shardsArgument}`);
if (SHARDS !== null && PLAIN) throw new Error("--shards measures the benchmark's own server; --plain measures npm run dev as it is.");
/**
 * With --shards, the tenants sharing the load: as many as the larger run's shards, so a run with one shard and one with
 * four hold the same tenants and rows, and placement puts one tenant on each of the four.
 */
const TENANTS = SHARDS === null ? 1 : 4;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 100);
const CONCURRENT = Number(process.env.BENCH_CONCURRENT_REQUESTS ?? 160);
const CONCURRENCY = 8;
const SEEDED_PAYMENTS = Number(process.env.BENCH_SEEDED_PAYMENTS ?? 100_000);
const CALLBACKS = Number(process.env.BENCH_CALLBACKS ?? 1000);
/**
 * The local D1 and Durable Object state lives in memory (tmpfs) when the machine has one: local SQLite's disk syncs
 * are this machine's disk, not the service's work, and on a virtual disk they can take longer than the request.
 */
const STATE_PARENT = process.env.BENCH_STATE_DIR ?? (existsSync("/dev/shm") ? "/dev/shm" : tmpdir());
/**
 * `--plain`: beside the project's own local state (`.wrangler/state`), on the same disk; `BENCH_PLAIN_STATE_DIR`
 * (`/dev/shm`, say) runs `npm run dev` with its state elsewhere, to tell the disk's share of the gap from the rest.
 */
const PLAIN_STATE_PARENT = process.env.BENCH_PLAIN_STATE_DIR ?? path.join(root, ".wrangler");
const PAGE = 200;
const KEYS = 24;

/** The machine's 1-minute load average: the figures are only as quiet as the machine was. */
const load = () => loadavg()[0] ?? 0;
const log = (line = "") => (JSON_OUTPUT ? process.stderr : process.stdout).write(`${line}\n`);
/** The run's results file (docs/benchmarks/), named for what it measures; the figures it prints go there too. */
const results = benchResults(
  CALLS_ONLY ? "bench-calls" : FEEDS_ONLY ? "bench-feeds" : PLAIN ? "bench-plain" : SHARDS !== null ? `bench-${SHARDS}-shards` : "bench",
  { command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}` },
);
const reported = [];
/** A line of the final report: printed, and kept for the results file. */
const report = (line = "") => {
  log(line);
  reported.push(line);
};
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
/** A new order each pass: the work a request leaves running after its answer (a charge's stored answer, the sandbox's
 * webhooks back to the service) then lands on every variant alike, not always on the one that follows it. */
const shuffled = (values) => {
  const copy = [...values];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
};
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];

/**
 * Ledger rows written straight into the local D1, so the list pages have a deep ledger to walk and the storage figures
 * have rows as wide as a real card charge's (fingerprint, processor ids, a UUID key, the buyer and the card a charge by
 * token names, each buyer returning about four times); one payment in ten is partly refunded.
 */
async function seedPayments({ persistTo, config, binding, tenantId, merchantId, first, count }) {
  const base = Date.parse("2026-01-01T00:00:00Z");
  const processorId = (prefix, i) => `${prefix}bench${String(i).padStart(17, "0")}`;
  const statements = [];
  // Numbered from `first`, so the tenants sharing a shard have ids of their own.
  for (let start = first; start < first + count; start += 200) {
    const payments = [];
    const refunds = [];
    for (let i = start; i < Math.min(first + count, start + 200); i++) {
      const created = new Date(base + i * 1000).toISOString();
      const id = `lcpay_bench${String(i).padStart(12, "0")}`;
      const fingerprint = createHash("sha256").update(id).digest("hex");
      const buyer = i % Math.ceil(SEEDED_PAYMENTS / 4);
      const refunded = i % 10 === 0;
      payments.push(
        `('${id}','${tenantId}','${randomUUID()}','${fingerprint}','${refunded ? "partially_refunded" : "succeeded"}','card',${1000 + (i % 5000)},${refunded ? 500 : 0},'USD',40,'order-${i}','Buyer ${buyer}','buyer${buyer}@example.com','VISA','${String(i % 10_000).padStart(4, "0")}','${merchantId}','${processorId("ID", buyer)}','${processorId("PI", i)}','${processorId("TR", i)}','SUCCEEDED','${created}','${created}','${created}')`,
      );
      if (refunded) {
        refunds.push(
          `('lcref_bench${String(i).padStart(12, "0")}','${tenantId}','${id}','${randomUUID()}','${fingerprint}','succeeded',500,'requested_by_customer',0,'${processorId("TR", SEEDED_PAYMENTS + i)}','SUCCEEDED','${created}','${created}')`,
        );
      }
    }
    statements.push(
      `INSERT INTO payments (id, tenant_id, idempotency_key, request_fingerprint, status, method, amount_cents, amount_refunded_cents, currency, application_fee_cents, order_ref, buyer_name, buyer_email, card_brand, last_four, processor_merchant_id, processor_identity_id, processor_instrument_id, processor_transfer_id, processor_state, processor_updated_at, created_at, updated_at) VALUES ${payments.join(",")};`,
    );
    if (refunds.length > 0) {
      statements.push(
        `INSERT INTO refunds (id, tenant_id, payment_id, idempotency_key, request_fingerprint, status, amount_cents, reason, refund_application_fee, processor_reversal_id, processor_state, created_at, updated_at) VALUES ${refunds.join(",")};`,
      );
    }
  }
  await executeLocalD1({ persistTo, config, binding, sql: statements.join("\n") });
}

/**
 * What a payment costs in D1 once its events are history: every event and delivery aged a year, then the cron run until
 * the archive (src/callbacks/archive.ts) has moved what it may to R2. Payments and refunds stay; pending deliveries too.
 */
async function archiveHistory({ baseUrl, persistTo }) {
  // Every database wrangler.toml binds: the callbacks' tenants are placed on another shard than the ledger's.
  const bindings = unstable_readConfig({ config: path.join(root, "wrangler.toml") }).d1_databases.map(({ binding }) => binding);
  const age = (table) => `UPDATE ${table} SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '-365 days');`;
  for (const binding of bindings) {
    await executeLocalD1({ persistTo, binding, sql: [age("events"), age("callback_deliveries")].join("\n") });
  }
  const eventsLeft = async () => {
    let events = 0;
    for (const binding of bindings) {
      events += Number((await executeLocalD1({ persistTo, binding, sql: "SELECT COUNT(*) AS n FROM events" }))[0]?.results[0]?.n);
    }
    return events;
  };
  let left = await eventsLeft();
  for (;;) {
    await (await fetch(`${baseUrl}${CRON_ROUTE}`)).arrayBuffer();
    const now = await eventsLeft();
    if (now === left) break;
    left = now;
  }
  return storageFootprint(persistTo, { events: 0, callback_deliveries: 0, callback_delivery_attempts: 0, refunds: 0.1 });
}

/**
 * `npm run dev` as a user runs it — scripts/dev.mjs with its defaults, the state on disk — on a free port with a state
 * directory of its own; `--test-scheduled` is among its defaults. The same shape as startDevServer's.
 */
async function startUserDevServer() {
  const port = await freePort();
  mkdirSync(PLAIN_STATE_PARENT, { recursive: true });
  const persistTo = mkdtempSync(path.join(PLAIN_STATE_PARENT, "bench-state-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [
      "--disable-warning=ExperimentalWarning",
      "scripts/dev.mjs",
      ...["--port", String(port), "--ip", "127.0.0.1", "--persist-to", persistTo],
      ...["--inspector-port", String(await freePort()), "--show-interactive-dev-session=false"],
      ...(TRACES ? ["--traces"] : []),
    ],
    { cwd: root, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const deadline = Date.now() + 120_000;
  while (!output.includes("Payment Connect is up")) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`npm run dev did not come up:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    persistTo,
    // scripts/dev.mjs serves with .dev.vars, which it made from the example if it was missing.
    adminSecret: parseDevVars(readFileSync(path.join(root, ".dev.vars"), "utf8")).ADMIN_SECRET,
    output: () => output,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("close", resolve));
      rmSync(persistTo, { recursive: true, force: true });
    },
  };
}

/** One request, timed from send to the last byte of the answer; a wrong status is counted, not thrown. */
async function timed(send, expected) {
  const started = performance.now();
  const response = await send();
  await response.arrayBuffer();
  return { ms: performance.now() - started, ok: response.status === expected };
}

/** The benchmark's own server: wrangler.toml's, or with --shards the same service on N shards, its control counted. */
async function startBenchServer() {
  if (SHARDS === null) {
    return { ...(await startDevServer({ args: ["--test-scheduled"], stateParent: STATE_PARENT })), config: undefined };
  }
  const sharded = writeShardedConfig(SHARDS);
  try {
    const server = await startDevServer({ args: ["--test-scheduled"], stateParent: STATE_PARENT, serviceConfig: sharded.config });
    return {
      ...server,
      config: sharded.config,
      async stop() {
        await server.stop();
        sharded.remove();
      },
    };
  } catch (error) {
    sharded.remove();
    throw error;
  }
}

/** One whole run on one server: the benchmark's own, or with `plain` `npm run dev` as a user runs it. */
async function benchmark({ plain }) {
  const retriedBefore = retriedRequests();
  // --test-scheduled lets the callbacks bench trigger the cron sweep (GET /__scheduled).
  const server = plain
    ? { ...(await startUserDevServer()), config: undefined }
    : { ...(await startBenchServer()), adminSecret: devSecrets().ADMIN_SECRET };
  try {
    const { baseUrl, adminSecret, persistTo, config } = server;
    const admin = { Authorization: `Bearer ${adminSecret}` };
    /** The control database's reads and writes so far; only the --shards server counts them. */
    const controlStatements =
      SHARDS === null
        ? undefined
        : async () => /** @type {{ reads: number; writes: number }} */ (await (await fetch(`${baseUrl}${CONTROL_QUERIES_PATH}`)).json());
    // The sandbox closes a merchant's settlement 120 s after its first sale, and the payout that follows is the
    // service's work too (webhooks, the payout read again): an hour keeps it out of the rounds it would land in.
    await control(baseUrl, "config", { delaysSeconds: { settlement: 3600 } }, admin);
    // Before anything else, while the ledger holds nothing the cron would be busy with.
    log("counting processor calls per operation…");
    const processorCalls = await benchProcessorCalls({ baseUrl, adminSecret });
    const tenants = [];
    for (let index = 0; index < TENANTS; index++) {
      tenants.push(await chargeableTenant(baseUrl, admin, TENANTS === 1 ? undefined : `Bench Coffee ${index + 1}`));
    }
    // Each key has a request budget (API_RATE_LIMITER); the load is spread over several keys, taken from the tenants in
    // turn, so requests one after another go to different tenants (and with shards, to different shards).
    const keys = tenants.map(({ key }, tenant) => ({ key, tenant }));
    for (let i = keys.length; i < KEYS; i++) {
      const tenant = i % TENANTS;
      const created = /** @type {{ key: string }} */ (
        await (await fetch(`${baseUrl}/admin/tenants/${tenants[tenant]?.tenantId}/keys`, { method: "POST", headers: admin })).json()
      );
      keys.push({ key: created.key, tenant });
    }
    let turn = 0;
    /** The key at `index`, the index of its tenant and the headers that present it. */
    const keyOf = (index) => {
      const { key, tenant } = /** @type {{ key: string; tenant: number }} */ (keys[index]);
      return { tenant, headers: { "X-Api-Key": key, "Content-Type": "application/json" } };
    };
    const nextKey = () => keyOf(turn++ % keys.length);
    let chargeNumber = 0;
    const tokens = [];
    /** A charge by the next key's tenant; `source` is given that tenant's index to pick its own instrument. */
    const charge = (source, key = nextKey()) => {
      const n = chargeNumber++;
      return fetch(`${baseUrl}/v1/payments`, {
        method: "POST",
        headers: { ...key.headers, "Idempotency-Key": `bench-${n}` },
        body: JSON.stringify({ amountCents: 2500, currency: "USD", orderRef: `bench-${n}`, ...source(key.tenant) }),
      });
    };
    const buyer = { firstName: "Bench", lastName: "Mark", email: "bench@example.com" };

    const perTenant = Math.floor(SEEDED_PAYMENTS / TENANTS);
    const ledgers = [];
    log(`seeding ${SEEDED_PAYMENTS} payments…`);
    for (const [index, { tenantId, merchantId }] of tenants.entries()) {
      const token = await cardToken(baseUrl);
      // keys[index] is the tenant's first key.
      const first = /** @type {{ lcPaymentId: string }} */ (
        await (await charge(() => ({ processorToken: token, buyer }), keyOf(index))).json()
      );
      // Each tenant's rows are on its shard: seeded there, measured there.
      const binding = await tenantShardBinding({ persistTo, config, tenantId });
      const [found] = await executeLocalD1({
        persistTo,
        config,
        binding,
        sql: `SELECT processor_instrument_id AS id FROM payments WHERE id = '${first.lcPaymentId}'`,
      });
      await seedPayments({ persistTo, config, binding, tenantId, merchantId, first: index * perTenant, count: perTenant });
      ledgers.push({ paymentId: first.lcPaymentId, instrument: String(found?.results[0]?.id), binding, deepCursor: "" });
    }
    const deepPage = Math.floor(perTenant / PAGE);
    for (const [index, ledger] of ledgers.entries()) {
      const { headers } = keyOf(index);
      /** @type {string | null} */
      let cursor = null;
      for (let page = 1; page < deepPage; page++) {
        const query = `limit=${PAGE}${cursor ? `&cursor=${cursor}` : ""}`;
        const found = /** @type {{ nextCursor: string | null }} */ (
          await (await fetch(`${baseUrl}/v1/payments?${query}`, { headers })).json()
        );
        cursor = found.nextCursor;
      }
      ledger.deepCursor = String(cursor);
    }

    // Callbacks first: the cron sweep that feeds them also runs the other sweeps, and after the rounds it would be busy
    // reconciling the charges they made (each settled charge is looked at once more, for its fee).
    const callbacks = await benchCallbacks({
      baseUrl,
      persistTo,
      config,
      adminSecret,
      serverOutput: server.output,
      count: CALLBACKS,
      tenants: TENANTS,
      controlStatements,
    });

    /** A GET by the next key's tenant, of a path made for that tenant. */
    const tenantGet = (pathFor) => {
      const key = nextKey();
      return fetch(`${baseUrl}${pathFor(ledgers[key.tenant])}`, { headers: key.headers });
    };
    const variants = [
      { name: "GET /health", expected: 200, send: () => fetch(`${baseUrl}/health`) },
      { name: "POST /v1/payments (token)", expected: 201, send: () => charge(() => ({ processorToken: tokens.pop(), buyer })) },
      {
        name: "POST /v1/payments (stored instrument)",
        expected: 201,
        send: () => charge((tenant) => ({ processorInstrumentId: ledgers[tenant]?.instrument })),
      },
      { name: "GET /v1/payments/{id}", expected: 200, send: () => tenantGet((ledger) => `/v1/payments/${ledger.paymentId}`) },
      {
        name: `GET /v1/payments (limit ${PAGE}, first page)`,
        expected: 200,
        send: () => tenantGet(() => `/v1/payments?limit=${PAGE}`),
      },
      {
        name: `GET /v1/payments (limit ${PAGE}, page ${deepPage})`,
        expected: 200,
        send: () => tenantGet((ledger) => `/v1/payments?limit=${PAGE}&cursor=${ledger.deepCursor}`),
      },
    ];
    const tokenCharges = ROUNDS * (SEQUENTIAL + CONCURRENT) + 10;
    log(`tokenizing ${tokenCharges} cards…`);
    for (let i = 0; i < tokenCharges; i++) tokens.push(await cardToken(baseUrl));
    for (const variant of variants) await timed(variant.send, variant.expected); // warm every path once

    const controlBeforeRounds = await controlStatements?.();
    const roundsStarted = performance.now();
    const rounds = [];
    for (let round = 1; round <= ROUNDS; round++) {
      /** @type {Record<string, number[]>} */
      const sequential = Object.fromEntries(variants.map((variant) => [variant.name, []]));
      const failures = Object.fromEntries(variants.map((variant) => [variant.name, 0]));
      for (let i = 0; i < SEQUENTIAL; i++) {
        for (const variant of shuffled(variants)) {
          const { ms, ok } = await timed(variant.send, variant.expected);
          sequential[variant.name]?.push(ms);
          if (!ok) failures[variant.name] = (failures[variant.name] ?? 0) + 1;
        }
      }
      const concurrent = {};
      for (const variant of variants) {
        const latencies = [];
        let next = 0;
        const started = performance.now();
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            while (next++ < CONCURRENT) {
              const { ms, ok } = await timed(variant.send, variant.expected);
              latencies.push(ms);
              if (!ok) failures[variant.name] = (failures[variant.name] ?? 0) + 1;
            }
          }),
        );
        concurrent[variant.name] = { latencies, perSecond: CONCURRENT / ((performance.now() - started) / 1000) };
      }
      const health = "GET /health";
      rounds.push(
        variants.map(({ name }) => ({
          name,
          c1: {
            medianMs: median(sequential[name]),
            p99Ms: percentile(sequential[name], 99),
            ratio: median(sequential[name]) / median(sequential[health]),
          },
          c8: {
            medianMs: median(concurrent[name].latencies),
            p99Ms: percentile(concurrent[name].latencies, 99),
            perSecond: concurrent[name].perSecond,
            ratio: median(concurrent[name].latencies) / median(concurrent[health].latencies),
          },
          failures: failures[name],
          load: load(),
        })),
      );
      log(`round ${round} of ${ROUNDS} done`);
    }

    // What the rounds' requests left running after their answers (keys' last-used stamps, the sandbox's webhooks) is
    // counted with them.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const controlAfterRounds = await controlStatements?.();
    const roundsSeconds = (performance.now() - roundsStarted) / 1000;
    const apiRequests = ROUNDS * (SEQUENTIAL + CONCURRENT) * (variants.length - 1);
    const sharding =
      controlBeforeRounds === undefined || controlAfterRounds === undefined
        ? null
        : {
            shards: SHARDS,
            tenants: TENANTS,
            tenantShards: ledgers.map(({ binding }) => binding),
            keys: keys.length,
            apiRequestsPerSecond: apiRequests / roundsSeconds,
            controlPerApiRequest: {
              reads: (controlAfterRounds.reads - controlBeforeRounds.reads) / apiRequests,
              writes: (controlAfterRounds.writes - controlBeforeRounds.writes) / apiRequests,
            },
            shardReport: /** @type {{ data: { shard: string; tenants: number; rows: number; sizeBytes: number }[] }} */ (
              await (await fetch(`${baseUrl}/admin/shards`, { headers: admin })).json()
            ).data,
          };
    // The storage figures are the one-shard setting's: with --shards the ledger is split over tenants and shards.
    const storage = sharding ? null : storageFootprint(persistTo);
    return {
      processorCalls,
      rounds,
      callbacks,
      sharding,
      storage,
      archived: sharding ? null : await archiveHistory({ baseUrl, persistTo }),
      retriedRequests: retriedRequests() - retriedBefore,
      settings: {
        server: plain
          ? `npm run dev${TRACES ? " --traces" : ""}`
          : `the benchmark's own (trace viewer off${SHARDS === null ? "" : `; ${SHARDS} shard(s), ${TENANTS} tenants`})`,
        cores: availableParallelism(),
        rounds: ROUNDS,
        sequential: SEQUENTIAL,
        concurrent: CONCURRENT,
        concurrency: CONCURRENCY,
        seededPayments: SEEDED_PAYMENTS,
        stateDirectory: plain ? PLAIN_STATE_PARENT : STATE_PARENT,
      },
    };
  } finally {
    await server.stop();
  }
}

function spread(values, digits) {
  const sorted = [...values].sort((a, b) => a - b);
  return `${median(sorted).toFixed(digits)} (${sorted[0].toFixed(digits)}–${sorted.at(-1).toFixed(digits)})`;
}

/** `--calls`: the processor calls per operation alone, on the benchmark's own server. */
async function processorCallsOnly() {
  const server = await startBenchServer();
  try {
    const adminSecret = devSecrets().ADMIN_SECRET;
    await control(server.baseUrl, "config", { delaysSeconds: { settlement: 3600 } }, { Authorization: `Bearer ${adminSecret}` });
    return await benchProcessorCalls({ baseUrl: server.baseUrl, adminSecret });
  } finally {
    await server.stop();
  }
}

const processorCallsHeading = `\nProcessor calls per operation, counted by the sandbox processor (\`GET /sandbox/control/calls\`); a credential allows about ${PROCESSOR_LIMIT_PER_SECOND} writes and ${PROCESSOR_LIMIT_PER_SECOND} reads a second:\n`;
if (CALLS_ONLY) {
  const processorCalls = await processorCallsOnly();
  if (JSON_OUTPUT) process.stdout.write(`${JSON.stringify({ processorCalls }, null, 2)}\n`);
  else {
    for (const line of [processorCallsHeading, ...processorCallsTable(processorCalls)]) report(line);
    log(`\nWritten to ${path.relative(root, results.write(reported))}.`);
  }
  process.exit(0);
}
if (FEEDS_ONLY) {
  const server = await startBenchServer();
  try {
    const feeds = await benchFeeds({ baseUrl: server.baseUrl, adminSecret: devSecrets().ADMIN_SECRET, log });
    if (JSON_OUTPUT) process.stdout.write(`${JSON.stringify({ feeds, load: load() }, null, 2)}\n`);
    else {
      report(
        `\nThe processor's change feeds, the benchmark's own server (load ${load().toFixed(1)} on ${availableParallelism()} cores):\n`,
      );
      for (const line of feedsTable(feeds)) report(line);
      log(`\nWritten to ${path.relative(root, results.write(reported))}.`);
    }
  } finally {
    await server.stop();
  }
  process.exit(0);
}
/** A run's figures as the report's tables: processor calls, routes, callbacks, shards and storage. */
function reportRun(result) {
  for (const line of [processorCallsHeading, ...processorCallsTable(result.processorCalls)]) report(line);
  const { rounds, callbacks, sharding, storage, archived, settings, retriedRequests } = result;
  report(
    `\nServer: ${settings.server}, state under ${settings.stateDirectory}. ${settings.rounds} rounds; concurrency 1: ${settings.sequential} requests per variant, interleaved; concurrency ${settings.concurrency}: ${settings.concurrent} requests per variant; ${settings.seededPayments} payments in the ledger. Median of the rounds (min–max); load is the machine's 1-minute load average (${settings.cores} cores) at the end of each round or run. Requests sent again after a closed keep-alive socket: ${retriedRequests}.\n`,
  );
  report(
    `| route | c=1 median ms | c=1 ÷ health | c=${settings.concurrency} median ms | c=${settings.concurrency} ÷ health | c=${settings.concurrency} req/s | failures | load |`,
  );
  report("|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const [index, { name }] of rounds[0].entries()) {
    const rows = rounds.map((round) => round[index]);
    report(
      `| ${name} | ${spread(
        rows.map((row) => row.c1.medianMs),
        1,
      )} | ${spread(
        rows.map((row) => row.c1.ratio),
        2,
      )}× | ${spread(
        rows.map((row) => row.c8.medianMs),
        1,
      )} | ${spread(
        rows.map((row) => row.c8.ratio),
        2,
      )}× | ${spread(
        rows.map((row) => row.c8.perSecond),
        0,
      )} | ${rows.reduce((sum, row) => sum + row.failures, 0)} | ${spread(
        rows.map((row) => row.load),
        1,
      )} |`,
    );
  }
  report(
    `\n| callbacks (${callbacks.count}, each signature verified by the receiver) | per second | first → last received s | consumer alone per second (batches) | rejected | load |`,
  );
  report("|---|---:|---:|---:|---:|---:|");
  for (const run of [callbacks.deliveryOnly, callbacks.endToEnd]) {
    const consumer = `${run.consumer.perSecond.toFixed(0)} (${run.consumer.batches})`;
    report(
      `| ${run.name} | ${run.perSecond.toFixed(0)} | ${run.seconds.toFixed(2)} | ${consumer} | ${run.rejected} | ${run.load.toFixed(1)} |`,
    );
  }
  if (sharding) {
    const { reads, writes } = sharding.controlPerApiRequest;
    report(
      `\nControl database, ${sharding.shards} shard(s), the ${sharding.tenants} bench tenants on ${sharding.tenantShards.join(", ")}, ${sharding.keys} keys: ${reads.toFixed(3)} reads and ${writes.toFixed(3)} writes per API request over the rounds (${sharding.apiRequestsPerSecond.toFixed(0)} API requests a second, health left out).`,
    );
    for (const run of [callbacks.deliveryOnly, callbacks.endToEnd]) {
      const control = run.controlPerCallback;
      report(`Per callback, ${run.name}: ${control?.reads.toFixed(3)} control reads, ${control?.writes.toFixed(3)} writes.`);
    }
    report("\n| shard | tenants | rows | bytes |");
    report("|---|---:|---:|---:|");
    for (const { shard, tenants, rows, sizeBytes } of sharding.shardReport) report(`| ${shard} | ${tenants} | ${rows} | ${sizeBytes} |`);
  }
  if (storage && archived) {
    const bytes = (perRow) => (perRow === null ? "–" : perRow.toFixed(0));
    report("\n| table (with its indexes) | rows | bytes per row |");
    report("|---|---:|---:|");
    for (const [table, { rows, bytesPerRow }] of Object.entries(storage.tables)) report(`| ${table} | ${rows} | ${bytes(bytesPerRow)} |`);
    report("\nWhere each row's bytes are (dbstat): the table's own b-tree, then each index's.\n");
    report("| table | b-tree | bytes per row |");
    report("|---|---|---:|");
    for (const [table, { trees }] of Object.entries(storage.tables)) {
      for (const { name, bytesPerRow } of trees) report(`| ${table} | ${name === table ? "(the rows)" : name} | ${bytes(bytesPerRow)} |`);
    }
    const mix = Object.entries(storage.mix)
      .map(([table, count]) => `${count} ${table}`)
      .join(", ");
    report(
      `\nOne payment with ${mix}: ${storage.bytesPerPayment.toFixed(0)} bytes, so one 10 GB D1 database holds about ${(storage.paymentsPerDatabase / 1e6).toFixed(1)} million payments.`,
    );
    const left = `${archived.tables.events.rows} events, ${archived.tables.callback_deliveries.rows} deliveries and ${archived.tables.callback_delivery_attempts.rows} attempts left in D1`;
    report(
      `Once the archive has taken its events and deliveries (${left}): ${archived.bytesPerPayment.toFixed(0)} bytes per payment with 0.1 refunds, about ${(archived.paymentsPerDatabase / 1e6).toFixed(1)} million payments per database.`,
    );
  }
}

/**
 * `--plain`: each route in both settings side by side, the medians and their ratio to each run's own health check. The
 * gap is what `npm run dev` does that the benchmark's own server does not: sync local SQLite to the disk (and the trace
 * viewer, with `--traces`).
 */
function reportComparison(own, plain) {
  const medianOf = (run, index, pick) => median(run.rounds.map((round) => pick(round[index])));
  report(
    `\nThe two settings compared, medians of the rounds: own is the benchmark's own server (state under ${own.settings.stateDirectory}), plain ${plain.settings.server} (state under ${plain.settings.stateDirectory}).\n`,
  );
  report(
    `| route | own c=1 ms | plain c=1 ms | plain ÷ own | own c=1 ÷ health | plain c=1 ÷ health | own c=${CONCURRENCY} ms | plain c=${CONCURRENCY} ms | plain ÷ own | own c=${CONCURRENCY} ÷ health | plain c=${CONCURRENCY} ÷ health |`,
  );
  report("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const [index, { name }] of own.rounds[0].entries()) {
    const cells = [];
    for (const level of ["c1", "c8"]) {
      const [ownMs, plainMs] = [own, plain].map((run) => medianOf(run, index, (row) => row[level].medianMs));
      const [ownRatio, plainRatio] = [own, plain].map((run) => medianOf(run, index, (row) => row[level].ratio));
      cells.push(
        ownMs.toFixed(1),
        plainMs.toFixed(1),
        `${(plainMs / ownMs).toFixed(2)}×`,
        `${ownRatio.toFixed(2)}×`,
        `${plainRatio.toFixed(2)}×`,
      );
    }
    report(`| ${name} | ${cells.join(" | ")} |`);
  }
}

const runs = PLAIN ? [await benchmark({ plain: false }), await benchmark({ plain: true })] : [await benchmark({ plain: false })];
if (JSON_OUTPUT) {
  process.stdout.write(`${JSON.stringify(PLAIN ? { own: runs[0], plain: runs[1] } : runs[0], null, 2)}\n`);
} else {
  for (const run of runs) reportRun(run);
  if (PLAIN) reportComparison(runs[0], runs[1]);
  log(`\nWritten to ${path.relative(root, results.write(reported))}.`);
}
process.exit(0);
