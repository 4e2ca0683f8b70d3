import { describe, expect, it } from "vitest";

import { call, jsonInit } from "./support/http";
import { approvedMerchant, bankFields, buyerInstrument, control, processor, TEST_CARD } from "./support/sandbox-processor";

const SEVEN_DAYS_MS = 7 * 24 * 60 * 60 * 1000;

function authorize(merchant: string, source: string, amount = 5000, extra: Record<string, unknown> = {}) {
  return processor("POST", "/authorizations", {
    merchant,
    source,
    amount,
    currency: "USD",
    idempotency_id: crypto.randomUUID(),
    tags: { order_number: "A-1" },
    ...extra,
  });
}

async function openAuthorization(amount = 5000) {
  const { merchantId } = await approvedMerchant();
  const created = await authorize(merchantId, await buyerInstrument(), amount);
  expect(created.status).toBe(201);
  return { merchantId, id: created.body.id as string };
}

const capture = (id: string, body: Record<string, unknown>) => processor("PUT", `/authorizations/${id}`, body);
const voidIt = (id: string) => processor("PUT", `/authorizations/${id}`, { void_me: true });

/** The transfers of a merchant the sandbox holds, every state. */
async function transfersOf(merchantId: string) {
  return (await processor("GET", `/transfers?merchant_id=${merchantId}&limit=100`)).body._embedded.transfers as { id: string }[];
}

const firstError = (body: { _embedded: { errors: Record<string, unknown>[] } }) => body._embedded.errors[0]!;

const CLOSED = "AUTHORIZATION_EXPIRED_OR_ALREADY_CAPTURED";

describe("POST /authorizations", () => {
  it("holds the amount on a card for seven days: SUCCEEDED, not captured, not void", async () => {
    const { merchantId } = await approvedMerchant();
    const source = await buyerInstrument();
    const created = await authorize(merchantId, source, 5000);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      state: "SUCCEEDED",
      amount: 5000,
      amount_requested: 5000,
      capture_amount: 0,
      currency: "USD",
      merchant: merchantId,
      source,
      transfer: null,
      is_void: false,
      void_state: "UNATTEMPTED",
      failure_code: null,
      tags: { order_number: "A-1" },
    });
    expect(created.body.id).toMatch(/^AU/);
    expect(Date.parse(created.body.expires_at) - Date.parse(created.body.created_at)).toBe(SEVEN_DAYS_MS);
    expect(created.body._links.self.href).toContain(`/authorizations/${created.body.id}`);
    // No money moves until the capture.
    expect(await transfersOf(merchantId)).toEqual([]);
  });

  it("declines the test cards and amounts as a sale does: 402, the FAILED authorization embedded and retrievable", async () => {
    const { merchantId } = await approvedMerchant();
    const declined = await authorize(merchantId, await buyerInstrument({ ...TEST_CARD, number: "4000000000000127" }));
    expect(declined.status).toBe(402);
    expect(firstError(declined.body)).toMatchObject({ code: "CALL_ISSUER", failure_code: "CALL_ISSUER" });
    const failed = declined.body._embedded.authorizations[0];
    expect(failed).toMatchObject({ state: "FAILED", failure_code: "CALL_ISSUER", transfer: null });
    expect(firstError(declined.body)._links).toMatchObject({ source: { href: expect.stringContaining(`/authorizations/${failed.id}`) } });
    expect((await processor("GET", `/authorizations/${failed.id}`)).body.state).toBe("FAILED");

    const byAmount = await authorize(merchantId, await buyerInstrument(), 193);
    expect([byAmount.status, byAmount.body._embedded.authorizations[0].failure_code]).toEqual([402, "INSUFFICIENT_FUNDS"]);
    // A declined hold has nothing to capture.
    const refused = await capture(failed.id, { capture_amount: 100 });
    expect([refused.status, firstError(refused.body).field]).toEqual([422, "capture_amount"]);
  });

  it("refuses a bank account: only a card can be held", async () => {
    const { merchantId } = await approvedMerchant();
    const refused = await authorize(merchantId, await buyerInstrument(bankFields("123456789")));
    expect(refused.status).toBe(422);
    expect(firstError(refused.body)).toMatchObject({ code: "INVALID_FIELD", field: "source" });
    expect((await processor("GET", `/authorizations?merchant_id=${merchantId}`)).body._embedded.authorizations).toEqual([]);
  });

  it("returns the original for a repeated idempotency_id with the same body, and refuses a different body", async () => {
    const { merchantId } = await approvedMerchant();
    const source = await buyerInstrument();
    const body = { merchant: merchantId, source, amount: 4200, currency: "USD", idempotency_id: "lcauth_same", tags: { a: "1" } };
    const first = await processor("POST", "/authorizations", body);
    const again = await processor("POST", "/authorizations", {
      tags: { a: "1" },
      idempotency_id: "lcauth_same",
      currency: "USD",
      amount: 4200,
      source,
      merchant: merchantId,
    });
    expect([again.status, again.body.id]).toEqual([201, first.body.id]);
    const different = await processor("POST", "/authorizations", { ...body, amount: 4201 });
    expect([different.status, firstError(different.body).field]).toEqual([422, "idempotency_id"]);
    expect((await processor("GET", "/authorizations?idempotency_id=lcauth_same")).body._embedded.authorizations).toHaveLength(1);

    const declining = { ...body, source: await buyerInstrument({ ...TEST_CARD, number: "4000000000000002" }), idempotency_id: "lcauth_no" };
    const declined = await processor("POST", "/authorizations", declining);
    const replay = await processor("POST", "/authorizations", declining);
    expect([replay.status, replay.body._embedded.authorizations[0].id]).toEqual([402, declined.body._embedded.authorizations[0].id]);
  });
});

