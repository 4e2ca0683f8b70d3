import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";

import { requestFingerprint } from "../../../src/idempotency/idempotency.service";
import { ABANDON_AFTER_MS, type HeldSale } from "../../../src/terminal/reader-sale.service";
import { readerObject, recordTerminalSale } from "../../../src/terminal/sale.service";
import { sweepTerminalSales } from "../../../src/terminal/sweep";
import { eventually } from "../support/callbacks";
import { call, jsonInit } from "../support/http";
import { signedDelivery, transferEvent } from "../support/processor-webhooks";
import { chargeableTenant, control } from "../support/sandbox";
import { tenantContext } from "../support/shards";
import {
  activeReader,
  buyer,
  finalPayment,
  paymentEvents,
  paymentOf,
  PROCESSOR_AUTH,
  type Sale,
  saleBody,
  startSale,
  transfersOnDevice,
} from "../support/terminal";

// Every processor webhook in this file goes to a request bin instead of the service: the service must find each outcome
// on its own, by transfer id or idempotency_id, as when the processor's webhook is late or lost.
beforeAll(async () => {
  const registered = await call(
    "/sandbox/processor/webhooks",
    jsonInit("POST", { url: "/sandbox/inbox/terminal-faults", authentication: { type: "NONE" } }, PROCESSOR_AUTH),
  );
  expect(registered.status).toBe(201);
  expect((await registered.json<{ enabled: boolean }>()).enabled).toBe(true);
});

/** The sale as the service records it, then the request dies before the reader is told to ask for the card. */
async function crashAfterLedgerRow(tenantId: string, body: ReturnType<typeof saleBody>, key: string) {
  const fingerprint = await requestFingerprint("POST", "/v1/payments/terminal", body);
  const { payment } = await recordTerminalSale({
    ctx: await tenantContext(tenantId),
    input: { idempotency: { key, fingerprint }, request: body },
  });
  return payment.id;
}

async function successEvents(paymentId: string) {
  return (await paymentEvents(paymentId)).filter((event) => event.status === "succeeded");
}

describe("a crash between the ledger row and the processor call", () => {
  it("leaves a processing payment and no transfer; the retry under the same key resumes that sale, once", async () => {
    const { auth, tenantId } = await chargeableTenant("Crash Course Cafe");
    const reader = await activeReader(auth);
    const body = saleBody(reader.lcReaderId);
    const paymentId = await crashAfterLedgerRow(tenantId, body, "crash-retry");
    expect(await paymentOf(auth, paymentId)).toMatchObject({ status: "processing", processorTransferId: null });
    expect(await transfersOnDevice(reader.processorDeviceId)).toEqual([]);

    const retried = await startSale(auth, body, "crash-retry");
    expect(retried.status).toBe(202);
    expect((await retried.json<Sale>()).lcPaymentId).toBe(paymentId);
    await buyer(reader.processorDeviceId, "approve");
    expect(await finalPayment(auth, paymentId)).toMatchObject({ status: "succeeded" });
    expect(await transfersOnDevice(reader.processorDeviceId)).toHaveLength(1);
    expect(await successEvents(paymentId)).toHaveLength(1);
  }, 30_000);

  it("is taken up by the reader's own alarm when nobody retries", async () => {
    const { auth, tenantId } = await chargeableTenant("Alarm Clock Arepas");
    const reader = await activeReader(auth);
    const paymentId = await crashAfterLedgerRow(tenantId, saleBody(reader.lcReaderId), "crash-alarm");
    await buyer(reader.processorDeviceId, "approve");
    expect(await runDurableObjectAlarm(readerObject(env, reader.lcReaderId))).toBe(true);
    expect(await finalPayment(auth, paymentId)).toMatchObject({ status: "succeeded" });
    expect(await transfersOnDevice(reader.processorDeviceId)).toHaveLength(1);
  }, 30_000);

  it("is taken up on the tenant's shard for a sale held before shards, which names no tenant: its reader's does", async () => {
    const { auth, tenantId } = await chargeableTenant("Before Shards Bagels");
    const reader = await activeReader(auth);
    const paymentId = await crashAfterLedgerRow(tenantId, saleBody(reader.lcReaderId), "crash-before-shards");
    await runInDurableObject(readerObject(env, reader.lcReaderId), (_, state) => {
      const { tenantId: _named, ...held } = state.storage.kv.get<HeldSale>("sale")!;
      state.storage.kv.put("sale", held);
    });
    await buyer(reader.processorDeviceId, "approve");
    expect(await runDurableObjectAlarm(readerObject(env, reader.lcReaderId))).toBe(true);
    expect(await finalPayment(auth, paymentId)).toMatchObject({ status: "succeeded" });
    expect(await transfersOnDevice(reader.processorDeviceId)).toHaveLength(1);
  }, 30_000);

  it("can still be canceled: the reader was never asked, so canceled with no transfer", async () => {
    const { auth, tenantId } = await chargeableTenant("Never Asked Noodles");
    const reader = await activeReader(auth);
    const paymentId = await crashAfterLedgerRow(tenantId, saleBody(reader.lcReaderId), "crash-cancel");
    const canceled = await call(`/v1/terminal/readers/${reader.lcReaderId}/cancel`, { method: "POST", headers: auth });
    expect(await canceled.json()).toMatchObject({ lcPaymentId: paymentId, status: "canceled", failureCode: "CANCELLATION_VIA_API" });
    await runDurableObjectAlarm(readerObject(env, reader.lcReaderId));
    expect(await transfersOnDevice(reader.processorDeviceId)).toEqual([]);
    expect((await paymentEvents(paymentId)).map((event) => event.status)).toEqual(["canceled"]);
  });
});

