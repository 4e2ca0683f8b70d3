import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { RECONCILE_AFTER_MS, reconcileLedger } from "../../../src/payments/reconciliation";
import { allPages } from "../support/events";
import { call, expectProblem, jsonInit } from "../support/http";
import { processorGet } from "../support/payments";
import { signedDelivery } from "../support/processor-webhooks";
import { bankToken, cardToken, charge, chargeableTenant, chargeBody, control } from "../support/sandbox";
import { shardContexts } from "../support/shards";

type Payment = {
  lcPaymentId: string;
  status: string;
  amountCents: number;
  applicationFeeCents: number;
  processorTransferId: string | null;
  processorAuthorizationId?: string;
  authorizedUntilUtc?: string;
};

async function hold(auth: Record<string, string>, overrides: Record<string, unknown> = {}): Promise<Payment> {
  const response = await charge(auth, chargeBody(await cardToken(), { amountCents: 10_000, capture: false, ...overrides }));
  expect(response.status).toBe(201);
  return response.json<Payment>();
}

const post = (path: string, auth: Record<string, string>, body?: unknown, key: string = crypto.randomUUID()) =>
  call(
    path,
    body === undefined
      ? { method: "POST", headers: { ...auth, "Idempotency-Key": key } }
      : jsonInit("POST", body, { ...auth, "Idempotency-Key": key }),
  );
const capture = (auth: Record<string, string>, id: string, body?: unknown, key?: string) =>
  post(`/v1/payments/${id}/capture`, auth, body, key);
const voidHold = (auth: Record<string, string>, id: string, key?: string) => post(`/v1/payments/${id}/void`, auth, undefined, key);

describe("a hold: POST /v1/payments with capture false", () => {
  it("authorizes the card only: authorized, the authorization and its expiry, no transfer", async () => {
    const { auth } = await chargeableTenant();
    const held = await hold(auth);
    expect(held).toMatchObject({ status: "authorized", amountCents: 10_000, applicationFeeCents: 130, processorTransferId: null });
    expect(held.processorAuthorizationId).toMatch(/^AU/);
    const lapses = Date.parse(held.authorizedUntilUtc!) - Date.now();
    expect(lapses).toBeGreaterThan(6 * 24 * 3600_000);
    const lookup = await (await call(`/v1/payments/${held.lcPaymentId}`, { headers: auth })).json<Payment>();
    expect(lookup).toMatchObject({ status: "authorized", processorAuthorizationId: held.processorAuthorizationId });
    const holds = await (await call("/v1/payments?status=authorized", { headers: auth })).json<{ data: Payment[] }>();
    expect(holds.data.map((payment) => payment.lcPaymentId)).toEqual([held.lcPaymentId]);
  });

  it("refuses a bank account with 422 capture-not-supported naming the field", async () => {
    const { auth } = await chargeableTenant();
    const response = await charge(auth, chargeBody(await bankToken(), { capture: false }));
    const problem = await expectProblem(response, 422, "capture-not-supported");
    expect(problem.errors).toEqual([expect.objectContaining({ field: "capture" })]);
  });

  it("declines as a sale does: 402 payment-declined, the payment failed", async () => {
    const { auth } = await chargeableTenant();
    const response = await charge(auth, chargeBody(await cardToken("4000000000000002"), { capture: false }));
    await expectProblem(response, 402, "payment-declined");
  });

  it("answers a repeat of the same Idempotency-Key with the same hold, authorized once", async () => {
    const { auth } = await chargeableTenant();
    const body = chargeBody(await cardToken(), { capture: false });
    const [first, second] = [await charge(auth, body, "hold-1"), await charge(auth, body, "hold-1")];
    const [a, b] = [await first.json<Payment>(), await second.json<Payment>()];
    expect(b).toEqual(a);
  });
});

