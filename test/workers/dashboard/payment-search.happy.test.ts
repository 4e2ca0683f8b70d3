import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { payments } from "../../../src/payments/payments.schema";
import { type DashboardBrowser, ownerOf, signedInOwner } from "../support/dashboard";
import { shardOf } from "../support/db";
import type { Payment } from "../support/payments";
import { bankToken, cardToken, charge, chargeableTenant, chargeBody } from "../support/sandbox";
import { insertRows, paymentRow } from "../support/seed";

// The payments page's one search box: each kind of input is recognised and looked up on its own index, only ever among
// the session's tenant's payments, and paged with the lists' signed cursor.

const grace = { firstName: "Grace", lastName: "Hopper", email: "grace@example.com" };
const ids = (html: string) => [...html.matchAll(/href="\/dashboard\/payments\/(lcpay_[A-Za-z0-9]+)"/g)].map((match) => match[1]!);
const decoded = (html: string) => html.replaceAll("&amp;", "&").replaceAll("&quot;", '"');
const searchPath = (q: string, as?: string) => `/dashboard/payments?${new URLSearchParams({ q, ...(as ? { as } : {}) })}`;

type Charged = Payment & { orderRef: string };

let owner: { tenantId: string; browser: DashboardBrowser };
let intruder: DashboardBrowser;
/** The owner's card sale (Visa ending 0006, $25.00), its repeat on the stored card ($12.34), an ACH debit (6789, $41.00). */
let card: Charged;
let repeat: Charged;
let ach: Charged;
/** The other tenant's sale with the same order reference, buyer, card and amount as `card`. */
let theirs: Charged;

async function sale(auth: Record<string, string>, body: Record<string, unknown>): Promise<Charged> {
  const response = await charge(auth, body);
  expect(response.status).toBe(201);
  return { ...(await response.json<Payment>()), orderRef: String(body.orderRef) };
}

async function search(browser: DashboardBrowser, q: string, as?: string) {
  const { response, html } = await browser.open(searchPath(q, as));
  return { status: response.status, html: decoded(html), found: ids(html) };
}

beforeAll(async () => {
  const tenant = await chargeableTenant("Searchable Roasters");
  card = await sale(tenant.auth, chargeBody(await cardToken(), { amountCents: 2_500, orderRef: "order-1001", buyer: grace }));
  const instrument = await (
    await shardOf(tenant.tenantId)
  ).query.payments.findFirst({ columns: { processorInstrumentId: true }, where: eq(payments.id, card.lcPaymentId) });
  repeat = await sale(tenant.auth, {
    amountCents: 1_234,
    currency: "USD",
    orderRef: "order-1001",
    processorInstrumentId: instrument!.processorInstrumentId!,
  });
  ach = await sale(tenant.auth, chargeBody(await bankToken(), { amountCents: 4_100, orderRef: "order-1002" }));
  owner = { tenantId: tenant.tenantId, ...(await ownerOf(tenant.tenantId)) };

  const other = await chargeableTenant("Lookalike Roasters");
  theirs = await sale(other.auth, chargeBody(await cardToken(), { amountCents: 2_500, orderRef: "order-1001", buyer: grace }));
  intruder = (await ownerOf(other.tenantId)).browser;
});