describe("processor faults during the reader's call", () => {
  it("a timeout after the card was charged: found again by idempotency_id, succeeded, one transfer", async () => {
    const { auth } = await chargeableTenant("Timeout Tapas");
    const reader = await activeReader(auth);
    await buyer(reader.processorDeviceId, "approve");
    await control("fault", { operation: "POST /transfers", kind: "timeout-after", times: 1 });
    const sale = await (await startSale(auth, saleBody(reader.lcReaderId))).json<Sale>();
    expect(sale.status).toBe("processing");
    expect(await finalPayment(auth, sale.lcPaymentId)).toMatchObject({ status: "succeeded", processorState: "SUCCEEDED" });
    expect(await transfersOnDevice(reader.processorDeviceId)).toHaveLength(1);
    expect(await successEvents(sale.lcPaymentId)).toHaveLength(1);
  }, 30_000);

  it("a dropped connection after the processor took the sale, with the lookup failing too: resolved once it answers, one transfer", async () => {
    const { auth } = await chargeableTenant("Dropped Line Dumplings");
    const reader = await activeReader(auth);
    await buyer(reader.processorDeviceId, "approve");
    await control("fault", { operation: "POST /transfers", kind: "drop-after", times: 1 });
    await control("fault", { operation: "GET /transfers", kind: "error", times: 2 });
    const sale = await (await startSale(auth, saleBody(reader.lcReaderId))).json<Sale>();
    expect(await finalPayment(auth, sale.lcPaymentId)).toMatchObject({ status: "succeeded" });
    expect(await transfersOnDevice(reader.processorDeviceId)).toHaveLength(1);
    expect(await successEvents(sale.lcPaymentId)).toHaveLength(1);
  }, 30_000);

  it("a 5xx before the processor took the sale: asked again with the same idempotency_id, one transfer", async () => {
    const { auth } = await chargeableTenant("Retry Ramen");
    const reader = await activeReader(auth);
    await control("fault", { operation: "POST /transfers", kind: "error", status: 503, times: 1 });
    const sale = await (await startSale(auth, saleBody(reader.lcReaderId))).json<Sale>();
    await buyer(reader.processorDeviceId, "approve");
    expect(await finalPayment(auth, sale.lcPaymentId)).toMatchObject({ status: "succeeded" });
    expect(await transfersOnDevice(reader.processorDeviceId)).toHaveLength(1);
  }, 30_000);

  it("a sale the processor answers PENDING is read again until final, with no webhook to tell", async () => {
    const { auth } = await chargeableTenant("Patient Pho");
    await control("config", { cardPresentMaxBlockSeconds: 0 });
    const reader = await activeReader(auth);
    const sale = await (await startSale(auth, saleBody(reader.lcReaderId))).json<Sale>();
    await eventually(
      () => paymentOf(auth, sale.lcPaymentId),
      (payment) => payment.processorState === "PENDING",
    );
    await buyer(reader.processorDeviceId, "cancel");
    expect(await finalPayment(auth, sale.lcPaymentId)).toMatchObject({ status: "canceled", failureCode: "CANCELLATION_VIA_DEVICE" });
    await control("config", { cardPresentMaxBlockSeconds: 120 });
  }, 30_000);
});

