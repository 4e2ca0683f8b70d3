import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { dashboardAuditLog } from "../../../src/accounts/audit.schema";
import { payments } from "../../../src/payments/payments.schema";
import { ownerOf, signedInOwner } from "../support/dashboard";
import { controlDb, shardOf } from "../support/db";
import { seedPayments } from "../support/ledger";
import { paidPayment } from "../support/payments";

const refundKeyIn = (html: string) => /name="refundKey" value="([^"]+)"/.exec(html)![1]!;

describe("payments pages", () => {
  it("list the tenant's payments newest first, with the API's filters and an empty state", async () => {
    const { tenantId, browser } = await signedInOwner();
    expect((await browser.open("/dashboard/payments")).html).toContain("No payments yet");
    await seedPayments(tenantId, [
      { id: "lcpay_dashlistold0000001", status: "succeeded", amountCents: 1250, createdAt: "2026-10-01T10:00:00.000Z" },
      { id: "lcpay_dashlistmid0000001", status: "failed", amountCents: 990, createdAt: "2026-10-15T23:59:59.000Z" },
      {
        id: "lcpay_dashlistnew0000001",
        status: "refunded",
        amountCents: 500,
        amountRefundedCents: 500,
        createdAt: "2026-11-01T08:00:00.000Z",
      },
    ]);
    const { html: all } = await browser.open("/dashboard/payments");
    expect(all.indexOf("lcpay_dashlistnew0000001")).toBeLessThan(all.indexOf("lcpay_dashlistmid0000001"));
    expect(all.indexOf("lcpay_dashlistmid0000001")).toBeLessThan(all.indexOf("lcpay_dashlistold0000001"));
    expect(all).toContain("$12.50");

    const { html: failed } = await browser.open("/dashboard/payments?status=failed");
    expect(failed).toContain("lcpay_dashlistmid0000001");
    expect(failed).not.toContain("lcpay_dashlistold0000001");

    // `to` is inclusive of its whole day; `from` starts at the beginning of its day (UTC).
    const { html: october15 } = await browser.open("/dashboard/payments?from=2026-10-15&to=2026-10-15");
    expect(october15).toContain("lcpay_dashlistmid0000001");
    expect(october15).not.toContain("lcpay_dashlistold0000001");
    expect(october15).not.toContain("lcpay_dashlistnew0000001");

    const { html: none } = await browser.open("/dashboard/payments?from=2027-01-01");
    expect(none).toContain("No payments match these filters");
    const { html: ignored } = await browser.open("/dashboard/payments?status=bogus&from=yesterday");
    expect(ignored).toContain("Ignored an invalid from and status.");
  });

  it("pages through a long list with the API's signed cursor", async () => {
    const { tenantId, browser } = await signedInOwner();
    await seedPayments(
      tenantId,
      Array.from({ length: 30 }, (_, n) => ({
        id: `lcpay_dashpage${String(n).padStart(8, "0")}`,
        status: "succeeded",
        amountCents: 100 + n,
        createdAt: new Date(Date.UTC(2026, 9, 1, 0, n)).toISOString(),
      })),
    );
    const { html: first } = await browser.open("/dashboard/payments");
    expect(first.match(/href="\/dashboard\/payments\/lcpay_/g)).toHaveLength(25);
    const next = /href="(\/dashboard\/payments\?cursor=[^"]+)"/.exec(first)![1]!.replaceAll("&amp;", "&");
    const { html: second } = await browser.open(next);
    expect(second.match(/href="\/dashboard\/payments\/lcpay_/g)).toHaveLength(5);
    expect(second).toContain("lcpay_dashpage00000000");
  });

  it("refunds part, then the rest, of a real payment; a double-submitted form refunds once", async () => {
    const { tenantId, payment } = await paidPayment(5000);
    const { browser } = await ownerOf(tenantId);
    const { html } = await browser.open(`/dashboard/payments/${payment.lcPaymentId}`);
    expect(html).toContain(`<title>Payment ${payment.lcPaymentId} · Payment Connect</title>`);
    expect(html).toContain("$50.00");
    const refundKey = refundKeyIn(html);

    const form = { refundKey, amount: "12.50", reason: "requested_by_customer" };
    const partial = await browser.post(`/dashboard/payments/${payment.lcPaymentId}/refund`, form);
    expect(partial.status).toBe(303);
    expect(partial.headers.get("Location")).toBe(`/dashboard/payments/${payment.lcPaymentId}?notice=refunded`);
    expect((await browser.post(`/dashboard/payments/${payment.lcPaymentId}/refund`, form)).status).toBe(303);
    const row = await (
      await shardOf(tenantId)
    ).query.payments.findFirst({ columns: { status: true, amountRefundedCents: true }, where: eq(payments.id, payment.lcPaymentId) });
    expect(row).toEqual({ status: "partially_refunded", amountRefundedCents: 1250 });

    const { html: after } = await browser.open(`/dashboard/payments/${payment.lcPaymentId}?notice=refunded`);
    expect(after).toContain("The refund was accepted.");
    expect(after).toContain("partially refunded");
    const full = await browser.post(`/dashboard/payments/${payment.lcPaymentId}/refund`, {
      refundKey: refundKeyIn(after),
      amount: "",
      reason: "other",
    });
    expect(full.status).toBe(303);
    const { html: done } = await browser.open(`/dashboard/payments/${payment.lcPaymentId}`);
    expect(done).toContain("Nothing is left to refund.");
    const audit = await controlDb()
      .select({ target: dashboardAuditLog.target })
      .from(dashboardAuditLog)
      .where(and(eq(dashboardAuditLog.tenantId, tenantId), eq(dashboardAuditLog.action, "payment.refunded")))
      .orderBy(sql`rowid`);
    expect(audit[0]!.target).toBe(`${payment.lcPaymentId} ($12.50)`);
    expect(audit.at(-1)!.target).toBe(`${payment.lcPaymentId} ($37.50)`);
  });
});