describe("GET /authorizations", () => {
  it("fetches one, and lists them newest first with the processor's paging, filtered by merchant_id and state", async () => {
    const { merchantId, id } = await openAuthorization();
    const second = await authorize(merchantId, await buyerInstrument(), 700);
    const fetched = await processor("GET", `/authorizations/${id}`);
    expect([fetched.status, fetched.body.id]).toEqual([200, id]);
    expect((await processor("GET", "/authorizations/AUnothingHere")).status).toBe(404);

    const listed = await processor("GET", `/authorizations?merchant_id=${merchantId}&state=SUCCEEDED&limit=1`);
    expect(listed.body._embedded.authorizations.map((item: { id: string }) => item.id)).toEqual([second.body.id]);
    expect(listed.body.page).toEqual({ limit: 1, next_cursor: second.body.id });
    const next = await processor("GET", `/authorizations?merchant_id=${merchantId}&limit=1&after_cursor=${second.body.id}`);
    expect(next.body._embedded.authorizations.map((item: { id: string }) => item.id)).toEqual([id]);
  });

  it("refuses a filter it does not implement, and a method the processor does not document", async () => {
    const skip = { validateAs: "skip" } as const;
    const unimplemented = await processor("GET", "/authorizations?is_void=true", undefined, skip);
    expect([unimplemented.status, firstError(unimplemented.body).field]).toEqual([400, "is_void"]);
    const { id } = await openAuthorization();
    const response = await call(`/sandbox/processor/authorizations/${id}`, { method: "DELETE" });
    expect(response.status).toBe(404);
  });
});

