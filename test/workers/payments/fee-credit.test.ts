import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { MAX_FEE_CREDIT_ATTEMPTS } from "../../../src/payments/fee-credit.service";
import { reconcileLedger } from "../../../src/payments/reconciliation";
import { ADMIN_HEADERS, call } from "../support/http";
import { lookup, paidPayment, type Payment, processorGet, refund } from "../support/payments";
import { eventsFor } from "../support/processor-webhooks";
import { cardToken, charge, chargeableTenant, chargeBody, control } from "../support/sandbox";
import { shardContexts } from "../support/shards";

type FeeCredit = {
  lcRefundId: string;
  status: string;
  amountCents: number;
  attempts: number;
  nextAttemptAtUtc: string | null;
  failureCode: string | null;
};

const sweepAt = (nowMs: number) => Promise.all(shardContexts({ nowMs }).map((ctx) => reconcileLedger({ ctx })));
const feeEvents = async (paymentId: string) =>
  (await eventsFor(paymentId)).filter((event) => event.type === "application_fee_refund.updated").map((event) => JSON.parse(event.payload));
const feeCredits = async (status: string) =>
  (await (await call(`/admin/payments/fee-credits?status=${status}&limit=200`, { headers: ADMIN_HEADERS })).json<{ data: FeeCredit[] }>())
    .data;
const adjustmentFor = async (refundId: string) =>
  (await processorGet(`/transfers?idempotency_id=${refundId}_fee`))._embedded.transfers as {
    amount: number;
    source: string;
    subtype: string;
  }[];

