import { describe, expect, it } from "vitest";

import { SUCCESS_CARDS } from "../src/core/test-data";
import { call } from "./support/http";
import { approvedMerchant, control, processor } from "./support/sandbox-processor";

/** Checkout forms and transfer attempts are in the processor's current API reference, not its 2022-02-01 document. */
const REFERENCE_ONLY = { validateAs: "skip" } as const;
const SUCCESS_URL = "https://shop.example/thanks";
const EXPIRED_URL = "https://shop.example/expired";

async function checkoutForm(merchantId: string, overrides: Record<string, unknown> = {}) {
  return processor(
    "POST",
    "/checkout_forms",
    {
      merchant_id: merchantId,
      payment_frequency: "ONE_TIME",
      allowed_payment_methods: ["PAYMENT_CARD", "BANK_ACCOUNT"],
      nickname: "Invoice 1042",
      items: [{ name: "Boiler service", quantity: "1" }],
      amount_details: { amount_type: "FIXED", total_amount: 12_500, currency: "USD" },
      additional_details: {
        collect_email: true,
        success_return_url: SUCCESS_URL,
        expired_session_url: EXPIRED_URL,
        terms_of_service_url: "https://shop.example/terms",
      },
      tags: { invoice: "1042" },
      ...overrides,
    },
    REFERENCE_ONLY,
  );
}

const pagePath = (linkUrl: string) => new URL(linkUrl).pathname;

function pay(linkUrl: string, fields: Record<string, string>) {
  return call(pagePath(linkUrl), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ first_name: "Grace", last_name: "Hopper", email: "grace@buyer.example", ...fields }),
    redirect: "manual",
  });
}

const card = (number: string = SUCCESS_CARDS[0].number) => ({ method: "card", number, expiry: "12/31", security_code: "123" });

/** The processor's webhook events about a form, oldest first: `created`, then `updated` on each change of state. */
const formEvents = async (formId: string) =>
  (await control.listDeliveries())
    .filter((delivery) => delivery.resourceId === formId)
    .map((delivery) => `${delivery.entity}.${delivery.type}`);

async function attemptsOf(formId: string) {
  const listed = await processor("GET", `/transfer_attempts?entity_id=${formId}`, undefined, REFERENCE_ONLY);
  expect(listed.status).toBe(200);
  return listed.body._embedded.transfer_attempts as Record<string, any>[];
}

describe("POST /checkout_forms", () => {
  it("makes an ACTIVE single-use form with the hosted page's link_url, ten minutes by default", async () => {
    const { merchantId } = await approvedMerchant();
    const created = await checkoutForm(merchantId);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      merchant_id: merchantId,
      state: "ACTIVE",
      nickname: "Invoice 1042",
      payment_frequency: "ONE_TIME",
      is_multiple_use: false,
      amount_details: { amount_type: "FIXED", total_amount: 12_500, currency: "USD" },
      additional_details: { expiration_in_minutes: 10 },
      tags: { invoice: "1042" },
    });
    expect(created.body.id).toMatch(/^checkout_form_/);
    expect(created.body.link_url).toMatch(/\/sandbox\/checkout-forms\/checkout_form_/);
    expect((await processor("GET", `/checkout_forms/${created.body.id}`, undefined, REFERENCE_ONLY)).body.state).toBe("ACTIVE");
    const listed = await processor("GET", "/checkout_forms", undefined, REFERENCE_ONLY);
    expect(listed.body._embedded.checkout_forms.map((form: { id: string }) => form.id)).toContain(created.body.id);
  });

  it("refuses what the processor documents against, and what the sandbox cannot honour, naming the field", async () => {
    const { merchantId } = await approvedMerchant();
    const refusals: [Record<string, unknown>, string][] = [
      [{ merchant_id: undefined }, "merchant_id"],
      [{ payment_frequency: "RECURRING" }, "payment_frequency"],
      [{ nickname: " " }, "nickname"],
      [{ allowed_payment_methods: [] }, "allowed_payment_methods"],
      [{ allowed_payment_methods: ["APPLE_PAY"] }, "allowed_payment_methods"],
      [{ is_multiple_use: true }, "is_multiple_use"],
      [{ amount_details: { amount_type: "FIXED", total_amount: 0, currency: "USD" } }, "amount_details.total_amount"],
      [
        { additional_details: { expiration_in_minutes: 3 * 7 * 24 * 60 + 1, terms_of_service_url: "https://t.example" } },
        "additional_details.expiration_in_minutes",
      ],
      [{ additional_details: {} }, "additional_details.terms_of_service_url"],
    ];
    for (const [overrides, field] of refusals) {
      const refused = await checkoutForm(merchantId, overrides);
      expect([field, refused.status]).toEqual([field, 422]);
      expect(refused.body._embedded.errors[0]).toMatchObject({ code: "INVALID_FIELD", field });
    }
  });
});

