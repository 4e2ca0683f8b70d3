import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { STAND_IN_FIELD, STAND_IN_VALUE } from "../../../packages/sandbox-processor/src/core/views";
import { disputeOfPayment, paymentOf } from "../support/disputes";
import { ADMIN_HEADERS, call, tenantWithKey } from "../support/http";
import { onboard, onboardingStatus } from "../support/onboarding";
import { type Payment, refund } from "../support/payments";
import { eventsFor } from "../support/processor-webhooks";
import { bankToken, cardToken, charge, chargeableTenant, chargeBody, control } from "../support/sandbox";
import { activeReader, buyer, finalPayment, type Sale, saleBody, startSale, waitingOnReader } from "../support/terminal";

// The sandbox as a stand-in for a later version of the processor: every resource, in its answers and its webhooks, also
// carries a field no document lists, unlisted values in the enums the service only stores (a sale's subtype, a dispute's
// reason, …) and null wherever a field is unset. Every flow must end where it does against the documented processor, and
// every processor webhook must be taken.
beforeAll(async () => {
  await control("config", { standIn: true });
});
afterAll(async () => {
  await control("config", { standIn: false });
});

type Delivery = { entity: string; type: string; resourceId: string; attempts: number; lastResponseStatus: number | null; body: string };

/** Every webhook the sandbox has sent the service, once each has been tried (a refused one waits for its retry). */
async function deliveries(): Promise<Delivery[]> {
  for (let attempt = 0; ; attempt++) {
    const response = await call("/sandbox/control/webhook-deliveries", { headers: ADMIN_HEADERS });
    const { result } = await response.json<{ result: Delivery[] }>();
    if (result.every((delivery) => delivery.attempts > 0) || attempt === 50) return result;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The webhooks the service refused (anything but a 2xx), by entity, type and resource. */
async function refused(): Promise<string[]> {
  return (await deliveries())
    .filter((delivery) => delivery.lastResponseStatus === null || delivery.lastResponseStatus >= 300)
    .map((delivery) => `${delivery.entity}.${delivery.type} ${delivery.resourceId}: ${delivery.lastResponseStatus}`);
}

const resourceOf = (delivery: Delivery) => Object.values(JSON.parse(delivery.body)._embedded)[0] as Record<string, unknown>[];

describe("against a stand-in sending unlisted fields, unlisted enum values and nulls", () => {
  it("a card charge succeeds, its transfer webhook taken", async () => {
    const { auth } = await chargeableTenant("Stand-in Card Co");
    const response = await charge(auth, chargeBody(await cardToken(), { amountCents: 4_200 }));
    expect(response.status).toBe(201);
    const payment = await response.json<Payment & { status: string }>();
    expect(payment.status).toBe("succeeded");

    const sent = (await deliveries()).filter((delivery) => delivery.resourceId === payment.processorTransferId);
    expect(sent.map((delivery) => delivery.type)).toContain("created");
    const [transfer] = resourceOf(sent[0]!);
    expect(transfer).toMatchObject({ subtype: STAND_IN_VALUE, device: null, [STAND_IN_FIELD]: expect.any(Object) });
    expect(await refused()).toEqual([]);
  });

  it("an ACH charge settles: succeeded from the processor's transfer.updated, told as a transfer.updated callback", async () => {
    const { auth } = await chargeableTenant("Stand-in Bank Co");
    const payment = await (await charge(auth, chargeBody(await bankToken(), { amountCents: 6_100 }))).json<Payment & { status: string }>();
    expect(payment.status).toBe("processing");

    await control("settle-ach", { id: payment.processorTransferId, outcome: "succeed" }, auth);
    expect((await paymentOf(auth, payment.lcPaymentId)).status).toBe("succeeded");
    const events = await eventsFor(payment.lcPaymentId);
    expect(events.filter((event) => event.type === "transfer.updated").map((event) => JSON.parse(event.payload).status)).toContain(
      "succeeded",
    );
    const updated = (await deliveries()).filter((d) => d.resourceId === payment.processorTransferId && d.type === "updated");
    expect(updated.map((delivery) => delivery.lastResponseStatus)).toEqual([200]);
    expect(await refused()).toEqual([]);
  });

  it("a refund is made and settles", async () => {
    const { auth } = await chargeableTenant("Stand-in Refund Co");
    const payment = await (await charge(auth, chargeBody(await cardToken(), { amountCents: 3_000 }))).json<Payment>();
    const refunded = await refund(auth, payment.lcPaymentId, { amountCents: 1_000 });
    expect(refunded.status).toBe(200);
    expect((await refunded.json<{ amountRefundedCents: number }>()).amountRefundedCents).toBe(1_000);
    await control("run-jobs", { kinds: ["reversal.settle"] });
    const reversals = (await deliveries()).filter((delivery) => resourceOf(delivery)[0]!.parent_transfer === payment.processorTransferId);
    expect(reversals.map((delivery) => [delivery.type, resourceOf(delivery)[0]!.state])).toContainEqual(["updated", "SUCCEEDED"]);
    expect(await refused()).toEqual([]);
  });

  it("a dispute with a reason no document lists is listed, and its payment reads disputed", async () => {
    const { auth } = await chargeableTenant("Stand-in Dispute Co");
    const payment = await (await charge(auth, chargeBody(await cardToken(), { amountCents: 9_000 }))).json<Payment>();
    const opened = await control<{ id: string }>("open-dispute", { id: payment.processorTransferId }, auth);

    const [created] = (await deliveries()).filter((d) => d.resourceId === opened.id);
    expect(resourceOf(created!)[0]).toMatchObject({ reason: STAND_IN_VALUE });
    const dispute = await disputeOfPayment(auth, payment.lcPaymentId);
    expect(dispute).toMatchObject({ reason: STAND_IN_VALUE.toLowerCase() });
    expect((await paymentOf(auth, payment.lcPaymentId)).status).toBe("disputed");
    expect(await refused()).toEqual([]);
  });

  it("a settlement is read as a paid payout", async () => {
    const { auth, merchantId } = await chargeableTenant("Stand-in Payout Co");
    await charge(auth, chargeBody(await cardToken(), { amountCents: 8_000 }));
    await control("close-settlement", { id: merchantId }, auth);
    const payouts = await (await call("/v1/payouts", { headers: auth })).json<{ data: { status: string; grossCents: number }[] }>();
    expect(payouts.data).toEqual([expect.objectContaining({ status: "paid", grossCents: 8_000 })]);
    expect(await refused()).toEqual([]);
  });

  it("onboarding ends approved", async () => {
    const { auth } = await tenantWithKey("Stand-in Onboarding Co");
    await onboard(auth, "Stand-in Onboarding Co");
    await control("run-jobs", { kinds: ["merchant.decide"] });
    const status = await onboardingStatus(auth);
    expect(status.processorMerchantId).toMatch(/^MU/);
    expect(status.onboardingStatus).not.toBe("pending");
    expect(status.reasons.map((reason) => reason.code)).not.toContain("merchant_rejected");
    expect(await refused()).toEqual([]);
  });

  it("a reader sale succeeds", async () => {
    const { auth } = await chargeableTenant("Stand-in Counter Co");
    const reader = await activeReader(auth);
    const response = await startSale(auth, saleBody(reader.lcReaderId, { amountCents: 1_500 }));
    expect(response.status).toBe(202);
    const sale = await response.json<Sale>();
    await waitingOnReader(reader.processorDeviceId);
    await buyer(reader.processorDeviceId, "approve");
    expect(await finalPayment(auth, sale.lcPaymentId)).toMatchObject({ status: "succeeded", processorState: "SUCCEEDED" });
    expect(await refused()).toEqual([]);
  });

  it("sent every kind of resource as the stand-in, and the service took every one", async () => {
    const all = await deliveries();
    const entities = new Set(all.map((delivery) => delivery.entity));
    for (const entity of ["transfer", "dispute", "settlement", "merchant", "compliance_form", "onboarding_form"])
      expect(entities).toContain(entity);
    expect(all.every((delivery) => STAND_IN_FIELD in resourceOf(delivery)[0]!)).toBe(true);
    expect(all.length).toBeGreaterThan(20);
    expect(await refused()).toEqual([]);
  });
});
