import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { FRACTIONAL_FEE_SALE } from "../src/core/test-data";
import { approvedMerchant, bankFields, buyerInstrument, control, processor, sale, SANDBOX_ORIGIN } from "./support/sandbox-processor";

/** A call the processor's OpenAPI has no answer for (a refusal it does not list, a route it only links to): checked here. */
const unlisted = { validateAs: "skip" } as const;

const firstError = (body: { _embedded: { errors: { code: string; field?: string }[] } }) => body._embedded.errors[0]!;

describe("the sandbox refuses what the processor does not take", () => {
  it("refuses query parameters a route does not document (or the sandbox does not implement)", async () => {
    for (const path of [
      "/transfers?device=DVx",
      "/transfers?type=DEBIT",
      "/transfers?idempotency_id.gte=x",
      "/compliance_forms?type=PCI_SAQ_A",
      "/identities?email=ada@example.com",
      "/transfers/TRnothing?expand=fees",
      "/payment_instruments?before_cursor=PIx",
      "/identities?offset=10",
      "/fees?linked_id=TRx",
    ]) {
      const refused = await processor("GET", path, undefined, unlisted);
      expect([path, refused.status]).toEqual([path, 400]);
      expect(firstError(refused.body)).toMatchObject({
        code: "BAD_REQUEST",
        field: new URL(SANDBOX_ORIGIN + path).searchParams.keys().next().value,
      });
    }
    const { merchantId } = await approvedMerchant();
    const documented = await processor(
      "GET",
      `/transfers?merchant_id=${merchantId}&state=PENDING&created_at.gte=2020-01-01T00:00:00Z&idempotency_id=x&limit=5`,
    );
    expect(documented.status).toBe(200);
    expect((await processor("GET", "/identities?offset=0&limit=1", undefined, { headers: { "Finix-Version": "" } })).status).toBe(200);
    expect(
      (await processor("GET", "/identities?after_cursor=IDx", undefined, { ...unlisted, headers: { "Finix-Version": "" } })).status,
    ).toBe(400);
  });

  it("lists the merchants changed at or after updated_at.gte, as documented, and refuses a filter it does not document", async () => {
    const { merchantId } = await approvedMerchant("Changed Since Seller");
    const { body: merchant } = await processor("GET", `/merchants/${merchantId}`);
    const ids = async (query: string) =>
      (await processor("GET", `/merchants?${query}&limit=100`)).body._embedded.merchants.map((item: { id: string }) => item.id);
    expect(await ids(`updated_at.gte=${merchant.updated_at}`)).toContain(merchantId);
    expect(await ids(`updated_at.gte=${new Date(Date.parse(merchant.updated_at) + 1).toISOString()}`)).not.toContain(merchantId);
    expect((await processor("GET", "/merchants?onboarding_state=APPROVED", undefined, unlisted)).status).toBe(400);
  });

  it("refuses transfers without the fields the processor requires: a sale's and an adjustment's source", async () => {
    const { merchantId } = await approvedMerchant();
    const base = { merchant: merchantId, amount: 130, currency: "USD", idempotency_id: crypto.randomUUID() };
    const noSource = await processor("POST", "/transfers", { ...base, operation_key: "MERCHANT_CREDIT_ADJUSTMENT" }, unlisted);
    expect([noSource.status, firstError(noSource.body)]).toEqual([422, expect.objectContaining({ field: "source" })]);
    const unknownSource = await processor(
      "POST",
      "/transfers",
      { ...base, source: "PInotThere", operation_key: "MERCHANT_CREDIT_ADJUSTMENT" },
      unlisted,
    );
    expect([unknownSource.status, firstError(unknownSource.body)]).toEqual([422, expect.objectContaining({ field: "source" })]);
    const saleWithoutSource = await processor("POST", "/transfers", { ...base, fee: 0 }, unlisted);
    expect([saleWithoutSource.status, firstError(saleWithoutSource.body)]).toEqual([422, expect.objectContaining({ field: "source" })]);
    const credited = await processor("POST", "/transfers", {
      ...base,
      source: "PIsandboxPlatformFunding",
      operation_key: "MERCHANT_CREDIT_ADJUSTMENT",
    });
    expect(credited.body).toMatchObject({
      type: "ADJUSTMENT",
      state: "SUCCEEDED",
      source: "PIsandboxPlatformFunding",
      merchant: merchantId,
    });
  });

  it("answers an error fault with the status and code asked for (a transient 402)", async () => {
    await control.addFault({ operation: "GET /merchants", kind: "error", status: 402, code: "UPSTREAM_PROCESSOR_ERROR", times: 1 });
    const faulted = await processor("GET", "/merchants", undefined, unlisted);
    expect([faulted.status, firstError(faulted.body).code]).toEqual([402, "UPSTREAM_PROCESSOR_ERROR"]);
  });
});

