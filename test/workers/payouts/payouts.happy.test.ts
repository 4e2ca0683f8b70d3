import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { sweepPayouts } from "../../../src/payouts";
import { expectedArrivalDate } from "../../../src/payouts/payout-schedule";
import { payoutDiscovery, payoutItems, payouts as payoutRows } from "../../../src/payouts/payouts.schema";
import { shardOf } from "../support/db";
import { ADMIN_HEADERS, call, jsonInit, tenantWithKey } from "../support/http";
import { paymentId, seedPayments } from "../support/ledger";
import { type Payment, refund } from "../support/payments";
import { cardToken, charge, chargeableTenant, chargeBody, control } from "../support/sandbox";
import { shardContexts } from "../support/shards";

type Payout = {
  lcPayoutId: string;
  status: string;
  grossCents: number;
  feesCents: number;
  netCents: number;
  currency: string;
  paymentCount: number | null;
  initiatedAtUtc: string | null;
  expectedArrivalDate: string | null;
  failureCode: string | null;
  processorSettlementId: string;
  processorSettlementStatus: string;
  processorFundingTransferId: string | null;
  processorFundingTransferState: string | null;
  createdAtUtc: string;
};
type PayoutItem = {
  type: string;
  lcPaymentId: string | null;
  lcRefundId: string | null;
  orderRef: string | null;
  amountCents: number;
  feeCents: number;
  netCents: number;
  processorTransferId: string;
};
type PayoutDetail = Payout & { otherFeesCents: number | null; items: { data: PayoutItem[]; hasMore: boolean; nextCursor: string | null } };

async function payouts(auth: Record<string, string>, query = ""): Promise<Payout[]> {
  const response = await call(`/v1/payouts${query}`, { headers: auth });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Payout[] }).data;
}

async function payout(auth: Record<string, string>, id: string, query = ""): Promise<PayoutDetail> {
  const response = await call(`/v1/payouts/${id}${query}`, { headers: auth });
  expect(response.status).toBe(200);
  return response.json();
}

/** The payouts sweep as the cron runs it, `afterMs` from now, on every shard. */
const sweepAt = async (afterMs: number) => {
  for (const ctx of shardContexts({ nowMs: Date.now() + afterMs })) await sweepPayouts({ ctx });
};

/** The money adds up: items to the gross, the gross less fees to the net, the items' nets less other fees to the net. */
function expectAddsUp(detail: PayoutDetail) {
  expect(detail.items.data.reduce((sum, item) => sum + item.amountCents, 0)).toBe(detail.grossCents);
  expect(detail.netCents).toBe(detail.grossCents - detail.feesCents);
  expect(detail.items.data.reduce((sum, item) => sum + item.netCents, 0) - detail.otherFeesCents!).toBe(detail.netCents);
  for (const item of detail.items.data) expect(item.netCents).toBe(item.amountCents - item.feeCents);
}

