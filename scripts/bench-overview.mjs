#!/usr/bin/env node
// `npm run bench:overview [-- --json]`: what the dashboard's overview costs on a ledger of 100,000 payments in its
// 30-day window, against a real `wrangler dev` (the benchmark's own: state in memory, trace viewer off). Two tenants
// with a signed-in owner each: one with the seeded month (BENCH_SEEDED_PAYMENTS, 5% failed, one in ten refunded, a
// fee credit on half of those, payouts and disputes), one with nothing. The overview of each, another signed-in page
// that reads no ledger (`/dashboard/account`) and `GET /health` are requested in turn, in a new random order each pass,
// so drift of the machine's speed cancels out; the overview of the full month less the empty one's is what its reads
// of the 100,000 payments cost. Then SQLite alone: the two grouped reads by day run with Node's SQLite on the shard's
// file, as moneyByDay prepares them (their sum checked against the page's). Not a test: it prints figures (a Markdown
// table, or JSON with --json) and exits.
import { createHash, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";

import { unstable_readConfig } from "wrangler";

import { devSecrets, startDevServer } from "../test/support/dev-server.mjs";
import { chargeableTenant, control } from "../test/support/sandbox-flows.mjs";
import { fetchRetryingClosedSocket as fetch, retriedRequests } from "./bench-fetch.mjs";
import { benchResults } from "./bench-results.mjs";
import { executeLocalD1, localD1, tenantShardBinding } from "./local-d1.mjs";

const JSON_OUTPUT = process.argv.includes("--json");
const SEEDED_PAYMENTS = Number(process.env.BENCH_SEEDED_PAYMENTS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PASSES = Number(process.env.BENCH_SEQUENTIAL ?? 30);
const STATE_PARENT = process.env.BENCH_STATE_DIR ?? (existsSync("/dev/shm") ? "/dev/shm" : tmpdir());
const DAY_MS = 86_400_000;
const PASSWORD = "a long and memorable benchmark passphrase";

const log = (line = "") => (JSON_OUTPUT ? process.stderr : process.stdout).write(`${line}\n`);
const results = benchResults("bench-overview");
/** @type {string[]} */
const reported = [];
/** A line of the final report: printed, and kept for the results file (docs/benchmarks/). */
const report = (line = "") => {
  log(line);
  reported.push(line);
};
const load = () => loadavg()[0] ?? 0;
/** @param {number[]} values */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
/** @template T @param {T[]} values @returns {T[]} */
const shuffled = (values) => {
  const copy = [...values];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = /** @type {[T, T]} */ ([copy[j], copy[i]]);
  }
  return copy;
};

/**
 * The month written straight into the tenant's shard, as wide as real rows: sales spread over the overview's 30 days (5% failed),
 * one in ten refunded in part on a later day (half of those with the fee share credited), the processor's fee read on
 * half the sales; a payout accruing, one paid, and a few disputes awaiting an answer.
 *
 * @param {{ persistTo: string; tenantId: string; merchantId: string; count: number }} options
 */
async function seedMonth({ persistTo, tenantId, merchantId, count }) {
  const binding = await tenantShardBinding({ persistTo, tenantId });
  const now = Date.now();
  // The overview's window: today (UTC) and the 29 days before it, every seeded payment inside it.
  const windowStart = Date.parse(`${new Date(now - 29 * DAY_MS).toISOString().slice(0, 10)}T00:00:00Z`);
  const statements = [];
  for (let start = 0; start < count; start += 200) {
    const payments = [];
    const refunds = [];
    for (let i = start; i < Math.min(count, start + 200); i++) {
      const created = new Date(windowStart + Math.floor(((i + 0.5) / count) * (now - windowStart))).toISOString();
      const id = `lcpay_ovbench${String(i).padStart(10, "0")}`;
      const fingerprint = createHash("sha256").update(id).digest("hex");
      const amount = 1000 + (i % 5000);
      const fee = Math.floor((amount * 290 + 5000) / 10000) + 30;
      const failed = i % 20 === 7;
      const refunded = !failed && i % 10 === 3;
      const status = failed ? "failed" : refunded ? "partially_refunded" : "succeeded";
      payments.push(
        `('${id}','${tenantId}','${randomUUID()}','${fingerprint}','${status}','card',${amount},'USD',${fee},${i % 2 ? fee : "NULL"},${refunded ? 500 : 0},'order-${i}','${merchantId}','TRovbench${String(i).padStart(14, "0")}','${failed ? "FAILED" : "SUCCEEDED"}','${created}','${created}')`,
      );
      if (refunded) {
        const refundedAt = new Date(Math.min(now, Date.parse(created) + DAY_MS)).toISOString();
        const share = Math.floor((fee * 500) / amount);
        refunds.push(
          `('lcref_ovbench${String(i).padStart(10, "0")}','${tenantId}','${id}','${randomUUID()}','succeeded',500,'requested_by_customer',${i % 20 === 3 ? 1 : 0},${i % 20 === 3 ? share : 0},'${i % 20 === 3 ? "succeeded" : "none"}','TRovbenchrev${String(i).padStart(11, "0")}','SUCCEEDED','${refundedAt}','${refundedAt}')`,
        );
      }
    }
    statements.push(
      `INSERT INTO payments (id, tenant_id, idempotency_key, request_fingerprint, status, method, amount_cents, currency, application_fee_cents, processor_fee_cents, amount_refunded_cents, order_ref, processor_merchant_id, processor_transfer_id, processor_state, created_at, updated_at) VALUES ${payments.join(",")};`,
    );
    if (refunds.length > 0) {
      statements.push(
        `INSERT INTO refunds (id, tenant_id, payment_id, idempotency_key, status, amount_cents, reason, refund_application_fee, application_fee_refund_cents, fee_credit_status, processor_reversal_id, processor_state, created_at, updated_at) VALUES ${refunds.join(",")};`,
      );
    }
  }
  const at = new Date(now).toISOString();
  const yesterday = new Date(now - DAY_MS).toISOString();
  statements.push(
    `INSERT INTO payouts (id, tenant_id, processor_settlement_id, processor_merchant_id, status, processor_status, gross_cents, fees_cents, net_cents, currency, payment_count, initiated_at, expected_arrival_date, processor_updated_at, synced_at, created_at, updated_at) VALUES
     ('lcpo_ovbenchaccruing','${tenantId}','STovbenchaccruing','${merchantId}','accruing','PENDING',1200000,36000,1164000,'USD',NULL,NULL,NULL,'${at}','${at}','${at}','${at}'),
     ('lcpo_ovbenchpaid','${tenantId}','STovbenchpaid','${merchantId}','paid','APPROVED',9800000,294000,9506000,'USD',3300,'${yesterday}','${at.slice(0, 10)}','${yesterday}','${yesterday}','${yesterday}','${yesterday}');`,
  );
  const disputes = Array.from({ length: 12 }, (_, n) => {
    const respondBy = new Date(now + (n - 2) * DAY_MS).toISOString();
    return `('lcdsp_ovbench${String(n).padStart(6, "0")}','${tenantId}','lcpay_ovbench${String(n * 10).padStart(10, "0")}','DIovbench${n}','TRovbench${String(n * 10).padStart(14, "0")}','${merchantId}',2500,'USD','fraud','open','needs_response','${respondBy}','${at}','seed','${at}','${at}','${at}')`;
  });
  statements.push(
    `INSERT INTO disputes (id, tenant_id, payment_id, processor_dispute_id, processor_transfer_id, processor_merchant_id, amount_cents, currency, reason, state, response_state, respond_by, processor_updated_at, change_token, synced_at, created_at, updated_at) VALUES ${disputes.join(",")};`,
  );
  // The cron's daily `PRAGMA optimize` (and each index migration's) gives the planner its statistics; so does this run.
  statements.push("PRAGMA optimize;");
  await executeLocalD1({ persistTo, binding, sql: statements.join("\n") });
  return binding;
}

/**
 * The two grouped reads of `moneyByDay` (src/payments/money-by-day.queries.ts) as it prepares them, timed by SQLite alone
 * on the shard's file (read-only, beside the running server), with their plans, and the month's gross they add up to.
 *
 * @param {{ persistTo: string; binding: string; tenantId: string }} options
 */
function sqliteAlone({ persistTo, binding, tenantId }) {
  const config = unstable_readConfig({ config: path.join(import.meta.dirname, "..", "wrangler.toml") });
  const db = new DatabaseSync(localD1({ config, stateDir: persistTo, binding }).file, { readOnly: true });
  const toDay = new Date().toISOString().slice(0, 10);
  const fromDay = new Date(Date.now() - 29 * DAY_MS).toISOString().slice(0, 10);
  /** @param {string} table */
  const day = (table) => `substr("${table}"."created_at", 1, 10)`;
  const statements = [
    {
      name: "sales by day",
      sql: `select MIN(${day("payments")}) AS day, "status", COUNT(*), SUM("amount_cents") AS amount, SUM(COALESCE("payments"."processor_fee_cents", "payments"."application_fee_cents")) from "payments" where ("payments"."tenant_id" = ? and ${day("payments")} >= ? and ${day("payments")} <= ?) group by ${day("payments")}, "payments"."status"`,
      args: [tenantId, fromDay, toDay],
    },
    {
      name: "refunds by day",
      sql: `select MIN(${day("refunds")}) AS day, SUM("amount_cents"), SUM(CASE WHEN "refunds"."fee_credit_status" = 'succeeded' THEN "refunds"."application_fee_refund_cents" ELSE 0 END) from "refunds" where ("refunds"."tenant_id" = ? and ${day("refunds")} >= ? and ${day("refunds")} <= ? and "refunds"."status" = ?) group by ${day("refunds")}`,
      args: [tenantId, fromDay, toDay, "succeeded"],
    },
  ];
  const figures = statements.map(({ name, sql, args }) => {
    const statement = db.prepare(sql);
    const rows = statement.all(...args);
    const times = Array.from({ length: 20 }, () => {
      const started = performance.now();
      statement.all(...args);
      return performance.now() - started;
    });
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .all(...args)
      .map((row) => String(row.detail))
      .join("; ");
    return { name, medianMs: median(times), plan, rows };
  });
  db.close();
  const grossCents = (figures[0]?.rows ?? [])
    .filter((row) => ["succeeded", "partially_refunded", "refunded", "disputed"].includes(String(row.status)))
    .reduce((sum, row) => sum + Number(row.amount), 0);
  return { figures: figures.map(({ name, medianMs, plan }) => ({ name, medianMs, plan })), grossCents };
}

/** A browser's cookies for one origin: name → value, from each response's Set-Cookie. */
class Browser {
  /** @type {Map<string, string>} */
  jar = new Map();
  /** @param {string} baseUrl */
  constructor(baseUrl) {
    this.baseUrl = baseUrl;
  }
  /** @param {Response} response */
  absorb(response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair = ""] = header.split(";");
      const name = pair.slice(0, pair.indexOf("="));
      const value = pair.slice(pair.indexOf("=") + 1);
      if (/max-age=0/i.test(header) || value === "") this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }
  cookies() {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  /** @param {string} path */
  async get(path) {
    const response = await fetch(`${this.baseUrl}${path}`, { redirect: "manual", headers: { Cookie: this.cookies() } });
    this.absorb(response);
    return response;
  }
  /** A form on `path` sent as the browser sends it: its own token, this origin. @param {string} path @param {Record<string, string>} fields */
  async submit(path, fields) {
    const page = await (await this.get(path)).text();
    const token = /name="_csrf" value="([^"]+)"/.exec(page)?.[1] ?? "";
    const response = await fetch(`${this.baseUrl}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: this.cookies(), Origin: this.baseUrl },
      body: new URLSearchParams({ _csrf: token, ...fields }),
    });
    this.absorb(response);
    if (response.status !== 303) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response;
  }
}

/** The tenant's owner, invited by the operator, signed in. @param {string} baseUrl @param {Record<string, string>} admin @param {string} tenantId */
async function signedInOwner(baseUrl, admin, tenantId) {
  const email = `owner-${tenantId.slice(-8).toLowerCase()}@overview-bench.example`;
  const invite = await fetch(`${baseUrl}/admin/tenants/${tenantId}/dashboard/invites`, {
    method: "POST",
    headers: { ...admin, "Content-Type": "application/json" },
    body: JSON.stringify({ email }),
  });
  if (invite.status !== 201) throw new Error(`invite: ${invite.status} ${await invite.text()}`);
  const { inviteUrl } = /** @type {{ inviteUrl: string }} */ (await invite.json());
  const browser = new Browser(baseUrl);
  await browser.submit(new URL(inviteUrl).pathname, { name: "Bench Owner", password: PASSWORD, confirm: PASSWORD });
  await browser.submit("/dashboard/sign-in", { email, password: PASSWORD });
  return browser;
}

/** One request, timed from send to the last byte; the page must answer 200 with its heading. */
async function timed(/** @type {() => Promise<Response>} */ send, /** @type {string | null} */ mustContain) {
  const started = performance.now();
  const response = await send();
  const body = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200 || (mustContain && !body.includes(mustContain))) throw new Error(`${response.status}: ${body.slice(0, 300)}`);
  return ms;
}

async function benchmark() {
  const server = await startDevServer({ stateParent: STATE_PARENT });
  try {
    const { baseUrl, persistTo } = server;
    const admin = { Authorization: `Bearer ${devSecrets().ADMIN_SECRET}` };
    await control(baseUrl, "config", { delaysSeconds: { settlement: 3600 } }, admin);
    const full = await chargeableTenant(baseUrl, admin, "Overview Bench Roasters");
    const empty = await chargeableTenant(baseUrl, admin, "Overview Bench Empty");
    log(`seeding ${SEEDED_PAYMENTS} payments over 30 days…`);
    const seedStarted = performance.now();
    const shard = await seedMonth({ persistTo, tenantId: full.tenantId, merchantId: full.merchantId, count: SEEDED_PAYMENTS });
    log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s on ${shard}`);
    const fullOwner = await signedInOwner(baseUrl, admin, full.tenantId);
    const emptyOwner = await signedInOwner(baseUrl, admin, empty.tenantId);

    const page = await (await fullOwner.get("/dashboard")).text();
    const shown = /id="total-gross">([^<]+)</.exec(page)?.[1];
    const succeeded = /id="charges-succeeded">([^<]+)</.exec(page)?.[1];
    const failed = /id="charges-failed">([^<]+)</.exec(page)?.[1];
    log(`the overview shows gross ${shown}, ${succeeded} succeeded and ${failed} failed charges`);

    const variants = [
      { name: "GET /health", send: () => fetch(`${baseUrl}/health`), mustContain: null },
      { name: "GET /dashboard/account (signed in, no ledger read)", send: () => fullOwner.get("/dashboard/account"), mustContain: "<h1>" },
      { name: "GET /dashboard, empty ledger", send: () => emptyOwner.get("/dashboard"), mustContain: "No payments in these days" },
      { name: `GET /dashboard, ${SEEDED_PAYMENTS} payments in 30 days`, send: () => fullOwner.get("/dashboard"), mustContain: "ov-chart" },
    ];
    for (const variant of variants) await timed(variant.send, variant.mustContain);
    const rounds = [];
    for (let round = 1; round <= ROUNDS; round++) {
      /** @type {Record<string, number[]>} */
      const times = Object.fromEntries(variants.map((variant) => [variant.name, []]));
      for (let pass = 0; pass < PASSES; pass++) {
        for (const variant of shuffled(variants)) times[variant.name]?.push(await timed(variant.send, variant.mustContain));
      }
      rounds.push({ medians: Object.fromEntries(variants.map(({ name }) => [name, median(times[name] ?? [])])), load: load() });
      log(`round ${round} of ${ROUNDS} done`);
    }
    const sqlite = sqliteAlone({ persistTo, binding: shard, tenantId: full.tenantId });
    if (Math.round(Number(String(shown).replace(/[$,]/g, "")) * 100) !== sqlite.grossCents)
      throw new Error(`the page shows gross ${shown}; SQLite alone adds up ${sqlite.grossCents} cents`);
    return {
      rounds,
      sqlite: sqlite.figures,
      variants: variants.map(({ name }) => name),
      settings: {
        seededPayments: SEEDED_PAYMENTS,
        rounds: ROUNDS,
        passes: PASSES,
        cores: availableParallelism(),
        stateDirectory: STATE_PARENT,
      },
      retriedRequests: retriedRequests(),
    };
  } finally {
    await server.stop();
  }
}

