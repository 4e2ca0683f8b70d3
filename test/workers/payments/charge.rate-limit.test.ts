import { asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";

import { payments } from "../../../src/payments/payments.schema";
import { RECONCILE_AFTER_MS, reconcileLedger } from "../../../src/payments/reconciliation";
import { ProcessorBusy } from "../../../src/processor";
import { shardOf } from "../support/db";
import { call, expectProblem } from "../support/http";
import { paymentId, seedPayments } from "../support/ledger";
import { type Payment, processorReversals, processorTransfersFor, refund } from "../support/payments";
import { cardToken, charge, chargeableTenant, chargeBody, control } from "../support/sandbox";
import { tenantContext } from "../support/shards";

const WRITES_PER_SECOND = 5;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The same request under the same key until it is no longer 503 `processor-busy`, honouring each Retry-After. */
async function untilNotBusy(send: () => Promise<Response>): Promise<{ response: Response; busyAnswers: number }> {
  for (let busyAnswers = 0; ; busyAnswers++) {
    const response = await send();
    if (response.status !== 503) return { response, busyAnswers };
    const problem = await expectProblem(response, 503, "processor-busy");
    const retryAfter = Number(response.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(problem.retryAfterSeconds).toBe(retryAfter);
    expect(problem.outcomeUnknown).toBe(false);
    await sleep(retryAfter * 1000);
  }
}

afterEach(async () => {
  await control("config", { rateLimit: { readsPerSecond: null, writesPerSecond: null } });
});

describe("charges over the processor's write limit", () => {
  it("offered three times what the limit allows: every charge 201 or 503 with Retry-After, each completed once under its key", async () => {
    const tenant = await chargeableTenant("Busy Bakery");
    // Each new buyer's charge is three writes (identity, instrument, transfer): 15 at once is 45 writes, nine seconds' worth.
    const charges = await Promise.all(
      Array.from({ length: 15 }, async (_, i) => ({
        key: `busy-${crypto.randomUUID()}`,
        body: chargeBody(await cardToken(), {
          buyer: { firstName: "Buyer", lastName: `N${i}`, email: `buyer${i}-${crypto.randomUUID()}@example.com` },
        }),
      })),
    );
    await control("config", { rateLimit: { writesPerSecond: WRITES_PER_SECOND } });

    const first = await Promise.all(charges.map(({ key, body }) => charge(tenant.auth, body, key)));
    for (const answer of first) {
      expect([201, 503]).toContain(answer.status);
      if (answer.status === 503) expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    }

    // The premise: the limit held charges up.
    expect(first.filter((answer) => answer.status === 503).length).toBeGreaterThan(0);

    const payments: Payment[] = [];
    for (const [i, { key, body }] of charges.entries()) {
      const answer = first[i]!.status === 201 ? first[i]! : (await untilNotBusy(() => charge(tenant.auth, body, key))).response;
      expect(answer.status).toBe(201);
      payments.push(await answer.json<Payment>());
    }

    expect(new Set(payments.map((payment) => payment.lcPaymentId)).size).toBe(15);
    for (const payment of payments) {
      expect(payment.status).toBe("succeeded");
      expect(await processorTransfersFor(payment.lcPaymentId)).toBe(1);
    }
    const listed = await (await call("/v1/payments?limit=50", { headers: tenant.auth })).json<{ data: { status: string }[] }>();
    expect(listed.data.map((payment) => payment.status)).toEqual(Array(15).fill("succeeded"));
  }, 120_000);

  it("a refund the processor answers 429 is 503 processor-busy, stays reserved, and its retry under the key makes one reversal", async () => {
    const tenant = await chargeableTenant("Refunding Bakery");
    const paid = await (await charge(tenant.auth, chargeBody(await cardToken(), { amountCents: 4000 }))).json<Payment>();
    await control("fault", {
      operation: "POST /transfers/{transfer_id}/reversals",
      kind: "error",
      status: 429,
      code: "TOO_MANY_REQUESTS",
    });

    const busy = await refund(tenant.auth, paid.lcPaymentId, { amountCents: 1500 }, "refund-busy-1");
    await expectProblem(busy, 503, "processor-busy");
    expect(Number(busy.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(await processorReversals(paid.processorTransferId)).toEqual([]);
    // The amount stays reserved for the key: another refund of the whole balance is refused meanwhile.
    await expectProblem(await refund(tenant.auth, paid.lcPaymentId, { amountCents: 4000 }), 409, "refund-exceeds-balance");

    await control("clear-faults");
    const done = await refund(tenant.auth, paid.lcPaymentId, { amountCents: 1500 }, "refund-busy-1");
    expect(done.status).toBe(200);
    expect((await done.json<Payment>()).amountRefundedCents).toBe(1500);
    expect((await processorReversals(paid.processorTransferId)).map((reversal) => reversal.amount)).toEqual([1500]);
    const again = await refund(tenant.auth, paid.lcPaymentId, { amountCents: 1500 }, "refund-busy-1");
    expect(again.status).toBe(200);
    expect(await processorReversals(paid.processorTransferId)).toHaveLength(1);
  }, 30_000);

  it("a sweep that meets a 429 stops its turn, leaving the rest as they were, and the next run resumes it", async () => {
    const tenant = await chargeableTenant("Swept Bakery");
    // Charges whose answers were lost — more than the sweep checks at once: processing, no transfer recorded, due.
    const ids = Array.from({ length: 8 }, (_, i) => paymentId(i + 1, "swept"));
    const now = new Date().toISOString();
    await seedPayments(
      tenant.tenantId,
      ids.map((id) => ({ id, status: "processing", amountCents: 1000, createdAt: now })),
    );
    const db = await shardOf(tenant.tenantId);
    await db
      .update(payments)
      .set({ processorTransferId: null, processorState: null, nextCheckAt: now })
      .where(eq(payments.tenantId, tenant.tenantId));
    const rows = () =>
      db
        .select({ id: payments.id, status: payments.status, nextCheckAt: payments.nextCheckAt, updatedAt: payments.updatedAt })
        .from(payments)
        .where(eq(payments.tenantId, tenant.tenantId))
        .orderBy(asc(payments.id));
    const before = await rows();

    await control("fault", { operation: "GET /transfers", kind: "error", status: 429, code: "TOO_MANY_REQUESTS" });
    const run = async () =>
      reconcileLedger({ ctx: await tenantContext(tenant.tenantId, { nowMs: Date.now() + RECONCILE_AFTER_MS, priority: "sweep" }) });
    await expect(run()).rejects.toBeInstanceOf(ProcessorBusy);
    // None was postponed, and none started after the 429: the budget is left to merchants until the next run.
    expect(await rows()).toEqual(before);

    await control("clear-faults");
    await run();
    const after = await rows();
    for (const [i, row] of after.entries()) expect(row.nextCheckAt).not.toBe(before[i]!.nextCheckAt);
  });
});
