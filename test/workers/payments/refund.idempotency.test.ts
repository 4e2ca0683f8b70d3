import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { payments } from "../../../src/payments/payments.schema";
import { rowsOnEveryShard } from "../support/db";
import { expectProblem } from "../support/http";
import { crashedRequestLease, lookup, paidPayment, processorReversals, refund } from "../support/payments";
import { control } from "../support/sandbox";

const liveReversals = async (transferId: string) => (await processorReversals(transferId)).filter((r) => r.state !== "FAILED");

describe("POST /v1/payments/{id}/refund retried with the same Idempotency-Key", () => {
  it.each([
    ["a 5xx before the reversal", "error", 502],
    ["a 5xx after the reversal was made", "error-after", 502],
    ["a timeout before the processor saw it", "timeout", 504],
    ["a timeout after the reversal was made", "timeout-after", 504],
    ["a dropped connection before", "drop", 502],
    ["a dropped connection after the reversal was made", "drop-after", 502],
  ])("after %s resumes the same refund: one reversal, one final answer", async (_, kind, status) => {
    const { auth, payment } = await paidPayment(10_000);
    const body = { amountCents: 4000 };
    await control("fault", { operation: "POST /transfers/{id}/reversals", kind, times: 1 });
    await expectProblem(
      await refund(auth, payment.lcPaymentId, body, `retry-${kind}`),
      status,
      status === 504 ? "processor-timeout" : "processor-error",
    );

    const retried = await refund(auth, payment.lcPaymentId, body, `retry-${kind}`);
    expect(retried.status).toBe(200);
    const answer = await retried.text();
    expect(JSON.parse(answer)).toMatchObject({ status: "partially_refunded", amountRefundedCents: 4000 });
    const again = await refund(auth, payment.lcPaymentId, body, `retry-${kind}`);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.text()).toBe(answer);

    expect((await liveReversals(payment.processorTransferId)).map((r) => r.amount)).toEqual([4000]);
    const [row] = await rowsOnEveryShard((db) =>
      db.select({ held: payments.amountRefundReservedCents }).from(payments).where(eq(payments.id, payment.lcPaymentId)),
    );
    expect(row?.held).toBe(0);
  });

  it("a full refund (amount omitted) retried while its amount is reserved ends refunded, not 409 'asked for 0'", async () => {
    const { auth, payment } = await paidPayment(10_000);
    // The reversal is made but its answer is lost; the retry comes before the processor's webhook.
    await control("fault", { operation: "POST /transfers/{id}/reversals", kind: "drop-after", times: 1 });
    await expectProblem(await refund(auth, payment.lcPaymentId, undefined, "full-lost"), 502, "processor-error");
    const retried = await refund(auth, payment.lcPaymentId, undefined, "full-lost");
    expect(retried.status).toBe(200);
    expect(await retried.json()).toMatchObject({ status: "refunded", amountRefundedCents: 10_000 });
    expect((await liveReversals(payment.processorTransferId)).map((r) => r.amount)).toEqual([10_000]);
  });

  it("a partial refund retried while its amount is still reserved gets its refund, not 409 refund-exceeds-balance", async () => {
    const { auth, payment } = await paidPayment(10_000);
    const body = { amountCents: 6000 };
    // The reversal goes through but its answer is lost: the ledger holds 6000 of the 10000 reserved, 4000 remain.
    await control("fault", { operation: "POST /transfers/{id}/reversals", kind: "drop-after", times: 1 });
    await expectProblem(await refund(auth, payment.lcPaymentId, body, "partial-held"), 502, "processor-error");
    const retried = await refund(auth, payment.lcPaymentId, body, "partial-held");
    expect(retried.status).toBe(200);
    expect(await retried.json()).toMatchObject({ status: "partially_refunded", amountRefundedCents: 6000 });
    expect((await liveReversals(payment.processorTransferId)).map((r) => r.amount)).toEqual([6000]);
  });

  it("after a crash between the reservation and the reversal: 409 until its lease ends, then the retry sends the one reversal", async () => {
    const { auth, payment, tenantId } = await paidPayment(10_000);
    const body = { amountCents: 2500 };
    // The processor never sees the first attempt: the amount is reserved in the ledger, no reversal exists.
    await control("fault", { operation: "POST /transfers/{id}/reversals", kind: "timeout", times: 1 });
    await expectProblem(await refund(auth, payment.lcPaymentId, body, "crash-1"), 504, "processor-timeout");
    expect(await liveReversals(payment.processorTransferId)).toEqual([]);
    const lease = await crashedRequestLease(tenantId, `/v1/payments/${payment.lcPaymentId}/refund`, "crash-1", body, 40_000);

    const inFlight = await refund(auth, payment.lcPaymentId, body, "crash-1");
    const problem = await expectProblem(inFlight, 409, "idempotency-key-in-flight");
    const retryAfter = Number(inFlight.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(Math.ceil(Number(env.PROCESSOR_TIMEOUT_MS) / 1000));
    expect(problem.retryAfterSeconds).toBe(retryAfter);

    await lease.expire();
    const resumed = await refund(auth, payment.lcPaymentId, body, "crash-1");
    expect(resumed.status).toBe(200);
    expect(await resumed.json()).toMatchObject({ status: "partially_refunded", amountRefundedCents: 2500 });
    expect((await liveReversals(payment.processorTransferId)).map((r) => r.amount)).toEqual([2500]);
    expect((await lookup(auth, payment.lcPaymentId)).amountRefundedCents).toBe(2500);
  });

  it("a refused refund answers the same 422 every time, from the ledger once the key's answer is forgotten", async () => {
    const { auth, payment, tenantId } = await paidPayment(10_000);
    const body = { amountCents: 1000 };
    await control("fault", { operation: "POST /transfers/{id}/reversals", kind: "error", status: 422, code: "INVALID_FIELD", times: 1 });
    const first = await expectProblem(await refund(auth, payment.lcPaymentId, body, "refused-1"), 422, "processor-rejected");
    expect(first.code).toBe("INVALID_FIELD");
    const replay = await refund(auth, payment.lcPaymentId, body, "refused-1");
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect([replay.status, ((await replay.json()) as { type: string }).type]).toEqual([422, first.type]);

    // Past the key's retention in the Durable Object, the ledger gives the same answer; nothing is sent again.
    const lease = await crashedRequestLease(tenantId, `/v1/payments/${payment.lcPaymentId}/refund`, "refused-1", body, 0);
    await lease.forget();
    const fromLedger = await expectProblem(await refund(auth, payment.lcPaymentId, body, "refused-1"), 422, "processor-rejected");
    expect(fromLedger).toMatchObject({ code: "INVALID_FIELD", lcRefundId: expect.stringMatching(/^lcref_/) });
    expect(await liveReversals(payment.processorTransferId)).toEqual([]);
    expect((await lookup(auth, payment.lcPaymentId)).amountRefundedCents).toBe(0);
  });

  it("the key still belongs to its refund: another amount, or another payment, under it is 409 idempotency-key-reused", async () => {
    const { auth, payment } = await paidPayment(10_000);
    expect((await refund(auth, payment.lcPaymentId, { amountCents: 1000 }, "owned-1")).status).toBe(200);
    await expectProblem(await refund(auth, payment.lcPaymentId, { amountCents: 2000 }, "owned-1"), 409, "idempotency-key-reused");
    expect((await liveReversals(payment.processorTransferId)).map((r) => r.amount)).toEqual([1000]);
  });
});