describe("capturing an authorization (PUT capture_amount)", () => {
  it("captures in full: a SUCCEEDED card debit of the amount with the fee, named in the authorization's transfer", async () => {
    const { merchantId, id } = await openAuthorization(5000);
    const captured = await capture(id, { capture_amount: 5000, fee: 150 });
    expect(captured.status).toBe(200);
    expect(captured.body).toMatchObject({ id, state: "SUCCEEDED", capture_amount: 5000, is_void: false, void_state: "UNATTEMPTED" });
    expect(captured.body.transfer).toMatch(/^TR/);
    expect(captured.body._links.transfer.href).toContain(`/transfers/${captured.body.transfer}`);
    const debit = await processor("GET", `/transfers/${captured.body.transfer}`);
    expect(debit.body).toMatchObject({
      type: "DEBIT",
      subtype: "API",
      state: "SUCCEEDED",
      amount: 5000,
      fee: 150,
      merchant: merchantId,
      source: captured.body.source,
    });
    expect((await processor("GET", `/authorizations/${id}`)).body.transfer).toBe(captured.body.transfer);
    // The debit is charged and settled like a sale: its fee is listed.
    const fees = await processor("GET", `/fees?linked_to=${captured.body.transfer}`, undefined, { validateAs: "skip" });
    expect(fees.body._embedded.fees).toMatchObject([{ fee_type: "APPLICATION_FEE", amount: 150 }]);
  });

  it("captures part of the amount", async () => {
    const { id } = await openAuthorization(5000);
    const captured = await capture(id, { capture_amount: 3200, fee: 0 });
    expect(captured.body).toMatchObject({ amount: 5000, capture_amount: 3200 });
    expect((await processor("GET", `/transfers/${captured.body.transfer}`)).body.amount).toBe(3200);
  });

  it("refuses more than was authorized, and a fee above the capture, and moves no money", async () => {
    const { merchantId, id } = await openAuthorization(5000);
    const tooMuch = await capture(id, { capture_amount: 5001 });
    expect([tooMuch.status, firstError(tooMuch.body)]).toEqual([
      422,
      expect.objectContaining({ code: "INVALID_FIELD", field: "capture_amount" }),
    ]);
    const feeTooHigh = await capture(id, { capture_amount: 100, fee: 101 });
    expect([feeTooHigh.status, firstError(feeTooHigh.body).field]).toEqual([422, "fee"]);
    expect(await transfersOf(merchantId)).toEqual([]);
    expect((await processor("GET", `/authorizations/${id}`)).body.transfer).toBeNull();
  });

  it("refuses a second capture, the same or another, with AUTHORIZATION_EXPIRED_OR_ALREADY_CAPTURED and no second transfer", async () => {
    const { merchantId, id } = await openAuthorization(5000);
    const first = await capture(id, { capture_amount: 2000, fee: 0 });
    for (const body of [{ capture_amount: 2000, fee: 0 }, { capture_amount: 1000 }]) {
      const again = await capture(id, body);
      expect(again.status).toBe(422);
      expect(firstError(again.body)).toMatchObject({ code: CLOSED, failure_code: CLOSED, field: "capture_amount" });
    }
    expect((await transfersOf(merchantId)).map((transfer) => transfer.id)).toEqual([first.body.transfer]);
    expect((await processor("GET", `/authorizations/${id}`)).body).toMatchObject({ transfer: first.body.transfer, capture_amount: 2000 });
  });

  it("refuses a body that asks for both a capture and a void, or for neither", async () => {
    const { id } = await openAuthorization();
    const both = await capture(id, { capture_amount: 100, void_me: true });
    expect([both.status, firstError(both.body).field]).toEqual([422, "void_me"]);
    for (const neither of [{}, { void_me: false }, { fee: 10 }]) {
      const refused = await capture(id, neither);
      expect([refused.status, firstError(refused.body).field]).toEqual([422, "capture_amount"]);
    }
    expect((await processor("GET", `/authorizations/${id}`)).body).toMatchObject({ transfer: null, is_void: false });
  });

  it("makes a debit that is refunded like a sale's", async () => {
    const { id } = await openAuthorization(5000);
    const captured = await capture(id, { capture_amount: 4000, fee: 0 });
    const refund = await processor("POST", `/transfers/${captured.body.transfer}/reversals`, {
      refund_amount: 1500,
      idempotency_id: crypto.randomUUID(),
    });
    expect(refund.status).toBe(201);
    expect(refund.body).toMatchObject({ type: "REVERSAL", amount: 1500, parent_transfer: captured.body.transfer });
    expect((await control.settleReversal(refund.body.id)).state).toBe("SUCCEEDED");
    const tooMuch = await processor("POST", `/transfers/${captured.body.transfer}/reversals`, { refund_amount: 2501 });
    expect(tooMuch.status).toBe(422);
  });
});

describe("voiding an authorization (PUT void_me)", () => {
  it("voids: is_void, void_state SUCCEEDED, state unchanged, no money moved", async () => {
    const { merchantId, id } = await openAuthorization();
    const voided = await voidIt(id);
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ id, state: "SUCCEEDED", is_void: true, void_state: "SUCCEEDED", transfer: null });
    expect(await transfersOf(merchantId)).toEqual([]);
  });

  it("refuses a void after a capture, and a capture or another void after a void", async () => {
    const captured = await openAuthorization();
    await capture(captured.id, { capture_amount: 100 });
    const voidAfterCapture = await voidIt(captured.id);
    expect([voidAfterCapture.status, firstError(voidAfterCapture.body)]).toEqual([
      422,
      expect.objectContaining({ code: CLOSED, field: "void_me" }),
    ]);
    expect((await processor("GET", `/authorizations/${captured.id}`)).body.is_void).toBe(false);

    const voided = await openAuthorization();
    await voidIt(voided.id);
    const captureAfterVoid = await capture(voided.id, { capture_amount: 100 });
    expect([captureAfterVoid.status, firstError(captureAfterVoid.body).code]).toEqual([422, CLOSED]);
    expect((await voidIt(voided.id)).status).toBe(422);
    expect(await transfersOf(voided.merchantId)).toEqual([]);
  });
});

