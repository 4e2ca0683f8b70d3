import { describe, expect, it } from "vitest";

import { call, expectProblem } from "../support/http";
import { type PaymentsPage as Page, paymentsPage as page, tenantWithPayments } from "../support/payments";

describe("GET /v1/payments", () => {
  it("walks every payment exactly once, newest first, with the contract's item fields", async () => {
    const { auth } = await tenantWithPayments(45, "walk");
    const seen: string[] = [];
    let cursor = "";
    let pages = 0;
    do {
      const result: Page = await page(auth, `limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      seen.push(...result.data.map((p) => p.lcPaymentId));
      // nextCursor is always a string, as the contract types it: empty on the last page.
      expect(typeof result.nextCursor).toBe("string");
      expect(result.hasMore).toBe(result.nextCursor !== "");
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
        "processorInstrumentId",
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
});
