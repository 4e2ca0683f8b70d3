import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { requestFingerprint } from "../../../src/idempotency/idempotency.service";
import { payments } from "../../../src/payments/payments.schema";
import { readerObject, recordTerminalSale } from "../../../src/terminal/sale.service";
import { sweepTerminalSales } from "../../../src/terminal/sweep";
import { eventually, mockReceiver, RECEIVER, saveCallbackUrl } from "../support/callbacks";
import { shardOf } from "../support/db";
import { call, expectProblem, jsonInit } from "../support/http";
import { chargeableTenant, control } from "../support/sandbox";
import { tenantContext } from "../support/shards";
import {
  activeReader,
  buyer,
  finalPayment,
  holdsOnDevice,
  holdWaitingOnReader,
  paymentEvents,
  paymentOf,
  PROCESSOR_AUTH,
  readerAction,
  type Sale,
  saleBody,
  startSale,
  transfersOnDevice,
} from "../support/terminal";

type Hold = Sale & { processorAuthorizationId?: string; authorizedUntilUtc?: string };

/** A hold at the reader (`capture: false`) the buyer has tapped: `authorized`, for `amountCents`. */
async function heldAtReader(auth: Record<string, string>, amountCents: number) {
  const reader = await activeReader(auth);
  await buyer(reader.processorDeviceId, "approve");
  const started = await startSale(auth, saleBody(reader.lcReaderId, { amountCents, capture: false }));
  expect(started.status).toBe(202);
  const sale = await started.json<Hold>();
  const held = (await finalPayment(auth, sale.lcPaymentId)) as Hold;
  expect(held.status).toBe("authorized");
  return { reader, held };
}

const post = (path: string, auth: Record<string, string>, body?: unknown) =>
  call(
    path,
    body === undefined
      ? { method: "POST", headers: { ...auth, "Idempotency-Key": crypto.randomUUID() } }
      : jsonInit("POST", body, { ...auth, "Idempotency-Key": crypto.randomUUID() }),
  );

