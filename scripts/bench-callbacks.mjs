#!/usr/bin/env node
// Callbacks signed and delivered per second, end to end against a real `wrangler dev`: operator replay → D1 →
// local Queue → consumer (sign, POST) → a Node receiver on 127.0.0.1 that verifies every signature with the
// tenants' own verifier (examples/receiver/verify-callback.ts, loaded by Node's type stripping). Prints figures.
// Standalone: `node scripts/bench-callbacks.mjs`; or import `benchCallbacks` into another bench with its dev server.
import { spawnSync } from "node:child_process";
import { createServer } from "node:http";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { devSecrets, startDevServer } from "../test/support/dev-server.mjs";
import { verifyCallbackSignature } from "../examples/receiver/verify-callback.ts";

const root = path.join(import.meta.dirname, "..");

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** A receiver that answers 204 to callbacks whose signature verifies, 400 otherwise. */
async function startReceiver(secret, onCallback) {
  const server = createServer((request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", async () => {
      const rawBody = Buffer.concat(chunks);
      const verified = await verifyCallbackSignature({ rawBody, signatureHeader: request.headers["lc-signature"], secret: secret() });
      onCallback({ eventId: request.headers["lc-event-id"], verified: verified.ok });
      response.writeHead(verified.ok ? 204 : 400).end();
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}/hooks`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Writes `count` already-handled events for the tenant straight into the local D1, as bench.mjs seeds payments. */
function seedEvents({ persistTo, tenantId, count }) {
  const file = path.join(tmpdir(), `bench-callback-events-${process.pid}.sql`);
  const created = new Date().toISOString();
  const rows = Array.from({ length: count }, (_, i) => {
    const id = `event_bench${String(i).padStart(10, "0")}`;
    const body = JSON.stringify({
      id,
      type: "transfer.updated",
      createdAtUtc: created,
      lcPaymentId: `lcpay_bench${i}`,
      orderRef: `bench-${i}`,
      status: "succeeded",
    });
    return `('${id}','${tenantId}','transfer.updated','lcpay_bench${i}','${body}','${created}','${created}',0)`;
  });
  const statements = [];
  // D1 refuses statements over 100 KB.
  for (let i = 0; i < rows.length; i += 200) {
    statements.push(
      `INSERT INTO events (id, tenant_id, type, subject_id, payload, created_at, enqueued_at, enqueue_attempts) VALUES ${rows.slice(i, i + 200).join(",")};`,
    );
  }
  writeFileSync(file, statements.join("\n"));
  const result = spawnSync(
    path.join(root, "node_modules", ".bin", "wrangler"),
    ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file, "--yes"],
    {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, CI: "true" },
    },
  );
  if (result.status !== 0) throw new Error(`seeding events failed: ${result.stderr}`);
  return rows.map((_, i) => `event_bench${String(i).padStart(10, "0")}`);
}

/** Replays `count` events with `concurrency` operator requests in flight and waits for every callback to arrive. */
export async function benchCallbacks({ baseUrl, persistTo, adminSecret, count = 300, concurrency = 8, timeoutMs = 120_000 }) {
  const admin = { Authorization: `Bearer ${adminSecret}`, "Content-Type": "application/json" };
  const tenant = await (
    await fetch(`${baseUrl}/admin/tenants`, { method: "POST", headers: admin, body: JSON.stringify({ name: "Callback bench" }) })
  ).json();
  let signingSecret = "";
  const sentAt = new Map();
  const latencies = [];
  let verified = 0;
  let rejected = 0;
  let allArrived;
  const arrived = new Promise((resolve) => (allArrived = resolve));
  const receiver = await startReceiver(
    () => signingSecret,
    ({ eventId, verified: ok }) => {
      if (ok) verified++;
      else rejected++;
      if (sentAt.has(eventId)) latencies.push(performance.now() - sentAt.get(eventId));
      if (verified + rejected >= count) allArrived();
    },
  );
  try {
    const saved = await fetch(`${baseUrl}/admin/tenants/${tenant.id}/callbacks`, {
      method: "PUT",
      headers: admin,
      body: JSON.stringify({ url: receiver.url }),
    });
    if (saved.status !== 200) throw new Error(`saving the callback URL failed: ${saved.status} ${await saved.text()}`);
    signingSecret = (await (await fetch(`${baseUrl}/admin/tenants/${tenant.id}/callbacks/secrets`, { headers: admin })).json()).data[0]
      .secret;
    const eventIds = seedEvents({ persistTo, tenantId: tenant.id, count });

    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let i = next++; i < eventIds.length; i = next++) {
          sentAt.set(eventIds[i], performance.now());
          const response = await fetch(`${baseUrl}/admin/tenants/${tenant.id}/callbacks/events/${eventIds[i]}/replay`, {
            method: "POST",
            headers: admin,
          });
          if (response.status !== 202) throw new Error(`replay failed: ${response.status} ${await response.text()}`);
        }
      }),
    );
    const timeout = new Promise((_, reject) =>
      setTimeout(() => reject(new Error(`only ${verified + rejected} of ${count} callbacks arrived`)), timeoutMs),
    );
    await Promise.race([arrived, timeout]);
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return { count, verified, rejected, perSecond: count / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
  } finally {
    await receiver.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const count = Number(process.env.BENCH_CALLBACKS ?? 300);
  const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
  const server = await startDevServer();
  try {
    const result = await benchCallbacks({
      baseUrl: server.baseUrl,
      persistTo: server.persistTo,
      adminSecret: devSecrets().ADMIN_SECRET,
      count,
      concurrency,
    });
    console.log(`\n${count} callbacks, ${concurrency} replay requests in flight, local Queue (max_batch_size 10, max_batch_timeout 1 s)\n`);
    console.log("| callbacks/s (signed, delivered, verified) | replay → received p50 ms | p99 ms | signature rejected |");
    console.log("|---:|---:|---:|---:|");
    console.log(`| ${result.perSecond.toFixed(1)} | ${result.p50.toFixed(0)} | ${result.p99.toFixed(0)} | ${result.rejected} |`);
  } finally {
    await server.stop();
  }
}
