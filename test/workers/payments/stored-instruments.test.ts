import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { paymentInstruments } from "../../../src/payments/payments.schema";
import { shardOf } from "../support/db";
import { call, expectProblem } from "../support/http";
import { lookup, paidPayment, type Payment, paymentsPage, processorGet } from "../support/payments";
import { eventsFor } from "../support/processor-webhooks";
import { bankToken, charge, chargeableTenant, chargeBody, control } from "../support/sandbox";

describe("the stored instrument a payment charged", () => {
  it("is in the lookup, the list and the payment's events, and charges again for the same tenant", async () => {
    const { auth, payment } = await paidPayment(4000);
    const { processorInstrumentId } = await lookup(auth, payment.lcPaymentId);
    expect(processorInstrumentId).toMatch(/^PI/);
    const listed = await paymentsPage(auth, "limit=10");
    expect(listed.data.find((item) => item.lcPaymentId === payment.lcPaymentId)).toMatchObject({ processorInstrumentId });

    const repeat = await charge(auth, { amountCents: 1500, currency: "USD", orderRef: "repeat-1", processorInstrumentId });
    expect(repeat.status).toBe(201);
    const again = await repeat.json<Payment>();
    expect(again).toMatchObject({ status: "succeeded", amountCents: 1500 });
    expect(again.lcPaymentId).not.toBe(payment.lcPaymentId);
    expect(await lookup(auth, again.lcPaymentId)).toMatchObject({ processorInstrumentId, method: "card" });
    expect((await processorGet(`/transfers/${again.processorTransferId}`)).source).toBe(processorInstrumentId);
  });

  it("rides on the transfer.updated event of an ACH payment", async () => {
    const { auth } = await chargeableTenant();
    const created = await (await charge(auth, chargeBody(await bankToken()))).json<Payment>();
    await control("settle-ach", { id: created.processorTransferId, outcome: "succeed" });
    const { processorInstrumentId } = await lookup(auth, created.lcPaymentId);
    const [event] = (await eventsFor(created.lcPaymentId)).filter((e) => e.type === "transfer.updated");
    expect(JSON.parse(event!.payload)).toMatchObject({
      status: "succeeded",
      processorInstrumentId,
      amountRefundedCents: 0,
      failureCode: null,
    });
  });

  it("is refused to another tenant, which cannot tell it from one that does not exist", async () => {
    const { auth: ownerAuth, payment } = await paidPayment(2000);
    const { processorInstrumentId } = await lookup(ownerAuth, payment.lcPaymentId);
    const other = await chargeableTenant("Other Coffee");
    const body = { amountCents: 900, currency: "USD", orderRef: "theft-1", processorInstrumentId };
    const theirs = await expectProblem(await charge(other.auth, body), 400, "validation-failed");
    const missing = await expectProblem(
      await charge(other.auth, { ...body, processorInstrumentId: "PInotAnInstrumentAtAll01" }),
      400,
      "validation-failed",
    );
    expect(theirs.errors).toEqual(missing.errors);
    expect((await (await call("/v1/payments?limit=200", { headers: other.auth })).json<{ data: unknown[] }>()).data).toEqual([]);
  });

  it("made before D1 kept instruments: the processor's tenant tag decides, and D1 remembers it from then on", async () => {
    const { auth: ownerAuth, tenantId, payment } = await paidPayment(2100);
    const processorInstrumentId = (await lookup(ownerAuth, payment.lcPaymentId)).processorInstrumentId!;
    const shard = await shardOf(tenantId);
    const forget = () => shard.delete(paymentInstruments).where(eq(paymentInstruments.id, processorInstrumentId));
    const recorded = () =>
      shard.query.paymentInstruments.findFirst({
        columns: { tenantId: true, method: true },
        where: eq(paymentInstruments.id, processorInstrumentId),
      });
    const body = { amountCents: 700, currency: "USD", orderRef: "older-instrument", processorInstrumentId };

    await forget();
    const other = await chargeableTenant("Older Other");
    await expectProblem(await charge(other.auth, body), 400, "validation-failed");
    expect(await recorded()).toBeUndefined();

    expect((await charge(ownerAuth, body)).status).toBe(201);
    expect(await recorded()).toEqual({ tenantId, method: "card" });
    await expectProblem(await charge(other.auth, body), 400, "validation-failed");
  });
});