describe("POST /v1/payments/{id}/capture", () => {
  it("captures the whole hold: succeeded with the capture's transfer, refundable as a sale", async () => {
    const { auth } = await chargeableTenant();
    const held = await hold(auth);
    const response = await capture(auth, held.lcPaymentId);
    expect(response.status).toBe(200);
    const captured = await response.json<Payment>();
    expect(captured).toMatchObject({ status: "succeeded", amountCents: 10_000, applicationFeeCents: 130 });
    expect(captured.processorTransferId).toMatch(/^TR/);
    const refunded = await call(`/v1/payments/${held.lcPaymentId}/refund`, jsonInit("POST", { amountCents: 1000 }, auth));
    expect(refunded.status).toBe(200);
    expect(await refunded.json()).toMatchObject({ status: "partially_refunded", amountRefundedCents: 1000 });
  });

  it("is disputed as a sale is once captured: the buyer's dispute of the capture's transfer finds the payment", async () => {
    const { auth } = await chargeableTenant();
    const held = await hold(auth);
    const captured = await (await capture(auth, held.lcPaymentId)).json<Payment>();
    await control("open-dispute", { id: captured.processorTransferId }, auth);
    expect(await (await call(`/v1/payments/${held.lcPaymentId}`, { headers: auth })).json()).toMatchObject({ status: "disputed" });
    const disputes = await (await call("/v1/disputes", { headers: auth })).json<{ data: { lcPaymentId: string }[] }>();
    expect(disputes.data.map((dispute) => dispute.lcPaymentId)).toEqual([held.lcPaymentId]);
  });

  it("captures part of it, with the fee in proportion unless one is given", async () => {
    const { auth } = await chargeableTenant();
    const held = await hold(auth);
    const captured = await (await capture(auth, held.lcPaymentId, { amountCents: 5000 })).json<Payment>();
    expect(captured).toMatchObject({ status: "succeeded", amountCents: 5000, applicationFeeCents: 65 });
    const other = await hold(auth);
    const withFee = await (await capture(auth, other.lcPaymentId, { amountCents: 4000, applicationFeeCents: 99 })).json<Payment>();
    expect(withFee).toMatchObject({ amountCents: 4000, applicationFeeCents: 99 });
  });

  it("refuses more than the hold with 422 capture-exceeds-authorization, and the hold stays open", async () => {
    const { auth } = await chargeableTenant();
    const held = await hold(auth);
    await expectProblem(await capture(auth, held.lcPaymentId, { amountCents: 10_001 }), 422, "capture-exceeds-authorization");
    expect((await capture(auth, held.lcPaymentId)).status).toBe(200);
  });

  it("refuses a second capture, a sale and another tenant's hold", async () => {
    const { auth } = await chargeableTenant();
    const held = await hold(auth);
    expect((await capture(auth, held.lcPaymentId)).status).toBe(200);
    await expectProblem(await capture(auth, held.lcPaymentId), 409, "payment-not-capturable");
    const sale = await (await charge(auth, chargeBody(await cardToken()))).json<Payment>();
    await expectProblem(await capture(auth, sale.lcPaymentId), 409, "payment-not-capturable");
    const other = await chargeableTenant("Other Oats");
    const theirs = await hold(other.auth);
    await expectProblem(await capture(auth, theirs.lcPaymentId), 404, "not-found");
  });

  it("replays the same capture under the same Idempotency-Key", async () => {
    const { auth } = await chargeableTenant();
    const held = await hold(auth);
    const first = await capture(auth, held.lcPaymentId, { amountCents: 3000 }, "capture-1");
    const again = await capture(auth, held.lcPaymentId, { amountCents: 3000 }, "capture-1");
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(await first.json());
  });

  it("refuses a refund of an open hold with 409, advising a capture or a void", async () => {
    const { auth } = await chargeableTenant();
    const held = await hold(auth);
    const problem = await expectProblem(
      await call(`/v1/payments/${held.lcPaymentId}/refund`, jsonInit("POST", {}, auth)),
      409,
      "invalid-payment-state",
    );
    expect(problem.detail).toMatch(/void/);
  });

  it("refuses a capture once the processor let the hold lapse, and the payment is canceled", async () => {
    const { auth } = await chargeableTenant();
    const held = await hold(auth);
    await control("expire-authorization", { authorizationId: held.processorAuthorizationId });
    await expectProblem(await capture(auth, held.lcPaymentId), 409, "payment-not-capturable");
    expect(await (await call(`/v1/payments/${held.lcPaymentId}`, { headers: auth })).json()).toMatchObject({ status: "canceled" });
  });
});

