import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { payments } from "../../../src/payments/payments.schema";
import { shardOf } from "../support/db";
import { call, expectProblem, tenantWithKey } from "../support/http";
import { paymentId } from "../support/ledger";
import { paymentsPage as page, tenantWithPayments } from "../support/payments";
import { cardToken, charge, chargeableTenant, chargeBody } from "../support/sandbox";

// Invariant 6 of docs/architecture.md for payments: every read, cursor, instrument and key is scoped by tenant.

describe("GET /v1/payments across tenants", () => {
  it("never shows another tenant's payments, even with that tenant's cursor", async () => {
    const mine = await tenantWithPayments(5, "minea");
    const theirs = await tenantWithPayments(15, "theirs");
    const myPage = await page(mine.auth, "limit=200");
    expect(myPage.data.every((p) => p.lcPaymentId.startsWith("lcpay_minea"))).toBe(true);
    const theirCursor = (await page(theirs.auth, "limit=5")).nextCursor;
    await expectProblem(
      await call(`/v1/payments?limit=5&cursor=${encodeURIComponent(theirCursor)}`, { headers: mine.auth }),
      400,
      "invalid-cursor",
    );
  });
});

describe("GET /v1/payments/{id} across tenants", () => {
  it("returns the ledger record, and 404 for another tenant's id exactly as for a missing one", async () => {
    const mine = await tenantWithPayments(1, "lookupa");
    const other = await tenantWithKey();
    const id = paymentId(0, "lookupa");
    const response = await call(`/v1/payments/${id}`, { headers: mine.auth });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      lcPaymentId: id,
      status: "failed",
      amountCents: 100,
      currency: "USD",
      orderRef: `order-${id}`,
    });
    const theirs = await expectProblem(await call(`/v1/payments/${id}`, { headers: other.auth }), 404, "not-found");
    const missing = await expectProblem(await call(`/v1/payments/lcpay_doesnotexist00`, { headers: other.auth }), 404, "not-found");
    expect(theirs.title).toBe(missing.title);
    await expectProblem(await call(`/v1/payments/not-an-id`, { headers: mine.auth }), 400, "validation-failed");
  });
});

describe("POST /v1/payments with a stored instrument across tenants", () => {
  it("charges a stored instrument of the same tenant, and refuses another tenant's", async () => {
    const mine = await chargeableTenant("Mine");
    const theirs = await chargeableTenant("Theirs");
    const first = await (await charge(mine.auth, chargeBody(await cardToken()))).json<{ lcPaymentId: string }>();
    const instrument = await (
      await shardOf(mine.tenantId)
    ).query.payments.findFirst({ columns: { processorInstrumentId: true }, where: eq(payments.id, first.lcPaymentId) });
    const again = await charge(mine.auth, {
      amountCents: 700,
      currency: "USD",
      orderRef: "repeat",
      processorInstrumentId: instrument!.processorInstrumentId,
    });
    expect(again.status).toBe(201);
    const stolen = await charge(theirs.auth, {
      amountCents: 700,
      currency: "USD",
      orderRef: "steal",
      processorInstrumentId: instrument!.processorInstrumentId,
    });
    await expectProblem(stolen, 400, "validation-failed");
    expect(await (await shardOf(theirs.tenantId)).$count(payments, eq(payments.tenantId, theirs.tenantId))).toBe(0);
  });
});

describe("Idempotency-Key on POST /v1/payments across tenants", () => {
  it("scopes keys per tenant", async () => {
    const a = await chargeableTenant("A");
    const b = await chargeableTenant("B");
    const first = await (await charge(a.auth, chargeBody(await cardToken()), "shared-key")).json<{ lcPaymentId: string }>();
    const second = await (await charge(b.auth, chargeBody(await cardToken()), "shared-key")).json<{ lcPaymentId: string }>();
    expect(second.lcPaymentId).not.toBe(first.lcPaymentId);
  });
});
