import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createApp } from "../../../src/app";
import { disputes } from "../../../src/disputes/disputes.schema";
import { onboarding } from "../../../src/onboarding/onboarding.schema";
import { type DayMoney, moneyByDay } from "../../../src/payments";
import { payments, refunds } from "../../../src/payments/payments.schema";
import { payoutItems, type PayoutItemType, payouts } from "../../../src/payouts/payouts.schema";
import { ownerOf, signedInOwner } from "../support/dashboard";
import { shardOf } from "../support/db";
import { call } from "../support/http";
import { chargeableTenant } from "../support/sandbox";
import { disputeRow, insertRows, paymentRow, payoutItemRow, payoutRow, refundRow } from "../support/seed";
import { tenantContext } from "../support/shards";

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const today = () => dayOf(Date.now());
const daysAgo = (n: number) => dayOf(Date.now() - n * DAY_MS);

let rows = 0;
const OVERVIEW_MERCHANT = "MUoverview";
const nextId = (prefix: string) => `${prefix}_ovw${String(++rows).padStart(6, "0")}${crypto.randomUUID().slice(0, 8)}`;

type Sale = Pick<typeof payments.$inferInsert, "status" | "amountCents" | "createdAt"> & { feeCents: number; processorFeeCents?: number };

/** Ledger rows written straight into the tenant's shard, each with the fee columns the overview sums. */
async function seedSales(tenantId: string, sales: Sale[]): Promise<string[]> {
  const ids = sales.map(() => nextId("lcpay"));
  await insertRows(
    await shardOf(tenantId),
    payments,
    sales.map((sale, n) =>
      paymentRow({
        id: ids[n]!,
        tenantId,
        idempotencyKey: `key-${ids[n]}`,
        status: sale.status,
        amountCents: sale.amountCents,
        applicationFeeCents: sale.feeCents,
        processorFeeCents: sale.processorFeeCents ?? null,
        processorMerchantId: OVERVIEW_MERCHANT,
        processorTransferId: `TR${ids[n]!.slice(6)}`,
        createdAt: sale.createdAt,
      }),
    ),
  );
  return ids;
}

type Refund = Pick<typeof refunds.$inferInsert, "paymentId" | "status" | "amountCents" | "createdAt"> & {
  feeReturnedCents: number;
  feeCredit: NonNullable<(typeof refunds.$inferInsert)["feeCreditStatus"]>;
};

async function seedRefunds(tenantId: string, made: Refund[]): Promise<void> {
  await insertRows(
    await shardOf(tenantId),
    refunds,
    made.map((refund) =>
      refundRow({
        id: nextId("lcref"),
        tenantId,
        paymentId: refund.paymentId,
        status: refund.status,
        amountCents: refund.amountCents,
        refundApplicationFee: refund.feeReturnedCents > 0,
        applicationFeeRefundCents: refund.feeReturnedCents,
        feeCreditStatus: refund.feeCredit,
        createdAt: refund.createdAt,
      }),
    ),
  );
}

type Payout = Pick<typeof payouts.$inferInsert, "status" | "grossCents" | "feesCents" | "createdAt"> & {
  initiatedAt?: string;
  expectedArrivalDate?: string;
};

async function seedPayout(tenantId: string, payout: Payout): Promise<string> {
  const id = nextId("lcpo");
  await insertRows(await shardOf(tenantId), payouts, [
    payoutRow({
      id,
      tenantId,
      processorMerchantId: OVERVIEW_MERCHANT,
      status: payout.status,
      grossCents: payout.grossCents,
      feesCents: payout.feesCents,
      netCents: payout.grossCents - payout.feesCents,
      initiatedAt: payout.initiatedAt ?? null,
      expectedArrivalDate: payout.expectedArrivalDate ?? null,
      createdAt: payout.createdAt,
    }),
  ]);
  return id;
}

type Dispute = Pick<typeof disputes.$inferInsert, "paymentId" | "state" | "responseState" | "submission" | "acceptance" | "amountCents"> & {
  respondBy: string | null;
};

