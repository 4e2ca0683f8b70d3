// A request for a tenant touches the control database and that tenant's shard, and nothing else (issue #24). Two
// tenants on two shards; the whole surface is driven for one of them, and two things are proven: no other database is
// called at all while its API and operator requests run (each other D1 binding counts every call), and no row of it,
// nor any other row, appears outside its shard in any tenant table, dashboard and queue consumer included.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { createApp } from "../../../src/app";
import { CONTROL_BINDING, shardsOf } from "../../../src/placement/shards";
import { eventually, mockReceiver } from "../support/callbacks";
import { ownerOf } from "../support/dashboard";
import { ADMIN_HEADERS, jsonInit, tenantWithKey } from "../support/http";
import { paymentId, seedDispute, seedPayments } from "../support/ledger";
import { bankToken, buyer, cardToken, chargeableTenant } from "../support/sandbox";
import { tenantOnAnotherShard, tenantShardBinding } from "../support/shards";
import { activeReader } from "../support/terminal";

const RECEIVER = "https://isolation.example";

/** Every database: the control database and each shard. */
const databases = () => [{ binding: CONTROL_BINDING, d1: env.DB }, ...shardsOf(env)];

/** The tables a tenant owns: every table of a shard but its copy of `tenants`. */
async function tenantTables(): Promise<string[]> {
  const { results } = await shardsOf(env)[0]!
    .d1.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT IN ('d1_migrations', 'tenants')",
    )
    .all<{ name: string }>();
  return results.map(({ name }) => name);
}

/** Rows of every tenant table in every database but `shard` (the control database keeps these tables from before shards). */
async function rowsOutside(shard: string, where = "", ...values: unknown[]): Promise<Record<string, number>> {
  const tables = await tenantTables();
  const counts: Record<string, number> = {};
  for (const { binding, d1 } of databases().filter((database) => database.binding !== shard)) {
    const rows = await d1.batch<{ n: number }>(
      tables.map((table) => d1.prepare(`SELECT COUNT(*) AS n FROM "${table}" ${where}`).bind(...values)),
    );
    tables.forEach((table, index) => (counts[`${binding}.${table}`] = rows[index]!.results[0]!.n));
  }
  return counts;
}

const nonZero = (counts: Record<string, number>) => Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));

