import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { payments } from "../../../src/payments/payments.schema";
import { rowsOnEveryShard } from "../support/db";
import { call, expectProblem, tenantWithKey } from "../support/http";
import { paymentId, seedPayments } from "../support/ledger";
import { paidPayment, refund } from "../support/payments";
import { control } from "../support/sandbox";

describe("POST /v1/payments/{id}/refund guards", () => {
  it.each(["processing", "failed", "canceled", "refunded", "disputed"] as const)("answers 409 for a %s payment", async (status) => {
    const tenant = await tenantWithKey();
    const id = paymentId(1, `guard${status}`);
    await seedPayments(tenant.tenantId, [
      { id, status, amountCents: 1000, createdAt: new Date().toISOString(), amountRefundedCents: status === "refunded" ? 1000 : 0 },
    ]);
    await expectProblem(await call(`/v1/payments/${id}/refund`, { method: "POST", headers: tenant.auth }), 409, "invalid-payment-state");
  });

  it("answers 409 above the remaining balance and 404 for another tenant's payment", async () => {
    const tenant = await tenantWithKey();
    const other = await tenantWithKey();
    const id = paymentId(2, "guardbalance");
    await seedPayments(tenant.tenantId, [
      { id, status: "partially_refunded", amountCents: 1000, amountRefundedCents: 600, createdAt: new Date().toISOString() },
    ]);
    const body = JSON.stringify({ amountCents: 401 });
    const headers = { ...tenant.auth, "Content-Type": "application/json" };
    const problem = await expectProblem(
      await call(`/v1/payments/${id}/refund`, { method: "POST", headers, body }),
      409,
      "refund-exceeds-balance",
    );
    expect(problem.remainingCents).toBe(400);
    await expectProblem(
      await call(`/v1/payments/${id}/refund`, { method: "POST", headers: { ...other.auth, "Content-Type": "application/json" }, body }),
      404,
      "not-found",
    );
  });

  it("validates the refund body", async () => {
    const tenant = await tenantWithKey();
    const id = paymentId(3, "guardbody");
    const headers = { ...tenant.auth, "Content-Type": "application/json" };
    for (const body of [
      { amountCents: 0 },
      { amountCents: -1 },
      { amountCents: "5" },
      { reason: 42 },
      { refundApplicationFee: "yes" },
      { extra: 1 },
    ]) {
      await expectProblem(
        await call(`/v1/payments/${id}/refund`, { method: "POST", headers, body: JSON.stringify(body) }),
        400,
        "validation-failed",
      );
    }
  });
});

describe("POST /v1/payments/{id}/refund when the processor fails", () => {
  it("releases the reservation when the processor rejects the refund", async () => {
    const { auth, payment } = await paidPayment(10_000);
    await control("fault", { operation: "POST /transfers/{id}/reversals", kind: "error", times: 1 });
    await expectProblem(await refund(auth, payment.lcPaymentId, { amountCents: 4000 }), 502, "processor-error");
    // Outcome unknown: the amount stays reserved until reconciled.
    const [held] = await rowsOnEveryShard((db) =>
      db.select({ held: payments.amountRefundReservedCents }).from(payments).where(eq(payments.id, payment.lcPaymentId)),
    );
    expect(held?.held).toBe(4000);
    await expectProblem(await refund(auth, payment.lcPaymentId, { amountCents: 6001 }), 409, "refund-exceeds-balance");
  });
});
