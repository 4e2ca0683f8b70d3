import { describe, expect, it } from "vitest";

import { isOutcomeUnknown, paginate } from "../../../src/processor";
import { clientFor, rejectionOf, saleRequest } from "../support/processor-client";
import * as fixtures from "../support/processor-fixtures";
import { IDS } from "../support/processor-fixtures";

describe("processor client: pagination", () => {
  const pages: Record<string, { items: ReturnType<typeof fixtures.dispute>[]; next: string | null }> = {
    first: { items: [fixtures.dispute({ id: "DI1" }), fixtures.dispute({ id: "DI2" })], next: "DI2" },
    DI2: { items: [fixtures.dispute({ id: "DI3" }), fixtures.dispute({ id: "DI4" })], next: "DI4" },
    DI4: { items: [fixtures.dispute({ id: "DI5" })], next: null },
  };

  it("follows next_cursor with after_cursor across three pages", async () => {
    const { client, processor } = clientFor(({ query }) => {
      const page = pages[query.after_cursor ?? "first"]!;
      return { status: 200, body: fixtures.listPage("/disputes", "disputes", page.items, page.next) };
    });

    const ids: string[] = [];
    for await (const dispute of paginate((after_cursor) => client.listMerchantDisputes(IDS.merchant, { limit: 2, after_cursor })))
      ids.push(dispute.id);

    expect(ids).toEqual(["DI1", "DI2", "DI3", "DI4", "DI5"]);
    expect(processor.calls.map((call) => call.query)).toEqual([
      { limit: "2", merchant_id: IDS.merchant },
      { limit: "2", after_cursor: "DI2", merchant_id: IDS.merchant },
      { limit: "2", after_cursor: "DI4", merchant_id: IDS.merchant },
    ]);
    expect(processor.violations).toEqual([]);
  });

  it("stops with an error when the processor repeats a cursor instead of looping forever", async () => {
    const { client } = clientFor(() => ({ status: 200, body: fixtures.listPage("/webhooks", "webhooks", [fixtures.webhook()], "WHsame") }));
    const seen: string[] = [];
    const walk = async () => {
      for await (const webhook of paginate((after_cursor) => client.listWebhooks({ after_cursor }))) seen.push(webhook.id);
    };
    const error = await rejectionOf(walk());
    expect(error.slug).toBe("processor-error");
    expect(seen).toHaveLength(2);
  });

  it("finds no transfer when the processor ignores the idempotency_id filter", async () => {
    const { client } = clientFor(() => ({
      status: 200,
      body: fixtures.listPage("/transfers", "transfers", [fixtures.saleTransfer({ id: "TRunrelated", idempotency_id: "lcpay_other" })]),
    }));
    expect(await client.findTransferByIdempotencyId("lcpay_01")).toBeNull();
  });
});

describe("processor client: declines are values", () => {
  it("reads a 402 as a decline carrying the processor's code and message", async () => {
    const { client, processor } = clientFor(() => ({
      status: 402,
      body: fixtures.processorErrors({ code: "CALL_ISSUER", message: "Please contact card issuer for more information." }),
    }));

    const result = await client.createTransfer(saleRequest);

    expect(result).toEqual({
      outcome: "declined",
      failureCode: "CALL_ISSUER",
      failureMessage: "Please contact card issuer for more information.",
      item: null,
    });
    expect(processor.violations).toEqual([]);
  });

  it("reads a created transfer in state FAILED as a decline with its failure_code", async () => {
    const failed = fixtures.saleTransfer({
      state: "FAILED",
      failure_code: "INSUFFICIENT_FUNDS",
      failure_message: "The card has insufficient funds.",
    });
    const { client, processor } = clientFor(() => ({ status: 201, body: failed }));

    const result = await client.createTransfer(saleRequest);

    expect(result).toMatchObject({
      outcome: "declined",
      failureCode: "INSUFFICIENT_FUNDS",
      failureMessage: "The card has insufficient funds.",
      item: { id: IDS.sale },
    });
    expect(processor.violations).toEqual([]);
  });

  it("keeps a PENDING ACH sale as created", async () => {
    const { client } = clientFor(() => ({ status: 201, body: fixtures.saleTransfer({ state: "PENDING", source: IDS.bankAccount }) }));
    expect(await client.createTransfer({ ...saleRequest, source: IDS.bankAccount })).toMatchObject({
      outcome: "created",
      item: { state: "PENDING" },
    });
  });

  it("throws processor-rejected when a merchant credit adjustment fails", async () => {
    const failed = fixtures.merchantCreditAdjustment();
    const { client } = clientFor(() => ({
      status: 201,
      body: { ...failed, state: "FAILED", failure_code: "INSUFFICIENT_FUNDS", failure_message: "Platform balance too low." },
    }));
    const error = await rejectionOf(
      client.createMerchantCreditAdjustment({
        merchant: IDS.merchant,
        source: IDS.platformFunding,
        amount: 60,
        currency: "USD",
        idempotency_id: "lcref_01_fee",
      }),
    );
    expect([error.slug, error.extensions.code, isOutcomeUnknown(error)]).toEqual(["processor-rejected", "INSUFFICIENT_FUNDS", false]);
  });
});
