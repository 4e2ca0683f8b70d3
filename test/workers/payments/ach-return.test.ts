import { describe, expect, it } from "vitest";

import { expectProblem } from "../support/http";
import { lookup, paidPayment, type Payment, processorReversals, refund } from "../support/payments";
import { eventsFor, signedDelivery, transferEvent } from "../support/processor-webhooks";
import { bankToken, charge, chargeableTenant, chargeBody, control } from "../support/sandbox";

/** An ACH payment the processor has settled (SUCCEEDED): refundable, and still returnable by the buyer's bank. */
async function settledAchPayment(amountCents = 10_000) {
  const tenant = await chargeableTenant();
  const created = await (await charge(tenant.auth, chargeBody(await bankToken(), { amountCents }))).json<Payment>();
  expect(created.status).toBe("processing");
  await control("settle-ach", { id: created.processorTransferId, outcome: "succeed" });
  expect((await lookup(tenant.auth, created.lcPaymentId)).status).toBe("succeeded");
  return { ...tenant, payment: created };
}

const lastPaymentEvent = async (paymentId: string) =>
  JSON.parse((await eventsFor(paymentId)).filter((event) => event.type === "transfer.updated").at(-1)!.payload);

describe("an ACH debit returned after it succeeded", () => {
  it("after a partial refund: the payment fails with the return's code, the refund stays counted, the callback says both", async () => {
    const { auth, payment } = await settledAchPayment();
    const refunded = await refund(auth, payment.lcPaymentId, { amountCents: 3000 });
    expect(await refunded.json()).toMatchObject({ status: "partially_refunded", amountRefundedCents: 3000 });
    const [reversal] = await processorReversals(payment.processorTransferId);
    await control("settle-reversal", { id: reversal!.id });

    await control("settle-ach", { id: payment.processorTransferId, outcome: "return" });

    expect(await lookup(auth, payment.lcPaymentId)).toMatchObject({
      status: "failed",
      processorState: "FAILED",
      failureCode: "INSUFFICIENT_FUNDS",
      amountRefundedCents: 3000,
    });
    expect(await lastPaymentEvent(payment.lcPaymentId)).toMatchObject({
      type: "transfer.updated",
      lcPaymentId: payment.lcPaymentId,
      status: "failed",
      processorState: "FAILED",
      failureCode: "INSUFFICIENT_FUNDS",
      amountRefundedCents: 3000,
    });
    // Nothing is refunded twice: the returned debit cannot be refunded again, here or at the processor.
    await expectProblem(await refund(auth, payment.lcPaymentId, { amountCents: 1000 }), 409, "invalid-payment-state");
    expect((await processorReversals(payment.processorTransferId)).map((r) => [r.amount, r.state])).toEqual([[3000, "SUCCEEDED"]]);
  });

  it("after a full refund: refunded → failed", async () => {
    const { auth, payment } = await settledAchPayment(5000);
    expect(await (await refund(auth, payment.lcPaymentId)).json()).toMatchObject({ status: "refunded" });
    await control("settle-ach", { id: payment.processorTransferId, outcome: "return", failureCode: "BANK_ACCOUNT_CLOSED" });
    expect(await lookup(auth, payment.lcPaymentId)).toMatchObject({
      status: "failed",
      failureCode: "BANK_ACCOUNT_CLOSED",
      amountRefundedCents: 5000,
    });
  });

  it("when the return arrives as a reversal of the debit: the payment fails once, with the return's code", async () => {
    const { auth, payment } = await settledAchPayment();
    await control("settle-ach", { id: payment.processorTransferId, outcome: "return-as-reversal", failureCode: "NO_BANK_ACCOUNT_FOUND" });
    expect(await lookup(auth, payment.lcPaymentId)).toMatchObject({
      status: "failed",
      failureCode: "NO_BANK_ACCOUNT_FOUND",
      amountRefundedCents: 0,
    });
    const failedEvents = (await eventsFor(payment.lcPaymentId))
      .map((event) => JSON.parse(event.payload))
      .filter((body) => body.status === "failed");
    expect(failedEvents).toHaveLength(1);
    expect(failedEvents[0]).toMatchObject({ failureCode: "NO_BANK_ACCOUNT_FOUND", processorTransferId: payment.processorTransferId });
    await expectProblem(await refund(auth, payment.lcPaymentId), 409, "invalid-payment-state");
  });

  it("with a refund in flight: retried under its key, the processor refuses to reverse a returned debit and the reservation is released", async () => {
    const { auth, payment } = await settledAchPayment();
    await control("fault", { operation: "POST /transfers/{id}/reversals", kind: "error", times: 1 });
    await expectProblem(await refund(auth, payment.lcPaymentId, { amountCents: 2000 }, "ach-inflight"), 502, "processor-error");
    await control("settle-ach", { id: payment.processorTransferId, outcome: "return" });
    expect((await lookup(auth, payment.lcPaymentId)).status).toBe("failed");

    const retried = await expectProblem(
      await refund(auth, payment.lcPaymentId, { amountCents: 2000 }, "ach-inflight"),
      422,
      "processor-rejected",
    );
    expect(retried.outcomeUnknown).toBe(false);
    expect(await processorReversals(payment.processorTransferId)).toEqual([]);
    expect(await lookup(auth, payment.lcPaymentId)).toMatchObject({ status: "failed", amountRefundedCents: 0 });
  });

  it("a reversal the service did not ask for, of a card sale, is not taken for a return", async () => {
    const { auth, payment } = await paidPayment();
    const delivered = await signedDelivery(
      transferEvent(
        {
          id: "TRforeignReversal0000000001",
          type: "REVERSAL",
          state: "SUCCEEDED",
          amount: payment.amountCents,
          parent_transfer: payment.processorTransferId,
          updated_at: new Date().toISOString(),
        },
        "created",
      ),
    );
    expect(await delivered.json()).toMatchObject({ outcome: "ignored" });
    expect((await lookup(auth, payment.lcPaymentId)).status).toBe("succeeded");
  });
});