/** The env with each D1 binding but the control database and `shard` counting every call made on it. */
function watchedEnv(shard: string, calls: Record<string, number>): Env {
  const watched = (binding: string, d1: D1Database) =>
    new Proxy(d1, {
      get(target, property) {
        const value = Reflect.get(target, property, target) as unknown;
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          calls[`${binding}.${String(property)}`] = (calls[`${binding}.${String(property)}`] ?? 0) + 1;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  const others = shardsOf(env).filter((other) => other.binding !== shard);
  return { ...env, ...Object.fromEntries(others.map(({ binding, d1 }) => [binding, watched(binding, d1)])) };
}

describe("a tenant's requests stay on its shard", () => {
  it("touch no other shard, and leave no row anywhere but on its shard, across the API, operator routes, callbacks and dashboard", async () => {
    const tenant = await chargeableTenant("Isolated Roasters");
    const shard = await tenantShardBinding(tenant.tenantId);
    const neighbour = await tenantOnAnotherShard(shard, () => tenantWithKey("Neighbour Bakery"));
    const neighbourPayment = paymentId(1, "neighbour");
    await seedPayments(neighbour.tenantId, [
      { id: neighbourPayment, status: "succeeded", amountCents: 900, createdAt: new Date().toISOString() },
    ]);
    const before = await rowsOutside(shard);

    const calls: Record<string, number> = {};
    const app = createApp();
    const workerEnv = watchedEnv(shard, calls);
    const send = async (path: string, init: RequestInit = {}) => {
      const executionCtx = createExecutionContext();
      const response = await app.fetch(new Request(`https://payment-connect.test${path}`, init), workerEnv, executionCtx);
      await waitOnExecutionContext(executionCtx);
      return response;
    };
    const expectStatus = async (path: string, status: number, init: RequestInit = {}) => {
      const response = await send(path, init);
      expect(response.status, `${init.method ?? "GET"} ${path}`).toBe(status);
      return response;
    };
    const { auth, tenantId } = tenant;
    const receiver = mockReceiver(RECEIVER);

    await expectStatus(`/admin/tenants/${tenantId}/callbacks`, 200, jsonInit("PUT", { url: `${RECEIVER}/hooks` }, ADMIN_HEADERS));
    const pay = (processorToken: string, orderRef: string) =>
      expectStatus(
        "/v1/payments",
        201,
        jsonInit("POST", { amountCents: 2500, currency: "USD", orderRef, processorToken, buyer }, { ...auth, "Idempotency-Key": orderRef }),
      );
    const { lcPaymentId } = await (await pay(await cardToken(), "isolated-card")).json<{ lcPaymentId: string }>();
    await pay(await bankToken(), "isolated-ach");
    await expectStatus(
      `/v1/payments/${lcPaymentId}/refund`,
      200,
      jsonInit("POST", { amountCents: 500 }, { ...auth, "Idempotency-Key": "isolated-refund" }),
    );
    await expectStatus(`/v1/payments/${lcPaymentId}`, 200, { headers: auth });
    await expectStatus(`/v1/payments/${neighbourPayment}`, 404, { headers: auth });
    const page = await (await expectStatus("/v1/payments?limit=1", 200, { headers: auth })).json<{ nextCursor: string }>();
    await expectStatus(`/v1/payments?limit=1&cursor=${page.nextCursor}`, 200, { headers: auth });

    const disputeId = await seedDispute(tenantId, lcPaymentId);
    await expectStatus("/v1/disputes", 200, { headers: auth });
    await expectStatus(`/v1/disputes/${disputeId}`, 200, { headers: auth });
    const reader = await activeReader(auth);
    await expectStatus("/v1/terminal/readers", 200, { headers: auth });
    await expectStatus("/v1/onboarding/status", 200, { headers: auth });
    await expectStatus("/v1/payouts", 200, { headers: auth });

    await expectStatus(`/admin/tenants/${tenantId}/keys`, 200, { headers: ADMIN_HEADERS });
    await expectStatus(`/admin/tenants/${tenantId}/callbacks`, 200, { headers: ADMIN_HEADERS });
    const events = await (
      await expectStatus(`/admin/tenants/${tenantId}/callbacks/events`, 200, { headers: ADMIN_HEADERS })
    ).json<{ data: { id: string }[] }>();
    expect(events.data.length).toBeGreaterThan(0);
    await expectStatus(`/admin/tenants/${tenantId}/callbacks/deliveries`, 200, { headers: ADMIN_HEADERS });
    await expectStatus(`/admin/tenants/${tenantId}/callbacks/events/${events.data[0]!.id}/replay`, 202, {
      method: "POST",
      headers: ADMIN_HEADERS,
    });

    expect(calls).toEqual({});

    // The dashboard and the queue consumer run in the service itself: what they write is looked for below.
    const { browser } = await ownerOf(tenantId);
    for (const path of [
      "/dashboard",
      "/dashboard/payments",
      `/dashboard/payments/${lcPaymentId}`,
      "/dashboard/disputes",
      "/dashboard/payouts",
      "/dashboard/readers",
      `/dashboard/readers/${reader.lcReaderId}`,
      "/dashboard/keys",
      "/dashboard/callbacks",
    ]) {
      expect((await browser.open(path)).response.status, path).toBe(200);
    }
    expect((await browser.post("/dashboard/callbacks/test")).status).toBe(303);
    await eventually(
      async () => receiver.received.length,
      (received) => received >= 2,
    );

    expect(nonZero(await rowsOutside(shard, "WHERE tenant_id = ?", tenantId))).toEqual({});
    expect(await rowsOutside(shard)).toEqual(before);
  });
});