describe("a hold at the reader: POST /v1/payments/terminal with capture false", () => {
  it("authorizes the card the buyer taps: authorized with the processor's hold, its expiry and the card, and a signed callback", async () => {
    const { auth, tenantId } = await chargeableTenant("Tip Jar Bistro");
    expect((await saveCallbackUrl(tenantId, `${RECEIVER}/hooks`)).status).toBe(200);
    const receiver = mockReceiver(RECEIVER);
    const reader = await activeReader(auth);

    const started = await startSale(auth, saleBody(reader.lcReaderId, { amountCents: 6000, capture: false, orderRef: "table-12" }));
    expect(started.status).toBe(202);
    const sale = await started.json<Hold>();
    expect(sale).toMatchObject({ status: "processing", method: "card_present", amountCents: 6000, processorTransferId: null });
    expect(sale.processorAuthorizationId).toBeUndefined();

    const waiting = await holdWaitingOnReader(reader.processorDeviceId);
    expect(await transfersOnDevice(reader.processorDeviceId)).toEqual([]);
    await buyer(reader.processorDeviceId, "approve");
    const held = (await finalPayment(auth, sale.lcPaymentId)) as Hold;
    expect(held).toMatchObject({
      status: "authorized",
      method: "card_present",
      amountCents: 6000,
      processorAuthorizationId: waiting,
      processorTransferId: null,
      processorState: "SUCCEEDED",
    });
    expect(Date.parse(held.authorizedUntilUtc!)).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);
    const [row] = await (
      await shardOf(tenantId)
    )
      .select({ cardBrand: payments.cardBrand, lastFour: payments.lastFour })
      .from(payments)
      .where(eq(payments.id, sale.lcPaymentId));
    expect(row!.cardBrand).toBeTruthy();
    expect(row!.lastFour).toMatch(/^\d{4}$/);
    expect((await holdsOnDevice(reader.processorDeviceId)).map((hold) => [hold.id, hold.state])).toEqual([[waiting, "SUCCEEDED"]]);

    const [callback] = await eventually(
      async () => receiver.received.filter((received) => JSON.parse(received.rawBody).status === "authorized"),
      (callbacks) => callbacks.length > 0,
    );
    expect(JSON.parse(callback!.rawBody)).toMatchObject({ type: "transfer.updated", lcPaymentId: sale.lcPaymentId, status: "authorized" });
    // The reader is free for the next buyer while the hold waits for its tip.
    expect((await call(`/v1/terminal/readers/${reader.lcReaderId}`, { headers: auth })).status).toBe(200);
    expect((await startSale(auth, saleBody(reader.lcReaderId))).status).toBe(202);
  });

  it("captures the bill and a tip that fit inside the hold, up to all of it: succeeded for that amount, one capture at the processor", async () => {
    const { auth } = await chargeableTenant("Gratuity Grill");
    const { reader, held } = await heldAtReader(auth, 6000);
    const captured = await post(`/v1/payments/${held.lcPaymentId}/capture`, auth, { amountCents: 5000 + 1000 });
    expect(captured.status).toBe(200);
    const payment = await captured.json<Hold>();
    expect(payment).toMatchObject({ status: "succeeded", amountCents: 6000, processorAuthorizationId: held.processorAuthorizationId });
    expect(payment.processorTransferId).toMatch(/^TR/);
    const [hold] = await holdsOnDevice(reader.processorDeviceId);
    expect(hold).toMatchObject({ state: "SUCCEEDED", transfer: payment.processorTransferId });
    // A captured hold refunds as any sale does.
    expect((await post(`/v1/payments/${held.lcPaymentId}/refund`, auth, { amountCents: 1000 })).status).toBe(200);
  });

  it("refuses a tip beyond the hold with 422 capture-exceeds-authorization (the processor captures at most the authorized amount)", async () => {
    const { auth } = await chargeableTenant("Generous Gastropub");
    const { reader, held } = await heldAtReader(auth, 6000);
    await expectProblem(
      await post(`/v1/payments/${held.lcPaymentId}/capture`, auth, { amountCents: 6001 }),
      422,
      "capture-exceeds-authorization",
    );
    expect(await paymentOf(auth, held.lcPaymentId)).toMatchObject({ status: "authorized" });
    // The processor itself refuses the same: a capture above the hold never reaches a transfer there either.
    const overCapture = await call(
      `/sandbox/processor/authorizations/${held.processorAuthorizationId}`,
      jsonInit("PUT", { capture_amount: 6001, fee: 0 }, PROCESSOR_AUTH),
    );
    expect(overCapture.status).toBe(422);
    expect((await holdsOnDevice(reader.processorDeviceId))[0]).toMatchObject({ state: "SUCCEEDED", transfer: null });

    const captured = await post(`/v1/payments/${held.lcPaymentId}/capture`, auth, { amountCents: 5400 });
    expect(await captured.json()).toMatchObject({ status: "succeeded", amountCents: 5400 });
  });

  it("voids a hold the buyer walks away from: canceled, nothing captured", async () => {
    const { auth } = await chargeableTenant("Walkout Wine Bar");
    const { reader, held } = await heldAtReader(auth, 3000);
    const voided = await post(`/v1/payments/${held.lcPaymentId}/void`, auth);
    expect(voided.status).toBe(200);
    expect(await voided.json()).toMatchObject({ status: "canceled", processorTransferId: null });
    expect((await holdsOnDevice(reader.processorDeviceId))[0]).toMatchObject({ transfer: null });
  });

  it("ends failed when the card is declined at the reader, and canceled when the buyer cancels there", async () => {
    const { auth } = await chargeableTenant("Declined Deli");
    const reader = await activeReader(auth);
    await buyer(reader.processorDeviceId, "decline");
    const declined = await (await startSale(auth, saleBody(reader.lcReaderId, { capture: false }))).json<Sale>();
    expect(await finalPayment(auth, declined.lcPaymentId)).toMatchObject({ status: "failed", failureCode: expect.any(String) });

    await buyer(reader.processorDeviceId, "cancel");
    const canceled = await (await startSale(auth, saleBody(reader.lcReaderId, { capture: false }))).json<Sale>();
    expect(await finalPayment(auth, canceled.lcPaymentId)).toMatchObject({ status: "canceled", failureCode: "CANCELLATION_VIA_DEVICE" });
    expect(await transfersOnDevice(reader.processorDeviceId)).toEqual([]);
  });

  it("is canceled by POST /v1/terminal/readers/{id}/cancel while it waits for the card", async () => {
    const { auth } = await chargeableTenant("Cancel Cantina");
    const reader = await activeReader(auth);
    const sale = await (await startSale(auth, saleBody(reader.lcReaderId, { capture: false }))).json<Sale>();
    await holdWaitingOnReader(reader.processorDeviceId);
    const canceled = await readerAction(auth, reader.lcReaderId, "cancel");
    expect(canceled.status).toBe(200);
    expect(await canceled.json()).toMatchObject({ lcPaymentId: sale.lcPaymentId, status: "canceled", failureCode: "CANCELLATION_VIA_API" });
    expect((await holdsOnDevice(reader.processorDeviceId)).map((hold) => hold.state)).toEqual(["CANCELED"]);
  });
});