describe("GET /v1/payouts and /v1/payouts/{id}", () => {
  it("shows a closed sandbox settlement as a paid payout whose payments, refunds and fees add up", async () => {
    const { auth } = await chargeableTenant("Payout Bakery");
    const first = await (await charge(auth, chargeBody(await cardToken(), { amountCents: 10_000 }))).json<Payment>();
    const second = await (await charge(auth, chargeBody(await cardToken(), { amountCents: 5_000 }))).json<Payment>();
    const refunded = await (await refund(auth, first.lcPaymentId, { amountCents: 1_000 })).json<{ amountRefundedCents: number }>();
    expect(refunded.amountRefundedCents).toBe(1_000);
    await control("run-jobs", { kinds: ["reversal.settle"] });

    const [accruing] = await payouts(auth);
    expect(accruing).toMatchObject({ status: "accruing", processorSettlementStatus: "PENDING", paymentCount: null, initiatedAtUtc: null });
    expect((await payout(auth, accruing!.lcPayoutId)).items.data).toEqual([]);

    const merchantId = (await (await call("/v1/onboarding/status", { headers: auth })).json<{ processorMerchantId: string }>())
      .processorMerchantId;
    await control("close-settlement", { id: merchantId }, auth);
    const [paid] = await payouts(auth);
    const fees = first.applicationFeeCents + second.applicationFeeCents;
    expect(paid).toMatchObject({
      lcPayoutId: accruing!.lcPayoutId,
      status: "paid",
      grossCents: 14_000,
      feesCents: fees,
      netCents: 14_000 - fees,
      currency: "USD",
      paymentCount: 2,
      processorSettlementStatus: "APPROVED",
      processorFundingTransferState: "SUCCEEDED",
      failureCode: null,
    });
    expect(paid!.expectedArrivalDate).toBe(expectedArrivalDate(paid!.initiatedAtUtc!));

    const detail = await payout(auth, paid!.lcPayoutId);
    expect(detail.otherFeesCents).toBe(0);
    expectAddsUp(detail);
    expect(detail.items.data.map((item) => [item.type, item.lcPaymentId, item.amountCents, item.feeCents])).toEqual(
      expect.arrayContaining([
        ["payment", first.lcPaymentId, 10_000, first.applicationFeeCents],
        ["payment", second.lcPaymentId, 5_000, second.applicationFeeCents],
        ["refund", first.lcPaymentId, -1_000, 0],
      ]),
    );
    const refundItem = detail.items.data.find((item) => item.type === "refund")!;
    expect(refundItem.lcRefundId).toMatch(/^lcref_/);
    expect(refundItem.orderRef).toBe(
      detail.items.data.find((item) => item.lcPaymentId === first.lcPaymentId && item.type === "payment")!.orderRef,
    );
  });

  it("goes through awaiting_approval and approved (funding under way) before paid, from the processor's webhooks", async () => {
    const { auth, merchantId } = await chargeableTenant("Stepwise Payout Co");
    await charge(auth, chargeBody(await cardToken(), { amountCents: 7_700 }));
    await control("close-settlement", { id: merchantId, through: "closed" }, auth);
    const [closed] = await payouts(auth);
    expect(closed).toMatchObject({ status: "awaiting_approval", paymentCount: 1, expectedArrivalDate: null });
    expect((await payout(auth, closed!.lcPayoutId)).items.data).toHaveLength(1);

    await control("run-jobs", { kinds: ["settlement.approve"] });
    const [approved] = await payouts(auth);
    expect(approved).toMatchObject({ status: "approved", processorFundingTransferState: "PENDING" });
    expect(approved!.initiatedAtUtc).toBeTruthy();
    expect(approved!.expectedArrivalDate).toBe(expectedArrivalDate(approved!.initiatedAtUtc!));

    await control("run-jobs", { kinds: ["funding.settle"] });
    expect((await payouts(auth))[0]).toMatchObject({ status: "paid", processorFundingTransferState: "SUCCEEDED" });
  });

  it("lists a chargeback and its return when won among the items", async () => {
    const { auth, merchantId } = await chargeableTenant("Chargeback Payout Co");
    const sale = await (await charge(auth, chargeBody(await cardToken(), { amountCents: 20_000 }))).json<Payment>();
    const dispute = await control<{ id: string }>("open-dispute", { id: sale.processorTransferId, amount: 20_000 }, auth);
    await control("resolve-dispute", { id: dispute.id, outcome: "WON" }, auth);
    await control("close-settlement", { id: merchantId }, auth);
    const [paid] = await payouts(auth);
    const detail = await payout(auth, paid!.lcPayoutId);
    expectAddsUp(detail);
    expect(detail.grossCents).toBe(20_000);
    expect(detail.items.data.map((item) => [item.type, item.lcPaymentId, item.amountCents]).sort()).toEqual(
      [
        ["dispute", sale.lcPaymentId, -20_000],
        ["dispute", sale.lcPaymentId, 20_000],
        ["payment", sale.lcPaymentId, 20_000],
      ].sort(),
    );
    expect(paid!.paymentCount).toBe(1);
  });

  it("reports a payout to a closed bank account as failed with the bank's code", async () => {
    const tenant = await tenantWithKey();
    const processor = {
      Authorization: `Basic ${btoa(`${env.PROCESSOR_USERNAME}:${env.PROCESSOR_PASSWORD}`)}`,
      "Finix-Version": "2022-02-01",
    };
    const rest = async (path: string, body: unknown) =>
      (await call(`/sandbox/processor${path}`, jsonInit("POST", body, processor))).json<{ id: string }>();
    const identity = await rest("/identities", {
      entity: { business_name: "Closed Account Bistro", doing_business_as: "Closed Account Bistro" },
    });
    await rest("/payment_instruments", {
      type: "BANK_ACCOUNT",
      identity: identity.id,
      name: "Closed Account Bistro",
      account_number: "123120007",
      bank_code: "122105278",
      account_type: "BUSINESS_CHECKING",
    });
    const merchant = await rest(`/identities/${identity.id}/merchants`, { processor: "DUMMY_V1" });
    await control("merchant-state", { id: merchant.id, state: "APPROVED" });
    await call(
      `/admin/tenants/${tenant.tenantId}/processor-merchant`,
      jsonInit("POST", { processorMerchantId: merchant.id }, ADMIN_HEADERS),
    );
    await charge(tenant.auth, chargeBody(await cardToken(), { amountCents: 3_000 }));
    await control("close-settlement", { id: merchant.id }, tenant.auth);
    expect((await payouts(tenant.auth))[0]).toMatchObject({
      status: "failed",
      failureCode: "BANK_ACCOUNT_CLOSED",
      processorFundingTransferState: "FAILED",
      expectedArrivalDate: null,
    });
  });

  it("filters by status and time, and pages with signed cursors", async () => {
    const { auth, merchantId } = await chargeableTenant("Many Payouts Co");
    for (let batch = 0; batch < 3; batch++) {
      await charge(auth, chargeBody(await cardToken(), { amountCents: 1_000 + batch }));
      await control("close-settlement", { id: merchantId, through: batch === 2 ? "closed" : "funded" }, auth);
    }
    await charge(auth, chargeBody(await cardToken(), { amountCents: 999 }));
    // The settlement.created of the new batch goes out on the sandbox's alarm; a control call delivers what is due now.
    await control("run-jobs", {});
    const all = await payouts(auth);
    expect(all.map((p) => p.status)).toEqual(["accruing", "awaiting_approval", "paid", "paid"]);
    expect((await payouts(auth, "?status=paid")).map((p) => p.lcPayoutId)).toEqual(all.slice(2).map((p) => p.lcPayoutId));
    expect(await payouts(auth, `?to=${encodeURIComponent(all[3]!.createdAtUtc)}`)).toEqual([]);
    expect((await payouts(auth, `?from=${encodeURIComponent(all[1]!.createdAtUtc)}`)).length).toBeGreaterThanOrEqual(2);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (await (await call(`/v1/payouts?limit=1${cursor ? `&cursor=${cursor}` : ""}`, { headers: auth })).json()) as {
        data: Payout[];
        hasMore: boolean;
        nextCursor: string | null;
      };
      seen.push(...page.data.map((p) => p.lcPayoutId));
      cursor = page.hasMore ? page.nextCursor : null;
    } while (cursor);
    expect(seen).toEqual(all.map((p) => p.lcPayoutId));
  });

  it("pages a payout's items oldest first", async () => {
    const { auth, merchantId } = await chargeableTenant("Itemised Co");
    for (let i = 0; i < 5; i++) await charge(auth, chargeBody(await cardToken(), { amountCents: 2_000 + i }));
    await control("close-settlement", { id: merchantId }, auth);
    const [paid] = await payouts(auth);
    const whole = await payout(auth, paid!.lcPayoutId);
    expect(whole.items.data).toHaveLength(5);
    const paged: PayoutItem[] = [];
    let cursor: string | null = null;
    do {
      const detail: PayoutDetail = await payout(auth, paid!.lcPayoutId, `?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      paged.push(...detail.items.data);
      cursor = detail.items.hasMore ? detail.items.nextCursor : null;
    } while (cursor);
    expect(paged).toEqual(whole.items.data);
    expect(whole.items.data.map((item) => item.amountCents)).toEqual([2_000, 2_001, 2_002, 2_003, 2_004]);
  });

  it("catches up from the sweep when the settlement's webhooks were lost", async () => {
    const { auth, merchantId, tenantId } = await chargeableTenant("Lost Settlement Webhooks Co");
    await charge(auth, chargeBody(await cardToken(), { amountCents: 4_400 }));
    await control("close-settlement", { id: merchantId }, auth);
    const [paid] = await payouts(auth);
    // As if the service had heard only of the accruing settlement.
    const db = await shardOf(tenantId);
    await db.batch([
      db.delete(payoutItems).where(eq(payoutItems.payoutId, paid!.lcPayoutId)),
      db
        .update(payoutRows)
        .set({
          status: "accruing",
          processorStatus: "PENDING",
          paymentCount: null,
          processorFundingTransferId: null,
          fundingState: null,
          initiatedAt: null,
          expectedArrivalDate: null,
          itemsSyncedFor: null,
          otherFeesCents: null,
        })
        .where(eq(payoutRows.id, paid!.lcPayoutId)),
    ]);
    expect((await payouts(auth))[0]!.status).toBe("accruing");
    await sweepAt(6 * 60 * 1000);
    const [caughtUp] = await payouts(auth);
    expect(caughtUp).toMatchObject({ status: "paid", paymentCount: 1 });
    expectAddsUp(await payout(auth, caughtUp!.lcPayoutId));
  });

  it("finds a settlement it never heard of when the sweep looks for the tenant's settlements", async () => {
    const { auth, merchantId, tenantId } = await chargeableTenant("Never Heard Co");
    await charge(auth, chargeBody(await cardToken(), { amountCents: 5_500 }));
    await control("close-settlement", { id: merchantId }, auth);
    const [known] = await payouts(auth);
    const db = await shardOf(tenantId);
    await db.batch([
      db.delete(payoutItems).where(eq(payoutItems.payoutId, known!.lcPayoutId)),
      db.delete(payoutRows).where(eq(payoutRows.id, known!.lcPayoutId)),
      db.delete(payoutDiscovery).where(eq(payoutDiscovery.tenantId, tenantId)),
    ]);
    expect(await payouts(auth)).toEqual([]);
    await sweepAt(0);
    const [found] = await payouts(auth);
    expect(found).toMatchObject({ status: "paid", processorSettlementId: known!.processorSettlementId, grossCents: 5_500 });
  });

  it("pays out a settlement of 500 transfers, every one listed and matched to the ledger", async () => {
    const { auth, tenantId, merchantId } = await chargeableTenant("Busy Bakery");
    const processor = {
      Authorization: `Basic ${btoa(`${env.PROCESSOR_USERNAME}:${env.PROCESSOR_PASSWORD}`)}`,
      "Finix-Version": "2022-02-01",
    };
    const rest = async (path: string, body: unknown) =>
      (await call(`/sandbox/processor${path}`, jsonInit("POST", body, processor))).json<{ id: string }>();
    // Sales made by the processor straight onto a stored card, with payment rows of the ledger under their idempotency_id.
    const buyerIdentity = await rest("/identities", { entity: { first_name: "Ada", last_name: "Lovelace" } });
    const card = await rest("/payment_instruments", {
      type: "PAYMENT_CARD",
      identity: buyerIdentity.id,
      name: "Ada Lovelace",
      number: "4895142232120006",
      expiration_month: 12,
      expiration_year: 2030,
      security_code: "123",
    });
    const sales = Array.from({ length: 496 }, (_, i) => ({ id: paymentId(i, "busy"), amountCents: 1_000 + i }));
    await seedPayments(
      tenantId,
      sales.map((sale) => ({ ...sale, status: "succeeded", createdAt: "2026-06-01T00:00:00.000Z" })),
    );
    for (let start = 0; start < sales.length; start += 16)
      await Promise.all(
        sales.slice(start, start + 16).map((sale) =>
          rest("/transfers", {
            merchant: merchantId,
            source: card.id,
            amount: sale.amountCents,
            currency: "USD",
            fee: 10,
            idempotency_id: sale.id,
          }),
        ),
      );
    // And through the API: two charges, one refunded in part with its fee share (a reversal and a fee credit).
    const first = await (await charge(auth, chargeBody(await cardToken(), { amountCents: 10_000 }))).json<Payment>();
    const second = await (await charge(auth, chargeBody(await cardToken(), { amountCents: 5_000 }))).json<Payment>();
    await refund(auth, first.lcPaymentId, { amountCents: 2_500, refundApplicationFee: true });
    await control("run-jobs", { kinds: ["reversal.settle"] });

    await control("close-settlement", { id: merchantId }, auth);
    const [paid] = await payouts(auth);
    expect(paid).toMatchObject({ status: "paid", paymentCount: 498, processorFundingTransferState: "SUCCEEDED" });
    const detail = await payout(auth, paid!.lcPayoutId, "?limit=200");
    const items: PayoutItem[] = [];
    for (let cursor = ""; ;) {
      const page = await payout(auth, paid!.lcPayoutId, `?limit=200${cursor ? `&cursor=${cursor}` : ""}`);
      items.push(...page.items.data);
      if (!page.items.hasMore) break;
      cursor = page.items.nextCursor!;
    }
    expect(items).toHaveLength(500);
    expectAddsUp({ ...detail, items: { ...detail.items, data: items } });
    expect(new Set(items.filter((item) => item.type === "payment").map((item) => item.lcPaymentId))).toEqual(
      new Set([...sales.map((sale) => sale.id), first.lcPaymentId, second.lcPaymentId]),
    );
    expect(items.filter((item) => item.type !== "payment").map((item) => [item.type, item.lcPaymentId, item.amountCents])).toEqual(
      expect.arrayContaining([
        ["refund", first.lcPaymentId, -2_500],
        ["fee_refund", first.lcPaymentId, Math.floor(first.applicationFeeCents / 4)],
      ]),
    );
    expect(items.every((item) => item.lcRefundId !== null || item.type === "payment")).toBe(true);
  }, 120_000);
});
