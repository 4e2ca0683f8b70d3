import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { call, jsonInit } from "../support/http";
import { bankToken, cardToken, charge, chargeableTenant, chargeBody, control } from "../support/sandbox";

type Created = {
  lcPaymentId: string;
  status: string;
  amountCents: number;
  applicationFeeCents: number;
  processorTransferId: string;
  processorState: string;
};

describe("POST /v1/payments with a card", () => {
  it("charges a token synchronously and returns exactly the contract's fields", async () => {
    const { auth } = await chargeableTenant();
    const response = await charge(auth, chargeBody(await cardToken(), { amountCents: 10_000 }));
    expect(response.status).toBe(201);
    const body = await response.json<Created>();
    expect(Object.keys(body).sort()).toEqual([
      "amountCents",
      "applicationFeeCents",
      "lcPaymentId",
      "processorState",
      "processorTransferId",
      "status",
    ]);
    expect(body).toMatchObject({ status: "succeeded", amountCents: 10_000, processorState: "SUCCEEDED" });
    expect(body.lcPaymentId).toMatch(/^lcpay_/);
    expect(body.processorTransferId).toMatch(/^TR/);
    // Platform default: 100 bps + 30 cents.
    expect(body.applicationFeeCents).toBe(130);
    const lookup = await (await call(`/v1/payments/${body.lcPaymentId}`, { headers: auth })).json();
    expect(lookup).toMatchObject({
      lcPaymentId: body.lcPaymentId,
      status: "succeeded",
      method: "card",
      amountRefundedCents: 0,
      currency: "USD",
    });
  });

  it("uses the tenant's own fee schedule when it has one", async () => {
    const { auth, tenantId } = await chargeableTenant();
    await call(
      `/admin/tenants/${tenantId}`,
      jsonInit("PATCH", { feeBasisPoints: 250, feeFixedCents: 0 }, { Authorization: `Bearer ${env.ADMIN_SECRET}` }),
    );
    const body = await (await charge(auth, chargeBody(await cardToken(), { amountCents: 1999 }))).json<Created>();
    expect(body.applicationFeeCents).toBe(50);
  });

  it("charges the sandbox's reusable test token for every tenant, again and again, each a payment of its own", async () => {
    const tenants = [await chargeableTenant("Try It Tea"), await chargeableTenant("Try It Toast")];
    const charged: Created[] = [];
    for (const { auth } of [...tenants, ...tenants]) {
      const response = await charge(auth, chargeBody("TKsandboxVisa4895Success"));
      expect(response.status).toBe(201);
      charged.push(await response.json<Created>());
    }
    expect(charged.map((payment) => payment.status)).toEqual(["succeeded", "succeeded", "succeeded", "succeeded"]);
    expect(new Set(charged.map((payment) => payment.lcPaymentId)).size).toBe(4);
  });
});

describe("POST /v1/payments with ACH", () => {
  it("returns processing, then settles through the processor's webhook", async () => {
    const { auth } = await chargeableTenant();
    const body = await (await charge(auth, chargeBody(await bankToken()))).json<Created>();
    expect(body).toMatchObject({ status: "processing", processorState: "PENDING" });
    await control("settle-ach", { id: body.processorTransferId });
    expect(await (await call(`/v1/payments/${body.lcPaymentId}`, { headers: auth })).json()).toMatchObject({
      status: "succeeded",
      method: "ach",
      processorState: "SUCCEEDED",
    });
  });

  it("fails an ACH debit from a failing test account at settlement", async () => {
    const { auth } = await chargeableTenant();
    const body = await (await charge(auth, chargeBody(await bankToken("123120006")))).json<Created>();
    await control("run-jobs", { kinds: ["ach.settle"] });
    expect(await (await call(`/v1/payments/${body.lcPaymentId}`, { headers: auth })).json()).toMatchObject({
      status: "failed",
      failureCode: "INSUFFICIENT_FUNDS",
    });
  });
});
