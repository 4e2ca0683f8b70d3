import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { requestLog } from "../../../src/requests/request-log.schema";
import { rowsOnEveryShard } from "../support/db";
import { call, expectProblem, issueKey, tenantWithKey } from "../support/http";
import { loggedRequest, requestsPage, seedRequests } from "../support/requests";
import { tenantOnAnotherShard, tenantShardBinding } from "../support/shards";

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

  it("writes each tenant's rows on its own shard and nowhere else", async () => {
    const first = await tenantWithKey("Shard One Shop");
    const second = await tenantOnAnotherShard(await tenantShardBinding(first.tenantId), () => tenantWithKey("Shard Two Shop"));
    for (const tenant of [first, second]) {
      const response = await call("/v1/payments", { headers: tenant.auth });
      const { id } = await loggedRequest(tenant.auth, response.headers.get("X-Trace-Id")!);
      const holders = await rowsOnEveryShard((db) =>
        db.select({ tenantId: requestLog.tenantId }).from(requestLog).where(eq(requestLog.id, id)),
      );
      expect(holders).toEqual([{ tenantId: tenant.tenantId }]);
    }
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