async function seedDispute(tenantId: string, dispute: Dispute): Promise<string> {
  const id = nextId("lcdsp");
  await insertRows(await shardOf(tenantId), disputes, [
    disputeRow({
      id,
      tenantId,
      processorTransferId: `TR${id.slice(6)}`,
      processorMerchantId: OVERVIEW_MERCHANT,
      submission: "none",
      acceptance: "none",
      ...dispute,
    }),
  ]);
  return id;
}

/** A payout's items: a type alone is a payment of 1,000 or any other kind of -1,000; or a type with its amount. */
async function seedPayoutItems(
  tenantId: string,
  payoutId: string,
  items: (PayoutItemType | { type: PayoutItemType; amountCents: number })[],
): Promise<void> {
  await insertRows(
    await shardOf(tenantId),
    payoutItems,
    items.map((item, n) => {
      const { type, amountCents } = typeof item === "string" ? { type: item, amountCents: item === "payment" ? 1000 : -1000 } : item;
      return payoutItemRow({ payoutId, processorTransferId: `TRitem${n}${payoutId.slice(-8)}`, tenantId, type, amountCents, feeCents: 0 });
    }),
  );
}

/** The text of the element with this id in a page (its tags stripped, spaces collapsed), for the figures the overview shows. */
function textOf(html: string, id: string): string {
  const open = new RegExp(`<(\\w+)[^>]*\\sid="${id}"[^>]*>`).exec(html);
  if (!open) throw new Error(`no #${id} in the page`);
  const tag = open[1]!;
  const tags = new RegExp(`<(/?)${tag}\\b[^>]*>`, "g");
  tags.lastIndex = open.index + open[0].length;
  let depth = 1;
  let end = html.length;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) {
      end = match.index;
      break;
    }
  }
  return html
    .slice(open.index + open[0].length, end)
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .replace(/ ([.,)])/g, "$1")
    .trim();
}

/**
 * One tenant's month: sales of every status on two days (one with the processor's actual fee read), refunds that
 * succeeded (one whose fee share the processor credited, one whose credit is still pending), failed and pending ones,
 * a sale older than the window; payouts accruing, on their way, paid and a negative one; disputes awaiting an answer
 * and every kind that does not.
 */
