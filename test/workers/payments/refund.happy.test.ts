import { env } from "cloudflare:workers";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { payments, refunds } from "../../../src/payments/payments.schema";
import { rowsOnEveryShard } from "../support/db";
import { call, expectProblem } from "../support/http";
import { paidPayment, type Payment, refund } from "../support/payments";
import { control } from "../support/sandbox";

async function processorReversedCents(transferId: string): Promise<number> {
  const response = await call(`/sandbox/processor/transfers/${transferId}/reversals?limit=100`, {
    headers: { Authorization: `Basic ${btoa(`${env.PROCESSOR_USERNAME}:${env.PROCESSOR_PASSWORD}`)}`, "Finix-Version": "2022-02-01" },
  });
  const body = (await response.json()) as { _embedded: { transfers: { amount: number; state: string }[] } };
  return body._embedded.transfers.filter((t) => t.state !== "FAILED").reduce((sum, t) => sum + t.amount, 0);
}

describe("POST /v1/payments/{id}/refund", () => {
  it("refunds the remaining balance when the amount is omitted, returning a PaymentResponse", async () => {
    const { auth, payment } = await paidPayment();
    const response = await refund(auth, payment.lcPaymentId);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      lcPaymentId: payment.lcPaymentId,
      status: "refunded",
      amountCents: 10_000,
      amountRefundedCents: 10_000,
      applicationFeeCents: payment.applicationFeeCents,
      currency: "USD",
      processorTransferId: payment.processorTransferId,
    });
    expect(await processorReversedCents(payment.processorTransferId)).toBe(10_000);
  });

  it("goes partially_refunded, then refunded when the rest is refunded, then 409", async () => {
    const { auth, payment } = await paidPayment();
    expect(await (await refund(auth, payment.lcPaymentId, { amountCents: 3000, reason: "requested_by_customer" })).json()).toMatchObject({
      status: "partially_refunded",
      amountRefundedCents: 3000,
    });
    await expectProblem(await refund(auth, payment.lcPaymentId, { amountCents: 7001 }), 409, "refund-exceeds-balance");
    expect(await (await refund(auth, payment.lcPaymentId, { amountCents: 7000 })).json()).toMatchObject({
      status: "refunded",
      amountRefundedCents: 10_000,
    });
    await expectProblem(await refund(auth, payment.lcPaymentId, { amountCents: 1 }), 409, "invalid-payment-state");
    const reasons = await rowsOnEveryShard((db) =>
      db.select({ reason: refunds.reason }).from(refunds).where(eq(refunds.paymentId, payment.lcPaymentId)).orderBy(asc(refunds.createdAt)),
    );
    expect(reasons.map((r) => r.reason)).toEqual(["requested_by_customer", null]);
  });

  it("20 concurrent partial refunds never exceed the amount and match what the processor reversed", async () => {
    const { auth, payment } = await paidPayment(10_000);
    const responses = await Promise.all(Array.from({ length: 20 }, () => refund(auth, payment.lcPaymentId, { amountCents: 700 })));
    const accepted = responses.filter((r) => r.status === 200).length;
    expect(accepted).toBe(14);
    expect(responses.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const final = await (await call(`/v1/payments/${payment.lcPaymentId}`, { headers: auth })).json<Payment>();
    expect(final.amountRefundedCents).toBe(9800);
    expect(await processorReversedCents(payment.processorTransferId)).toBe(final.amountRefundedCents);
  });

  it("returns the application fee as a merchant credit adjustment when asked, recorded in the ledger", async () => {
    const { auth, payment } = await paidPayment(10_000);
    await refund(auth, payment.lcPaymentId, { amountCents: 5000, refundApplicationFee: true });
    const [row] = await rowsOnEveryShard((db) =>
      db
        .select({ fee: refunds.applicationFeeRefundCents, adjustment: refunds.processorFeeAdjustmentId })
        .from(refunds)
        .where(eq(refunds.paymentId, payment.lcPaymentId)),
    );
    expect(row?.fee).toBe(Math.floor(payment.applicationFeeCents / 2));
    const adjustment = await control<{ amount: number; subtype: string; state: string }>("get", { kind: "transfer", id: row!.adjustment! });
    expect(adjustment).toMatchObject({ amount: row!.fee, subtype: "MERCHANT_CREDIT_ADJUSTMENT", state: "SUCCEEDED" });
    await refund(auth, payment.lcPaymentId, { refundApplicationFee: true });
    const [total] = await rowsOnEveryShard((db) =>
      db.select({ fee: payments.applicationFeeRefundedCents }).from(payments).where(eq(payments.id, payment.lcPaymentId)),
    );
    expect(total?.fee).toBe(payment.applicationFeeCents);
  });

  it("keeps the fee when refundApplicationFee is not set", async () => {
    const { auth, payment } = await paidPayment(10_000);
    await refund(auth, payment.lcPaymentId);
    const [total] = await rowsOnEveryShard((db) =>
      db.select({ fee: payments.applicationFeeRefundedCents }).from(payments).where(eq(payments.id, payment.lcPaymentId)),
    );
    expect(total?.fee).toBe(0);
  });

  it("a retried refund with the same Idempotency-Key refunds once", async () => {
    const { auth, payment } = await paidPayment(10_000);
    const first = await refund(auth, payment.lcPaymentId, { amountCents: 1000 }, "refund-1");
    const again = await refund(auth, payment.lcPaymentId, { amountCents: 1000 }, "refund-1");
    expect(await again.text()).toBe(await first.text());
    expect(await processorReversedCents(payment.processorTransferId)).toBe(1000);
  });
});
