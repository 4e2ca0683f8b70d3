// Callbacks signed, delivered and verified per second against a real `wrangler dev` (local Queue, the consumer, a Node
// receiver on 127.0.0.1 that checks every signature with the tenants' own verifier, examples/receiver/verify-callback.ts).
// Two runs: delivery alone — the deliveries already exist and the cron sweep only sends their messages, so the figure is
// the consumer's — and end to end — outbox events the sweep must first turn into deliveries. The dev server must run with
// `--test-scheduled` so the sweep can be triggered. Used by scripts/bench.mjs.
import { loadavg } from "node:os";

import { verifyCallbackSignature } from "../examples/receiver/verify-callback.ts";
import { startCallbackReceiver } from "../test/support/callback-receiver.mjs";
import { fetchRetryingClosedSocket as fetch } from "./bench-fetch.mjs";
import { executeLocalD1, tenantShardBinding } from "./local-d1.mjs";

const ROWS_PER_STATEMENT = 200;

/** `count` outbox events of the tenant, written a minute ago, so the sweep takes them for left behind. */
async function seedEvents({ persistTo, config, tenantId, prefix, count, enqueued }) {
  const created = new Date(Date.now() - 60_000).toISOString();
  const statements = [];
  for (let start = 0; start < count; start += ROWS_PER_STATEMENT) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + ROWS_PER_STATEMENT); i++) {
      const id = `event_${prefix}${String(i).padStart(10, "0")}`;
      const body = JSON.stringify({
        id,
        type: "transfer.updated",
        createdAtUtc: created,
        lcPaymentId: `lcpay_${prefix}${i}`,
        orderRef: `bench-${i}`,
        status: "succeeded",
      });
      rows.push(
        `('${id}','${tenantId}','transfer.updated','lcpay_${prefix}${i}','${body}','${created}',${enqueued ? `'${created}'` : "NULL"},0)`,
      );
    }
    statements.push(
      `INSERT INTO events (id, tenant_id, type, subject_id, payload, created_at, enqueued_at, enqueue_attempts) VALUES ${rows.join(",")};`,
    );
  }
  await executeLocalD1({
    persistTo,
    config,
    binding: await tenantShardBinding({ persistTo, config, tenantId }),
    sql: statements.join("\n"),
  });
}

/** A pending delivery, never sent, for every event of the run: only their messages are missing. */
async function seedDeliveries({ persistTo, config, tenantId, prefix }) {
  const created = new Date(Date.now() - 60_000).toISOString();
  await executeLocalD1({
    persistTo,
    config,
    binding: await tenantShardBinding({ persistTo, config, tenantId }),
    sql: `INSERT INTO callback_deliveries (id, tenant_id, event_id, endpoint_id, origin, status, attempt_count, next_attempt_at, created_at)
     SELECT 'dlv_' || substr(events.id, 7), events.tenant_id, events.id, callback_endpoints.id, 'event', 'pending', 0, '${created}', '${created}'
     FROM events JOIN callback_endpoints ON callback_endpoints.tenant_id = events.tenant_id
     WHERE events.tenant_id = '${tenantId}' AND events.id LIKE 'event_${prefix}%';`,
  });
}

async function tenantWithReceiver(baseUrl, admin, name, onCallback) {
  const tenant = /** @type {{ id: string }} */ (
    await (await fetch(`${baseUrl}/admin/tenants`, { method: "POST", headers: admin, body: JSON.stringify({ name }) })).json()
  );
  let secret = "";
  // Answers 204 to a callback whose signature verifies, 400 otherwise.
  const receiver = await startCallbackReceiver({
    answer: async ({ headers, body }) => {
      const verified = await verifyCallbackSignature({ rawBody: body, signatureHeader: headers["lc-signature"]?.toString(), secret });
      onCallback(verified.ok);
      return verified.ok ? 204 : 400;
    },
  });
  const saved = await fetch(`${baseUrl}/admin/tenants/${tenant.id}/callbacks`, {
    method: "PUT",
    headers: admin,
    body: JSON.stringify({ url: receiver.url("/hooks") }),
  });
  if (saved.status !== 200) throw new Error(`saving the callback URL failed: ${saved.status} ${await saved.text()}`);
  const secrets = /** @type {{ data: [{ secret: string }] }} */ (
    await (await fetch(`${baseUrl}/admin/tenants/${tenant.id}/callbacks/secrets`, { headers: admin })).json()
  );
  secret = secrets.data[0].secret;
  return { tenantId: tenant.id, receiver };
}