describe("POST /v1/payments/{id}/void", () => {
  it("voids a hold: canceled, and then neither captured nor voided again", async () => {
    const { auth } = await chargeableTenant();
    const held = await hold(auth);
    const response = await voidHold(auth, held.lcPaymentId);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "canceled", processorTransferId: null });
    await expectProblem(await voidHold(auth, held.lcPaymentId), 409, "payment-not-voidable");
    await expectProblem(await capture(auth, held.lcPaymentId), 409, "payment-not-capturable");
  });

  it("of a hold the processor let lapse unheard: 200 canceled, and then 409", async () => {
    const { auth } = await chargeableTenant();
    const held = await hold(auth);
    await control("fault", { operation: "WEBHOOK authorization.updated", kind: "lose", times: 1 });
    await control("expire-authorization", { authorizationId: held.processorAuthorizationId });
    const response = await voidHold(auth, held.lcPaymentId);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "canceled" });
    await expectProblem(await voidHold(auth, held.lcPaymentId), 409, "payment-not-voidable");
  });

  it("of a capture and a void racing on one hold, exactly one wins and the other answers 409", async () => {
    const { auth } = await chargeableTenant();
    for (let round = 0; round < 3; round++) {
      const held = await hold(auth);
      const [captured, voided] = await Promise.all([capture(auth, held.lcPaymentId), voidHold(auth, held.lcPaymentId)]);
      expect([captured.status, voided.status].sort()).toEqual([200, 409]);
      const status = ((await (await call(`/v1/payments/${held.lcPaymentId}`, { headers: auth })).json()) as Payment).status;
      expect(status).toBe(captured.status === 200 ? "succeeded" : "canceled");
    }
  });

  it("sends the tenant's payment event for a capture and for a void, with the new status", async () => {
    const { auth } = await chargeableTenant();
    const [captured, voided] = [await hold(auth), await hold(auth)];
    await capture(auth, captured.lcPaymentId);
    await voidHold(auth, voided.lcPaymentId);
    const events = (await allPages(auth)).flatMap((page) => page.data);
    const statusOf = (id: string) => events.filter((event) => event.body.lcPaymentId === id).map((event) => event.body.status);
    expect(statusOf(captured.lcPaymentId)).toContain("succeeded");
    expect(statusOf(voided.lcPaymentId)).toEqual(["canceled"]);
  });
});

describe("holds whose answers are lost", () => {
  const sweep = (afterMs: number) => Promise.all(shardContexts({ nowMs: Date.now() + afterMs }).map((ctx) => reconcileLedger({ ctx })));
  const lookup = async (auth: Record<string, string>, id: string) => (await call(`/v1/payments/${id}`, { headers: auth })).json<Payment>();
  const captureAtProcessor = async (authorizationId: string) =>
    (
      await (
        await call(`/sandbox/processor/authorizations/${authorizationId}`, {
          headers: { Authorization: `Basic ${btoa(`${env.PROCESSOR_USERNAME}:${env.PROCESSOR_PASSWORD}`)}`, "Finix-Version": "2022-02-01" },
        })
      ).json<{ transfer: string | null }>()
    ).transfer;
  const loseTheCapture = async () => {
    await control("fault", { operation: "PUT /authorizations/{authorization_id}", kind: "drop-after", times: 1 });
    await control("fault", { operation: "GET /authorizations/{authorization_id}", kind: "error", times: 1 });
  };

  it("a capture whose answer never came: 502, and the retry under the same key finishes that capture", async () => {
    const { auth } = await chargeableTenant();
    const held = await hold(auth);
    await loseTheCapture();
    await expectProblem(await capture(auth, held.lcPaymentId, { amountCents: 6000 }, "lost-capture"), 502, "processor-error");
    expect(await lookup(auth, held.lcPaymentId)).toMatchObject({ status: "authorized" });
    await expectProblem(await voidHold(auth, held.lcPaymentId), 409, "payment-not-voidable");
    const retry = await capture(auth, held.lcPaymentId, { amountCents: 6000 }, "lost-capture");
    expect(retry.status).toBe(200);
    const captured = await retry.json<Payment>();
    expect(captured).toMatchObject({ status: "succeeded", amountCents: 6000 });
    expect(captured.processorTransferId).toBe(await captureAtProcessor(held.processorAuthorizationId!));
  });

  it("the sweep finishes a capture whose answer never came and was never retried", async () => {
    const { auth } = await chargeableTenant();
    const held = await hold(auth);
    await loseTheCapture();
    await expectProblem(await capture(auth, held.lcPaymentId), 502, "processor-error");
    await sweep(RECONCILE_AFTER_MS + 1000);
    const settled = await lookup(auth, held.lcPaymentId);
    expect(settled).toMatchObject({ status: "succeeded", amountCents: 10_000 });
    expect(settled.processorTransferId).toBe(await captureAtProcessor(held.processorAuthorizationId!));
  });

  it("a webhook naming no expires_at records the hold all the same, lapsing seven days after it was made", async () => {
    const { auth } = await chargeableTenant();
    await control("fault", { operation: "POST /authorizations", kind: "drop-after", times: 1 });
    await control("fault", { operation: "GET /authorizations", kind: "error", times: 1 });
    await control("fault", { operation: "WEBHOOK authorization.*", kind: "lose", times: 1 });
    await expectProblem(await charge(auth, chargeBody(await cardToken(), { capture: false })), 502, "processor-error");
    const [pending] = (await (await call("/v1/payments", { headers: auth })).json<{ data: Payment[] }>()).data;
    const found = await processorGet<{ _embedded: { authorizations: { created_at: string }[] } }>(
      `/authorizations?idempotency_id=${pending!.lcPaymentId}`,
    );
    const authorization = { ...found._embedded.authorizations[0]!, expires_at: null };
    const delivered = await signedDelivery({ type: "updated", entity: "authorization", _embedded: { authorizations: [authorization] } });
    expect(delivered.status).toBe(200);
    const held = await (await call(`/v1/payments/${pending!.lcPaymentId}`, { headers: auth })).json<Payment>();
    expect(held.status).toBe("authorized");
    expect(Date.parse(held.authorizedUntilUtc!)).toBe(Date.parse(authorization.created_at) + 7 * 24 * 3600_000);
  });

  it("the sweep records a hold the processor granted when the charge's answer never came", async () => {
    const { auth } = await chargeableTenant();
    await control("fault", { operation: "POST /authorizations", kind: "drop-after", times: 1 });
    await control("fault", { operation: "GET /authorizations", kind: "error", times: 1 });
    await expectProblem(await charge(auth, chargeBody(await cardToken(), { capture: false })), 502, "processor-error");
    const [pending] = (await (await call("/v1/payments", { headers: auth })).json<{ data: Payment[] }>()).data;
    const id = pending!.lcPaymentId;
    expect(await lookup(auth, id)).toMatchObject({ status: "processing" });
    await sweep(RECONCILE_AFTER_MS + 1000);
    const held = await lookup(auth, id);
    expect(held).toMatchObject({ status: "authorized" });
    expect(held.processorAuthorizationId).toMatch(/^AU/);
  });
});

