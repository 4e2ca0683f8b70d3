import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { createContext } from "../../../src/context";
import { disputes } from "../../../src/disputes/disputes.schema";
import { readMissedChanges, WATERMARK_OVERLAP_MS } from "../../../src/processor-webhooks/missed-events.sweep";
import { processorWatermarks } from "../../../src/processor-webhooks/watermarks.schema";
import { runScheduledSweeps } from "../../../src/scheduled";
import { controlDb, everyShard } from "../support/db";
import {
  disputeOfPayment,
  type Evidence,
  evidenceForm,
  fileOf,
  getDispute,
  paymentOf,
  postEvidence,
  sweepDisputesAt,
} from "../support/disputes";
import { call } from "../support/http";
import type { Payment } from "../support/payments";
import { eventsFor, holdProcessorWebhooks, signedDelivery } from "../support/processor-webhooks";
import { bankToken, cardToken, charge, chargeableTenant, chargeBody, control } from "../support/sandbox";
import { approvedMerchant, buyerInstrument, control as operatorControl, sale } from "../support/sandbox-binding";

// Every processor webhook in this file goes to a request bin instead of the service: what the service learns, it learns
// from the cron sweep reading the processor's own records.
let inbox: string;
beforeAll(async () => {
  inbox = await holdProcessorWebhooks("missed-events");
});

type ProcessorDispute = { id: string; transfer: string; updated_at: string; respond_by: string; state: string };

async function paidSale(name: string) {
  const tenant = await chargeableTenant(name);
  const payment = await (await charge(tenant.auth, chargeBody(await cardToken(), { amountCents: 7_500 }))).json<Payment>();
  return { ...tenant, payment };
}

/** The buyer disputes the sale at the processor; the webhook saying so goes to the bin, never to the service. */
async function disputeHeldOff(tenant: { auth: Record<string, string> }, payment: Payment): Promise<ProcessorDispute> {
  const dispute = await control<ProcessorDispute>("open-dispute", { id: payment.processorTransferId }, tenant.auth);
  const held = await operatorControl.readInbox(inbox);
  expect(held.some((request) => request.body.includes(dispute.id) && JSON.parse(request.body).type === "created")).toBe(true);
  return dispute;
}

const cronRun = () => runScheduledSweeps(env, Date.now());
const disputeEvents = async (lcPaymentId: string) =>
  (await eventsFor(lcPaymentId)).filter((event) => event.type.startsWith("dispute.")).map((event) => event.type);
const watermark = () =>
  controlDb().query.processorWatermarks.findFirst({
    columns: { updatedSince: true, afterCursor: true, scanStartedAt: true },
    where: eq(processorWatermarks.resource, "dispute"),
  });
const setWatermark = (updatedSince: string) =>
  controlDb()
    .insert(processorWatermarks)
    .values({ resource: "dispute", updatedSince, afterCursor: null, scanStartedAt: updatedSince, advancedAt: updatedSince })
    .onConflictDoUpdate({ target: processorWatermarks.resource, set: { updatedSince, afterCursor: null } });
/** One read of the disputes feed, as the cron makes it `laterMs` from now. */
const readDisputes = (input: { pageSize?: number; maxPages?: number } = {}, laterMs = 0) =>
  readMissedChanges({ ctx: createContext(env, { nowMs: Date.now() + laterMs }), input: { resource: "dispute", ...input } });

