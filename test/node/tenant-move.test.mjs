// `npm run admin -- tenant move` run against the whole service (`wrangler dev`, local D1 shards, the queue, the cron) while
// the tenant goes on charging: every charge is answered (a 503 during the pause is retried under its Idempotency-Key, as
// a client does), every payment is readable from the new shard after the move, none is doubled at the processor, the
// tenant's key keeps working, and the shard list shows the tenant on the target.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

import { beforeAll, describe, expect, it } from "vitest";

import { tenantShardBinding } from "../../scripts/local-d1.mjs";
import { cardToken, chargeableTenant, devSecrets, sharedDevServer } from "../support/index.mjs";

const root = path.join(import.meta.dirname, "../..");
const run = promisify(execFile);
const ADMIN = { Authorization: `Bearer ${devSecrets().ADMIN_SECRET}` };

let server;

beforeAll(async () => {
  server = await sharedDevServer();
});

const adminCli = (...args) =>
  run(process.execPath, ["scripts/admin.mjs", ...args], {
    cwd: root,
    env: { ...process.env, PAYMENT_CONNECT_URL: server.baseUrl, ADMIN_SECRET: devSecrets().ADMIN_SECRET },
  });

/** Tenants per shard, as `npm run admin -- shard list` counts them. */
async function tenantsPerShard() {
  const { stdout } = await adminCli("shard", "list");
  return Object.fromEntries(JSON.parse(stdout).data.map((shard) => [shard.shard, shard.tenants]));
}

/** One charge, sent again under the same key for as long as the tenant is paused (503 with Retry-After). */
async function chargeUntilAnswered(key, orderRef) {
  const body = JSON.stringify({
    amountCents: 1000,
    currency: "USD",
    orderRef,
    processorToken: await cardToken(server.baseUrl),
    buyer: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
  });
  let paused = 0;
  for (;;) {
    const response = await fetch(`${server.baseUrl}/v1/payments`, {
      method: "POST",
      headers: { "X-Api-Key": key, "Content-Type": "application/json", "Idempotency-Key": orderRef },
      body,
    });
    if (response.status !== 503) {
      expect(response.status, await response.clone().text()).toBe(201);
      return { payment: await response.json(), paused };
    }
    expect(response.headers.get("Retry-After")).toMatch(/^\d+$/);
    paused++;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("npm run admin -- tenant move", () => {
  it("moves a tenant to the other shard while it charges: every payment answered once, readable after, key intact", async () => {
    const tenant = await chargeableTenant(server.baseUrl, ADMIN, "Moving Espresso");
    const from = await tenantShardBinding({ persistTo: server.persistTo, tenantId: tenant.tenantId });
    expect(["DB_SHARD_US_1", "DB_SHARD_US_2"]).toContain(from);
    const to = from === "DB_SHARD_US_1" ? "DB_SHARD_US_2" : "DB_SHARD_US_1";
    // The server is this file's alone while it runs, with the tenants of the files before it.
    const counted = await tenantsPerShard();

    const before = [];
    for (let n = 0; n < 5; n++) before.push((await chargeUntilAnswered(tenant.key, `before-${n}`)).payment);

    const move = { running: true };
    const during = [];
    const charging = (async () => {
      for (let n = 0; move.running || n < 3; n++) during.push(await chargeUntilAnswered(tenant.key, `during-${n}`));
    })();
    const moved = adminCli("tenant", "move", tenant.tenantId, "--to", to).finally(() => (move.running = false));
    const [{ stdout }] = await Promise.all([moved, charging]);

    expect(JSON.parse(stdout)).toMatchObject({ tenantId: tenant.tenantId, from, to, step: "done" });
    // The charges ran across the pause: some were answered 503 there and then, retried, succeeded.
    expect(during.some((answer) => answer.paused > 0)).toBe(true);
    expect(await tenantsPerShard()).toMatchObject({ [to]: counted[to] + 1, [from]: counted[from] - 1 });

    const payments = [...before, ...during.map((answer) => answer.payment)];
    for (const payment of payments) {
      const read = await fetch(`${server.baseUrl}/v1/payments/${payment.lcPaymentId}`, { headers: { "X-Api-Key": tenant.key } });
      expect(read.status).toBe(200);
      expect(await read.json()).toMatchObject({ lcPaymentId: payment.lcPaymentId, status: "succeeded", amountCents: 1000 });
    }
    const listed = [];
    for (let cursor = ""; ;) {
      const page = await (
        await fetch(`${server.baseUrl}/v1/payments?limit=200${cursor ? `&cursor=${cursor}` : ""}`, { headers: { "X-Api-Key": tenant.key } })
      ).json();
      listed.push(...page.data.map((payment) => payment.lcPaymentId));
      if (!page.hasMore) break;
      cursor = page.nextCursor;
    }
    expect(listed.sort()).toEqual(payments.map((payment) => payment.lcPaymentId).sort());
    expect(new Set(payments.map((payment) => payment.processorTransferId)).size).toBe(payments.length);
  });
});