describe("a second processor transfer for one sale", () => {
  it("is never taken by the payment: it keeps the transfer its reader reported, with one outcome", async () => {
    const { auth } = await chargeableTenant("Double Tap Diner");
    const reader = await activeReader(auth);
    await buyer(reader.processorDeviceId, "approve");
    const sale = await (await startSale(auth, saleBody(reader.lcReaderId))).json<Sale>();
    const settled = await finalPayment(auth, sale.lcPaymentId);
    expect(settled).toMatchObject({ status: "succeeded", processorState: "SUCCEEDED" });
    const [charged] = await transfersOnDevice(reader.processorDeviceId);
    expect(charged!.id).toBe(settled.processorTransferId);

    // As in the CI run: ~0.9 s after the sale ended, the processor reports another sale on the reader, waiting for a
    // card, under the sale's idempotency_id. Only a transfer whose state differs from the ledger's could move it.
    const transfer = await (
      await call(`/sandbox/processor/transfers/${charged!.id}`, { headers: PROCESSOR_AUTH })
    ).json<{
      updated_at: string;
    }>();
    const second = {
      ...transfer,
      id: "TRsecondSaleUnderOneKey01",
      state: "PENDING",
      updated_at: new Date(Date.parse(transfer.updated_at) + 900).toISOString(),
    };
    const delivered = await signedDelivery(transferEvent(second, "created"));
    expect(delivered.status).toBe(200);
    expect(await delivered.json()).toMatchObject({ outcome: "ignored" });

    expect(await paymentOf(auth, sale.lcPaymentId)).toMatchObject({
      status: "succeeded",
      processorState: "SUCCEEDED",
      processorTransferId: charged!.id,
    });
    expect(await successEvents(sale.lcPaymentId)).toHaveLength(1);
    const refunded = await call(`/v1/payments/${sale.lcPaymentId}/refund`, jsonInit("POST", { amountCents: 250 }, auth));
    expect(refunded.status).toBe(200);
    expect(await refunded.json()).toMatchObject({ status: "partially_refunded", processorTransferId: charged!.id });
  }, 30_000);
});

