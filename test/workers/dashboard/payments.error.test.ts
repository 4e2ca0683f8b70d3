import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { payments } from "../../../src/payments/payments.schema";
import { ownerOf } from "../support/dashboard";
import { shardOf } from "../support/db";
import { seedPayments } from "../support/ledger";
import { paidPayment } from "../support/payments";

const refundKeyIn = (html: string) => /name="refundKey" value="([^"]+)"/.exec(html)![1]!;

describe("refunds from the dashboard", () => {
  it("keeps the API's refund guards: above the remaining balance, a refused state, a malformed amount", async () => {
    const { tenantId, payment } = await paidPayment(2000);
    const { browser } = await ownerOf(tenantId);
    const { html } = await browser.open(`/dashboard/payments/${payment.lcPaymentId}`);
    const tooMuch = await browser.post(`/dashboard/payments/${payment.lcPaymentId}/refund`, {
      refundKey: refundKeyIn(html),
      amount: "20.01",
      reason: "other",
    });
    expect(tooMuch.status).toBe(409);
    const refusal = await tooMuch.text();
    expect(refusal).toContain("The remaining refundable balance is 2000; asked for 2001.");
    expect(refusal).toContain('value="20.01"');

    const malformed = await browser.post(`/dashboard/payments/${payment.lcPaymentId}/refund`, {
      refundKey: refundKeyIn(html),
      amount: "1,000",
      reason: "other",
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).toContain("Enter the amount as a number");

    await seedPayments(tenantId, [
      { id: "lcpay_dashfailed00000001", status: "failed", amountCents: 700, createdAt: new Date().toISOString() },
    ]);
    // A form's key is the refund's Idempotency-Key, and a refused request keeps it: the refusal's page carries a new one.
    const failed = await browser.post("/dashboard/payments/lcpay_dashfailed00000001/refund", {
      refundKey: refundKeyIn(refusal),
      reason: "other",
    });
    expect(failed.status).toBe(409);
    expect(await failed.text()).toContain("this one is failed");
    expect(
      (await (
        await shardOf(tenantId)
      ).query.payments.findFirst({ columns: { amountRefundedCents: true }, where: eq(payments.id, payment.lcPaymentId) }))!
        .amountRefundedCents,
    ).toBe(0);
  });
});