describe("a dispute whose webhooks were all lost", () => {
  it("is found by the cron sweep: listed, its payment disputed, dispute.created sent once however often the sweep runs", async () => {
    const { auth, payment } = await paidSale("Never Told Co");
    const processorDispute = await disputeHeldOff({ auth }, payment);
    expect(await disputeOfPayment(auth, payment.lcPaymentId)).toBeUndefined();
    expect((await paymentOf(auth, payment.lcPaymentId)).status).toBe("succeeded");

    await Promise.all([cronRun(), cronRun()]);
    await cronRun();

    const dispute = await disputeOfPayment(auth, payment.lcPaymentId);
    expect(dispute).toMatchObject({
      processorDisputeId: processorDispute.id,
      state: "open",
      respondBy: processorDispute.respond_by,
      acceptsResponse: true,
    });
    expect((await paymentOf(auth, payment.lcPaymentId)).status).toBe("disputed");
    expect(await disputeEvents(payment.lcPaymentId)).toEqual(["dispute.created"]);

    // The processor's webhook, delivered at last, is the same news: no second callback.
    const held = (await operatorControl.readInbox(inbox)).find(
      (request) => request.body.includes(processorDispute.id) && JSON.parse(request.body).type === "created",
    )!;
    expect(await (await signedDelivery(held.body)).json()).toMatchObject({ outcome: "ignored" });
    expect(await disputeEvents(payment.lcPaymentId)).toEqual(["dispute.created"]);
  });

  it("has its decision found too: a won dispute gives the payment back, with one dispute.updated", async () => {
    const { auth, payment } = await paidSale("Decided Quietly Co");
    const processorDispute = await disputeHeldOff({ auth }, payment);
    await cronRun();
    await control("resolve-dispute", { id: processorDispute.id, outcome: "WON" }, auth);

    await cronRun();
    await cronRun();

    const dispute = (await disputeOfPayment(auth, payment.lcPaymentId))!;
    expect((await getDispute(auth, dispute.lcDisputeId)).state).toBe("won");
    expect((await paymentOf(auth, payment.lcPaymentId)).status).toBe("succeeded");
    expect(await disputeEvents(payment.lcPaymentId)).toEqual(["dispute.created", "dispute.updated"]);
  });

  it("of a merchant no tenant has is left alone", async () => {
    const { merchantId } = await approvedMerchant("Nobody's Merchant");
    const transfer = await sale(merchantId, await buyerInstrument());
    const foreign = await control<{ id: string }>("open-dispute", { id: transfer.body.id });

    await cronRun();

    for (const db of [controlDb(), ...everyShard()]) expect(await db.$count(disputes, eq(disputes.processorDisputeId, foreign.id))).toBe(0);
  });
});

describe("dispute evidence whose review webhook was lost", () => {
  it("has the processor's verdict found by the dispute sweep's re-read of evidence under review", async () => {
    const { auth, payment } = await paidSale("Unheard Verdict Co");
    await disputeHeldOff({ auth }, payment);
    await cronRun();
    const { lcDisputeId } = (await disputeOfPayment(auth, payment.lcPaymentId))!;
    const uploaded = await (await postEvidence(auth, lcDisputeId, evidenceForm(fileOf("png", 1_000), "receipt.png"))).json<Evidence>();
    expect(uploaded.state).toBe("processing");
    await control("review-evidence", { id: uploaded.processorEvidenceId }, auth);

    await sweepDisputesAt(0);
    expect((await getDispute(auth, lcDisputeId)).evidence[0]!.state).toBe("processing");
    await sweepDisputesAt(16 * 60 * 1000);
    expect((await getDispute(auth, lcDisputeId)).evidence[0]!.state).toBe("succeeded");
    expect((await eventsFor(payment.lcPaymentId)).filter((event) => event.type === "evidence.updated")).toHaveLength(1);
  });
});

describe("a settlement whose webhooks were all lost", () => {
  it("is found, paid, by the payouts sweep's look at the tenant's settlements", async () => {
    const { auth, merchantId } = await chargeableTenant("Unheard Payout Co");
    await charge(auth, chargeBody(await cardToken(), { amountCents: 6_600 }));
    await control("close-settlement", { id: merchantId }, auth);
    const payouts = async () =>
      (await (await call("/v1/payouts", { headers: auth })).json<{ data: { status: string; grossCents: number }[] }>()).data;
    expect(await payouts()).toEqual([]);

    await cronRun();

    expect(await payouts()).toEqual([expect.objectContaining({ status: "paid", grossCents: 6_600 })]);
  });
});

describe("an ACH debit whose webhooks were all lost", () => {
  const paymentCallbacks = async (lcPaymentId: string) =>
    (await eventsFor(lcPaymentId)).filter((event) => event.type === "transfer.updated").map((event) => JSON.parse(event.payload).status);

  async function achPayment(name: string) {
    const tenant = await chargeableTenant(name);
    const payment = await (await charge(tenant.auth, chargeBody(await bankToken(), { amountCents: 9_000 }))).json<Payment>();
    expect(payment.status).toBe("processing");
    return { ...tenant, payment };
  }

  it("has its settlement, then its return as a reversal nobody asked for, found: each applied once", async () => {
    const { auth, payment } = await achPayment("Returned Quietly Co");
    await control("settle-ach", { id: payment.processorTransferId, outcome: "succeed" }, auth);
    await cronRun();
    expect((await paymentOf(auth, payment.lcPaymentId)).status).toBe("succeeded");

    await control("settle-ach", { id: payment.processorTransferId, outcome: "return-as-reversal" }, auth);
    expect((await paymentOf(auth, payment.lcPaymentId)).status).toBe("succeeded");
    await cronRun();
    await cronRun();

    expect(await paymentOf(auth, payment.lcPaymentId)).toMatchObject({ status: "failed", failureCode: "INSUFFICIENT_FUNDS" });
    expect(await paymentCallbacks(payment.lcPaymentId)).toEqual(["succeeded", "failed"]);
  });

  it("has a return that fails the debit itself found", async () => {
    const { auth, payment } = await achPayment("Bounced Quietly Co");
    await control("settle-ach", { id: payment.processorTransferId, outcome: "return" }, auth);
    await cronRun();
    await cronRun();
    expect(await paymentOf(auth, payment.lcPaymentId)).toMatchObject({ status: "failed", failureCode: "INSUFFICIENT_FUNDS" });
    expect((await paymentCallbacks(payment.lcPaymentId)).at(-1)).toBe("failed");
  });
});