describe("a hold the processor lets lapse", () => {
  const sweep = (afterMs: number) => Promise.all(shardContexts({ nowMs: Date.now() + afterMs }).map((ctx) => reconcileLedger({ ctx })));

  it("is canceled as the processor's authorization.updated says, with the tenant's payment event", async () => {
    const { auth } = await chargeableTenant();
    const lapsing = await hold(auth);
    await control("expire-authorization", { authorizationId: lapsing.processorAuthorizationId });
    expect(await (await call(`/v1/payments/${lapsing.lcPaymentId}`, { headers: auth })).json()).toMatchObject({ status: "canceled" });
    const events = (await allPages(auth)).flatMap((page) => page.data);
    expect(events.filter((event) => event.body.lcPaymentId === lapsing.lcPaymentId).map((event) => event.body.status)).toEqual([
      "canceled",
    ]);
  });

  it("is canceled by the sweep once past its expiry when the webhook is lost, and no longer listed as a hold", async () => {
    const { auth } = await chargeableTenant();
    const lapsing = await hold(auth);
    await control("fault", { operation: "WEBHOOK authorization.updated", kind: "lose", times: 1 });
    await control("expire-authorization", { authorizationId: lapsing.processorAuthorizationId });
    const holds = async () => (await (await call("/v1/payments?status=authorized", { headers: auth })).json<{ data: Payment[] }>()).data;
    await sweep(RECONCILE_AFTER_MS + 1000);
    expect((await holds()).map((payment) => payment.lcPaymentId)).toEqual([lapsing.lcPaymentId]);
    await sweep(Date.parse(lapsing.authorizedUntilUtc!) - Date.now() + 1000);
    expect(await holds()).toEqual([]);
    const canceled = await (await call(`/v1/payments/${lapsing.lcPaymentId}`, { headers: auth })).json<Payment>();
    expect(canceled).toMatchObject({ status: "canceled", processorTransferId: null });
    const events = (await allPages(auth)).flatMap((page) => page.data);
    expect(events.filter((event) => event.body.lcPaymentId === lapsing.lcPaymentId).map((event) => event.body.status)).toEqual([
      "canceled",
    ]);
    await expectProblem(await capture(auth, lapsing.lcPaymentId), 409, "payment-not-capturable");
  });
});
