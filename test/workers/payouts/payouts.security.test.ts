import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { ledgerEntriesForTransfers } from "../../../src/payments";
import { payments } from "../../../src/payments/payments.schema";
import { payouts } from "../../../src/payouts/payouts.schema";
import { controlDb, everyShard, shardOf } from "../support/db";
import { call, expectProblem } from "../support/http";
import { signedDelivery } from "../support/processor-webhooks";
import { cardToken, charge, chargeableTenant, chargeBody, control } from "../support/sandbox";
import { tenantContext } from "../support/shards";

async function paidPayout(name: string) {
  const tenant = await chargeableTenant(name);
  await charge(tenant.auth, chargeBody(await cardToken(), { amountCents: 6_000 }));
  await charge(tenant.auth, chargeBody(await cardToken(), { amountCents: 6_100 }));
  await control("close-settlement", { id: tenant.merchantId }, tenant.auth);
  const page = await (
    await call("/v1/payouts", { headers: tenant.auth })
  ).json<{ data: { lcPayoutId: string; processorSettlementId: string }[]; nextCursor: string | null }>();
  return { ...tenant, payout: page.data[0]! };
}

describe("payouts belong to their tenant", () => {
  it("answers 404 for another tenant's payout, lists only the tenant's own, and refuses its cursors", async () => {
    const owner = await paidPayout("Owner Payouts Co");
    const intruder = await paidPayout("Intruder Payouts Co");
    await expectProblem(await call(`/v1/payouts/${owner.payout.lcPayoutId}`, { headers: intruder.auth }), 404, "not-found");
    const listed = await (await call("/v1/payouts", { headers: intruder.auth })).json<{ data: { lcPayoutId: string }[] }>();
    expect(listed.data.map((p) => p.lcPayoutId)).toEqual([intruder.payout.lcPayoutId]);

    const ownerItems = await (
      await call(`/v1/payouts/${owner.payout.lcPayoutId}?limit=1`, { headers: owner.auth })
    ).json<{ items: { nextCursor: string } }>();
    await expectProblem(
      await call(`/v1/payouts/${intruder.payout.lcPayoutId}?limit=1&cursor=${ownerItems.items.nextCursor}`, { headers: intruder.auth }),
      400,
      "invalid-cursor",
    );
  });

  it("never files another merchant's settlement under a tenant, whatever a webhook claims", async () => {
    const victim = await paidPayout("Settlement Victim Co");
    const attacker = await chargeableTenant("Settlement Attacker Co");
    // A (validly signed) settlement webhook naming the victim's settlement under the attacker's merchant: the service re-reads
    // the settlement from the processor, which says whose it is.
    const forged = await signedDelivery({
      type: "updated",
      entity: "settlement",
      _embedded: {
        settlements: [
          {
            id: victim.payout.processorSettlementId,
            merchant_id: attacker.merchantId,
            status: "APPROVED",
            updated_at: "2099-01-01T00:00:00Z",
          },
        ],
      },
    });
    expect(await forged.json()).toMatchObject({ outcome: "ignored" });
    expect((await (await call("/v1/payouts", { headers: attacker.auth })).json<{ data: unknown[] }>()).data).toEqual([]);
    const owners = [];
    for (const db of [controlDb(), ...everyShard()]) {
      owners.push(
        ...(await db
          .select({ tenantId: payouts.tenantId })
          .from(payouts)
          .where(eq(payouts.processorSettlementId, victim.payout.processorSettlementId))),
      );
    }
    expect(owners).toEqual([{ tenantId: victim.tenantId }]);
  });

  it("matches settled transfers only to the payout's own tenant's payments", async () => {
    const owner = await paidPayout("Ledger Owner Co");
    const other = await chargeableTenant("Ledger Other Co");
    const transfers = (
      await (
        await shardOf(owner.tenantId)
      )
        .select({ id: payments.processorTransferId })
        .from(payments)
        .where(eq(payments.tenantId, owner.tenantId))
    ).map(({ id }) => ({ id: id!, idempotencyId: null, parentTransferId: null }));
    expect(transfers).toHaveLength(2);
    // The owner's shard, asked for either tenant: the query itself is scoped by tenant.
    const ctx = await tenantContext(owner.tenantId);
    expect((await ledgerEntriesForTransfers({ ctx, input: { tenantId: owner.tenantId, transfers } })).size).toBe(2);
    expect((await ledgerEntriesForTransfers({ ctx, input: { tenantId: other.tenantId, transfers } })).size).toBe(0);
  });
});