/** Triggers the cron sweep (each run sends a bounded page of work) until every callback has arrived. */
async function sweepUntilReceived({ baseUrl, received, count, timeoutMs }) {
  const deadline = Date.now() + timeoutMs;
  while (received() < count) {
    if (Date.now() > deadline) throw new Error(`only ${received()} of ${count} callbacks arrived`);
    await (await fetch(`${baseUrl}/__scheduled?cron=*+*+*+*+*`)).arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The consumer's own rate: messages over the time its invocations took, from wrangler's `QUEUE <name> <acked>/<size>
 * (<ms>ms)` lines — what delivery would reach if the queue were never empty between batches.
 */
function consumerRate(log) {
  let messages = 0;
  let ms = 0;
  for (const [, size, duration] of log.matchAll(/QUEUE payment-connect-callbacks \d+\/(\d+) \((\d+)ms\)/g)) {
    messages += Number(size);
    ms += Number(duration);
  }
  return {
    messages,
    batches: log.match(/QUEUE payment-connect-callbacks \d/g)?.length ?? 0,
    perSecond: ms > 0 ? messages / (ms / 1000) : 0,
  };
}

async function run({
  name,
  baseUrl,
  persistTo,
  config,
  admin,
  count,
  tenants,
  prefix,
  withDeliveries,
  timeoutMs,
  serverOutput,
  controlStatements,
}) {
  let verified = 0;
  let rejected = 0;
  let firstAt = 0;
  let lastAt = 0;
  const onCallback = (ok) => {
    if (ok) verified++;
    else rejected++;
    firstAt ||= performance.now();
    lastAt = performance.now();
  };
  /** @type {{ tenantId: string; receiver: { close: () => Promise<unknown> } }[]} */
  const receiving = [];
  try {
    // The count is shared by the tenants, each placed where placement puts it (with shards, on every shard).
    for (let index = 0; index < tenants; index++) {
      receiving.push(await tenantWithReceiver(baseUrl, admin, `Callback bench ${prefix} ${index + 1}`, onCallback));
    }
    for (const [index, { tenantId }] of receiving.entries()) {
      const share = Math.floor(count / tenants) + (index < count % tenants ? 1 : 0);
      const tenantPrefix = `${prefix}${index}t`;
      await seedEvents({ persistTo, config, tenantId, prefix: tenantPrefix, count: share, enqueued: withDeliveries });
      if (withDeliveries) await seedDeliveries({ persistTo, config, tenantId, prefix: tenantPrefix });
    }
    const logFrom = serverOutput().length;
    const controlBefore = await controlStatements?.();
    const started = performance.now();
    await sweepUntilReceived({ baseUrl, received: () => verified + rejected, count, timeoutMs });
    const controlAfter = await controlStatements?.();
    // Delivery alone is timed from the first callback received; end to end from the first sweep.
    const seconds = (lastAt - (withDeliveries ? firstAt : started)) / 1000;
    // The last batch's line is written once its attempts are recorded, after its callbacks arrived.
    for (let waited = 0; consumerRate(serverOutput().slice(logFrom)).messages < count && waited < 5000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return {
      name,
      count,
      verified,
      rejected,
      seconds,
      perSecond: count / seconds,
      consumer: consumerRate(serverOutput().slice(logFrom)),
      controlPerCallback:
        controlBefore === undefined || controlAfter === undefined
          ? null
          : { reads: (controlAfter.reads - controlBefore.reads) / count, writes: (controlAfter.writes - controlBefore.writes) / count },
      load: loadavg()[0] ?? 0,
    };
  } finally {
    for (const { receiver } of receiving) await receiver.close();
  }
}

/**
 * `serverOutput` returns the dev server's log so far (the consumer's batch timings are read from it); `tenants` share
 * each run's callbacks (the shard benchmark spreads them over its shards); `config` is the wrangler config binding the
 * shards; `controlStatements`, where the server counts them, reads how many reads and writes its control database has
 * run (the sweeps' and the consumer's, per callback delivered).
 *
 * @param {{ baseUrl: string; persistTo: string; config?: string; adminSecret: string; serverOutput: () => string; count?: number;
 *   tenants?: number; controlStatements?: () => Promise<{ reads: number; writes: number }>; timeoutMs?: number }} options
 */
export async function benchCallbacks({
  baseUrl,
  persistTo,
  config,
  adminSecret,
  serverOutput,
  count = 1000,
  tenants = 1,
  controlStatements,
  timeoutMs = 300_000,
}) {
  const admin = { Authorization: `Bearer ${adminSecret}`, "Content-Type": "application/json" };
  const common = { baseUrl, persistTo, config, admin, count, tenants, timeoutMs, serverOutput, controlStatements };
  return {
    count,
    deliveryOnly: await run({
      ...common,
      name: "delivery alone (deliveries exist; messages sent by the sweep)",
      prefix: "deliver",
      withDeliveries: true,
    }),
    endToEnd: await run({
      ...common,
      name: "end to end (outbox events → deliveries → messages → receiver)",
      prefix: "e2e",
      withDeliveries: false,
    }),
  };
}
