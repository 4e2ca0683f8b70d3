import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { dashboardAuditLog } from "../../../src/accounts/audit.schema";
import { payments, refunds } from "../../../src/payments/payments.schema";
import { ownerOf } from "../support/dashboard";
import { controlDb, shardOf } from "../support/db";
import { expectProblem } from "../support/http";
import { paidPayment, processorReversals, refund } from "../support/payments";

const refundKeyIn = (html: string) => /name="refundKey" value="([^"]+)"/.exec(html)![1]!;

async function refundedSoFar(tenantId: string, paymentId: string) {
  const shard = await shardOf(tenantId);
  const [payment] = await shard
    .select({ refunded: payments.amountRefundedCents, held: payments.amountRefundReservedCents })
    .from(payments)
    .where(eq(payments.id, paymentId));
  const made = await shard.select({ amountCents: refunds.amountCents }).from(refunds).where(eq(refunds.paymentId, paymentId));
  return { ...payment, refunds: made.map((r) => r.amountCents) };
}

const auditedRefunds = async (tenantId: string) =>
  (
    await controlDb()
      .select({ target: dashboardAuditLog.target })
      .from(dashboardAuditLog)
      .where(and(eq(dashboardAuditLog.tenantId, tenantId), eq(dashboardAuditLog.action, "payment.refunded")))
  ).map((row) => row.target);

describe("the dashboard's refund form under the API's Idempotency-Key rule", () => {
  it("submitted twice at once, then again, makes one refund, one reversal and one audit entry; changed, it is refused", async () => {
    const { tenantId, payment } = await paidPayment(5000);
    const { browser } = await ownerOf(tenantId);
    const { html } = await browser.open(`/dashboard/payments/${payment.lcPaymentId}`);
    const form = { refundKey: refundKeyIn(html), amount: "10.00", reason: "duplicate" };
    const page = `/dashboard/payments/${payment.lcPaymentId}`;
    const path = `${page}/refund`;

    const submits = await Promise.all([browser.post(path, form), browser.post(path, form)]);
    // One refunds; one that finds it still at the processor shows the payment instead (or replays it, if it came late).
    const landings = submits.map((submit) => `${submit.status} ${submit.headers.get("Location")}`);
    expect(landings).toContain(`303 ${page}?notice=refunded`);
    for (const landing of landings) expect([`303 ${page}?notice=refunded`, `303 ${page}?notice=refund-in-progress`]).toContain(landing);
    const later = await browser.post(path, form);
    expect(later.status).toBe(303);
    expect(later.headers.get("Location")).toBe(`${page}?notice=refunded`);
    const changed = await browser.post(path, { ...form, amount: "20.00" });
    expect(changed.status).toBe(409);
    expect(await changed.text()).toContain("This form was already sent with other details");

    expect(await refundedSoFar(tenantId, payment.lcPaymentId)).toEqual({ refunded: 1000, held: 0, refunds: [1000] });
    expect((await processorReversals(payment.processorTransferId)).map((r) => r.amount)).toEqual([1000]);
    expect(await auditedRefunds(tenantId)).toEqual([`${payment.lcPaymentId} ($10.00)`]);
  });

  it("refuses a refund above the balance as /v1 does, counting what another refund holds", async () => {
    const { tenantId, auth, payment } = await paidPayment(2000);
    expect((await refund(auth, payment.lcPaymentId, { amountCents: 1500 }, "api-first")).status).toBe(200);
    const { browser } = await ownerOf(tenantId);
    const { html } = await browser.open(`/dashboard/payments/${payment.lcPaymentId}`);
    expect(html).toContain("Leave empty to refund the whole remaining $5.00.");

    const fromDashboard = await browser.post(`/dashboard/payments/${payment.lcPaymentId}/refund`, {
      refundKey: refundKeyIn(html),
      amount: "5.01",
      reason: "other",
    });
    expect(fromDashboard.status).toBe(409);
    const fromApi = await expectProblem(
      await refund(auth, payment.lcPaymentId, { amountCents: 501 }, "api-second"),
      409,
      "refund-exceeds-balance",
    );
    expect(fromApi.detail).toBe("The remaining refundable balance is 500; asked for 501.");
    expect(await fromDashboard.text()).toContain(fromApi.detail);
    expect(await refundedSoFar(tenantId, payment.lcPaymentId)).toEqual({ refunded: 1500, held: 0, refunds: [1500] });
  });
});
