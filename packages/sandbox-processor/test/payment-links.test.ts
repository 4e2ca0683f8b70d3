import { describe, expect, it } from "vitest";

import { SUCCESS_CARDS } from "../src/core/test-data";
import { call } from "./support/http";
import { approvedMerchant, control, processor } from "./support/sandbox-processor";

/** Payment links, their delivery attempts and transfer attempts are in the processor's current API reference only. */
const REFERENCE_ONLY = { validateAs: "skip" } as const;
const SUCCESS_URL = "https://plumber.example/paid";

/** The processor's API quickstart's request, for one fixed amount. */
async function paymentLink(merchantId: string, overrides: Record<string, unknown> = {}) {
  return processor(
    "POST",
    "/payment_links",
    {
      merchant_id: merchantId,
      payment_frequency: "ONE_TIME",
      is_multiple_use: false,
      allowed_payment_methods: ["PAYMENT_CARD", "BANK_ACCOUNT"],
      nickname: "Boiler repair",
      amount_details: { amount_type: "FIXED", total_amount: 7500, currency: "USD" },
      additional_details: { terms_of_service_url: "https://plumber.example/terms", success_return_url: SUCCESS_URL },
      ...overrides,
    },
    REFERENCE_ONLY,
  );
}

const link = async (id: string) => (await processor("GET", `/payment_links/${id}`, undefined, REFERENCE_ONLY)).body;

function pay(linkUrl: string, number: string = SUCCESS_CARDS[0].number) {
  return call(new URL(linkUrl).pathname, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ first_name: "Ada", last_name: "Byron", method: "card", number, expiry: "12/31", security_code: "123" }),
    redirect: "manual",
  });
}

async function attemptsOf(linkId: string) {
  const listed = await processor("GET", `/transfer_attempts?entity_id=${linkId}`, undefined, REFERENCE_ONLY);
  return listed.body._embedded.transfer_attempts as Record<string, any>[];
}

const linkEvents = async (linkId: string) =>
  (await control.listDeliveries())
    .filter((delivery) => delivery.resourceId === linkId)
    .map((delivery) => `${delivery.entity}.${delivery.type}`);

function send(linkId: string, methods: unknown[]) {
  return processor("POST", `/payment_links/${linkId}/delivery-attempts`, { requested_delivery_methods: methods }, REFERENCE_ONLY);
}

describe("POST /payment_links", () => {
  it("makes an ACTIVE link with its hosted page, seven days long unless told otherwise, listed by state", async () => {
    const { merchantId } = await approvedMerchant();
    const created = await paymentLink(merchantId);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      merchant_id: merchantId,
      state: "ACTIVE",
      is_multiple_use: false,
      amount_details: { amount_type: "FIXED", total_amount: 7500, currency: "USD" },
      additional_details: { expiration_in_minutes: 10_080 },
    });
    expect(created.body.id).toMatch(/^payment_link_/);
    expect(created.body.link_url).toMatch(/\/sandbox\/payment-links\/payment_link_/);
    const active = await processor("GET", "/payment_links?state=ACTIVE", undefined, REFERENCE_ONLY);
    expect(active.body._embedded.payment_links.map((listed: { id: string }) => listed.id)).toContain(created.body.id);
    expect(await linkEvents(created.body.id)).toEqual(["payment_link.created"]);
  });

  it("refuses an amount the buyer chooses (no documented amount type for it) and a link without terms", async () => {
    const { merchantId } = await approvedMerchant();
    const variable = await paymentLink(merchantId, { amount_details: { amount_type: "VARIABLE", currency: "USD" } });
    expect(variable.body._embedded.errors[0]).toMatchObject({ field: "amount_details.amount_type" });
    const noTerms = await paymentLink(merchantId, { additional_details: {} });
    expect(noTerms.body._embedded.errors[0]).toMatchObject({ field: "additional_details.terms_of_service_url" });
  });
});