describe("a hold at the reader whose answer is lost", () => {
  it("is found again by idempotency_id after a dropped connection: authorized, one hold at the processor, one event", async () => {
    const { auth } = await chargeableTenant("Lost Answer Lounge");
    const reader = await activeReader(auth);
    await buyer(reader.processorDeviceId, "approve");
    await control("fault", { operation: "POST /authorizations", kind: "drop-after", times: 1 });
    const sale = await (await startSale(auth, saleBody(reader.lcReaderId, { capture: false }))).json<Sale>();
    expect(await finalPayment(auth, sale.lcPaymentId)).toMatchObject({ status: "authorized" });
    expect(await holdsOnDevice(reader.processorDeviceId)).toHaveLength(1);
    expect((await paymentEvents(sale.lcPaymentId)).filter((event) => event.status === "authorized")).toHaveLength(1);
  }, 30_000);

  it("is found by the cron sweep when the reader's object lost track of it, and the reader is never asked again", async () => {
    const { auth, tenantId } = await chargeableTenant("Sweeping Steakhouse");
    const reader = await activeReader(auth);
    const body = saleBody(reader.lcReaderId, { amountCents: 4200, capture: false });
    const { payment } = await recordTerminalSale({
      ctx: await tenantContext(tenantId),
      input: {
        idempotency: { key: "hold-sweep", fingerprint: await requestFingerprint("POST", "/v1/payments/terminal", body) },
        request: body,
      },
    });
    // The reader's call reached the processor and the buyer tapped; then everything that knew about it was lost.
    await runInDurableObject(readerObject(env, reader.lcReaderId), async (_, state) => {
      state.storage.kv.delete("sale");
      await state.storage.deleteAlarm();
    });
    await buyer(reader.processorDeviceId, "approve");
    const sent = await call(
      "/sandbox/processor/authorizations",
      jsonInit(
        "POST",
        {
          device: reader.processorDeviceId,
          operation_key: "CARD_PRESENT_AUTHORIZATION",
          amount: 4200,
          currency: "USD",
          idempotency_id: payment.id,
        },
        PROCESSOR_AUTH,
      ),
    );
    expect(sent.status).toBe(201);

    await sweepTerminalSales({ ctx: await tenantContext(tenantId, { nowMs: Date.now() + 2 * 60_000 }) });
    expect(await paymentOf(auth, payment.id)).toMatchObject({ status: "authorized", amountCents: 4200 });
    await runDurableObjectAlarm(readerObject(env, reader.lcReaderId));
    expect(await holdsOnDevice(reader.processorDeviceId)).toHaveLength(1);
  }, 30_000);
});