describe("fees the processor charges for a sale", () => {
  type Fee = { amount: number; fee_type: string; fee_subtype: string; linked_id: string; linked_type: string; merchant: string };
  const feesOf = async (transferId: string): Promise<Fee[]> => {
    const listed = await processor("GET", `/fees?linked_to=${transferId}`, undefined, unlisted);
    expect(listed.status).toBe(200);
    expect(listed.body.page).toEqual({ limit: 100, next_cursor: null });
    return listed.body._embedded.fees;
  };

  it("are the merchant's fee profile, with the sale's fee as a minimum (the difference is an APPLICATION_FEE)", async () => {
    const { merchantId } = await approvedMerchant();
    const card = await buyerInstrument();
    const plain = await sale(merchantId, card, 10_000, { fee: 130 });
    expect(await feesOf(plain.body.id)).toMatchObject([
      { amount: 130, fee_type: "APPLICATION_FEE", linked_id: plain.body.id, linked_type: "TRANSFER", merchant: merchantId },
    ]);

    await control.setFeeProfile(merchantId, { basisPoints: 290, fixedFee: 30 });
    const higherProfile = await sale(merchantId, card, 10_000, { fee: 130 });
    expect((await feesOf(higherProfile.body.id)).map((fee) => [fee.fee_type, fee.amount])).toEqual([
      ["CARD_BASIS_POINTS", 290],
      ["CARD_FIXED", 30],
    ]);
    const higherFee = await sale(merchantId, card, 10_000, { fee: 500 });
    expect((await feesOf(higherFee.body.id)).map((fee) => [fee.fee_type, fee.amount])).toEqual([
      ["CARD_BASIS_POINTS", 290],
      ["CARD_FIXED", 30],
      ["APPLICATION_FEE", 180],
    ]);

    const ach = await sale(merchantId, await buyerInstrument(bankFields("123456789")), 10_000, { fee: 130 });
    expect(await feesOf(ach.body.id)).toEqual([]);
    await control.settleAch(ach.body.id, "succeed");
    expect((await feesOf(ach.body.id)).map((fee) => fee.fee_type)).toEqual(["ACH_BASIS_POINTS", "ACH_FIXED"]);
  });

  it("include a fee in fractional cents for a card sale of the documented test amount", async () => {
    const { merchantId } = await approvedMerchant();
    const fractional = await sale(merchantId, await buyerInstrument(), FRACTIONAL_FEE_SALE.amount, { fee: 100 });
    expect((await feesOf(fractional.body.id)).map((fee) => [fee.fee_type, fee.amount])).toEqual([
      ["APPLICATION_FEE", 100],
      ["CARD_INTERCHANGE", 2.393],
    ]);
  });
});

describe("an ACH return as a reversal", () => {
  it("is a SYSTEM reversal of the whole debit with the return's code; the debit stays SUCCEEDED and cannot be refunded", async () => {
    const { merchantId } = await approvedMerchant();
    const debit = await sale(merchantId, await buyerInstrument(bankFields("123456789")), 7000);
    await control.settleAch(debit.body.id, "return-as-reversal", {
      code: "R10_UNAUTHORIZED",
      message: "R10: Customer advises not authorized.",
    });
    expect((await processor("GET", `/transfers/${debit.body.id}`)).body.state).toBe("SUCCEEDED");
    const reversals = await processor("GET", `/transfers/${debit.body.id}/reversals`);
    expect(reversals.body._embedded.transfers).toMatchObject([
      { type: "REVERSAL", subtype: "SYSTEM", state: "SUCCEEDED", amount: 7000, idempotency_id: null, failure_code: "R10_UNAUTHORIZED" },
    ]);
    const refund = await processor("POST", `/transfers/${debit.body.id}/reversals`, { refund_amount: 100, idempotency_id: "after-return" });
    expect(refund.status).toBe(422);
  });
});

describe("webhook retries", () => {
  it("are signed with the first attempt's timestamp, as the processor may do: a receiver's window must cover the ladder", async () => {
    const failing = await processor("POST", "/webhooks", {
      url: `${env.BASE_URL}/sandbox/inbox/strict-retries?status=500`,
      enabled_events: [{ entity: "settlement", types: ["created"] }],
    });
    await processor("PUT", `/webhooks/${failing.body.id}`, { enabled: true });
    const { merchantId } = await approvedMerchant();
    await sale(merchantId, await buyerInstrument(), 999);
    const settlement = await control.closeSettlement(merchantId);
    for (const wait of [90, 120, 180, 300, 540]) await control.advanceClock(wait);
    const attempts = (await control.readInbox("strict-retries")).filter((request) => request.body.includes(settlement!.id as string));
    expect(attempts).toHaveLength(6);
    const timestamps = attempts.map((request) => request.headers["finix-signature"]!.match(/timestamp=(\d+)/)![1]);
    expect(new Set(timestamps).size).toBe(1);
  });
});
