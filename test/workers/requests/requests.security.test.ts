import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { createApp } from "../../../src/app";
import { shardD1 } from "../../../src/placement/shards";
import { tenantRequestLog } from "../../../src/requests/request-log.service";
import { ADMIN_HEADERS, call, expectProblem, issueKey, jsonInit, tenantWithKey } from "../support/http";
import { paymentId, seedPayments } from "../support/ledger";
import { loggedRequest, requestsPage, seedRequests } from "../support/requests";
import { tenantShardBinding } from "../support/shards";

/** Every row of every table on a shard, as JSON: equal before and after only when nothing was inserted, changed or deleted. */
async function everyRow(d1: D1Database): Promise<Record<string, string>> {
  const { results: tables } = await d1
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY name")
    .all<{ name: string }>();
  const rows = await d1.batch(tables.map(({ name }) => d1.prepare(`SELECT * FROM "${name}"`)));
  return Object.fromEntries(tables.map(({ name }, i) => [name, JSON.stringify(rows[i]!.results)]));
}

/** Makes tenants until one lands on `shard`, beside another tenant's rows (placement takes the emptiest shard). */
async function tenantOnShard(shard: string, make: () => Promise<Awaited<ReturnType<typeof tenantWithKey>>>) {
  for (let tries = 0; tries < 10; tries++) {
    const made = await make();
    if ((await tenantShardBinding(made.tenantId)) === shard) return made;
  }
  throw new Error(`no new tenant landed on ${shard}`);
}

