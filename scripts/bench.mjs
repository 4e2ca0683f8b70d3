#!/usr/bin/env node
// `npm run bench`: latency and throughput of the payment routes against a real `wrangler dev` with the
// sandbox processor, each also as a ratio to GET /health measured in the same run. Not a test: it prints figures.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { devSecrets, startDevServer } from "../test/support/dev-server.mjs";
import { chargeableTenant, cardToken } from "../test/support/sandbox-flows.mjs";
import { benchCallbacks } from "./bench-callbacks.mjs";

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const SEEDED_PAYMENTS = Number(process.env.BENCH_SEEDED_PAYMENTS ?? 100_000);
const PAGE = 200;
const KEYS = Number(process.env.BENCH_KEYS ?? 24);

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Runs `count` requests from `concurrency` workers; `makeRequest(i)` returns a fetch promise. */
async function measure(name, makeRequest, { count = REQUESTS, concurrency = CONCURRENCY, expect = 200 } = {}) {
  const latencies = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < count; i = next++) {
        const t0 = performance.now();
        const response = await makeRequest(i);
        await response.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (response.status !== expect) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { name, count, failures, p50: percentile(latencies, 50), p99: percentile(latencies, 99), rps: count / seconds };
}

function seedPayments({ persistTo, tenantId, merchantId, count }) {
  const file = path.join(tmpdir(), `bench-seed-${process.pid}.sql`);
  const base = Date.parse("2026-01-01T00:00:00Z");
  const rows = [];
  for (let i = 0; i < count; i++) {
    const created = new Date(base + i * 1000).toISOString();
    const id = `lcpay_bench${String(i).padStart(12, "0")}`;
    rows.push(
      `('${id}','${tenantId}','bench-${i}','succeeded','card',${1000 + (i % 5000)},'USD',40,'order-${i}','${merchantId}','TRbench${i}','SUCCEEDED','${created}','${created}')`,
    );
  }
  const statements = [];
  for (let i = 0; i < rows.length; i += 200) {
    statements.push(
      `INSERT INTO payments (id, tenant_id, idempotency_key, status, method, amount_cents, currency, application_fee_cents, order_ref, processor_merchant_id, processor_transfer_id, processor_state, created_at, updated_at) VALUES ${rows.slice(i, i + 200).join(",")};`,
    );
  }
  writeFileSync(file, statements.join("\n"));
  const result = spawnSync(
    path.join(import.meta.dirname, "..", "node_modules", ".bin", "wrangler"),
    ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file, "--yes"],
    { cwd: path.join(import.meta.dirname, ".."), encoding: "utf8", env: { ...process.env, CI: "true" } },
  );
  if (result.status !== 0) throw new Error(`seeding failed: ${result.stderr}`);
}

const server = await startDevServer();
try {
  const { baseUrl } = server;
  const admin = { Authorization: `Bearer ${devSecrets().ADMIN_SECRET}` };
  const { key, tenantId, merchantId } = await chargeableTenant(baseUrl, admin);
  // Each key has a request budget (API_RATE_LIMITER); the bench spreads its load over several keys of one tenant.
  const keys = [key];
  for (let i = 1; i < KEYS; i++)
    keys.push((await (await fetch(`${baseUrl}/admin/tenants/${tenantId}/keys`, { method: "POST", headers: admin })).json()).key);
  let turn = 0;
  const authFor = () => ({ "X-Api-Key": keys[turn++ % keys.length], "Content-Type": "application/json" });

  const health = await measure("GET /health", () => fetch(`${baseUrl}/health`));

  const tokens = [];
  for (let i = 0; i < REQUESTS; i++) tokens.push(await cardToken(baseUrl));
  const create = await measure(
    "POST /v1/payments (card)",
    (i) =>
      fetch(`${baseUrl}/v1/payments`, {
        method: "POST",
        headers: { ...authFor(), "Idempotency-Key": `bench-create-${i}` },
        body: JSON.stringify({
          amountCents: 2500,
          currency: "USD",
          orderRef: `bench-${i}`,
          processorToken: tokens[i],
          buyer: { firstName: "Bench", lastName: "Mark", email: "bench@example.com" },
        }),
      }),
    { expect: 201 },
  );

  const someId = (await (await fetch(`${baseUrl}/v1/payments?limit=1`, { headers: authFor() })).json()).data[0].lcPaymentId;
  const lookup = await measure("GET /v1/payments/{id}", () => fetch(`${baseUrl}/v1/payments/${someId}`, { headers: authFor() }));

  seedPayments({ persistTo: server.persistTo, tenantId, merchantId, count: SEEDED_PAYMENTS });
  let cursor = null;
  const deepPages = Math.floor(SEEDED_PAYMENTS / PAGE);
  for (let page = 1; page < deepPages; page++) {
    const body = await (
      await fetch(`${baseUrl}/v1/payments?limit=${PAGE}${cursor ? `&cursor=${cursor}` : ""}`, { headers: authFor() })
    ).json();
    cursor = body.nextCursor;
  }
  const firstPage = await measure(`GET /v1/payments first page (limit ${PAGE})`, () =>
    fetch(`${baseUrl}/v1/payments?limit=${PAGE}`, { headers: authFor() }),
  );
  const deepPage = await measure(`GET /v1/payments page ${deepPages} (limit ${PAGE})`, () =>
    fetch(`${baseUrl}/v1/payments?limit=${PAGE}&cursor=${cursor}`, { headers: authFor() }),
  );
  const healthAgain = await measure("GET /health (again)", () => fetch(`${baseUrl}/health`));

  const rows = [health, create, lookup, firstPage, deepPage, healthAgain];
  console.log(`\nconcurrency ${CONCURRENCY}, ${REQUESTS} requests each, ${SEEDED_PAYMENTS} payments in the ledger\n`);
  console.log("| route | p50 ms | p99 ms | req/s | p50 ÷ health p50 | failures |");
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.rps.toFixed(0)} | ${(row.p50 / health.p50).toFixed(1)}× | ${row.failures} |`,
    );
  }

  const callbacks = await benchCallbacks({
    baseUrl,
    persistTo: server.persistTo,
    adminSecret: devSecrets().ADMIN_SECRET,
    count: Number(process.env.BENCH_CALLBACKS ?? 300),
    concurrency: CONCURRENCY,
  });
  console.log(`\n${callbacks.count} callbacks to a local receiver (Node http on 127.0.0.1), each signature verified\n`);
  console.log("| callbacks/s (signed, delivered, verified) | replay → received p50 ms | p99 ms | signature rejected |");
  console.log("|---:|---:|---:|---:|");
  console.log(`| ${callbacks.perSecond.toFixed(1)} | ${callbacks.p50.toFixed(0)} | ${callbacks.p99.toFixed(0)} | ${callbacks.rejected} |`);
} finally {
  await server.stop();
}