/** @param {number[]} values @param {number} digits */
function spread(values, digits) {
  const sorted = [...values].sort((a, b) => a - b);
  return `${median(sorted).toFixed(digits)} (${(sorted[0] ?? 0).toFixed(digits)}–${(sorted.at(-1) ?? 0).toFixed(digits)})`;
}

const result = await benchmark();
if (JSON_OUTPUT) {
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
} else {
  const { rounds, variants, settings } = result;
  report(
    `\nThe benchmark's own server, state under ${settings.stateDirectory}; ${settings.rounds} rounds of ${settings.passes} passes, each variant once a pass in a random order, one at a time; ${settings.seededPayments} payments in the full tenant's 30 days. Median of the rounds' medians (min–max); load is the 1-minute load average at the end of each round (${settings.cores} cores). Requests sent again after a closed keep-alive socket: ${result.retriedRequests}.\n`,
  );
  report("| request | median ms | ÷ health |");
  report("|---|---:|---:|");
  const health = rounds.map((round) => round.medians["GET /health"] ?? 0);
  for (const name of variants) {
    const values = rounds.map((round) => round.medians[name] ?? 0);
    report(
      `| ${name} | ${spread(values, 1)} | ${spread(
        values.map((value, i) => value / (health[i] ?? 1)),
        2,
      )}× |`,
    );
  }
  const [emptyName, fullName] = [variants[2] ?? "", variants[3] ?? ""];
  const extra = rounds.map((round) => (round.medians[fullName] ?? 0) - (round.medians[emptyName] ?? 0));
  report(
    `\nThe ${settings.seededPayments} payments add ${spread(extra, 1)} ms to the overview. Load ${spread(
      rounds.map((round) => round.load),
      1,
    )}.`,
  );
  report("\nSQLite alone on the shard's file (Node's SQLite, median of 20; their sum is the page's gross):\n");
  report("| read | median ms | plan |");
  report("|---|---:|---|");
  for (const { name, medianMs, plan } of result.sqlite) report(`| ${name} | ${medianMs.toFixed(1)} | ${plan} |`);
  log(`\nWritten to ${path.relative(path.join(import.meta.dirname, ".."), results.write(reported))}.`);
}
process.exit(0);