describe("searching payments", () => {
  it("finds a payment by its order reference, newest first, and by the start of one", async () => {
    const exact = await search(owner.browser, "order-1001");
    expect(exact.status).toBe(200);
    expect(exact.html).toContain("Payments whose order reference is “order-1001”.");
    expect(exact.found).toEqual([repeat.lcPaymentId, card.lcPaymentId]);

    // No payment has it exactly: the payments whose reference starts with it, newest reference first.
    const prefix = await search(owner.browser, "order-100");
    expect(prefix.html).toContain("Payments whose order reference starts with “order-100”.");
    expect(prefix.found).toEqual([ach.lcPaymentId, repeat.lcPaymentId, card.lcPaymentId]);
    expect((await search(owner.browser, "order-1001", "orderRefPrefix")).found).toEqual([repeat.lcPaymentId, card.lcPaymentId]);
    expect((await search(owner.browser, "order-100", "orderRef")).found).toEqual([]);
  });

  it("finds a payment by its buyer's e-mail, whatever its case, including a repeat charge of the buyer's stored card", async () => {
    const found = await search(owner.browser, "  Grace@EXAMPLE.com ");
    expect(found.html).toContain("Payments whose buyer e-mail is grace@example.com.");
    expect(found.found).toEqual([repeat.lcPaymentId, card.lcPaymentId]);
    expect(found.html).toContain("Grace Hopper");
    expect((await search(owner.browser, "ada@example.com")).found).toEqual([ach.lcPaymentId]);
    expect((await search(owner.browser, "nobody@example.com")).found).toEqual([]);
  });

  it("finds payments by a card's or bank account's last four", async () => {
    const visa = await search(owner.browser, "0006");
    expect(visa.html).toContain("Payments paid with a card or bank account ending in 0006.");
    expect(visa.found).toEqual([repeat.lcPaymentId, card.lcPaymentId]);
    expect(visa.html).toContain("Visa •••• 0006");
    const bank = await search(owner.browser, "6789");
    expect(bank.found).toEqual([ach.lcPaymentId]);
    expect(bank.html).toContain("Bank account •••• 6789 (checking)");
    // Four digits may be something else too: the other readings are a click away.
    expect(visa.html).toContain(`href="${searchPath("0006", "amount")}"`);
    expect(visa.html).toContain(`href="${searchPath("0006", "orderRef")}"`);
  });

  it("finds payments by amount, typed as money", async () => {
    for (const typed of ["25.00", "$25", "25.0"]) {
      const found = await search(owner.browser, typed);
      expect(found.html, typed).toContain("Payments of $25.00.");
      expect(found.found, typed).toEqual([card.lcPaymentId]);
    }
    expect((await search(owner.browser, "$41.00")).found).toEqual([ach.lcPaymentId]);
    expect((await search(owner.browser, "12.34")).found).toEqual([repeat.lcPaymentId]);
    // A bare number is an order reference first, an amount when asked.
    const bare = await search(owner.browser, "41");
    expect(bare.html).toContain("No payments whose order reference starts with “41”.");
    expect((await search(owner.browser, "41", "amount")).found).toEqual([ach.lcPaymentId]);
  });

  it("finds a payment by its id", async () => {
    const found = await search(owner.browser, ach.lcPaymentId);
    expect(found.html).toContain(`Payments with the id ${ach.lcPaymentId}.`);
    expect(found.found).toEqual([ach.lcPaymentId]);
  });

  it("never finds another tenant's payment, however it is searched", async () => {
    for (const [q, as] of [
      [card.lcPaymentId],
      ["order-1001"],
      ["order-10"],
      ["grace@example.com"],
      ["0006"],
      ["25.00"],
      ["2500", "amount"],
    ] as [string, string?][]) {
      const found = await search(intruder, q, as);
      expect(found.found, q).not.toContain(card.lcPaymentId);
      expect(found.found, q).not.toContain(repeat.lcPaymentId);
    }
    expect((await search(intruder, card.lcPaymentId)).found).toEqual([]);
    expect((await search(intruder, "order-1001")).found).toEqual([theirs.lcPaymentId]);
    expect((await search(owner.browser, theirs.lcPaymentId)).found).toEqual([]);
    expect((await search(owner.browser, "grace@example.com")).found).not.toContain(theirs.lcPaymentId);
  });

  it("says what it cannot search for", async () => {
    const tooLong = await search(owner.browser, "x".repeat(255));
    expect(tooLong.status).toBe(400);
    expect(tooLong.html).toContain("Type a payment id, an order reference, a buyer e-mail");
    // An empty box is the list.
    expect((await owner.browser.open("/dashboard/payments?q=%20")).html).toContain(`<select id="status" name="status">`);
  });
});

describe("search results across pages", () => {
  it("pages every kind with the lists' signed cursor: each payment once, none of the first page again", async () => {
    const { tenantId, browser } = await signedInOwner("Busy Roasters");
    const rows = Array.from({ length: 30 }, (_, n) =>
      paymentRow({
        id: `lcpay_busy${String(n).padStart(8, "0")}`,
        tenantId,
        status: "succeeded",
        amountCents: 3000,
        applicationFeeCents: 60,
        // Every fifth shares one order reference.
        orderRef: n % 5 === 0 ? "busy-same" : `busy-${String(n).padStart(2, "0")}`,
        buyerEmail: "busy@example.com",
        lastFour: "4242",
        cardBrand: "VISA",
        // Pairs share an instant, so the id breaks ties.
        createdAt: new Date(Date.UTC(2026, 9, 1, 0, Math.floor(n / 2))).toISOString(),
      }),
    );
    await insertRows(await shardOf(tenantId), payments, rows);

    for (const [q, as, expected] of [
      ["busy@example.com", undefined, 30],
      ["4242", undefined, 30],
      ["30.00", undefined, 30],
      ["busy-", undefined, 30],
      ["busy-same", "orderRef", 6],
    ] as [string, string | undefined, number][]) {
      const seen: string[] = [];
      let next: string | null = searchPath(q, as);
      while (next) {
        const { html } = await browser.open(next);
        seen.push(...ids(html));
        next = /href="(\/dashboard\/payments\?[^"]*cursor=[^"]+)">More results/.exec(html)?.[1]?.replaceAll("&amp;", "&") ?? null;
      }
      expect(seen.length, q).toBe(expected);
      expect(new Set(seen).size, q).toBe(expected);
      if (q !== "busy-") {
        // Newest first within one value.
        const order = seen.map((id) => rows.find((row) => row.id === id)!.createdAt);
        expect(order, q).toEqual([...order].sort().reverse());
      }
    }
    // The first page holds 25; a cursor of one search is refused by another.
    const first = await browser.open(searchPath("busy@example.com"));
    expect(ids(first.html)).toHaveLength(25);
    const cursor = /cursor=([^"&]+)/.exec(first.html)![1]!;
    const swapped = await browser.open(`/dashboard/payments?q=4242&as=lastFour&cursor=${cursor}`);
    expect(swapped.response.status).toBe(400);
  });
});
