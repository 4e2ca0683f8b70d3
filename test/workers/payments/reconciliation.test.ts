import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { payments } from "../../../src/payments/payments.schema";
import { ABANDON_AFTER_MS, RECONCILE_AFTER_MS, reconcileLedger } from "../../../src/payments/reconciliation";
import { rowsOnEveryShard, shardOf } from "../support/db";
import { call, expectProblem, jsonInit } from "../support/http";
import { cardToken, charge, chargeableTenant, chargeBody, control } from "../support/sandbox";
import { shardContexts } from "../support/shards";

const sweep = (afterMs: number) => Promise.all(shardContexts({ nowMs: Date.now() + afterMs }).map((ctx) => reconcileLedger({ ctx })));
const lookup = async (auth: Record<string, string>, id: string) =>
  (await call(`/v1/payments/${id}`, { headers: auth })).json<{ status: string; amountRefundedCents: number }>();

describe("reconciliation sweep", () => {
  it("settles a charge whose answer was lost and never retried", async () => {
    const { auth, tenantId } = await chargeableTenant();
    await control("fault", { operation: "POST /transfers", kind: "drop-after", times: 1 });
    await control("fault", { operation: "GET /transfers", kind: "error", times: 1 });
    await expectProblem(await charge(auth, chargeBody(await cardToken())), 502, "processor-error");
    const { id } = (await (
      await shardOf(tenantId)
    ).query.payments.findFirst({ columns: { id: true }, where: eq(payments.tenantId, tenantId) }))!;
    expect((await lookup(auth, id)).status).toBe("processing");
    await sweep(0);
    expect((await lookup(auth, id)).status).toBe("processing");
    await sweep(RECONCILE_AFTER_MS + 1000);
    expect((await lookup(auth, id)).status).toBe("succeeded");
  });

  it("fails a charge the processor never received, once abandoned", async () => {
    const { auth, tenantId } = await chargeableTenant();
    await control("fault", { operation: "POST /transfers", kind: "error", times: 1 });
    await expectProblem(await charge(auth, chargeBody(await cardToken())), 502, "processor-error");
    const { id } = (await (
      await shardOf(tenantId)
    ).query.payments.findFirst({ columns: { id: true }, where: eq(payments.tenantId, tenantId) }))!;
    await sweep(RECONCILE_AFTER_MS + 1000);
    expect((await lookup(auth, id)).status).toBe("processing");
    await sweep(ABANDON_AFTER_MS + 1000);
    expect(await lookup(auth, id)).toMatchObject({ status: "failed", failureCode: "ABANDONED" });
  });

  it("settles a refund whose answer was lost (by webhook or sweep), counting it once", async () => {
    const { auth } = await chargeableTenant();
    const payment = await (await charge(auth, chargeBody(await cardToken(), { amountCents: 5000 }))).json<{ lcPaymentId: string }>();
    await control("fault", { operation: "POST /transfers/{id}/reversals", kind: "timeout-after", times: 1 });
    await expectProblem(
      await call(`/v1/payments/${payment.lcPaymentId}/refund`, jsonInit("POST", { amountCents: 2000 }, auth)),
      504,
      "processor-timeout",
    );
    await sweep(RECONCILE_AFTER_MS + 1000);
    expect(await lookup(auth, payment.lcPaymentId)).toMatchObject({ status: "partially_refunded", amountRefundedCents: 2000 });
    await sweep(RECONCILE_AFTER_MS + 2000);
    expect(await lookup(auth, payment.lcPaymentId)).toMatchObject({ amountRefundedCents: 2000 });
    const [held] = await rowsOnEveryShard((db) =>
      db.select({ held: payments.amountRefundReservedCents }).from(payments).where(eq(payments.id, payment.lcPaymentId)),
    );
    expect(held?.held).toBe(0);
  });
});