async function seedMonth(tenantId: string) {
  const [todayAt, yesterdayAt] = [`${today()}T00:00:01.000Z`, `${daysAgo(1)}T12:00:00.000Z`];
  const [succeeded, failed, partial, refunded, disputed] = await seedSales(tenantId, [
    { status: "succeeded", amountCents: 10_000, feeCents: 300, createdAt: todayAt },
    { status: "failed", amountCents: 5_000, feeCents: 150, createdAt: todayAt },
    { status: "partially_refunded", amountCents: 6_000, feeCents: 180, processorFeeCents: 200, createdAt: todayAt },
    { status: "refunded", amountCents: 2_000, feeCents: 60, createdAt: yesterdayAt },
    { status: "disputed", amountCents: 4_000, feeCents: 120, createdAt: yesterdayAt },
    { status: "processing", amountCents: 7_000, feeCents: 210, createdAt: yesterdayAt },
    { status: "canceled", amountCents: 1_000, feeCents: 30, createdAt: yesterdayAt },
    { status: "succeeded", amountCents: 99_999, feeCents: 3_000, createdAt: `${daysAgo(40)}T12:00:00.000Z` },
  ]);
  await seedRefunds(tenantId, [
    { paymentId: partial!, status: "succeeded", amountCents: 1_000, feeReturnedCents: 30, feeCredit: "succeeded", createdAt: todayAt },
    { paymentId: partial!, status: "pending", amountCents: 500, feeReturnedCents: 0, feeCredit: "none", createdAt: todayAt },
    { paymentId: refunded!, status: "succeeded", amountCents: 2_000, feeReturnedCents: 60, feeCredit: "pending", createdAt: yesterdayAt },
    { paymentId: succeeded!, status: "failed", amountCents: 700, feeReturnedCents: 0, feeCredit: "none", createdAt: yesterdayAt },
  ]);
  const payouts = {
    accruing: await seedPayout(tenantId, { status: "accruing", grossCents: 16_000, feesCents: 500, createdAt: todayAt }),
    approved: await seedPayout(tenantId, {
      status: "approved",
      grossCents: 5_000,
      feesCents: 80,
      createdAt: `${daysAgo(2)}T10:00:00.000Z`,
      initiatedAt: `${daysAgo(1)}T10:00:00.000Z`,
      expectedArrivalDate: today(),
    }),
    debited: await seedPayout(tenantId, {
      status: "paid",
      grossCents: -9_819,
      feesCents: 100,
      createdAt: `${daysAgo(3)}T10:00:00.000Z`,
      initiatedAt: `${daysAgo(3)}T18:00:00.000Z`,
      expectedArrivalDate: daysAgo(2),
    }),
    paid: await seedPayout(tenantId, { status: "paid", grossCents: 8_000, feesCents: 120, createdAt: `${daysAgo(6)}T10:00:00.000Z` }),
  };
  const inDays = (n: number) => new Date(Date.now() + n * DAY_MS).toISOString();
  const disputes = {
    soon: await seedDispute(tenantId, {
      paymentId: disputed!,
      state: "open",
      responseState: "needs_response",
      respondBy: inDays(3),
      amountCents: 4_000,
    }),
    later: await seedDispute(tenantId, {
      paymentId: disputed!,
      state: "inquiry",
      responseState: "needs_response",
      respondBy: inDays(10),
      amountCents: 1_500,
    }),
    undated: await seedDispute(tenantId, {
      paymentId: disputed!,
      state: "open",
      responseState: "unknown",
      respondBy: null,
      amountCents: 2_500,
    }),
    answered: await seedDispute(tenantId, {
      paymentId: disputed!,
      state: "open",
      responseState: "needs_response",
      respondBy: inDays(5),
      submission: "submitted",
      amountCents: 1_100,
    }),
    won: await seedDispute(tenantId, {
      paymentId: disputed!,
      state: "won",
      responseState: "needs_response",
      respondBy: inDays(5),
      amountCents: 1_200,
    }),
    accepted: await seedDispute(tenantId, {
      paymentId: disputed!,
      state: "open",
      responseState: "accepted",
      respondBy: inDays(5),
      amountCents: 1_300,
    }),
    acceptedHere: await seedDispute(tenantId, {
      paymentId: disputed!,
      state: "open",
      responseState: "needs_response",
      respondBy: inDays(4),
      acceptance: "pending",
      amountCents: 1_350,
    }),
    overdue: await seedDispute(tenantId, {
      paymentId: disputed!,
      state: "open",
      responseState: "needs_response",
      respondBy: inDays(-1),
      amountCents: 1_400,
    }),
  };
  return { payments: { succeeded, failed, partial, refunded, disputed }, payouts, disputes };
}

/** Another tenant's money on the same days, none of which may show on the first tenant's overview. */
async function seedNeighbour() {
  const { tenantId } = await signedInOwner("Next Door Bakery");
  const [sale] = await seedSales(tenantId, [
    { status: "succeeded", amountCents: 777_700, feeCents: 7_777, createdAt: `${today()}T00:00:02.000Z` },
  ]);
  await seedRefunds(tenantId, [
    {
      paymentId: sale!,
      status: "succeeded",
      amountCents: 55_500,
      feeReturnedCents: 555,
      feeCredit: "succeeded",
      createdAt: `${today()}T00:00:02.000Z`,
    },
  ]);
  await seedPayout(tenantId, { status: "accruing", grossCents: 333_300, feesCents: 0, createdAt: `${today()}T00:00:02.000Z` });
  await seedPayout(tenantId, { status: "paid", grossCents: 444_400, feesCents: 0, createdAt: `${today()}T00:00:02.000Z` });
  const theirDispute = await seedDispute(tenantId, {
    paymentId: sale!,
    state: "open",
    responseState: "needs_response",
    respondBy: new Date(Date.now() + DAY_MS).toISOString(),
    amountCents: 666_600,
  });
  return { tenantId, theirDispute };
}

