import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { tenants } from "../../../src/db/tenants.schema";
import { disputes } from "../../../src/disputes/disputes.schema";
import { onboarding } from "../../../src/onboarding/onboarding.schema";
import { events } from "../../../src/outbox/events.schema";
import { payments } from "../../../src/payments/payments.schema";
import { processorWebhookReceipts } from "../../../src/processor-webhooks/processor-webhooks.schema";
import { runScheduledSweeps } from "../../../src/scheduled";
import { type ControlDb, controlDb, everyShard, type ShardDb, shardOf } from "../support/db";
import { ADMIN_HEADERS, call, jsonInit } from "../support/http";
import { type Payment, processorGet } from "../support/payments";
import { achPayment, holdProcessorWebhooks, signedDelivery, tenantInRegion, transferEvent } from "../support/processor-webhooks";
import { bankToken, cardToken, charge, chargeableTenant, chargeBody, control } from "../support/sandbox";
import { tenantShardBinding } from "../support/shards";

// Processor webhooks name a merchant, never a tenant: each is applied on the shard of the tenant owning the merchant
// (the control database's map) and leaves nothing anywhere else. The sandbox's own deliveries go to a bin here, so
// what the service learns comes from the deliveries below and the cron sweep.
beforeAll(async () => {
  await holdProcessorWebhooks("webhook-routing");
});

/** Every database the service writes: the control database and each tenant shard, by binding. */
const everyDatabase = (): [string, ControlDb | ShardDb][] => [
  ["DB", controlDb()],
  ...everyShard().map((db, i) => [`shard ${i}`, db] as [string, ShardDb]),
];

/** Where rows about a payment, its transfer and its events are, per database: [payments, receipts, events]. */
async function rowsByDatabase(paymentId: string, transferId: string) {
  const found: Record<string, number[]> = {};
  for (const [name, db] of everyDatabase()) {
    found[name] = [
      await db.$count(payments, eq(payments.id, paymentId)),
      await db.$count(processorWebhookReceipts, eq(processorWebhookReceipts.resourceId, transferId)),
      await db.$count(events, eq(events.subjectId, paymentId)),
    ];
  }
  return found;
}

/** An ACH payment of a tenant placed on `binding` (tenants are placed by room, so a few may be made to land there). */
async function achPaymentOn(binding: string, region?: string) {
  for (let attempt = 0; attempt < 8; attempt++) {
    const made = await achPayment(`route${attempt}${binding.slice(-4).replace(/_/g, "")}`, region ? { region } : {});
    if ((await tenantShardBinding(made.tenant.tenantId)) === binding) return made;
  }
  throw new Error(`No tenant was placed on ${binding}.`);
}

async function chargeableTenantIn(region: string, name: string) {
  const tenant = await tenantInRegion(region);
  const merchant = await control<{ id: string }>("create-merchant", { name, state: "APPROVED" });
  const linked = await call(
    `/admin/tenants/${tenant.tenantId}/processor-merchant`,
    jsonInit("POST", { processorMerchantId: merchant.id }, ADMIN_HEADERS),
  );
  expect(linked.status).toBe(200);
  return { ...tenant, merchantId: merchant.id };
}

describe("a processor webhook for a tenant on a shard", () => {
  for (const [binding, region] of [
    ["DB_SHARD_US_2", undefined],
    ["DB_SHARD_EU_1", "eu"],
  ] as const) {
    it(`is applied on ${binding} and leaves no payment change, receipt or event anywhere else`, async () => {
      const { tenant, id, transferId, merchantId } = await achPaymentOn(binding, region);
      const shardIndex = everyShard().indexOf(await shardOf(tenant.tenantId));
      const event = transferEvent({ id: transferId, state: "SUCCEEDED", merchant: merchantId, updated_at: "2026-05-02T00:00:00.000Z" });

      expect(await (await signedDelivery(event)).json()).toEqual({ received: true, outcome: "applied" });

      const payment = await (await call(`/v1/payments/${id}`, { headers: tenant.auth })).json<Payment>();
      expect(payment).toMatchObject({ status: "succeeded", processorState: "SUCCEEDED" });
      const expected = Object.fromEntries(everyDatabase().map(([name]) => [name, [0, 0, 0]]));
      expected[`shard ${shardIndex}`] = [1, 1, 1];
      expect(await rowsByDatabase(id, transferId)).toEqual(expected);
    });
  }
});

describe("a processor webhook naming a merchant of no tenant", () => {
  it("is acknowledged, recorded on the control database only, and touches no shard", async () => {
    const { tenant, id, transferId } = await achPayment("routenobody");
    const before = await rowsByDatabase(id, transferId);
    const event = transferEvent({ id: transferId, state: "SUCCEEDED", merchant: "MUnobodys", updated_at: "2026-05-02T00:00:00.000Z" });

    const response = await signedDelivery(event);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: "ignored" });

    const after = await rowsByDatabase(id, transferId);
    expect(after).toEqual({ ...before, DB: [0, 1, 0] });
    expect(
      (await controlDb().query.processorWebhookReceipts.findFirst({ where: eq(processorWebhookReceipts.resourceId, transferId) }))?.outcome,
    ).toBe("ignored");
    expect(await (await call(`/v1/payments/${id}`, { headers: tenant.auth })).json()).toMatchObject({ status: "processing" });
  });
});

