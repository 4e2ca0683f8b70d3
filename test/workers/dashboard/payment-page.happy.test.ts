import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { callbackDeliveries } from "../../../src/callbacks/deliveries.schema";
import { events } from "../../../src/outbox/events.schema";
import { payments, refunds } from "../../../src/payments/payments.schema";
import { payoutItems } from "../../../src/payouts/payouts.schema";
import { attemptsOf, eventually, mockReceiver, RECEIVER, saveCallbackUrl } from "../support/callbacks";
import { ownerOf } from "../support/dashboard";
import { shardOf } from "../support/db";
import { callbacksFor, disputeOfPayment } from "../support/disputes";
import { seedPayments, seedPayout } from "../support/ledger";
import type { Payment } from "../support/payments";
import { bankToken, cardToken, charge, chargeableTenant, chargeBody, control } from "../support/sandbox";
import { insertRows, payoutItemRow } from "../support/seed";

// A payment's page in the dashboard tells its whole story: who paid and how, the money, every refund with the fee it
// returned, its dispute and payout (linked), and a timeline of its events with every callback delivery.

const refundKeyIn = (html: string) => /name="refundKey" value="([^"]+)"/.exec(html)![1]!;
const decoded = (html: string) => html.replaceAll("&amp;", "&").replaceAll("&#39;", "'").replaceAll("&quot;", '"');
const grace = { firstName: "Grace", lastName: "Hopper", email: "Grace.Hopper@Example.com" };

/** A payout holding the payment's sale and one of its refunds, as a synced settlement leaves its items. */
async function payoutWith(tenantId: string, paymentId: string, refundId: string): Promise<string> {
  const payoutId = await seedPayout(tenantId);
  await insertRows(await shardOf(tenantId), payoutItems, [
    payoutItemRow({
      payoutId,
      processorTransferId: `TRsale${paymentId.slice(6)}`,
      tenantId,
      type: "payment",
      paymentId,
      refundId: null,
      orderRef: "order-story",
      amountCents: 10_000,
      feeCents: 130,
      processorCreatedAt: "2026-11-01T10:00:00.000Z",
    }),
    payoutItemRow({
      payoutId,
      processorTransferId: `TRrefund${refundId.slice(6)}`,
      tenantId,
      type: "refund",
      paymentId,
      refundId,
      orderRef: "order-story",
      amountCents: -5_000,
      feeCents: 0,
      processorCreatedAt: "2026-11-01T11:00:00.000Z",
    }),
  ]);
  return payoutId;
}

