import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";

import { call, expectProblem, issueKey, jsonInit, tenantWithKey } from "../support/http";
import { type LoggedRequest, loggedRequest, requestLogOf, requestsPage, seedRequests, storedRequestRows } from "../support/requests";
import { buyer, cardToken, charge, chargeableTenant, chargeBody } from "../support/sandbox";

const DAY_MS = 86_400_000;

/** Every page of the list under these filters, newest first. */
async function allRequests(auth: Record<string, string>, query: Record<string, string>): Promise<LoggedRequest[]> {
  const found: LoggedRequest[] = [];
  let cursor = "";
  do {
    const page = await requestsPage(auth, { ...query, ...(cursor ? { cursor } : {}) });
    found.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor);
  return found;
}

describe("the request log", () => {
  it("logs a charge after its response: time, method, path, status, duration, traceId, Idempotency-Key and key", async () => {
    const { auth, keyId } = await chargeableTenant("Logged Roasters");
    const before = new Date().toISOString();
    const charged = await charge(auth, chargeBody(await cardToken()), "logged-order-1");
    expect(charged.status).toBe(201);
    const traceId = charged.headers.get("X-Trace-Id")!;

    const logged = await loggedRequest(auth, traceId);
    expect(logged).toEqual({
      id: expect.stringMatching(/^req_[A-Za-z0-9]{10,40}$/),
      receivedAtUtc: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      method: "POST",
      path: "/v1/payments",
      query: "",
      status: 201,
      durationMs: expect.any(Number),
      traceId,
      idempotencyKey: "logged-order-1",
      apiKeyId: keyId,
    });
    expect(logged.receivedAtUtc >= before && logged.receivedAtUtc <= new Date().toISOString()).toBe(true);
    expect(logged.durationMs).toBeGreaterThanOrEqual(0);

    const byId = await call(`/v1/requests/${logged.id}`, { headers: auth });
    expect(byId.status).toBe(200);
    expect(await byId.json()).toEqual(logged);
  });

  it("finds a failing request by the traceId its problem carries", async () => {
    const { auth } = await chargeableTenant("Declined Diner");
    const declined = await expectProblem(await charge(auth, chargeBody(await cardToken("4000000000009995"))), 402, "payment-declined");
    const invalid = await expectProblem(
      await call("/v1/payments", jsonInit("POST", { amountCents: -1 }, { ...auth, "Idempotency-Key": "invalid-1" })),
      400,
      "validation-failed",
    );
    const missing = await expectProblem(await call("/v1/payments/lcpay_doesnotexist0001", { headers: auth }), 404, "not-found");

    expect(await loggedRequest(auth, declined.traceId)).toMatchObject({ method: "POST", path: "/v1/payments", status: 402 });
    expect(await loggedRequest(auth, invalid.traceId)).toMatchObject({ method: "POST", path: "/v1/payments", status: 400 });
    expect(await loggedRequest(auth, missing.traceId)).toMatchObject({
      method: "GET",
      path: "/v1/payments/lcpay_doesnotexist0001",
      status: 404,
    });
    // The caller's own trace (W3C traceparent) is the traceId it finds its request by.
    const traceId = "0af7651916cd43dd8448eb211c80319c";
    const traced = await call("/v1/payments?limit=1", { headers: { ...auth, traceparent: `00-${traceId}-b7ad6b7169203331-01` } });
    expect(traced.headers.get("X-Trace-Id")).toBe(traceId);
    expect(await loggedRequest(auth, traceId)).toMatchObject({ path: "/v1/payments", query: "limit=1", status: 200 });
  });

  it("stores no body and no secret: not the card token, the buyer, a key or a secret put in the query", async () => {
    const { tenantId, auth, key } = await chargeableTenant("Careful Cafe");
    const token = await cardToken();
    const charged = await charge(auth, chargeBody(token, { orderRef: "careful-order-ref" }), "careful-charge");
    expect(charged.status).toBe(201);
    const listed = await call(`/v1/payments?limit=2&processorToken=${token}&api_key=${key}&password=hunter2&status=succeeded`, {
      headers: auth,
    });
    expect(listed.status).toBe(400);
    await loggedRequest(auth, charged.headers.get("X-Trace-Id")!);
    const queried = await loggedRequest(auth, listed.headers.get("X-Trace-Id")!);
    expect(queried.query).toBe("limit=2&processorToken=[REDACTED]&api_key=[REDACTED]&password=[REDACTED]&status=succeeded");

    const stored = JSON.stringify(await storedRequestRows(tenantId));
    for (const secret of [token, key, key.slice("lc_live_".length), "hunter2", buyer.email, buyer.lastName, "careful-order-ref"]) {
      expect(stored).not.toContain(secret);
    }
  });

  it("logs only requests the key was accepted for: a refused key and the anonymous /v1/meta leave no row", async () => {
    const { tenantId, auth } = await tenantWithKey("Quiet Quarters");
    const refused = await call("/v1/payments", { headers: { "X-Api-Key": "lc_live_notakeyofanyone0000000000000000000000000" } });
    expect(refused.status).toBe(401);
    const meta = await call("/v1/meta");
    expect(meta.status).toBe(200);
    const counted = await call("/v1/payments", { headers: auth });
    await loggedRequest(auth, counted.headers.get("X-Trace-Id")!);

    const rows = await storedRequestRows(tenantId);
    expect(rows.map((row) => row.traceId)).not.toContain(refused.headers.get("X-Trace-Id"));
    expect(rows.map((row) => row.path)).not.toContain("/v1/meta");
  });

  it("filters by status class or code, path prefix and key, alone and together, across pages", async () => {
    const { tenantId, auth, keyId } = await tenantWithKey("Filtered Foods");
    const other = await issueKey(tenantId);
    const at = (minute: number) => new Date(Date.now() - (60 - minute) * 60_000).toISOString();
    const [ok, created, notFound, conflict, failed, refund, anotherKey] = await seedRequests(tenantId, [
      { at: at(1), path: "/v1/payments", status: 200, apiKeyId: keyId },
      { at: at(2), method: "POST", path: "/v1/payments", status: 201, apiKeyId: keyId },
      { at: at(3), path: "/v1/payments/lcpay_missing00000001", status: 404, apiKeyId: keyId },
      { at: at(4), method: "POST", path: "/v1/payments/lcpay_paid0000000001/refund", status: 409, apiKeyId: keyId },
      { at: at(5), method: "POST", path: "/v1/payments", status: 502, apiKeyId: keyId },
      { at: at(6), method: "POST", path: "/v1/payments/lcpay_paid0000000001/refund", status: 200, apiKeyId: keyId },
      { at: at(7), path: "/v1/disputes", status: 404, apiKeyId: other.id },
    ]);
    const ids = async (query: Record<string, string>) => (await allRequests(auth, { limit: "2", ...query })).map((row) => row.id);

    expect(await ids({ status: "4xx" })).toEqual([anotherKey, conflict, notFound].map((row) => row!.id));
    expect(await ids({ status: "404" })).toEqual([anotherKey, notFound].map((row) => row!.id));
    expect(await ids({ status: "5xx" })).toEqual([failed!.id]);
    expect(await ids({ status: "2xx", path: "/v1/payments" })).toEqual([refund, created, ok].map((row) => row!.id));
    expect(await ids({ path: "/v1/payments/" })).toEqual([refund, conflict, notFound].map((row) => row!.id));
    expect(await ids({ apiKeyId: other.id })).toEqual([anotherKey!.id]);
    expect(await ids({ status: "4xx", apiKeyId: keyId, path: "/v1/payments/lcpay_paid" })).toEqual([conflict!.id]);
    // Unfiltered, newest first: the seven above after the requests this test made (their rows come a moment later).
    const everything = await ids({});
    expect(everything.slice(-7)).toEqual([anotherKey, refund, failed, conflict, notFound, created, ok].map((row) => row!.id));
  });

  it("keeps 14 days: the store's daily alarm deletes older rows, a backlog of them in one run, and comes back", async () => {
    const { tenantId, auth } = await tenantWithKey("Retained Rolls");
    const now = Date.now();
    const backlog = Array.from({ length: 12_001 }, (_, i) => ({ at: new Date(now - 15 * DAY_MS - i * 1000).toISOString() }));
    const [expired] = await seedRequests(tenantId, [{ at: new Date(now - 14 * DAY_MS - 60_000).toISOString() }, ...backlog]);
    const [kept] = await seedRequests(tenantId, [{ at: new Date(now - 14 * DAY_MS + 60_000).toISOString() }]);
    const store = await requestLogOf(tenantId);

    expect(await runDurableObjectAlarm(store)).toBe(true);
    expect((await storedRequestRows(tenantId)).map((row) => row.id)).toEqual([kept!.id]);
    expect((await call(`/v1/requests/${expired!.id}`, { headers: auth })).status).toBe(404);
    // A row is left, so the alarm is set again for tomorrow.
    await runInDurableObject(store, async (_, state) => {
      expect(await state.storage.getAlarm()).toBeGreaterThan(now + DAY_MS - 60_000);
    });
  });
});
