import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { payments } from "../../../src/payments/payments.schema";
import { rowsOnEveryShard } from "../support/db";
import { call, expectProblem, jsonInit, tenantWithKey } from "../support/http";
import { cardToken, charge, chargeableTenant, chargeBody } from "../support/sandbox";

const buyer = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" };
const validTokenCharge = { amountCents: 2500, currency: "USD", orderRef: "order-1", processorToken: "TKabcdef123456", buyer };

async function post(auth: Record<string, string>, body: unknown, key: string | null = crypto.randomUUID()) {
  return call("/v1/payments", jsonInit("POST", body, key ? { ...auth, "Idempotency-Key": key } : auth));
}

describe("POST /v1/payments input", () => {
  it.each([
    ["amount as a string", { ...validTokenCharge, amountCents: "2500" }, "amountCents"],
    ["zero amount", { ...validTokenCharge, amountCents: 0 }, "amountCents"],
    ["negative amount", { ...validTokenCharge, amountCents: -5 }, "amountCents"],
    ["fractional amount", { ...validTokenCharge, amountCents: 10.5 }, "amountCents"],
    ["huge amount", { ...validTokenCharge, amountCents: 100_000_001 }, "amountCents"],
    ["unsafe integer", { ...validTokenCharge, amountCents: 2 ** 60 }, "amountCents"],
    ["lower-case currency", { ...validTokenCharge, currency: "usd" }, "currency"],
    ["unknown field", { ...validTokenCharge, captureMethod: "manual" }, "captureMethod"],
    ["capture not a boolean", { ...validTokenCharge, capture: "false" }, "capture"],
    ["both token and instrument", { ...validTokenCharge, processorInstrumentId: "PIabcdef123456" }, "processorToken"],
    ["neither token nor instrument", { amountCents: 2500, currency: "USD", orderRef: "o", buyer }, "processorToken"],
    ["token without buyer", { amountCents: 2500, currency: "USD", orderRef: "o", processorToken: "TKabcdef123456" }, "buyer"],
    ["malformed token", { ...validTokenCharge, processorToken: "4111111111111111" }, "processorToken"],
    [
      "malformed instrument id",
      { amountCents: 2500, currency: "USD", orderRef: "o", processorInstrumentId: "ID123456789" },
      "processorInstrumentId",
    ],
    ["buyer with a bad e-mail", { ...validTokenCharge, buyer: { ...buyer, email: "not-an-email" } }, "buyer.email"],
    ["missing orderRef", { amountCents: 2500, currency: "USD", processorToken: "TKabcdef123456", buyer }, "orderRef"],
  ])("rejects %s with 400 naming the field", async (_, body, field) => {
    const { auth } = await tenantWithKey();
    const problem = await expectProblem(await post(auth, body), 400, "validation-failed");
    expect(problem.errors?.map((e) => e.field)).toContain(field);
  });

  it("requires Idempotency-Key", async () => {
    const { auth } = await tenantWithKey();
    await expectProblem(await post(auth, validTokenCharge, null), 400, "idempotency-key-required");
  });

  it("rejects an Idempotency-Key that is too long or not printable", async () => {
    const { auth } = await tenantWithKey();
    await expectProblem(await post(auth, validTokenCharge, "k".repeat(256)), 400, "validation-failed");
    await expectProblem(await post(auth, validTokenCharge, "has space"), 400, "validation-failed");
  });

  it("rejects a currency other than the configured one", async () => {
    const { auth } = await tenantWithKey();
    const problem = await expectProblem(await post(auth, { ...validTokenCharge, currency: "EUR" }), 400, "validation-failed");
    expect(problem.errors?.[0]?.field).toBe("currency");
    expect(env.CURRENCY).toBe("USD");
  });

  // Counts every payment in this file's storage (each file starts from an empty database: setup/fresh-storage.ts): keep it above the tests that charge.
  it("answers 403 merchant-not-ready before the processor while chargesEnabled is false, and does not burn the key", async () => {
    const { auth } = await tenantWithKey();
    const key = crypto.randomUUID();
    const first = await expectProblem(await post(auth, validTokenCharge, key), 403, "merchant-not-ready");
    expect(first.detail).toContain("onboarding");
    const again = await post(auth, validTokenCharge, key);
    expect(again.headers.get("Idempotent-Replayed")).toBeNull();
    await expectProblem(again, 403, "merchant-not-ready");
    expect(await rowsOnEveryShard((db) => db.select({ id: payments.id }).from(payments))).toEqual([]);
  });
});

describe("POST /v1/payments refused by the processor", () => {
  it("records a decline as failed, answers 402 with the processor's failure code, and lists it", async () => {
    const { auth } = await chargeableTenant();
    const response = await charge(auth, chargeBody(await cardToken("4000000000009995")));
    const problem = await expectProblem(response, 402, "payment-declined");
    expect(problem.code).toBe("INSUFFICIENT_FUNDS");
    const id = problem.lcPaymentId as string;
    expect(await (await call(`/v1/payments/${id}`, { headers: auth })).json()).toMatchObject({
      status: "failed",
      failureCode: "INSUFFICIENT_FUNDS",
    });
    const list = await (await call("/v1/payments?status=failed", { headers: auth })).json<{ data: { lcPaymentId: string }[] }>();
    expect(list.data.map((p) => p.lcPaymentId)).toContain(id);
  });

  it("refuses a used token with 422 processor-rejected", async () => {
    const { auth } = await chargeableTenant();
    const token = await cardToken();
    expect((await charge(auth, chargeBody(token))).status).toBe(201);
    const problem = await expectProblem(await charge(auth, chargeBody(token)), 422, "processor-rejected");
    expect(problem.detail).toContain("already been used");
  });
});
