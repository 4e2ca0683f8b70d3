import { describe, expect, it } from "vitest";

import { call, expectProblem } from "../support/http";
import { paymentsPage as page, tenantWithPayments } from "../support/payments";

describe("GET /v1/payments with a bad query or cursor", () => {
  it("defaults to 50 per page and caps limit at 200", async () => {
    const { auth } = await tenantWithPayments(60, "limit");
    expect((await page(auth, "")).data).toHaveLength(50);
    await expectProblem(await call("/v1/payments?limit=201", { headers: auth }), 400, "validation-failed");
    await expectProblem(await call("/v1/payments?limit=0", { headers: auth }), 400, "validation-failed");
    await expectProblem(await call("/v1/payments?limit=ten", { headers: auth }), 400, "validation-failed");
  });

  it("rejects malformed, tampered and filter-swapped cursors", async () => {
    const { auth } = await tenantWithPayments(12, "tamper");
    const cursor = (await page(auth, "limit=5")).nextCursor;
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
