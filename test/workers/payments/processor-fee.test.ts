import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";

import { FRACTIONAL_FEE_SALE } from "../../../packages/sandbox-processor/src/core/test-data";
import { processorConfig } from "../../../src/context";
import { payments } from "../../../src/payments/payments.schema";
import { reconcileLedger } from "../../../src/payments/reconciliation";
import { createProcessorClient } from "../../../src/processor";
import { rowsOnEveryShard } from "../support/db";
import { lookup, type Payment } from "../support/payments";
import { cardToken, charge, chargeableTenant, chargeBody } from "../support/sandbox";
import { shardContexts } from "../support/shards";

type Fee = { id: string; amount: unknown; linked_id: string };
type FeePage = { _embedded: { fees: Fee[] } };

/**
 * The cron's sweep against the sandbox, with the fees it lists for some transfers replaced as `rewrite` says: how a test
 * meets answers the sandbox's own test inputs do not make (a fee split into tenths of a cent, an amount nobody can read).
 */
function sweepAt(nowMs: number, rewrite: (transferId: string, fees: Fee[]) => Fee[] = (_, fees) => fees) {
  const fees = async (request: Request) => {
    const answer = await env.SANDBOX_PROCESSOR!.fetch(request);
    const url = new URL(request.url);
    const transferId = url.searchParams.get("linked_to");
    if (url.pathname !== "/fees" || !transferId || !answer.ok) return answer;
    const page = await answer.json<FeePage>();
    const body = { ...page, _embedded: { fees: rewrite(transferId, page._embedded.fees) } };
    return new Response(JSON.stringify(body), { status: 200, headers: answer.headers });
  };
  const processor = createProcessorClient({ ...processorConfig(env), fetch: fees });
  return Promise.all(shardContexts({ nowMs }).map((ctx) => reconcileLedger({ ctx: { ...ctx, processor } })));
}

async function paidCard(auth: Record<string, string>, amountCents: number) {
  const payment = await (
    await charge(auth, chargeBody(await cardToken(), { amountCents }))
  ).json<Payment & { processorTransferId: string }>();
  expect(payment.status).toBe("succeeded");
  return payment;
}

const nextCheckAt = async (paymentId: string) =>
  (
    await rowsOnEveryShard((db) =>
      db.select({ at: payments.nextCheckAt, attempts: payments.checkAttempts }).from(payments).where(eq(payments.id, paymentId)),
    )
  )[0]!;

afterEach(() => void vi.restoreAllMocks());

describe("the processor's fee in fractions of a cent", () => {
  it("is kept exactly and shown in whole cents rounded half up (the sandbox's fractional test amount)", async () => {
    const { auth } = await chargeableTenant();
    const payment = await paidCard(auth, FRACTIONAL_FEE_SALE.amount);
    const { applicationFeeCents } = await lookup(auth, payment.lcPaymentId);

    await sweepAt(Date.now() + 1000);
    // The application fee in whole cents plus the interchange fee of 2.393 cents: the exact total, and 2 cents more.
    expect(await lookup(auth, payment.lcPaymentId)).toMatchObject({
      processorFeeExactCents: `${applicationFeeCents + 2}.393`,
      processorFeeCents: applicationFeeCents + 2,
    });
  });

  it("is summed exactly before it is rounded: tenths that make half a cent round up, never as floats would add them", async () => {
    const { auth } = await chargeableTenant();
    const payment = await paidCard(auth, 10_000);
    const tenths = [0.1, 0.2, 0.2];
    await sweepAt(Date.now() + 1000, (transferId, fees) =>
      transferId === payment.processorTransferId
        ? [...fees, ...tenths.map((amount, at) => ({ ...fees[0]!, id: `FEtenth${at}`, amount }))]
        : fees,
    );
    // 130 + 0.1 + 0.2 + 0.2 is 130.50000000000003 in floats; exactly 130.5, which rounds half up to 131.
    expect(await lookup(auth, payment.lcPaymentId)).toMatchObject({ processorFeeExactCents: "130.5", processorFeeCents: 131 });
  });
});

describe("a fee amount the service cannot read", () => {
  it("is logged and that payment backs off, while the sweep reads the other payments' fees", async () => {
    const { auth } = await chargeableTenant();
    const unreadable = await paidCard(auth, 10_000);
    const readable = await paidCard(auth, 20_000);
    const warnings: string[] = [];
    vi.spyOn(console, "warn").mockImplementation((line: unknown) => void warnings.push(String(line)));

    const nowMs = Date.now() + 1000;
    await sweepAt(nowMs, (transferId, fees) =>
      transferId === unreadable.processorTransferId ? fees.map((fee) => ({ ...fee, amount: "1.30 USD" })) : fees,
    );

    const { applicationFeeCents } = await lookup(auth, readable.lcPaymentId);
    expect(await lookup(auth, readable.lcPaymentId)).toMatchObject({
      processorFeeCents: applicationFeeCents,
      processorFeeExactCents: String(applicationFeeCents),
    });
    expect(await lookup(auth, unreadable.lcPaymentId)).toMatchObject({ processorFeeCents: null, processorFeeExactCents: null });
    const { at, attempts } = await nextCheckAt(unreadable.lcPaymentId);
    expect(attempts).toBe(1);
    expect(Date.parse(at!)).toBeGreaterThan(nowMs);
    const logged = warnings.map((line) => JSON.parse(line)).filter((line) => line.paymentId === unreadable.lcPaymentId);
    expect(logged).toEqual([expect.objectContaining({ level: "warn", message: expect.stringContaining("fee") })]);

    // Once the processor answers readably, the next look after the back-off reads it.
    await sweepAt(Date.parse(at!) + 1000);
    expect(await lookup(auth, unreadable.lcPaymentId)).toMatchObject({ processorFeeCents: 130, processorFeeExactCents: "130" });
  });
});
