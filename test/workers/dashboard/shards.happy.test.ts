import { describe, expect, it } from "vitest";

import { ownerOf } from "../support/dashboard";
import { createTenant } from "../support/http";
import { seedDispute, seedPayments, seedPayout } from "../support/ledger";
import { tenantShardBinding } from "../support/shards";

/** A new tenant placed on `shard`: placement alternates between the default region's shards, so a few tries find it. */
async function tenantOn(shard: string, name: string): Promise<string> {
  for (let attempt = 0; attempt < 6; attempt++) {
    const { id } = await createTenant(name);
    if ((await tenantShardBinding(id)) === shard) return id;
  }
  throw new Error(`no tenant placed on ${shard}`);
}

describe("the dashboard of a tenant on the second shard", () => {
  it("shows its own payments, disputes and payouts on every page, and none of a tenant on the first shard", async () => {
    const second = await tenantOn("DB_SHARD_US_2", "Second Shard Bakery");
    const first = await tenantOn("DB_SHARD_US_1", "First Shard Bakery");
    const created = new Date().toISOString();
    await seedPayments(second, [{ id: "lcpay_secondshard00000001", status: "succeeded", amountCents: 4321, createdAt: created }]);
    await seedPayments(first, [{ id: "lcpay_firstshard000000001", status: "succeeded", amountCents: 1234, createdAt: created }]);
    const disputeId = await seedDispute(second, "lcpay_secondshard00000001");
    const payoutId = await seedPayout(second);
    const otherDisputeId = await seedDispute(first, "lcpay_firstshard000000001");
    const otherPayoutId = await seedPayout(first);
    const { browser } = await ownerOf(second);

    const { html: payments } = await browser.open("/dashboard/payments");
    expect(payments).toContain("lcpay_secondshard00000001");
    expect(payments).toContain("$43.21");
    expect(payments).not.toContain("lcpay_firstshard000000001");
    const detail = await browser.open("/dashboard/payments/lcpay_secondshard00000001");
    expect(detail.response.status).toBe(200);
    expect(detail.html).toContain("$43.21");
    expect((await browser.open("/dashboard/payments/lcpay_firstshard000000001")).response.status).toBe(404);

    const { html: disputes } = await browser.open("/dashboard/disputes");
    expect(disputes).toContain(disputeId);
    expect(disputes).not.toContain(otherDisputeId);
    expect((await browser.open(`/dashboard/disputes/${disputeId}`)).response.status).toBe(200);
    const { html: payouts } = await browser.open("/dashboard/payouts");
    expect(payouts).toContain(payoutId);
    expect(payouts).not.toContain(otherPayoutId);
    expect((await browser.open(`/dashboard/payouts/${payoutId}`)).response.status).toBe(200);

    for (const page of ["/dashboard", "/dashboard/callbacks", "/dashboard/keys", "/dashboard/team", "/dashboard/audit"]) {
      expect((await browser.open(page)).response.status, page).toBe(200);
    }
  });
});