describe("the cron sweep", () => {
  it("finds a sale the processor has by its idempotency_id when nothing else will, and never asks the reader again", async () => {
    const { auth, tenantId } = await chargeableTenant("Sweeper Sandwiches");
    const reader = await activeReader(auth);
    const paymentId = await crashAfterLedgerRow(tenantId, saleBody(reader.lcReaderId, { amountCents: 1250 }), "sweep-found");
    // The reader's call reached the processor and the buyer paid; then everything that knew about it was lost.
    await buyer(reader.processorDeviceId, "approve");
    const sent = await call(
      "/sandbox/processor/transfers",
      jsonInit(
        "POST",
        { device: reader.processorDeviceId, operation_key: "CARD_PRESENT_DEBIT", amount: 1250, currency: "USD", idempotency_id: paymentId },
        PROCESSOR_AUTH,
      ),
    );
    expect(sent.status).toBe(201);

    await sweepTerminalSales({ ctx: await tenantContext(tenantId, { nowMs: Date.now() + 2 * 60_000 }) });
    expect(await paymentOf(auth, paymentId)).toMatchObject({ status: "succeeded", processorState: "SUCCEEDED" });
    await runDurableObjectAlarm(readerObject(env, reader.lcReaderId));
    expect(await transfersOnDevice(reader.processorDeviceId)).toHaveLength(1);
    expect(await successEvents(paymentId)).toHaveLength(1);
  }, 30_000);

  it("has the reader take up a sale it lost track of", async () => {
    const { auth, tenantId } = await chargeableTenant("Lost Track Lounge");
    const reader = await activeReader(auth);
    const paymentId = await crashAfterLedgerRow(tenantId, saleBody(reader.lcReaderId), "sweep-start");
    await runInDurableObject(readerObject(env, reader.lcReaderId), async (_, state) => {
      state.storage.kv.delete("sale");
      await state.storage.deleteAlarm();
    });
    await buyer(reader.processorDeviceId, "approve");
    await sweepTerminalSales({ ctx: await tenantContext(tenantId, { nowMs: Date.now() + 2 * 60_000 }) });
    expect(await finalPayment(auth, paymentId)).toMatchObject({ status: "succeeded" });
    expect(await transfersOnDevice(reader.processorDeviceId)).toHaveLength(1);
  }, 30_000);

  it("fails ABANDONED a sale the processor never saw once its reader has moved on to another sale", async () => {
    const { auth, tenantId } = await chargeableTenant("Moved On Market");
    const reader = await activeReader(auth);
    const orphan = await crashAfterLedgerRow(tenantId, saleBody(reader.lcReaderId), "sweep-orphan");
    await runInDurableObject(readerObject(env, reader.lcReaderId), async (_, state) => {
      state.storage.kv.delete("sale");
      await state.storage.deleteAlarm();
    });
    const next = await (await startSale(auth, saleBody(reader.lcReaderId))).json<Sale>();

    await sweepTerminalSales({ ctx: await tenantContext(tenantId, { nowMs: Date.now() + ABANDON_AFTER_MS + 60_000 }) });
    expect(await paymentOf(auth, orphan)).toMatchObject({ status: "failed", failureCode: "ABANDONED", processorTransferId: null });
    await buyer(reader.processorDeviceId, "approve");
    expect(await finalPayment(auth, next.lcPaymentId)).toMatchObject({ status: "succeeded" });
    expect((await transfersOnDevice(reader.processorDeviceId)).map((transfer) => transfer.idempotency_id)).toEqual([next.lcPaymentId]);
  }, 30_000);
});

describe("a sale the processor never receives", () => {
  it("is failed ABANDONED after ten minutes of trying, and the reader is free again", async () => {
    const { auth, tenantId } = await chargeableTenant("Unreachable Udon");
    const reader = await activeReader(auth);
    const paymentId = await crashAfterLedgerRow(tenantId, saleBody(reader.lcReaderId), "abandoned");
    const object = readerObject(env, reader.lcReaderId);
    // Its first call went out ten minutes ago and was lost before the processor saw it; so was every call since.
    await runInDurableObject(object, (_, state) => {
      const held = state.storage.kv.get<HeldSale>("sale")!;
      state.storage.kv.put("sale", { ...held, calls: 3, firstCallAtMs: Date.now() - ABANDON_AFTER_MS - 1000 });
    });
    await runDurableObjectAlarm(object);
    expect(await paymentOf(auth, paymentId)).toMatchObject({ status: "failed", failureCode: "ABANDONED", processorTransferId: null });
    expect(await transfersOnDevice(reader.processorDeviceId)).toEqual([]);
    expect((await startSale(auth, saleBody(reader.lcReaderId))).status).toBe(202);
  }, 30_000);
});