describe("the overview's money", () => {
  it("adds up each day's gross, fees, refunds (with the fee share credited) and net, counting charges that went through and failed", async () => {
    const { tenantId } = await signedInOwner("Ledger Lane");
    await seedMonth(tenantId);
    await seedNeighbour();
    const days = await moneyByDay({ ctx: await tenantContext(tenantId), input: { fromDay: daysAgo(29), toDay: today() } });
    expect(days).toHaveLength(30);
    expect(days[0]!.day).toBe(daysAgo(29));
    const zero = { grossCents: 0, feesCents: 0, refundsCents: 0, feesReturnedCents: 0, netCents: 0, succeeded: 0, failed: 0 };
    expect(days.at(-1)).toEqual<DayMoney>({
      day: today(),
      // 10,000 succeeded + 6,000 partially refunded; the failed 5,000 is counted, not added.
      grossCents: 16_000,
      // 300 application fee, and 200 the processor actually charged where it was read (not the 180 sent).
      feesCents: 500,
      // The pending refund of 500 is not money back yet.
      refundsCents: 1_000,
      feesReturnedCents: 30,
      netCents: 16_000 - 500 - 1_000 + 30,
      succeeded: 2,
      failed: 1,
    });
    expect(days.at(-2)).toEqual<DayMoney>({
      day: daysAgo(1),
      // Refunded and disputed sales went through; processing and canceled ones did not.
      grossCents: 6_000,
      feesCents: 180,
      // The failed refund is left out; the fee share whose credit is still pending is not returned yet.
      refundsCents: 2_000,
      feesReturnedCents: 0,
      netCents: 6_000 - 180 - 2_000,
      succeeded: 2,
      failed: 0,
    });
    for (const day of days.slice(0, -2)) expect(day).toEqual({ day: day.day, ...zero });
  });

  it("shows the month's totals, success rate, chart and table, the payouts and the disputes awaiting an answer — the tenant's own only", async () => {
    const { tenantId, browser } = await signedInOwner("Ledger Lane");
    const { payouts, disputes } = await seedMonth(tenantId);
    const { theirDispute } = await seedNeighbour();
    const { response, html } = await browser.open("/dashboard");
    expect(response.status).toBe(200);

    expect(textOf(html, "total-gross")).toBe("$220.00");
    expect(textOf(html, "total-refunds")).toBe("$30.00");
    // 680 charged, 30 of it returned with a refund: two figures, as in the table.
    expect(textOf(html, "total-fees")).toBe("$6.80");
    expect(textOf(html, "total-fees-returned")).toBe("$0.30");
    expect(textOf(html, "total-net")).toBe("$183.50");
    expect(textOf(html, "charges-succeeded")).toBe("4");
    expect(textOf(html, "charges-failed")).toBe("1");
    expect(textOf(html, "success-rate")).toBe("80.0%");

    // The chart: one group per day with its figures as the tooltip, and the same figures in the table.
    expect(html).toContain(
      '<svg class="ov-chart" viewBox="0 0 640 240" role="img" aria-labelledby="money-chart-title money-chart-description">',
    );
    expect(html.match(/<g class="ov-day">/g)).toHaveLength(30);
    expect(html).toContain(`<title>${today()}: gross $160.00, refunds $10.00, net $145.30</title>`);
    expect(html).toContain(`<title>${daysAgo(1)}: gross $60.00, refunds $20.00, net $38.20</title>`);
    expect(html).toContain("<summary>The numbers by day</summary>");
    const row = new RegExp(
      `<tr><td data-label="Day \\(UTC\\)"><time datetime="${today()}">${today()}</time></td><td class="num" data-label="Gross">\\$160.00</td><td class="num" data-label="Fees">\\$5.00</td><td class="num" data-label="Refunds">\\$10.00</td><td class="num" data-label="Fees returned">\\$0.30</td><td class="num" data-label="Net">\\$145.30</td><td class="num" data-label="Succeeded">2</td><td class="num" data-label="Failed">1</td></tr>`,
    );
    expect(html).toMatch(row);
    expect(html.match(/<tr><td data-label="Day \(UTC\)"><time datetime="\d{4}-\d{2}-\d{2}">/g)).toHaveLength(30);

    // Payouts: the balance accruing with its earliest date, the one on its way, and the last one — a debit.
    const next = textOf(html, "next-payout");
    expect(next).toContain("Accruing $155.00");
    expect(next).toMatch(/Expected at the earliest on \d{4}-\d{2}-\d{2}, if the processor closes and approves it today/);
    expect(next).toContain(`Net to your bank $49.20 approved`);
    expect(next).toContain(`Expected ${today()}.`);
    expect(html).toContain(`href="/dashboard/payouts/${payouts.accruing}"`);
    const last = textOf(html, "last-payout");
    expect(last).toContain("Debited from your bank $99.19 debited");
    expect(last).toContain(`Initiated ${daysAgo(3)}. Expected at the bank ${daysAgo(2)}.`);
    expect(last).not.toContain("-$99.19");
    expect(html).toContain(`href="/dashboard/payouts/${payouts.debited}"`);
    expect(html).not.toContain(`href="/dashboard/payouts/${payouts.paid}"`);

    // Disputes: the three still open to an answer, nearest deadline first, none given last.
    const awaiting = html.slice(html.indexOf('id="disputes-needing-response"'));
    expect(textOf(html, "disputes-heading")).toBe("Disputes needing a response 3");
    const order = [disputes.soon, disputes.later, disputes.undated].map((id) => awaiting.indexOf(`href="/dashboard/disputes/${id}"`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    for (const id of [disputes.answered, disputes.won, disputes.accepted, disputes.acceptedHere, disputes.overdue])
      expect(html).not.toContain(id);
    expect(awaiting).toMatch(/3 days left|2 days left/);
    expect(awaiting).toContain("open, no deadline given");

    // Nothing of the tenant next door.
    for (const theirs of ["$7,777.00", "$555.00", "$3,333.00", "$4,444.00", "$6,666.00", theirDispute]) expect(html).not.toContain(theirs);
  });

  it("the Fees card is the by-day table's Fees added up, and Net is the card's own figures by the formula the page states", async () => {
    const { tenantId, browser } = await signedInOwner("Fee Refund Co");
    await seedMonth(tenantId);
    const { html } = await browser.open("/dashboard");
    const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, "")) * 100);
    const column = (label: string) =>
      [...html.matchAll(new RegExp(`data-label="${label}">([^<]*)</td>`, "g"))].reduce((sum, [, text]) => sum + cents(text!), 0);
    const card = (id: string) => cents(textOf(html, id));

    expect(html).toContain("Net = Gross − Fees − Refunds + Fees returned.");
    // A refund returned part of a fee this month: fees stay what was charged, the share returned is its own figure.
    expect(card("total-fees-returned")).toBeGreaterThan(0);
    for (const [id, label] of [
      ["total-gross", "Gross"],
      ["total-fees", "Fees"],
      ["total-refunds", "Refunds"],
      ["total-fees-returned", "Fees returned"],
      ["total-net", "Net"],
    ] as const)
      expect(card(id), label).toBe(column(label));
    expect(card("total-net")).toBe(card("total-gross") - card("total-fees") - card("total-refunds") + card("total-fees-returned"));
  });

  it("counts holds apart from sales: not in gross nor the charges, their count and amount on their own line", async () => {
    const { tenantId, browser } = await signedInOwner("Hold Hardware");
    const todayAt = `${today()}T00:00:01.000Z`;
    await seedSales(tenantId, [
      { status: "succeeded", amountCents: 10_000, feeCents: 300, createdAt: todayAt },
      { status: "authorized", amountCents: 4_000, feeCents: 120, createdAt: todayAt },
      { status: "authorized", amountCents: 2_500, feeCents: 75, createdAt: `${daysAgo(1)}T12:00:00.000Z` },
    ]);
    const [day] = (await moneyByDay({ ctx: await tenantContext(tenantId), input: { fromDay: today(), toDay: today() } })) as [DayMoney];
    expect(day).toMatchObject({ grossCents: 10_000, feesCents: 300, succeeded: 1, failed: 0 });

    const { html } = await browser.open("/dashboard");
    expect(textOf(html, "total-gross")).toBe("$100.00");
    expect(textOf(html, "charges-succeeded")).toBe("1");
    expect(textOf(html, "success-rate")).toBe("100.0%");
    const holds = textOf(html, "open-holds");
    expect(holds).toContain("2 open holds holding $65.00");
    expect(holds).toContain("authorized, not charged yet, and not in these figures until captured.");
    expect(html).toContain('<a href="/dashboard/payments?status=authorized">');
  });

  it("says so when nothing happened in the month, with no chart but the table of zeros", async () => {
    const { browser } = await signedInOwner("Quiet Corner");
    const { html } = await browser.open("/dashboard");
    expect(html).toContain("No payments in these days");
    expect(html).not.toContain("<svg");
    expect(textOf(html, "success-rate")).toBe("—");
    expect(textOf(html, "next-payout")).toContain("Nothing is accruing");
    expect(textOf(html, "last-payout")).toContain("No payout has been paid yet.");
    expect(textOf(html, "disputes-heading")).toBe("Disputes needing a response 0");
    expect(html).not.toContain('id="open-holds"');
  });
});

