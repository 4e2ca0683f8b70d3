import { describe, expect, it } from "vitest";
import { call, expectProblem, tenantWithKey } from "./helpers";
import { paymentId, seedPayments } from "./support/ledger";

type Page = { data: { lcPaymentId: string; createdAtUtc: string; status: string }[]; hasMore: boolean; nextCursor: string | null };

async function page(auth: Record<string, string>, query: string): Promise<Page> {
  const response = await call(`/v1/payments?${query}`, { headers: auth });
  expect(response.status).toBe(200);
  return response.json();
}

async function tenantWithPayments(count: number, prefix: string) {
  const tenant = await tenantWithKey();
  const base = Date.parse("2026-03-01T00:00:00Z");
  await seedPayments(
    tenant.tenantId,
    Array.from({ length: count }, (_, i) => ({
      id: paymentId(i, prefix),
      status: i % 3 === 0 ? "failed" : "succeeded",
      amountCents: 100 + i,
      // Pairs share a timestamp so the id tie-break is exercised.
      createdAt: new Date(base + Math.floor(i / 2) * 1000).toISOString(),
    })),
  );
  return tenant;
}

describe("GET /v1/payments", () => {
  it("walks every payment exactly once, newest first, with the contract's item fields", async () => {
    const { auth } = await tenantWithPayments(45, "walk");
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const result: Page = await page(auth, `limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      seen.push(...result.data.map((p) => p.lcPaymentId));
      expect(result.hasMore).toBe(result.nextCursor !== null);
      cursor = result.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(5);
    expect(new Set(seen).size).toBe(45);
    const first = await page(auth, "limit=1");
    expect(Object.keys(first.data[0]!).sort()).toEqual(
      [
        "amountCents",
        "amountRefundedCents",
        "applicationFeeCents",
        "createdAtUtc",
        "currency",
        "lcPaymentId",
        "method",
        "orderRef",
        "processorTransferId",
        "status",
        "updatedAtUtc",
      ].sort(),
    );
    const all = await page(auth, "limit=200");
    const sorted = [...all.data].sort((a, b) =>
      a.createdAtUtc === b.createdAtUtc ? (a.lcPaymentId < b.lcPaymentId ? 1 : -1) : a.createdAtUtc < b.createdAtUtc ? 1 : -1,
    );
    expect(all.data.map((p) => p.lcPaymentId)).toEqual(sorted.map((p) => p.lcPaymentId));
  });

  it("defaults to 50 per page and caps limit at 200", async () => {
    const { auth } = await tenantWithPayments(60, "limit");
    expect((await page(auth, "")).data).toHaveLength(50);
    await expectProblem(await call("/v1/payments?limit=201", { headers: auth }), 400, "validation-failed");
    await expectProblem(await call("/v1/payments?limit=0", { headers: auth }), 400, "validation-failed");
    await expectProblem(await call("/v1/payments?limit=ten", { headers: auth }), 400, "validation-failed");
  });

  it("filters by status and by a half-open [from, to) window", async () => {
    const { auth } = await tenantWithPayments(20, "filter");
    const failed = await page(auth, "status=failed&limit=200");
    expect(failed.data.length).toBe(7);
    expect(failed.data.every((p) => p.status === "failed")).toBe(true);
    const window = await page(auth, "from=2026-03-01T00:00:02Z&to=2026-03-01T00:00:05Z&limit=200");
    expect(window.data.map((p) => p.createdAtUtc).sort()).toEqual([
      "2026-03-01T00:00:02.000Z",
      "2026-03-01T00:00:02.000Z",
      "2026-03-01T00:00:03.000Z",
      "2026-03-01T00:00:03.000Z",
      "2026-03-01T00:00:04.000Z",
      "2026-03-01T00:00:04.000Z",
    ]);
    await expectProblem(await call("/v1/payments?status=paid", { headers: auth }), 400, "validation-failed");
    await expectProblem(await call("/v1/payments?from=yesterday", { headers: auth }), 400, "validation-failed");
  });

  it("never shows another tenant's payments, even with that tenant's cursor", async () => {
    const mine = await tenantWithPayments(5, "minea");
    const theirs = await tenantWithPayments(15, "theirs");
    const myPage = await page(mine.auth, "limit=200");
    expect(myPage.data.every((p) => p.lcPaymentId.startsWith("lcpay_minea"))).toBe(true);
    const theirCursor = (await page(theirs.auth, "limit=5")).nextCursor!;
    await expectProblem(
      await call(`/v1/payments?limit=5&cursor=${encodeURIComponent(theirCursor)}`, { headers: mine.auth }),
      400,
      "invalid-cursor",
    );
  });

  it("rejects malformed, tampered and filter-swapped cursors", async () => {
    const { auth } = await tenantWithPayments(12, "tamper");
    const cursor = (await page(auth, "limit=5")).nextCursor!;
    const [payload, signature] = cursor.split(".");
    const forged = `${btoa(JSON.stringify(["2999-01-01T00:00:00.000Z", "lcpay_zzz"])).replace(/=+$/, "")}.${signature}`;
    for (const bad of ["garbage", `${payload}.`, `${payload}.${"0".repeat(32)}`, forged, `${cursor}.extra`]) {
      await expectProblem(await call(`/v1/payments?cursor=${encodeURIComponent(bad)}`, { headers: auth }), 400, "invalid-cursor");
    }
    await expectProblem(
      await call(`/v1/payments?limit=5&status=failed&cursor=${encodeURIComponent(cursor)}`, { headers: auth }),
      400,
      "invalid-cursor",
    );
  });
});

describe("GET /v1/payments/{id}", () => {
  it("returns the ledger record, and 404 for another tenant's id exactly as for a missing one", async () => {
    const mine = await tenantWithPayments(1, "lookupa");
    const other = await tenantWithKey();
    const id = paymentId(0, "lookupa");
    const response = await call(`/v1/payments/${id}`, { headers: mine.auth });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      lcPaymentId: id,
      status: "failed",
      amountCents: 100,
      currency: "USD",
      orderRef: `order-${id}`,
    });
    const theirs = await expectProblem(await call(`/v1/payments/${id}`, { headers: other.auth }), 404, "not-found");
    const missing = await expectProblem(await call(`/v1/payments/lcpay_doesnotexist00`, { headers: other.auth }), 404, "not-found");
    expect(theirs.title).toBe(missing.title);
    await expectProblem(await call(`/v1/payments/not-an-id`, { headers: mine.auth }), 400, "validation-failed");
  });
});

describe("POST /v1/payments/{id}/refund guards", () => {
  it.each(["processing", "failed", "canceled", "refunded", "disputed"])("answers 409 for a %s payment", async (status) => {
    const tenant = await tenantWithKey();
    const id = paymentId(1, `guard${status}`);
    await seedPayments(tenant.tenantId, [
      { id, status, amountCents: 1000, createdAt: new Date().toISOString(), amountRefundedCents: status === "refunded" ? 1000 : 0 },
    ]);
    await expectProblem(await call(`/v1/payments/${id}/refund`, { method: "POST", headers: tenant.auth }), 409, "invalid-payment-state");
  });

  it("answers 409 above the remaining balance and 404 for another tenant's payment", async () => {
    const tenant = await tenantWithKey();
    const other = await tenantWithKey();
    const id = paymentId(2, "guardbalance");
    await seedPayments(tenant.tenantId, [
      { id, status: "partially_refunded", amountCents: 1000, amountRefundedCents: 600, createdAt: new Date().toISOString() },
    ]);
    const body = JSON.stringify({ amountCents: 401 });
    const headers = { ...tenant.auth, "Content-Type": "application/json" };
    const problem = await expectProblem(
      await call(`/v1/payments/${id}/refund`, { method: "POST", headers, body }),
      409,
      "refund-exceeds-balance",
    );
    expect(problem.remainingCents).toBe(400);
    await expectProblem(
      await call(`/v1/payments/${id}/refund`, { method: "POST", headers: { ...other.auth, "Content-Type": "application/json" }, body }),
      404,
      "not-found",
    );
  });

  it("validates the refund body", async () => {
    const tenant = await tenantWithKey();
    const id = paymentId(3, "guardbody");
    const headers = { ...tenant.auth, "Content-Type": "application/json" };
    for (const body of [
      { amountCents: 0 },
      { amountCents: -1 },
      { amountCents: "5" },
      { reason: 42 },
      { refundApplicationFee: "yes" },
      { extra: 1 },
    ]) {
      await expectProblem(
        await call(`/v1/payments/${id}/refund`, { method: "POST", headers, body: JSON.stringify(body) }),
        400,
        "validation-failed",
      );
    }
  });
});

describe("the list query plan", () => {
  it("seeks the (tenant_id, created_at, id) index for a deep page instead of scanning newer rows", async () => {
    const { env } = await import("cloudflare:workers");
    const plan = await env.DB.prepare(
      "EXPLAIN QUERY PLAN SELECT * FROM payments WHERE tenant_id = ? AND (created_at, id) < (?, ?) ORDER BY created_at DESC, id DESC LIMIT 201",
    )
      .bind("ten_x", "2026-01-01T00:00:00.000Z", "lcpay_x")
      .all<{ detail: string }>();
    const detail = plan.results.map((row) => row.detail).join("\n");
    expect(detail).toMatch(/SEARCH payments USING INDEX payments_tenant_created \(tenant_id=\? AND \(created_at,id\)<\(\?,\?\)\)/);
    expect(detail).not.toContain("TEMP B-TREE");
  });
});