describe("the missed-events sweep", () => {
  it("applies a lost dispute and a lost transfer on the shard of their tenant, and nowhere else", async () => {
    const tenant = await chargeableTenantIn("eu", "Lost In Europe Co");
    expect(await tenantShardBinding(tenant.tenantId)).toBe("DB_SHARD_EU_1");
    const sale = await (await charge(tenant.auth, chargeBody(await cardToken()))).json<Payment>();
    const dispute = await control<{ id: string }>("open-dispute", { id: sale.processorTransferId }, tenant.auth);
    const debit = await (await charge(tenant.auth, chargeBody(await bankToken(), { amountCents: 9_100 }))).json<Payment>();
    expect(debit.status).toBe("processing");
    await control("settle-ach", { id: debit.processorTransferId, outcome: "succeed" }, tenant.auth);

    await runScheduledSweeps(env, Date.now());

    const settled = await (await call(`/v1/payments/${debit.lcPaymentId}`, { headers: tenant.auth })).json<Payment>();
    expect(settled.status).toBe("succeeded");

    const disputed = await (await call(`/v1/payments/${sale.lcPaymentId}`, { headers: tenant.auth })).json<Payment>();
    expect(disputed.status).toBe("disputed");
    for (const [name, db] of everyDatabase()) {
      const disputeRows = await db.$count(disputes, eq(disputes.processorDisputeId, dispute.id));
      const disputeEvents = await db.$count(events, and(eq(events.subjectId, sale.lcPaymentId), eq(events.type, "dispute.created")));
      const onItsShard = db === (await shardOf(tenant.tenantId));
      const settledEvents = await db.$count(events, and(eq(events.subjectId, debit.lcPaymentId), eq(events.type, "transfer.updated")));
      expect([name, disputeRows, disputeEvents, settledEvents]).toEqual([name, ...Array<number>(3).fill(onItsShard ? 1 : 0)]);
    }
  });
});

describe("the control row's copy of the merchant and charge gate", () => {
  /** The tenant as the operator's list shows it: the control database's row. */
  const operatorView = async (tenantId: string) => {
    const { data } = await (
      await call("/admin/tenants?limit=100", { headers: ADMIN_HEADERS })
    ).json<{
      data: { id: string; processorMerchantId: string | null; chargesEnabled: boolean }[];
    }>();
    return data.find((tenant) => tenant.id === tenantId);
  };
  const merchantUpdated = async (merchantId: string) =>
    signedDelivery({ type: "updated", entity: "merchant", _embedded: { merchants: [await processorGet(`/merchants/${merchantId}`)] } });

  it("after a crash between the control map and the shard's write, is completed by the merchant's next event", async () => {
    const { tenantId, auth, merchantId } = await chargeableTenant("Crashed Before Shard Co");
    // As the attach left it had it crashed after the control database's map: the shard knows nothing of the merchant.
    const shard = await shardOf(tenantId);
    await shard.batch([
      shard.update(tenants).set({ processorMerchantId: null, chargesEnabled: false }).where(eq(tenants.id, tenantId)),
      shard
        .update(onboarding)
        .set({ merchantUpdatedAt: null, merchantOnboardingState: null, changeToken: null })
        .where(eq(onboarding.tenantId, tenantId)),
    ]);
    await controlDb().update(tenants).set({ chargesEnabled: false }).where(eq(tenants.id, tenantId));
    expect((await (await call("/v1/onboarding/status", { headers: auth })).json<{ chargesEnabled: boolean }>()).chargesEnabled).toBe(false);

    expect(await (await merchantUpdated(merchantId)).json()).toMatchObject({ outcome: "applied" });

    expect(await (await call("/v1/onboarding/status", { headers: auth })).json()).toMatchObject({
      processorMerchantId: merchantId,
      chargesEnabled: true,
    });
    expect(await operatorView(tenantId)).toMatchObject({ processorMerchantId: merchantId, chargesEnabled: true });
  });

  it("after a crash between the shard's write and the copy, is repaired by the merchant's next event", async () => {
    const { tenantId, merchantId } = await chargeableTenant("Crashed Before Copy Co");
    await control("merchant-state", { id: merchantId, state: "REJECTED" });
    expect(await (await merchantUpdated(merchantId)).json()).toMatchObject({ outcome: "applied" });
    expect(await operatorView(tenantId)).toMatchObject({ chargesEnabled: false });
    // The copy lost: the control row still says what the shard said before.
    await controlDb().update(tenants).set({ chargesEnabled: true }).where(eq(tenants.id, tenantId));

    // The sweep's read of the merchant feed is the merchant's next event: nothing to change on the shard, the copy made again.
    await runScheduledSweeps(env, Date.now());

    expect(await operatorView(tenantId)).toMatchObject({ processorMerchantId: merchantId, chargesEnabled: false });
  });
});
