import { describe, expect, it } from "vitest";

import { payoutItems } from "../../../src/payouts/payouts.schema";
import { signedInOwner } from "../support/dashboard";
import { shardOf } from "../support/db";
import { seedPayments, seedPayout } from "../support/ledger";
import { insertRows, payoutItemRow } from "../support/seed";

type PayoutItemType = (typeof payoutItems.$inferInsert)["type"];

async function seedItems(
  tenantId: string,
  payoutId: string,
  items: { type: PayoutItemType; paymentId?: string; refundId?: string; amountCents: number; feeCents: number; at: string }[],
) {
  await insertRows(
    await shardOf(tenantId),
    payoutItems,
    items.map((item, n) =>
      payoutItemRow({
        payoutId,
        processorTransferId: `TRitem${n}${payoutId.slice(-8)}`,
        tenantId,
        type: item.type,
        paymentId: item.paymentId ?? null,
        refundId: item.refundId ?? null,
        orderRef: item.paymentId ? `order-${item.paymentId}` : null,
        amountCents: item.amountCents,
        feeCents: item.feeCents,
        processorCreatedAt: item.at,
      }),
    ),
  );
}

describe("payouts pages", () => {
  it("list the tenant's payouts with a status filter, and show what each is made of", async () => {
    const { tenantId, browser } = await signedInOwner();
    expect((await browser.open("/dashboard/payouts")).html).toContain("No payouts yet");
    const paymentId = "lcpay_dashpayoutitem0001";
    await seedPayments(tenantId, [
      { id: paymentId, status: "partially_refunded", amountCents: 6000, createdAt: "2026-11-01T10:00:00.000Z" },
    ]);
    const payoutId = await seedPayout(tenantId);
    await seedItems(tenantId, payoutId, [
      { type: "payment", paymentId, amountCents: 6000, feeCents: 80, at: "2026-11-01T10:00:00.000Z" },
      { type: "refund", paymentId, refundId: "lcref_dashpayoutrefund01", amountCents: -1000, feeCents: 0, at: "2026-11-02T10:00:00.000Z" },
    ]);

    const { html: list } = await browser.open("/dashboard/payouts");
    expect(list).toContain(`href="/dashboard/payouts/${payoutId}"`);
    expect(list).toContain("paid");
    expect(list).toContain("$49.20");
    expect((await browser.open("/dashboard/payouts?status=paid")).html).toContain(payoutId);
    expect((await browser.open("/dashboard/payouts?status=failed")).html).toContain("No payouts match this status");
    expect((await browser.open("/dashboard/payouts?status=bogus")).html).toContain("Ignored an invalid status.");

    const { html } = await browser.open(`/dashboard/payouts/${payoutId}`);
    expect(html).toContain(`<title>Payout ${payoutId} · Payment Connect</title>`);
    expect(html).toContain("$50.00");
    expect(html).toContain("$0.80");
    expect(html).toContain("$49.20");
    expect(html.match(new RegExp(`href="/dashboard/payments/${paymentId}"`, "g"))).toHaveLength(2);
    expect(html).toContain("lcref_dashpayoutrefund01");
    expect(html).toContain("-$10.00");
    expect(html.indexOf("$60.00")).toBeLessThan(html.indexOf("-$10.00"));
  });

  it("pages through a long list with the API's signed cursor", async () => {
    const { tenantId, browser } = await signedInOwner();
    for (let n = 0; n < 27; n++) await seedPayout(tenantId);
    const { html: first } = await browser.open("/dashboard/payouts");
    expect(first.match(/href="\/dashboard\/payouts\/lcpo_/g)).toHaveLength(25);
    const next = /href="(\/dashboard\/payouts\?cursor=[^"]+)"/.exec(first)![1]!.replaceAll("&amp;", "&");
    const { html: second } = await browser.open(next);
    expect(second.match(/href="\/dashboard\/payouts\/lcpo_/g)).toHaveLength(2);
  });
});