describe("the hosted checkout page", () => {
  it("takes the buyer's card once: a SUCCEEDED sale for the form's amount, its attempt listed by entity_id, the form COMPLETED", async () => {
    const { merchantId } = await approvedMerchant();
    const form = (await checkoutForm(merchantId)).body;
    const shown = await call(pagePath(form.link_url));
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain("$125.00");
    expect(html).toContain("Boiler service");

    const paid = await pay(form.link_url, card());
    expect(paid.status).toBe(303);
    expect(paid.headers.get("Location")).toBe(SUCCESS_URL);
    const [attempt, ...more] = await attemptsOf(form.id);
    expect(more).toEqual([]);
    expect(attempt).toMatchObject({
      entity_id: form.id,
      entity_type: "CHECKOUT_FORM",
      merchant_id: merchantId,
      amount: 12_500,
      state: "SUCCEEDED",
      buyer_details: { first_name: "Grace", last_name: "Hopper", email: "grace@buyer.example" },
    });
    const transfer = await processor("GET", `/transfers/${attempt!.transfer_id}`);
    expect(transfer.body).toMatchObject({
      state: "SUCCEEDED",
      amount: 12_500,
      merchant: merchantId,
      source: attempt!.payment_instrument_id,
    });
    expect((await processor("GET", `/checkout_forms/${form.id}`, undefined, REFERENCE_ONLY)).body.state).toBe("COMPLETED");
    expect(await formEvents(form.id)).toEqual(["checkout_form.created", "checkout_form.updated"]);

    const again = await pay(form.link_url, card());
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("You have already paid");
    expect(await attemptsOf(form.id)).toHaveLength(1);
  });

  it("keeps the form open after a declined card, recording the FAILED attempt, and takes the next card", async () => {
    const { merchantId } = await approvedMerchant();
    const form = (await checkoutForm(merchantId)).body;
    const declined = await pay(form.link_url, card("4000000000000002"));
    expect(declined.status).toBe(422);
    expect(await declined.text()).toContain("Declined");
    expect((await attemptsOf(form.id)).map((attempt) => attempt.state)).toEqual(["FAILED"]);
    expect((await processor("GET", `/checkout_forms/${form.id}`, undefined, REFERENCE_ONLY)).body.state).toBe("ACTIVE");

    expect((await pay(form.link_url, card())).status).toBe(303);
    expect((await attemptsOf(form.id)).map((attempt) => attempt.state).sort()).toEqual(["FAILED", "SUCCEEDED"]);
  });

  it("takes a bank account: the sale starts PENDING, as an ACH debit does", async () => {
    const { merchantId } = await approvedMerchant();
    const form = (await checkoutForm(merchantId)).body;
    expect((await pay(form.link_url, { method: "bank", bank_code: "122105278", account_number: "0000000016" })).status).toBe(303);
    const [attempt] = await attemptsOf(form.id);
    expect((await processor("GET", `/transfers/${attempt!.transfer_id}`)).body.state).toBe("PENDING");
  });

  it("refuses missing fields on the page without charging anything", async () => {
    const { merchantId } = await approvedMerchant();
    const form = (await checkoutForm(merchantId)).body;
    const refused = await pay(form.link_url, { method: "card", number: SUCCESS_CARDS[0].number, expiry: "", email: "" });
    expect(refused.status).toBe(422);
    expect(await attemptsOf(form.id)).toEqual([]);
  });

  it("expires when its time is up: EXPIRED (with checkout_form.updated), and the page sends the buyer to expired_session_url", async () => {
    const { merchantId } = await approvedMerchant();
    const form = (
      await checkoutForm(merchantId, {
        additional_details: { expired_session_url: EXPIRED_URL, terms_of_service_url: "https://t.example", expiration_in_minutes: 30 },
      })
    ).body;
    await control.advanceClock(31 * 60);
    const visited = await call(pagePath(form.link_url), { redirect: "manual" });
    expect(visited.status).toBe(303);
    expect(visited.headers.get("Location")).toBe(EXPIRED_URL);
    expect((await processor("GET", `/checkout_forms/${form.id}`, undefined, REFERENCE_ONLY)).body.state).toBe("EXPIRED");
    expect(await formEvents(form.id)).toEqual(["checkout_form.created", "checkout_form.updated"]);
    expect((await pay(form.link_url, card())).status).toBe(303);
    expect(await attemptsOf(form.id)).toEqual([]);
  });

  it("answers 404 for a form that does not exist", async () => {
    expect((await call("/sandbox/checkout-forms/checkout_form_nothing")).status).toBe(404);
  });
});