describe("a merchant whose webhooks were all lost", () => {
  it("has the processor's decision found: charges disabled, merchant.updated sent once", async () => {
    const { auth, merchantId } = await chargeableTenant("Rejected Quietly Co");
    const status = async () => (await call("/v1/onboarding/status", { headers: auth })).json<{ chargesEnabled: boolean }>();
    expect((await status()).chargesEnabled).toBe(true);
    const merchantEvents = async () => (await eventsFor(merchantId)).map((event) => JSON.parse(event.payload).chargesEnabled);
    const before = await merchantEvents();

    await control("merchant-state", { id: merchantId, state: "REJECTED" }, auth);
    expect((await status()).chargesEnabled).toBe(true);
    await cronRun();
    await cronRun();

    expect(await status()).toMatchObject({ chargesEnabled: false, onboardingStatus: "restricted" });
    expect(await merchantEvents()).toEqual([...before, false]);
  });
});

describe("the watermark", () => {
  it("includes a dispute updated exactly at it, and not one updated before it", async () => {
    const { auth, payment } = await paidSale("Boundary Bakery");
    const processorDispute = await disputeHeldOff({ auth }, payment);

    await setWatermark(new Date(Date.parse(processorDispute.updated_at) + 1).toISOString());
    await readDisputes();
    expect(await disputeOfPayment(auth, payment.lcPaymentId)).toBeUndefined();

    await setWatermark(processorDispute.updated_at);
    await readDisputes();
    expect(await disputeOfPayment(auth, payment.lcPaymentId)).toMatchObject({ processorDisputeId: processorDispute.id });
    expect(await disputeEvents(payment.lcPaymentId)).toEqual(["dispute.created"]);
  });

  it("moves only once a read has applied its last page, to a little before that read began; pages are capped per run", async () => {
    const sales = [await paidSale("Page One Pies"), await paidSale("Page Two Pies"), await paidSale("Page Three Pies")];
    const disputes = [];
    for (const { auth, payment } of sales) disputes.push(await disputeHeldOff({ auth }, payment));
    await setWatermark(disputes[0]!.updated_at);
    const fiveMinutesOn = 5 * 60 * 1000;
    const known = async () =>
      (await Promise.all(sales.map(({ auth, payment }) => disputeOfPayment(auth, payment.lcPaymentId)))).filter(Boolean).length;

    await readDisputes({ pageSize: 1, maxPages: 1 }, fiveMinutesOn);
    expect(await known()).toBe(1);
    const reading = (await watermark())!;
    expect(reading).toMatchObject({ updatedSince: disputes[0]!.updated_at, afterCursor: expect.any(String) });

    await readDisputes({ pageSize: 1, maxPages: 1 }, fiveMinutesOn);
    expect(await known()).toBe(2);
    expect((await watermark())!.updatedSince).toBe(disputes[0]!.updated_at);

    await readDisputes({ pageSize: 1, maxPages: 1 }, fiveMinutesOn);
    expect(await known()).toBe(3);
    expect(await watermark()).toMatchObject({
      updatedSince: new Date(Date.parse(reading.scanStartedAt) - WATERMARK_OVERLAP_MS).toISOString(),
      afterCursor: null,
    });
    for (const { payment } of sales) expect(await disputeEvents(payment.lcPaymentId)).toEqual(["dispute.created"]);
  });

  it("stays where it was when a page cannot be read, so nothing in it is skipped", async () => {
    const { auth, payment } = await paidSale("Flaky Line Co");
    const processorDispute = await disputeHeldOff({ auth }, payment);
    await setWatermark(processorDispute.updated_at);
    await control("fault", { operation: "GET /disputes", kind: "error", status: 500, times: 1 });
    await expect(readDisputes()).rejects.toThrow();
    expect(await watermark()).toMatchObject({ updatedSince: processorDispute.updated_at, afterCursor: null });
    await readDisputes();
    expect(await disputeOfPayment(auth, payment.lcPaymentId)).toMatchObject({ processorDisputeId: processorDispute.id });
  });
});