describe("the request log is the tenant's own", () => {
  it("never shows another tenant's requests on the same shard: not in the list, not by its traceId, key or path, not by id", async () => {
    const owner = await tenantWithKey("Owner Ovens");
    const intruder = await tenantOnShard(await tenantShardBinding(owner.tenantId), () => tenantWithKey("Intruder Inns"));
    const ownerCall = await call("/v1/payments/lcpay_ownersownpayment01", { headers: owner.auth });
    const owned = await loggedRequest(owner.auth, ownerCall.headers.get("X-Trace-Id")!);
    const intruderCall = await call("/v1/payments", { headers: intruder.auth });
    await loggedRequest(intruder.auth, intruderCall.headers.get("X-Trace-Id")!);

    const seen = (await requestsPage(intruder.auth, { limit: "200" })).data;
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((row) => row.apiKeyId === intruder.keyId)).toBe(true);
    expect((await requestsPage(intruder.auth, { traceId: owned.traceId })).data).toEqual([]);
    expect((await requestsPage(intruder.auth, { apiKeyId: owner.keyId })).data).toEqual([]);
    expect((await requestsPage(intruder.auth, { path: "/v1/payments/lcpay_ownersownpayment01" })).data).toEqual([]);

    const missing = await expectProblem(await call("/v1/requests/req_missingmissing0001", { headers: intruder.auth }), 404, "not-found");
    const foreign = await expectProblem(await call(`/v1/requests/${owned.id}`, { headers: intruder.auth }), 404, "not-found");
    expect(foreign.title).toBe(missing.title);
    expect(JSON.stringify(foreign)).not.toContain(owned.traceId);
  });

  it("writes nothing to the ledger shard on a lookup, before its answer or after: its row goes to the tenant's own store", async () => {
    const { tenantId, auth } = await tenantWithKey("Ledger Quiet Shop");
    const id = paymentId(1, "quiet");
    await seedPayments(tenantId, [{ id, status: "succeeded", amountCents: 1200, createdAt: new Date().toISOString() }]);
    const shard = await tenantShardBinding(tenantId);
    const before = await everyRow(shardD1(env, shard));

    // Every statement the shard is sent, on its primary or in a session, until the work after the answer is done too.
    const sent: string[] = [];
    const record = <T extends D1Database | D1DatabaseSession>(db: T): T =>
      new Proxy(db, {
        get(target, property) {
          if (property === "prepare") return (query: string) => (sent.push(query), target.prepare(query));
          if (property === "withSession") return (from: string) => record((target as D1Database).withSession(from));
          const value = Reflect.get(target, property, target) as unknown;
          return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      });
    const executionCtx = createExecutionContext();
    const lookup = await createApp().fetch(
      new Request(`https://payment-connect.test/v1/payments/${id}`, { headers: auth }),
      { ...env, [shard]: record(shardD1(env, shard)) } as Env,
      executionCtx,
    );
    expect(lookup.status).toBe(200);
    await waitOnExecutionContext(executionCtx);

    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((query) => !/^select /i.test(query))).toEqual([]);
    expect((await loggedRequest(auth, lookup.headers.get("X-Trace-Id")!)).path).toBe(`/v1/payments/${id}`);
    expect(await everyRow(shardD1(env, shard))).toEqual(before);
  });

  it("keeps an EU tenant's log in the eu jurisdiction where the deployment names it, and lists it", async () => {
    const created = await call("/admin/tenants", jsonInit("POST", { name: "Berlin Bakery", region: "eu" }, ADMIN_HEADERS));
    expect(created.status).toBe(201);
    const { id: tenantId } = await created.json<{ id: string }>();
    const { key } = await issueKey(tenantId);
    const auth = { "X-Api-Key": key };
    const response = await call("/v1/payments", { headers: auth });
    const logged = await loggedRequest(auth, response.headers.get("X-Trace-Id")!);
    expect(logged.path).toBe("/v1/payments");

    // Deployed, JURISDICTIONS = "eu" (workerd implements none, so locally the namespace is asked and nothing more).
    const asked: string[] = [];
    const deployed = {
      ...env,
      JURISDICTIONS: "eu",
      REQUEST_LOGS: {
        jurisdiction: (name: string) => (asked.push(name), env.REQUEST_LOGS),
        idFromName: (name: string) => env.REQUEST_LOGS.idFromName(name),
        get: (id: DurableObjectId) => env.REQUEST_LOGS.get(id),
      },
    } as unknown as Env;
    const shard = await tenantShardBinding(tenantId);
    expect((await tenantRequestLog(deployed, { id: tenantId, shard }).get(logged.id))?.traceId).toBe(logged.traceId);
    expect(asked).toEqual(["eu"]);
    tenantRequestLog(deployed, { id: "ten_anywhere", shard: "DB_SHARD_US_1" });
    expect(asked).toEqual(["eu"]);
  });

  it("refuses another tenant's cursor", async () => {
    const owner = await tenantWithKey("Cursor Owner");
    const intruder = await tenantWithKey("Cursor Intruder");
    await seedRequests(owner.tenantId, [
      { at: new Date(Date.now() - 120_000).toISOString() },
      { at: new Date(Date.now() - 60_000).toISOString() },
    ]);
    const { nextCursor } = await requestsPage(owner.auth, { limit: "1" });
    expect(nextCursor).not.toBe("");
    await expectProblem(await call(`/v1/requests?limit=1&cursor=${nextCursor}`, { headers: intruder.auth }), 400, "invalid-cursor");
  });

  it("takes requests:read: a restricted key without it gets 403, one with only it reads the log", async () => {
    const { tenantId } = await tenantWithKey("Restricted Readers");
    const payments = await issueKey(tenantId, { name: "payments only", permissions: { payments: "write" } });
    const requests = await issueKey(tenantId, { name: "request log only", permissions: { requests: "read" } });
    const refused = await expectProblem(await call("/v1/requests", { headers: payments.auth }), 403, "insufficient-permissions");
    expect(refused.permission).toBe("requests:read");
    expect((await call("/v1/requests", { headers: requests.auth })).status).toBe(200);
    expect((await call("/v1/payments", { headers: requests.auth })).status).toBe(403);
    // The refused request itself is the tenant's, logged with the key that made it.
    expect(await loggedRequest(requests.auth, refused.traceId)).toMatchObject({ status: 403, apiKeyId: payments.id });
  });
});