describe("a payment's page", () => {
  it("reads the whole story: buyer, card, money, a refund with its fee returned, the dispute and payout linked, events and deliveries", async () => {
    const tenant = await chargeableTenant("Story Roasters");
    expect((await saveCallbackUrl(tenant.tenantId, `${RECEIVER}/story`)).status).toBe(200);
    const receiver = mockReceiver(RECEIVER);
    const payment = await (
      await charge(tenant.auth, chargeBody(await cardToken(), { amountCents: 10_000, orderRef: "order-story", buyer: grace }))
    ).json<Payment>();
    const path = `/dashboard/payments/${payment.lcPaymentId}`;
    const { browser } = await ownerOf(tenant.tenantId);

    // Half of it back through the form and its confirmation, with the fee's share.
    const { html: before } = await browser.open(path);
    const review = await browser.open(
      `${path}/refund?${new URLSearchParams({ refundKey: refundKeyIn(before), amount: "50", reason: "requested_by_customer", refundApplicationFee: "true" })}`,
    );
    expect(review.response.status).toBe(200);
    expect(review.html).toContain("Refund $50.00");
    const refunded = await browser.post(`${path}/refund`, {
      refundKey: refundKeyIn(review.html),
      amount: "50.00",
      reason: "requested_by_customer",
      refundApplicationFee: "true",
    });
    expect(refunded.headers.get("Location")).toBe(`${path}?notice=refunded`);

    // The buyer disputes the rest; the payment settles in a payout.
    await control("open-dispute", { id: payment.processorTransferId }, tenant.auth);
    const dispute = (await disputeOfPayment(tenant.auth, payment.lcPaymentId))!;
    const refund = await (
      await shardOf(tenant.tenantId)
    ).query.refunds.findFirst({ columns: { id: true }, where: eq(refunds.paymentId, payment.lcPaymentId) });
    const payoutId = await payoutWith(tenant.tenantId, payment.lcPaymentId, refund!.id);
    await callbacksFor(receiver, "application_fee_refund.updated", payment.lcPaymentId);
    await callbacksFor(receiver, "dispute.created", payment.lcPaymentId);
    receiver.restore();
    const db = await shardOf(tenant.tenantId);
    const deliveryIds = (
      await db
        .select({ id: callbackDeliveries.id })
        .from(callbackDeliveries)
        .innerJoin(events, eq(events.id, callbackDeliveries.eventId))
        .where(eq(events.subjectId, payment.lcPaymentId))
    ).map((row) => row.id);
    expect(deliveryIds.length).toBeGreaterThanOrEqual(2);
    for (const id of deliveryIds) {
      await eventually(
        () => attemptsOf(id),
        (attempts) => attempts.length === 1,
      );
    }

    const { response, html: raw } = await browser.open(path);
    expect(response.status).toBe(200);
    const html = decoded(raw);
    // The buyer, with the e-mail as a search, and the card.
    expect(html).toContain("Grace Hopper");
    expect(html).toContain(`href="/dashboard/payments?q=grace.hopper%40example.com">grace.hopper@example.com</a>`);
    expect(html).toContain("Visa •••• 0006");
    // Amount, fee and net; refunds and the fee returned; what is left.
    const money = /<dl class="facts money">([\s\S]*?)<\/dl>/
      .exec(html)![1]!
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ");
    expect(money).toContain("Amount $100.00 Fee −$1.30");
    expect(money).toContain("Net $98.70 Refunded −$50.00 Fee returned +$0.65 Net after refunds $49.35");
    // Every refund: amount, fee returned, when, status.
    const refundRow = new RegExp(`<tr data-refund="${refund!.id}">([\\s\\S]*?)</tr>`).exec(html)![1]!;
    expect(refundRow).toContain("$50.00");
    expect(refundRow).toContain("$0.65");
    expect(refundRow).toMatch(/<time datetime="\d{4}-\d\d-\d\dT[^"]+">/);
    expect(refundRow).toContain(">succeeded<");
    expect(refundRow).toContain("requested by customer");
    // Its dispute and payout, linked.
    expect(html).toContain(`href="/dashboard/disputes/${dispute.lcDisputeId}"`);
    expect(html).toContain(`href="/dashboard/payouts/${payoutId}"`);
    expect(html).toContain("The sale: $100.00, net $98.70");
    expect(html).toContain("A refund: -$50.00, net -$50.00");
    // The timeline, oldest first: the ledger's moments and each event with its delivery and attempt.
    const timeline = /<ol class="timeline">([\s\S]*?)<\/section>/.exec(html)![1]!;
    const order = [
      "Payment of $100.00 created",
      "Refund of $50.00 requested",
      "<code>application_fee_refund.updated</code> succeeded · $0.65",
      "Dispute of $100.00 opened",
      "<code>dispute.created</code> disputed",
    ].map((text) => timeline.indexOf(text));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(timeline.match(/<li data-delivery="dlv_[^"]+">/g)).toHaveLength(deliveryIds.length);
    expect(timeline.match(/>delivered</g)).toHaveLength(deliveryIds.length);
    expect(timeline).toContain(`${RECEIVER}/story</span>: HTTP 200 in`);
  });

  it("names a bank account by its last four and type; a repeat charge of the stored account shows its buyer and account", async () => {
    const tenant = await chargeableTenant("Bank Story Co");
    const ach = await (await charge(tenant.auth, chargeBody(await bankToken(), { amountCents: 4_100 }))).json<Payment>();
    const stored = await (
      await shardOf(tenant.tenantId)
    ).query.payments.findFirst({ columns: { processorInstrumentId: true }, where: eq(payments.id, ach.lcPaymentId) });
    // Charged again from the stored instrument, with no buyer: the instrument's buyer and account are the payment's.
    const again = await (
      await charge(tenant.auth, {
        amountCents: 900,
        currency: "USD",
        orderRef: "order-again",
        processorInstrumentId: stored!.processorInstrumentId,
      })
    ).json<Payment>();
    const { browser } = await ownerOf(tenant.tenantId);
    for (const id of [ach.lcPaymentId, again.lcPaymentId]) {
      const { html } = await browser.open(`/dashboard/payments/${id}`);
      expect(html).toContain("Bank account •••• 6789 (checking)");
      expect(html).toContain("Ada Lovelace");
      expect(html).toContain("ada@example.com");
    }
    const { html } = await browser.open(`/dashboard/payments/${again.lcPaymentId}`);
    expect(html).toContain("No refunds.");
    expect(html).toContain("No dispute.");
    expect(html).toContain("Not in a payout yet");

    // A payment from before buyers and cards were kept says so.
    await seedPayments(tenant.tenantId, [
      { id: "lcpay_pagebeforebuyers01", status: "succeeded", amountCents: 500, createdAt: "2026-01-05T10:00:00.000Z" },
    ]);
    const { html: older } = await browser.open("/dashboard/payments/lcpay_pagebeforebuyers01");
    expect(older.match(/not given/g)).toHaveLength(2);
    expect(older).toContain("<dd>Card</dd>");
  });
});

describe("the refund's confirmation", () => {
  it("states the amount — typed, or the whole remaining balance when left empty — and posts exactly that amount", async () => {
    const tenant = await chargeableTenant("Confirming Co");
    const payment = await (await charge(tenant.auth, chargeBody(await cardToken(), { amountCents: 7_500, buyer: grace }))).json<Payment>();
    const path = `/dashboard/payments/${payment.lcPaymentId}`;
    const { browser } = await ownerOf(tenant.tenantId);
    const refundKey = refundKeyIn((await browser.open(path)).html);
    const reviewOf = (fields: Record<string, string>) =>
      browser.open(`${path}/refund?${new URLSearchParams({ refundKey, reason: "duplicate", ...fields })}`);

    const partial = await reviewOf({ amount: "12.5" });
    expect(partial.response.status).toBe(200);
    expect(partial.html).toContain("<title>Refund $12.50? · Payment Connect</title>");
    expect(partial.html).toContain(`Refund <span class="refund-amount">$12.50</span> to Grace Hopper?`);
    expect(partial.html).toMatch(/<button type="submit" class="button danger">\s*Refund \$12\.50\s*<\/button>/);
    expect(partial.html).toContain(`name="amount" value="12.50"`);
    expect(partial.html).toContain(`name="refundKey" value="${refundKey}"`);
    expect(partial.html).toContain("$62.50"); // left to refund after it
    expect(partial.html).toContain("Not returned.");

    const whole = await reviewOf({ amount: "" });
    expect(whole.html).toContain(`Refund <span class="refund-amount">$75.00</span> to Grace Hopper?`);
    expect(whole.html).toContain(`name="amount" value="75.00"`);
    expect(whole.html).toContain("all that is left");

    // Looking changes nothing; refusals are the payment page with the reason.
    const row = async () =>
      (await shardOf(tenant.tenantId)).query.payments.findFirst({
        columns: { amountRefundedCents: true, amountRefundReservedCents: true },
        where: eq(payments.id, payment.lcPaymentId),
      });
    expect(await row()).toEqual({ amountRefundedCents: 0, amountRefundReservedCents: 0 });
    const tooMuch = await reviewOf({ amount: "75.01" });
    expect(tooMuch.response.status).toBe(422);
    expect(tooMuch.html).toContain("At most $75.00 is left to refund.");
    const notANumber = await reviewOf({ amount: "twelve" });
    expect(notANumber.response.status).toBe(400);
    expect(notANumber.html).toContain("Enter the amount as a number");
    expect((await browser.open(`${path}/refund?amount=1.00&reason=because`)).response.status).toBe(400);

    // Confirmed: exactly the amount stated is refunded, once, however often the confirmation is sent.
    const form = { refundKey, amount: "12.50", reason: "duplicate" };
    expect((await browser.post(`${path}/refund`, form)).status).toBe(303);
    expect((await browser.post(`${path}/refund`, form)).status).toBe(303);
    expect(await row()).toEqual({ amountRefundedCents: 1_250, amountRefundReservedCents: 0 });
    const rest = await reviewOf({ amount: "", refundKey: refundKeyIn((await browser.open(path)).html) });
    expect(rest.html).toContain(`Refund <span class="refund-amount">$62.50</span> to Grace Hopper?`);
    await browser.post(`${path}/refund`, { refundKey: refundKeyIn(rest.html), amount: "62.50", reason: "duplicate" });
    const done = await reviewOf({ amount: "" });
    expect(done.response.status).toBe(409);
    expect(done.html).toContain("Nothing is left to refund.");
  });
});