describe("payout words", () => {
  it("a negative payout is a debit from the merchant's bank, and the payout counts what it holds", async () => {
    const { tenantId, browser } = await signedInOwner("Refund Heavy Co");
    const payoutId = await seedPayout(tenantId, {
      status: "paid",
      grossCents: -9_819,
      feesCents: 100,
      createdAt: `${daysAgo(1)}T10:00:00.000Z`,
      initiatedAt: `${daysAgo(1)}T18:00:00.000Z`,
      expectedArrivalDate: today(),
    });
    await seedPayoutItems(tenantId, payoutId, ["payment", "refund", "refund", "dispute", "fee_refund"]);

    const { html } = await browser.open(`/dashboard/payouts/${payoutId}`);
    expect(html).toContain("<dt>Debited from your bank</dt><dd><strong>$99.19</strong>");
    expect(textOf(html, "debit-explained").replaceAll("&#39;", "'")).toBe(
      "This settlement's refunds and chargebacks come to more than its sales: the processor took the difference from your bank account.",
    );
    expect(html).not.toContain("Net to your bank");
    // Debited is not "paid" news: a tone of its own.
    expect(html).toContain('<span class="badge debit">debited</span>');
    expect(html).toContain("<dt>Holds</dt><dd>1 payment, 2 refunds, 1 fee returned, 1 chargeback</dd>");

    const { html: list } = await browser.open("/dashboard/payouts");
    expect(list).toContain('-$99.19<br/><span class="muted small">debit from your bank</span>');
    expect(list).toContain('<span class="badge debit">debited</span>');
  });

  it("a debit its fees caused says so, not that refunds and chargebacks exceeded sales", async () => {
    const { tenantId, browser } = await signedInOwner("Fee Heavy Co");
    const payoutId = await seedPayout(tenantId, {
      status: "paid",
      grossCents: 50,
      feesCents: 80,
      createdAt: `${daysAgo(1)}T10:00:00.000Z`,
      initiatedAt: `${daysAgo(1)}T18:00:00.000Z`,
    });
    await seedPayoutItems(tenantId, payoutId, [{ type: "payment", amountCents: 1050 }, "refund"]);
    const { html } = await browser.open(`/dashboard/payouts/${payoutId}`);
    expect(html).toContain("<dt>Debited from your bank</dt><dd><strong>$0.30</strong>");
    expect(textOf(html, "debit-explained").replaceAll("&#39;", "'")).toBe(
      "This settlement's fees ($0.80) come to more than its gross ($0.50): the processor took the difference from your bank account.",
    );
  });

  it("a won dispute's reversal in a payout is named the chargeback's reversal, on the payout and on the payment", async () => {
    const { tenantId, browser } = await signedInOwner("Won It Back Co");
    const [sale] = await seedSales(tenantId, [
      { status: "succeeded", amountCents: 2_500, feeCents: 75, createdAt: `${daysAgo(3)}T10:00:00.000Z` },
    ]);
    const lost = await seedPayout(tenantId, { status: "paid", grossCents: -2_500, feesCents: 0, createdAt: `${daysAgo(2)}T10:00:00.000Z` });
    const won = await seedPayout(tenantId, { status: "paid", grossCents: 2_500, feesCents: 0, createdAt: `${daysAgo(1)}T10:00:00.000Z` });
    await seedPayoutItems(tenantId, lost, [{ type: "dispute", amountCents: -2_500 }]);
    await seedPayoutItems(tenantId, won, [{ type: "dispute", amountCents: 2_500 }]);
    await (
      await shardOf(tenantId)
    )
      .update(payoutItems)
      .set({ paymentId: sale! })
      .where(inArray(payoutItems.payoutId, [lost, won]));

    const { html: reversal } = await browser.open(`/dashboard/payouts/${won}`);
    expect(reversal).toContain('<td data-label="Type">Chargeback reversed (dispute won)</td>');
    expect(reversal).not.toMatch(/>Chargeback<\/td>/);
    const { html: chargeback } = await browser.open(`/dashboard/payouts/${lost}`);
    expect(chargeback).toContain('<td data-label="Type">Chargeback</td>');
    const { html: payment } = await browser.open(`/dashboard/payments/${sale}`);
    expect(payment).toContain("The chargeback reversed (dispute won): $25.00");
    expect(payment).toContain("A chargeback: -$25.00");
  });

  it("a payout to the bank keeps its words, and one still accruing lists its items once it closes", async () => {
    const { tenantId, browser } = await signedInOwner("Plain Sailing Co");
    const paid = await seedPayout(tenantId, { status: "paid", grossCents: 5_000, feesCents: 80, createdAt: `${daysAgo(1)}T10:00:00.000Z` });
    await seedPayoutItems(tenantId, paid, ["payment"]);
    const accruing = await seedPayout(tenantId, {
      status: "accruing",
      grossCents: 1_000,
      feesCents: 10,
      createdAt: `${today()}T00:00:01.000Z`,
    });
    const { html } = await browser.open(`/dashboard/payouts/${paid}`);
    expect(html).toContain("<dt>Net to your bank</dt><dd><strong>$49.20</strong>");
    expect(html).toContain('<span class="badge good">paid</span>');
    expect(html).toContain("<dt>Holds</dt><dd>1 payment</dd>");
    expect((await browser.open(`/dashboard/payouts/${accruing}`)).html).toContain(
      "<dt>Holds</dt><dd>— (listed once the settlement closes)</dd>",
    );
  });
});

