import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { MAX_AMOUNT_CENTS } from "../../../src/payments/payments.routes";
import { refunds } from "../../../src/payments/payments.schema";
import { rowsOnEveryShard } from "../support/db";
import { ADMIN_HEADERS, call, jsonInit } from "../support/http";
import { lookup, type Payment, processorGet, refund } from "../support/payments";
import { eventsFor } from "../support/processor-webhooks";
import { cardToken, charge, chargeableTenant, chargeBody } from "../support/sandbox";

type Schedule = { feeBasisPoints: number; feeFixedCents: number };
type FeeCallback = { lcRefundId: string; status: string; amountCents: number; failureCode: string | null };

/** A small seeded generator, so a failing case names the seed that reproduces it. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

/** Splits an amount into `count` positive parts (fewer when the amount is smaller than `count`). */
function split(random: ReturnType<typeof generator>, amountCents: number, count: number): number[] {
  const cuts = new Set<number>();
  while (cuts.size < Math.min(count, amountCents) - 1) cuts.add(random.int(1, amountCents - 1));
  const bounds = [0, ...[...cuts].sort((a, b) => a - b), amountCents];
  return bounds.slice(1).map((bound, i) => bound - bounds[i]!);
}

/** The rule of docs/guides/payments.md in exact arithmetic: proportional, rounded down. */
const proportionalShare = (feeCents: number, partCents: number, amountCents: number) =>
  Number((BigInt(feeCents) * BigInt(partCents)) / BigInt(amountCents));

const feeCallbacks = async (paymentId: string): Promise<FeeCallback[]> =>
  (await eventsFor(paymentId)).filter((event) => event.type === "application_fee_refund.updated").map((event) => JSON.parse(event.payload));

const refundAmounts = async (paymentId: string) =>
  new Map(
    (
      await rowsOnEveryShard((db) =>
        db.select({ id: refunds.id, amountCents: refunds.amountCents }).from(refunds).where(eq(refunds.paymentId, paymentId)),
      )
    ).map((row) => [row.id, row.amountCents]),
  );

const creditedAtProcessor = async (refundId: string) =>
  ((await processorGet(`/transfers?idempotency_id=${refundId}_fee`))._embedded.transfers as { amount: number }[]).map((t) => t.amount);

async function paymentUnder(schedule: Schedule, amountCents: number) {
  const { auth, tenantId } = await chargeableTenant();
  const patched = await call(`/admin/tenants/${tenantId}`, jsonInit("PATCH", schedule, ADMIN_HEADERS));
  expect(patched.status).toBe(200);
  const created = await charge(auth, chargeBody(await cardToken(), { amountCents }));
  expect(created.status).toBe(201);
  return { auth, payment: await created.json<Payment>() };
}

/** Every credit was sent in whole cents, taken by the processor, and the parts add up to the whole fee. */
async function expectWholeFeeReturned(auth: Record<string, string>, payment: Payment, callbacks: FeeCallback[]) {
  for (const callback of callbacks) {
    expect(callback).toMatchObject({ status: "succeeded", failureCode: null });
    expect(Number.isInteger(callback.amountCents)).toBe(true);
    expect(await creditedAtProcessor(callback.lcRefundId)).toEqual([callback.amountCents]);
  }
  expect(callbacks.reduce((sum, callback) => sum + callback.amountCents, 0)).toBe(payment.applicationFeeCents);
  expect(await lookup(auth, payment.lcPaymentId)).toMatchObject({
    status: "refunded",
    applicationFeeRefundedCents: payment.applicationFeeCents,
    applicationFeeRefundPending: false,
  });
}

describe("the application fee's share of a partial refund", () => {
  it("is whole cents: 4,000 with a fee of 70, refunded 1,000 then the rest, credits 17 then 53", async () => {
    const { auth, payment } = await paymentUnder({ feeBasisPoints: 100, feeFixedCents: 30 }, 4000);
    expect(payment.applicationFeeCents).toBe(70);

    const first = await refund(auth, payment.lcPaymentId, { amountCents: 1000, refundApplicationFee: true });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ applicationFeeRefundedCents: 17, applicationFeeRefundPending: false });
    await refund(auth, payment.lcPaymentId, { refundApplicationFee: true });

    const callbacks = await feeCallbacks(payment.lcPaymentId);
    expect(callbacks.map((callback) => callback.amountCents)).toEqual([17, 53]);
    await expectWholeFeeReturned(auth, payment, callbacks);
  });

  it("over many amounts and fee schedules, refunded in parts one after another: each part rounded down, the last takes the rest", async () => {
    const random = generator(21);
    for (let run = 0; run < 16; run++) {
      const schedule = { feeBasisPoints: random.int(0, 10_000), feeFixedCents: random.int(0, 500) };
      // Amounts from a cent to the maximum, where fee × refund passes 2^53 and only integer arithmetic stays exact.
      const amountCents = run === 0 ? MAX_AMOUNT_CENTS : Math.max(1, Math.floor(10 ** (random.int(0, 800) / 100)));
      const parts = split(random, amountCents, random.int(2, 5));
      const { auth, payment } = await paymentUnder(schedule, amountCents);
      const context = JSON.stringify({ run, schedule, amountCents, parts, feeCents: payment.applicationFeeCents });

      for (const part of parts) {
        const answered = await refund(auth, payment.lcPaymentId, { amountCents: part, refundApplicationFee: true });
        expect(answered.status, context).toBe(200);
      }
      const callbacks = await feeCallbacks(payment.lcPaymentId);
      const expected = parts.map((part) => proportionalShare(payment.applicationFeeCents, part, amountCents));
      expected[expected.length - 1] = payment.applicationFeeCents - expected.slice(0, -1).reduce((sum, share) => sum + share, 0);
      expect(
        callbacks.map((callback) => callback.amountCents),
        context,
      ).toEqual(expected.filter((share) => share > 0));
      await expectWholeFeeReturned(auth, payment, callbacks);
    }
  }, 60_000);

  it("refunded in concurrent parts: every part but the one that completes is rounded down, and together they return the whole fee", async () => {
    const random = generator(8);
    for (let run = 0; run < 8; run++) {
      const schedule = { feeBasisPoints: random.int(50, 3000), feeFixedCents: random.int(0, 99) };
      const amountCents = random.int(1000, 500_000);
      const parts = split(random, amountCents, random.int(3, 6));
      const { auth, payment } = await paymentUnder(schedule, amountCents);
      const context = JSON.stringify({ run, schedule, amountCents, parts, feeCents: payment.applicationFeeCents });

      const answers = await Promise.all(
        parts.map((part) => refund(auth, payment.lcPaymentId, { amountCents: part, refundApplicationFee: true })),
      );
      expect(
        answers.map((answer) => answer.status),
        context,
      ).toEqual(parts.map(() => 200));
      const callbacks = await feeCallbacks(payment.lcPaymentId);
      const amounts = await refundAmounts(payment.lcPaymentId);
      const notRoundedDown = callbacks.filter(
        (callback) =>
          callback.amountCents !== proportionalShare(payment.applicationFeeCents, amounts.get(callback.lcRefundId)!, amountCents),
      );
      expect(notRoundedDown.length, context).toBeLessThanOrEqual(1);
      await expectWholeFeeReturned(auth, payment, callbacks);
    }
  }, 60_000);
});
