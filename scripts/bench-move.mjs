#!/usr/bin/env node
// `npm run bench:move`: how long a tenant's move pauses it, for a tenant of BENCH_MOVE_PAYMENTS payments (1,000,000 by
// default) that keeps charging and refunding through its move. A `wrangler dev` of its own (two tenant shards, as
// wrangler.toml has them), the payments written straight into the tenant's local shard, then the move driven through
// the operator route as `npm run admin -- tenant move` does while two clients charge and refund, each answer of 503
// `tenant-moving` retried under its key. The pause's length is the move's own (`pauseMs`, from the pause to the flip);
// the move's status is read every POLL_MS for when the other steps began. The flip's wait for the key caches
// (TENANT_MOVE_KEY_CACHE_MS, 5 s after the pause by default) is set to 0: it is a fixed wait, not work, and what is
// measured is the work the pause does. Not a test: it prints figures and exits.
import { createHash, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";

import { devSecrets, startDevServer } from "../test/support/dev-server.mjs";
import { cardToken, chargeableTenant } from "../test/support/sandbox-flows.mjs";
import { executeLocalD1, tenantShardBinding } from "./local-d1.mjs";

const PAYMENTS = Number(process.env.BENCH_MOVE_PAYMENTS ?? 1_000_000);
/** Rows per `wrangler d1 execute` (one SQL file each), and per INSERT statement in it. */
const SEED_CHUNK = 250_000;
const SEED_STATEMENT = 200;
const CLIENTS = 2;
const POLL_MS = 250;
const STATE_PARENT = process.env.BENCH_STATE_DIR ?? (existsSync("/dev/shm") ? "/dev/shm" : tmpdir());
const log = (line = "") => process.stderr.write(`${line}\n`);

/** Payments as wide as a real card charge's (fingerprint, processor ids, a UUID key), straight into the shard. */
async function seedPayments({ persistTo, binding, tenantId, merchantId }) {
  const base = Date.parse("2026-01-01T00:00:00Z");
  for (let chunk = 0; chunk < PAYMENTS; chunk += SEED_CHUNK) {
    const statements = [];
    for (let start = chunk; start < Math.min(PAYMENTS, chunk + SEED_CHUNK); start += SEED_STATEMENT) {
      const values = [];
      for (let i = start; i < Math.min(PAYMENTS, start + SEED_STATEMENT); i++) {
        const created = new Date(base + i * 1000).toISOString();
        const id = `lcpay_move${String(i).padStart(13, "0")}`;
        const processorId = (prefix) => `${prefix}move${String(i).padStart(18, "0")}`;
        values.push(
          `('${id}','${tenantId}','${randomUUID()}','${createHash("sha256").update(id).digest("hex")}','succeeded','card',${1000 + (i % 5000)},'USD',40,'order-${i}','${merchantId}','${processorId("ID")}','${processorId("PI")}','${processorId("TR")}','SUCCEEDED','${created}','${created}','${created}')`,
        );
      }
      statements.push(
        `INSERT INTO payments (id, tenant_id, idempotency_key, request_fingerprint, status, method, amount_cents, currency, application_fee_cents, order_ref, processor_merchant_id, processor_identity_id, processor_instrument_id, processor_transfer_id, processor_state, processor_updated_at, created_at, updated_at) VALUES ${values.join(",")};`,
      );
    }
    await executeLocalD1({ persistTo, binding, sql: statements.join("\n") });
    log(`  ${Math.min(PAYMENTS, chunk + SEED_CHUNK)} payments`);
  }
}

const server = await startDevServer({ args: ["--test-scheduled"], stateParent: STATE_PARENT, vars: { TENANT_MOVE_KEY_CACHE_MS: "0" } });
try {
  const { baseUrl, persistTo } = server;
  const admin = { Authorization: `Bearer ${devSecrets().ADMIN_SECRET}` };
  const tenant = await chargeableTenant(baseUrl, admin, "Moving Megastore");
  const from = await tenantShardBinding({ persistTo, tenantId: tenant.tenantId });
  const to = from === "DB_SHARD_US_1" ? "DB_SHARD_US_2" : "DB_SHARD_US_1";
  log(`seeding ${PAYMENTS} payments on ${from}…`);
  const seedStarted = performance.now();
  await seedPayments({ persistTo, binding: from, tenantId: tenant.tenantId, merchantId: tenant.merchantId });
  log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);

  const headers = { "X-Api-Key": tenant.key, "Content-Type": "application/json" };
  const run = { moving: true };
  const written = { charges: 0, refunds: 0, answered503: 0 };
  /** A write sent again under its key while the tenant answers 503 tenant-moving, as a client honouring Retry-After. */
  async function untilNotMoving(send) {
    for (;;) {
      const response = await send();
      if (response.status !== 503) return response;
      written.answered503++;
      await response.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  async function client(name) {
    for (let n = 0; run.moving; n++) {
      const token = await cardToken(baseUrl);
      const charged = await untilNotMoving(() =>
        fetch(`${baseUrl}/v1/payments`, {
          method: "POST",
          headers: { ...headers, "Idempotency-Key": `${name}-${n}` },
          body: JSON.stringify({
            amountCents: 2500,
            currency: "USD",
            orderRef: `${name}-${n}`,
            processorToken: token,
            buyer: { firstName: "Bench", lastName: "Mark", email: "bench@example.com" },
          }),
        }),
      );
      if (charged.status !== 201) throw new Error(`charge: ${charged.status} ${await charged.text()}`);
      written.charges++;
      const { lcPaymentId } = /** @type {{ lcPaymentId: string }} */ (await charged.json());
      if (n % 2 === 0) {
        const refunded = await untilNotMoving(() =>
          fetch(`${baseUrl}/v1/payments/${lcPaymentId}/refund`, {
            method: "POST",
            headers: { ...headers, "Idempotency-Key": `${name}-refund-${n}` },
            body: JSON.stringify({ amountCents: 300 }),
          }),
        );
        if (refunded.status !== 200) throw new Error(`refund: ${refunded.status} ${await refunded.text()}`);
        written.refunds++;
      }
    }
  }

  /** @type {Record<string, number | undefined>} when each step was first seen, ms since the move started */
  const stepSeen = {};
  let status = /** @type {any} */ (null);
  const started = performance.now();
  const poll = (async () => {
    while (run.moving) {
      const response = await fetch(`${baseUrl}/admin/tenants/${tenant.tenantId}/move`, { headers: admin });
      if (response.status === 200) {
        status = await response.json();
        stepSeen[status.step] ??= performance.now() - started;
      } else await response.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  })();
  const clients = Array.from({ length: CLIENTS }, (_, i) => client(`bench-move-${i}`));
  log(`moving ${tenant.tenantId} from ${from} to ${to}, ${CLIENTS} clients charging and refunding…`);
  for (;;) {
    const response = await fetch(`${baseUrl}/admin/tenants/${tenant.tenantId}/move`, {
      method: "POST",
      headers: { ...admin, "Content-Type": "application/json" },
      body: JSON.stringify({ to }),
    });
    const answer = /** @type {any} */ (await response.json());
    if (response.status !== 200 && response.status !== 202) throw new Error(`move: ${response.status} ${JSON.stringify(answer)}`);
    stepSeen[answer.step] ??= performance.now() - started;
    if (answer.lastError) log(`  ${answer.step}: ${answer.lastError}`);
    status = answer;
    if (response.status === 200) break;
  }
  const total = performance.now() - started;
  run.moving = false;
  await Promise.all([...clients, poll]);

  const flippedAt = Date.parse(status.flippedAtUtc) - Date.parse(status.startedAtUtc);
  const at = (step) => stepSeen[step] ?? NaN;
  const sum = (field) => status.tables.reduce((total, table) => total + (table[field] ?? 0), 0);
  const seconds = (ms) => (ms / 1000).toFixed(1);
  const figures = {
    payments: PAYMENTS,
    loadAverage: Number(loadavg()[0]?.toFixed(1)),
    copySeconds: Number(seconds(at("compare"))),
    compareAndCatchUpSeconds: Number(seconds(flippedAt - status.pauseMs - at("compare"))),
    pauseMs: status.pauseMs,
    deleteSeconds: Number(seconds(total - flippedAt)),
    totalSeconds: Number(seconds(total)),
    rows: {
      copied: sum("copied"),
      compared: sum("compared"),
      repaired: sum("repaired"),
      caughtUp: sum("caughtUpWritten") + sum("caughtUpDeleted"),
      pauseWritten: sum("deltaWritten") + sum("deltaDeleted"),
      pauseVerified: sum("sourceRows"),
    },
    written,
    /** When the poll first saw each step, seconds after the move began (the pause: drain to delete). */
    stepsFirstSeenSeconds: Object.fromEntries(Object.entries(stepSeen).map(([step, ms]) => [step, Number(seconds(ms ?? NaN))])),
  };
  console.log(JSON.stringify(figures, null, 2));
  console.log(
    `\n| ${PAYMENTS} payments, ${CLIENTS} clients writing | copy | compare and catch-up | pause (key cache wait 0) | delete |\n|---|---:|---:|---:|---:|\n` +
      `| seconds | ${figures.copySeconds} | ${figures.compareAndCatchUpSeconds} | ${(figures.pauseMs / 1000).toFixed(2)} | ${figures.deleteSeconds} |`,
  );
} finally {
  await server.stop();
}
process.exit(0);
