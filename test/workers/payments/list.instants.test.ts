import { describe, expect, it } from "vitest";

import { call, expectProblem } from "../support/http";
import { paymentsPage as page, tenantWithPayments } from "../support/payments";

const created = (result: { data: { createdAtUtc: string }[] }) => result.data.map((p) => p.createdAtUtc).sort();

describe("GET /v1/payments bounds and cursor", () => {
  it("takes from/to as any ISO 8601 instant with an offset, normalized to UTC: [from, to)", async () => {
    // Payments at 00:00:00, 00:00:01, … (two per second), 2026-03-01 UTC.
    const { auth } = await tenantWithPayments(12, "offset");
    const utc = await page(auth, "from=2026-03-01T00:00:02Z&to=2026-03-01T00:00:04Z&limit=200");
    expect(created(utc)).toEqual([
      "2026-03-01T00:00:02.000Z",
      "2026-03-01T00:00:02.000Z",
      "2026-03-01T00:00:03.000Z",
      "2026-03-01T00:00:03.000Z",
    ]);
    for (const [from, to] of [
      ["2026-03-01T02:00:02+02:00", "2026-03-01T02:00:04+02:00"],
      ["2026-02-28T19:00:02.000-05:00", "2026-02-28T19:00:04-0500"],
      ["2026-03-01T00:00:02.000000Z", "2026-03-01T00:00:03.999999Z"],
    ]) {
      const shifted = await page(auth, `from=${encodeURIComponent(from!)}&to=${encodeURIComponent(to!)}&limit=200`);
      expect(created(shifted)).toEqual(created(utc));
    }
    // `to` is exclusive even at sub-millisecond precision: 00:00:04.0000001 still admits what was created at 00:00:04.000.
    const justAfter = await page(auth, `from=2026-03-01T00:00:04Z&to=${encodeURIComponent("2026-03-01T00:00:04.0000001Z")}&limit=200`);
    expect(created(justAfter)).toEqual(["2026-03-01T00:00:04.000Z", "2026-03-01T00:00:04.000Z"]);
    for (const bad of ["2026-03-01T00:00:02", "2026-03-01", "2026-13-01T00:00:00Z", "yesterday"]) {
      await expectProblem(await call(`/v1/payments?from=${encodeURIComponent(bad)}`, { headers: auth }), 400, "validation-failed");
    }
  });

  it("keeps its cursor across bounds written differently for the same instants", async () => {
    const { auth } = await tenantWithPayments(12, "cursorzone");
    const first = await page(auth, `from=${encodeURIComponent("2026-03-01T01:00:00+01:00")}&limit=5`);
    expect(first.hasMore).toBe(true);
    const second = await page(auth, `from=2026-03-01T00:00:00Z&limit=5&cursor=${encodeURIComponent(first.nextCursor)}`);
    expect(second.data).toHaveLength(5);
  });

  it("answers nextCursor as a string: a cursor while hasMore, empty on the last page", async () => {
    const { auth } = await tenantWithPayments(3, "lastpage");
    const only = await page(auth, "limit=10");
    expect(only).toMatchObject({ hasMore: false, nextCursor: "" });
    const first = await page(auth, "limit=2");
    expect(first.hasMore).toBe(true);
    expect(first.nextCursor).toMatch(/\./);
    const last = await page(auth, `limit=2&cursor=${encodeURIComponent(first.nextCursor)}`);
    expect(last).toMatchObject({ hasMore: false, nextCursor: "" });
    expect(last.data).toHaveLength(1);
  });
});