describe("paying a link", () => {
  it("a single-use link takes one payment, then is COMPLETED", async () => {
    const { merchantId } = await approvedMerchant();
    const created = (await paymentLink(merchantId)).body;
    const paid = await pay(created.link_url);
    expect(paid.headers.get("Location")).toBe(SUCCESS_URL);
    expect((await link(created.id)).state).toBe("COMPLETED");
    const again = await pay(created.link_url);
    expect(await again.text()).toContain("You have already paid");
    const [attempt, ...more] = await attemptsOf(created.id);
    expect(more).toEqual([]);
    expect(attempt).toMatchObject({ entity_type: "PAYMENT_LINK", state: "SUCCEEDED", amount: 7500 });
  });

  it("a multiple-use link takes a payment from each buyer and stays ACTIVE", async () => {
    const { merchantId } = await approvedMerchant();
    const created = (await paymentLink(merchantId, { is_multiple_use: true })).body;
    expect((await pay(created.link_url)).status).toBe(303);
    expect((await pay(created.link_url)).status).toBe(303);
    const attempts = await attemptsOf(created.id);
    expect(attempts.map((attempt) => attempt.state)).toEqual(["SUCCEEDED", "SUCCEEDED"]);
    expect(new Set(attempts.map((attempt) => attempt.transfer_id)).size).toBe(2);
    expect((await link(created.id)).state).toBe("ACTIVE");
  });

  it("a deactivated link refuses every payment, and cannot be changed again", async () => {
    const { merchantId } = await approvedMerchant();
    const created = (await paymentLink(merchantId, { is_multiple_use: true })).body;
    const update = (body: unknown) => processor("PUT", `/payment_links/${created.id}`, body, REFERENCE_ONLY);
    expect((await update({ state: "COMPLETED" })).status).toBe(422);
    const deactivated = await update({ state: "DEACTIVATED" });
    expect(deactivated.body.state).toBe("DEACTIVATED");
    expect(await linkEvents(created.id)).toEqual(["payment_link.created", "payment_link.updated"]);
    const page = await call(new URL(created.link_url).pathname);
    expect(page.status).toBe(410);
    expect((await pay(created.link_url)).status).toBe(410);
    expect(await attemptsOf(created.id)).toEqual([]);
    expect((await update({ state: "DEACTIVATED" })).status).toBe(422);
  });

  it("expires when its time is up", async () => {
    const { merchantId } = await approvedMerchant();
    const created = (
      await paymentLink(merchantId, { additional_details: { terms_of_service_url: "https://t.example", expiration_in_minutes: 60 } })
    ).body;
    await control.advanceClock(61 * 60);
    expect((await link(created.id)).state).toBe("EXPIRED");
    expect((await pay(created.link_url)).status).toBe(410);
    expect(await attemptsOf(created.id)).toEqual([]);
  });
});

describe("sending a link: POST /payment_links/{id}/delivery-attempts", () => {
  it("records one attempt per destination, listed on the link, and refuses a 16th destination", async () => {
    const { merchantId } = await approvedMerchant();
    const created = (await paymentLink(merchantId)).body;
    const sent = await send(created.id, [
      { type: "EMAIL", destinations: ["ada@buyer.example", "bob@buyer.example"] },
      { type: "SMS", destinations: ["+1 415 555 0100"] },
    ]);
    expect(sent.status).toBe(201);
    expect(
      sent.body._embedded.delivery_attempts.map((attempt: { type: string; destination: string }) => [attempt.type, attempt.destination]),
    ).toEqual([
      ["EMAIL", "ada@buyer.example"],
      ["EMAIL", "bob@buyer.example"],
      ["SMS", "+1 415 555 0100"],
    ]);
    const listed = await processor("GET", `/payment_links/${created.id}/delivery-attempts`, undefined, REFERENCE_ONLY);
    expect(listed.body._embedded.delivery_attempts).toHaveLength(3);

    const twelveMore = Array.from({ length: 12 }, (_, i) => `buyer${i}@buyer.example`);
    expect((await send(created.id, [{ type: "EMAIL", destinations: twelveMore }])).status).toBe(201);
    const sixteenth = await send(created.id, [{ type: "EMAIL", destinations: ["one.too.many@buyer.example"] }]);
    expect(sixteenth.status).toBe(422);
    // The same destination again is not a new one.
    expect((await send(created.id, [{ type: "EMAIL", destinations: ["ada@buyer.example"] }])).status).toBe(201);
  });

  it("refuses a type other than EMAIL or SMS and a malformed destination", async () => {
    const { merchantId } = await approvedMerchant();
    const created = (await paymentLink(merchantId)).body;
    expect((await send(created.id, [{ type: "PRINT", destinations: ["x"] }])).status).toBe(422);
    expect((await send(created.id, [{ type: "EMAIL", destinations: ["not-an-address"] }])).status).toBe(422);
    expect((await send(created.id, [])).status).toBe(422);
  });
});