describe("the application fee returned with a refund", () => {
  it("reaches the merchant as a credit adjustment funded from the platform's instrument, and the payment says so", async () => {
    const { auth, payment } = await paidPayment(10_000);
    const response = await refund(auth, payment.lcPaymentId, { amountCents: 5000, refundApplicationFee: true });
    expect(await response.json()).toMatchObject({ applicationFeeRefundedCents: 65, applicationFeeRefundPending: false });
    const [event] = await feeEvents(payment.lcPaymentId);
    expect(event).toMatchObject({ lcPaymentId: payment.lcPaymentId, status: "succeeded", amountCents: 65, failureCode: null });
    expect(await adjustmentFor(event.lcRefundId)).toMatchObject([
      { amount: 65, source: env.PROCESSOR_FEE_CREDIT_SOURCE, subtype: "MERCHANT_CREDIT_ADJUSTMENT" },
    ]);
    await refund(auth, payment.lcPaymentId, { refundApplicationFee: true });
    expect(await lookup(auth, payment.lcPaymentId)).toMatchObject({ applicationFeeRefundedCents: 130, applicationFeeRefundPending: false });
  });

  it("refused by the processor: the refund still answers 200, the credit is given up at once, visibly, and an operator can send it again", async () => {
    const { auth, payment } = await paidPayment(10_000);
    await control("fault", { operation: "POST /transfers", kind: "error", status: 422, code: "INVALID_FIELD", times: 1 });
    const response = await refund(auth, payment.lcPaymentId, { amountCents: 10_000, refundApplicationFee: true });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "refunded", applicationFeeRefundedCents: 0, applicationFeeRefundPending: false });
    const [event] = await feeEvents(payment.lcPaymentId);
    expect(event).toMatchObject({ status: "failed", amountCents: 130, failureCode: "INVALID_FIELD" });
    expect((await feeCredits("failed")).find((credit) => credit.lcRefundId === event.lcRefundId)).toMatchObject({
      status: "failed",
      amountCents: 130,
      failureCode: "INVALID_FIELD",
    });
    expect(await adjustmentFor(event.lcRefundId)).toEqual([]);

    const retried = await call(`/admin/payments/fee-credits/${event.lcRefundId}/retry`, { method: "POST", headers: ADMIN_HEADERS });
    expect(await retried.json()).toMatchObject({ status: "succeeded", amountCents: 130, failureCode: null });
    expect(await lookup(auth, payment.lcPaymentId)).toMatchObject({ applicationFeeRefundedCents: 130, applicationFeeRefundPending: false });
    expect(await adjustmentFor(event.lcRefundId)).toHaveLength(1);
    expect((await feeEvents(payment.lcPaymentId)).map((e) => e.status)).toEqual(["failed", "succeeded"]);
  });

  it("a given-up share that the completing refund already returned is not sent again: the fee is never credited twice", async () => {
    const { auth, payment } = await paidPayment(10_000);
    await control("fault", { operation: "POST /transfers", kind: "error", status: 422, code: "INVALID_FIELD", times: 1 });
    await refund(auth, payment.lcPaymentId, { amountCents: 4000, refundApplicationFee: true });
    const [givenUp] = await feeEvents(payment.lcPaymentId);
    expect(givenUp).toMatchObject({ status: "failed", amountCents: 52 });
    const rest = await refund(auth, payment.lcPaymentId, { refundApplicationFee: true });
    expect(await rest.json()).toMatchObject({ status: "refunded", applicationFeeRefundedCents: 130 });

    const retried = await call(`/admin/payments/fee-credits/${givenUp.lcRefundId}/retry`, { method: "POST", headers: ADMIN_HEADERS });
    expect(retried.status).toBe(409);
    expect(await retried.json()).toMatchObject({ status: 409, detail: expect.stringContaining("already returned") });
    expect(await lookup(auth, payment.lcPaymentId)).toMatchObject({ applicationFeeRefundedCents: 130, applicationFeeRefundPending: false });
    expect(await adjustmentFor(givenUp.lcRefundId)).toEqual([]);
    expect((await feeCredits("failed")).find((credit) => credit.lcRefundId === givenUp.lcRefundId)).toMatchObject({ status: "failed" });
  });

  it("while the processor fails: pending on the payment, retried with backoff, then given up after a bounded number of attempts", async () => {
    const { auth, payment } = await paidPayment(10_000);
    const fault = await control<{ id: string }>("fault", { operation: "POST /transfers", kind: "error", status: 503 });
    const response = await refund(auth, payment.lcPaymentId, { amountCents: 4000, refundApplicationFee: true });
    expect(await response.json()).toMatchObject({
      status: "partially_refunded",
      applicationFeeRefundPending: true,
      applicationFeeRefundedCents: 0,
    });
    const refundId = (await feeCredits("pending")).find((credit) => credit.amountCents === 52 && credit.attempts === 1)!.lcRefundId;

    const credit = async () => (await feeCredits("pending")).concat(await feeCredits("failed")).find((c) => c.lcRefundId === refundId)!;
    let previousAt = Date.now();
    for (let attempt = 2; attempt <= MAX_FEE_CREDIT_ATTEMPTS; attempt++) {
      const due = Date.parse((await credit()).nextAttemptAtUtc!);
      expect(due - previousAt).toBeGreaterThan(30_000);
      await sweepAt(due - 1000);
      expect((await credit()).attempts).toBe(attempt - 1);
      await sweepAt(due);
      expect((await credit()).attempts).toBe(attempt);
      previousAt = due;
    }
    expect(await credit()).toMatchObject({
      status: "failed",
      attempts: MAX_FEE_CREDIT_ATTEMPTS,
      failureCode: "processor-error",
      nextAttemptAtUtc: null,
    });
    expect(await lookup(auth, payment.lcPaymentId)).toMatchObject({ applicationFeeRefundPending: false, applicationFeeRefundedCents: 0 });
    expect(await feeEvents(payment.lcPaymentId)).toMatchObject([{ status: "failed", failureCode: "processor-error" }]);
    const backlog = await (
      await call("/admin/payments/reconciliation", { headers: ADMIN_HEADERS })
    ).json<{ failedFeeCredits: { count: number } }>();
    expect(backlog.failedFeeCredits.count).toBeGreaterThanOrEqual(1);
    await control("remove-fault", { id: fault.id });
  });
});

describe("the fee the processor actually charged", () => {
  it("is recorded once the sale settles: the merchant's fee profile when it is higher than the fee sent, else the fee sent", async () => {
    const { auth, merchantId } = await chargeableTenant();
    const plain = await (await charge(auth, chargeBody(await cardToken(), { amountCents: 10_000 }))).json<Payment>();
    await control("fee-profile", { id: merchantId, basisPoints: 290, fixedFee: 30 });
    const profiled = await (await charge(auth, chargeBody(await cardToken(), { amountCents: 10_000 }))).json<Payment>();
    expect((await lookup(auth, profiled.lcPaymentId)).processorFeeCents).toBeNull();

    await sweepAt(Date.now() + 1000);
    expect(await lookup(auth, plain.lcPaymentId)).toMatchObject({ applicationFeeCents: 130, processorFeeCents: 130 });
    expect(await lookup(auth, profiled.lcPaymentId)).toMatchObject({ applicationFeeCents: 130, processorFeeCents: 320 });
  });
});