describe("PCI on the overview", () => {
  it("shows when the attestation is due, not how long the pending form would be valid, and the attestation returns to the dashboard", async () => {
    const { tenantId } = await chargeableTenant("Attest Soon Co");
    const { browser } = await ownerOf(tenantId);
    const { html } = await browser.open("/dashboard?refresh=true");
    const record = (
      await (
        await shardOf(tenantId)
      )
        .select({ dueAt: onboarding.pciDueAt, validUntil: onboarding.pciValidUntil, state: onboarding.pciState })
        .from(onboarding)
        .where(eq(onboarding.tenantId, tenantId))
    )[0]!;
    expect(record.state).toBe("PENDING");
    expect(record.validUntil!.slice(0, 10)).not.toBe(record.dueAt!.slice(0, 10));
    const pci = textOf(html, "pci-status");
    expect(pci).toContain(`pending due ${record.dueAt!.slice(0, 10)}`);
    expect(pci).not.toContain(record.validUntil!.slice(0, 10));
    const link = /<a href="([^"]+)">Attest PCI compliance<\/a>/.exec(html)![1]!.replaceAll("&amp;", "&");
    expect(new URL(link).searchParams.get("return_url")).toBe("http://localhost:8787/dashboard");
  });

  it("the service's own attestation page (outside the built-in sandbox) leads back to the dashboard, before and after signing", async () => {
    const { auth } = await chargeableTenant("Own Page Co");
    const live = { ...env, PROCESSOR_BASE_URL: "https://finix.sandbox-payments-api.com" };
    const status = await createApp().fetch(new Request("https://payment-connect.test/v1/onboarding/status", { headers: auth }), live);
    const { pci } = await status.json<{ pci: { actionUrl: string } }>();
    const path = new URL(pci.actionUrl).pathname;
    expect(await (await call(path)).text()).toContain(
      '<a id="back-to-dashboard" href="http://localhost:8787/dashboard">← Back to the dashboard</a>',
    );
    const signed = await call(path, { method: "POST", body: new URLSearchParams({ name: "Ada Lovelace", title: "Owner", accept: "on" }) });
    const done = await signed.text();
    expect(done).toContain('id="compliance-done"');
    expect(done).toContain('<a id="back-to-dashboard" href="http://localhost:8787/dashboard">Back to the dashboard →</a>');
  });
});