describe("expiry", () => {
  it("the expire-authorization control ends the hold now: expires_at is now, and a capture or void is refused", async () => {
    const { merchantId, id } = await openAuthorization();
    const before = (await processor("GET", `/authorizations/${id}`)).body;
    const response = await call("/sandbox/control/expire-authorization", jsonInit("POST", { authorizationId: id }));
    expect(response.status).toBe(200);
    const { result } = await response.json<{ result: { id: string; state: string; expires_at: string; updated_at: string } }>();
    expect(result).toMatchObject({ id, state: "SUCCEEDED" });
    expect(Date.parse(result.expires_at)).toBeLessThan(Date.parse(before.expires_at));
    expect(Date.parse(result.expires_at)).toBeLessThanOrEqual(Date.parse(result.updated_at));
    const refused = await capture(id, { capture_amount: 100 });
    expect([refused.status, firstError(refused.body).code]).toEqual([422, CLOSED]);
    expect((await voidIt(id)).status).toBe(422);
    expect(await transfersOf(merchantId)).toEqual([]);
    // Expiring it again, or a captured one, is a conflict.
    await expect(control.expireAuthorization(id)).rejects.toMatchObject({ status: 409 });
  });

  it("the control acts for a tenant only on its own merchant's authorizations", async () => {
    const { merchantId, id } = await openAuthorization();
    const other = await approvedMerchant("Another Seller");
    const foreign = await call(
      "/sandbox/control/expire-authorization",
      jsonInit("POST", { authorizationId: id }),
      `merchant ${other.merchantId}`,
    );
    expect(foreign.status).toBe(404);
    const own = await call("/sandbox/control/expire-authorization", jsonInit("POST", { authorizationId: id }), `merchant ${merchantId}`);
    expect(own.status).toBe(200);
  });

  it("an authorization seven days old cannot be captured, and its expiry is announced once", async () => {
    const { id } = await openAuthorization();
    const early = await openAuthorization();
    await control.expireAuthorization(early.id);
    await control.advanceClock(7 * 24 * 60 * 60);
    const refused = await capture(id, { capture_amount: 100 });
    expect([refused.status, firstError(refused.body).code]).toEqual([422, CLOSED]);
    const updates = async (of: string) =>
      (await control.listDeliveries()).filter((delivery) => delivery.resourceId === of && delivery.type === "updated");
    expect(await updates(id)).toHaveLength(1);
    // The one the control expired was announced then, not again when its original seven days ran out.
    expect(await updates(early.id)).toHaveLength(1);
  });
});

describe("authorization webhooks", () => {
  type Delivery = Awaited<ReturnType<typeof control.listDeliveries>>[number];
  const eventsOf = async (id: string) =>
    (await control.listDeliveries())
      .filter((delivery: Delivery) => delivery.resourceId === id)
      .map((delivery: Delivery) => JSON.parse(delivery.body) as { type: string; entity: string; _embedded: { authorizations: any[] } });

  it("announce the creation, the capture, the void and the expiry with the authorization embedded", async () => {
    const captured = await openAuthorization();
    await capture(captured.id, { capture_amount: 100 });
    const events = await eventsOf(captured.id);
    expect(events.map((event) => [event.entity, event.type])).toEqual([
      ["authorization", "created"],
      ["authorization", "updated"],
    ]);
    expect(events[0]!._embedded.authorizations).toMatchObject([{ id: captured.id, transfer: null }]);
    expect(events[1]!._embedded.authorizations[0].transfer).toMatch(/^TR/);

    const voided = await openAuthorization();
    await voidIt(voided.id);
    expect((await eventsOf(voided.id)).map((event) => [event.type, event._embedded.authorizations[0].is_void])).toEqual([
      ["created", false],
      ["updated", true],
    ]);

    const expired = await openAuthorization();
    const { expires_at: expiresAt } = await control.expireAuthorization(expired.id);
    expect((await eventsOf(expired.id)).map((event) => [event.type, event._embedded.authorizations[0].expires_at])).toEqual([
      ["created", expect.any(String)],
      ["updated", expiresAt],
    ]);

    const declined = await authorize(captured.merchantId, await buyerInstrument({ ...TEST_CARD, number: "4000000000000002" }));
    const failedId = declined.body._embedded.authorizations[0].id;
    expect((await eventsOf(failedId)).map((event) => [event.type, event._embedded.authorizations[0].state])).toEqual([
      ["created", "FAILED"],
    ]);
  });
});
