import { afterEach, describe, expect, it, vi } from "vitest";

import { eventually, independentHmacHex, mockReceiver, RECEIVER, revealSecrets, saveCallbackUrl } from "../support/callbacks";
import { call, expectProblem, jsonInit } from "../support/http";
import { paymentCount } from "../support/payments";
import { chargeableTenant, control } from "../support/sandbox";
import {
  activeReader,
  buyer,
  finalPayment,
  getReader,
  paymentEvents,
  paymentOf,
  readerAction,
  type Sale,
  saleBody,
  startSale,
  transfersOnDevice,
  waitingOnReader,
} from "../support/terminal";

afterEach(() => {
  vi.restoreAllMocks();
});

async function startedSale(auth: Record<string, string>, readerId: string, overrides: Record<string, unknown> = {}) {
  const response = await startSale(auth, saleBody(readerId, overrides));
  expect(response.status).toBe(202);
  return response.json<Sale>();
}

describe("an in-person sale", () => {
  it("answers processing at once, and when the buyer taps it is succeeded with a signed transfer.updated callback", async () => {
    const { auth, tenantId } = await chargeableTenant("Counter Coffee");
    expect((await saveCallbackUrl(tenantId, `${RECEIVER}/hooks`)).status).toBe(200);
    const receiver = mockReceiver(RECEIVER);
    const reader = await activeReader(auth);
    expect((await getReader(auth, reader.lcReaderId, "?connection=true")).connection).toBe("Open");

    const sale = await startedSale(auth, reader.lcReaderId, { amountCents: 1250, orderRef: "order-cp-1" });
    expect(sale).toMatchObject({
      status: "processing",
      method: "card_present",
      amountCents: 1250,
      applicationFeeCents: 43,
      orderRef: "order-cp-1",
      lcReaderId: reader.lcReaderId,
      processorTransferId: null,
    });
    expect((await getReader(auth, reader.lcReaderId)).action).toEqual({
      type: "sale",
      status: "in_progress",
      lcPaymentId: sale.lcPaymentId,
    });

    await waitingOnReader(reader.processorDeviceId);
    await buyer(reader.processorDeviceId, "approve");
    const settled = await finalPayment(auth, sale.lcPaymentId);
    expect(settled).toMatchObject({ status: "succeeded", processorState: "SUCCEEDED", method: "card_present", failureCode: null });
    expect(settled.processorTransferId).toMatch(/^TR/);
    expect(await transfersOnDevice(reader.processorDeviceId)).toHaveLength(1);
    expect((await getReader(auth, reader.lcReaderId)).action).toBeNull();

    const [callback] = await eventually(
      async () => receiver.received.filter((received) => JSON.parse(received.rawBody).status === "succeeded"),
      (callbacks) => callbacks.length > 0,
    );
    expect(JSON.parse(callback!.rawBody)).toMatchObject({
      type: "transfer.updated",
      lcPaymentId: sale.lcPaymentId,
      orderRef: "order-cp-1",
      status: "succeeded",
      processorTransferId: settled.processorTransferId,
      processorState: "SUCCEEDED",
    });
    expect(callback!.headers.get("LC-Event-Type")).toBe("transfer.updated");
    const { secret } = (await revealSecrets(tenantId))[0]!;
    const signature = callback!.headers.get("LC-Signature")!;
    const t = signature.match(/^t=(\d+),/)![1];
    expect(signature).toBe(`t=${t},v1=${await independentHmacHex(secret, `${t}.${callback!.rawBody}`)}`);
    // The reader waiting for the card may be reported (processing / PENDING); the outcome is reported once.
    const events = await paymentEvents(sale.lcPaymentId);
    expect(events.at(-1)).toMatchObject({ status: "succeeded", processorState: "SUCCEEDED" });
    expect(events.filter((event) => event.status !== "processing")).toHaveLength(1);
  }, 30_000);

  it("is failed with the processor's failure code when the card is declined: by the issuer on a test amount, or at the reader", async () => {
    const { auth } = await chargeableTenant("Declined Diner");
    const reader = await activeReader(auth);

    const insufficient = await startedSale(auth, reader.lcReaderId, { amountCents: 193 });
    await buyer(reader.processorDeviceId, "approve");
    expect(await finalPayment(auth, insufficient.lcPaymentId)).toMatchObject({
      status: "failed",
      processorState: "FAILED",
      failureCode: "INSUFFICIENT_FUNDS",
    });

    const declined = await startedSale(auth, reader.lcReaderId);
    await buyer(reader.processorDeviceId, "decline");
    expect(await finalPayment(auth, declined.lcPaymentId)).toMatchObject({ status: "failed", failureCode: "GENERIC_DECLINE" });
    expect(await transfersOnDevice(reader.processorDeviceId)).toHaveLength(2);
    expect((await paymentEvents(declined.lcPaymentId)).at(-1)).toMatchObject({ status: "failed", processorState: "FAILED" });
  }, 30_000);

  it("is canceled when the buyer cancels on the reader", async () => {
    const { auth } = await chargeableTenant("Walkout Cafe");
    const reader = await activeReader(auth);
    const sale = await startedSale(auth, reader.lcReaderId);
    await buyer(reader.processorDeviceId, "cancel");
    expect(await finalPayment(auth, sale.lcPaymentId)).toMatchObject({
      status: "canceled",
      processorState: "CANCELED",
      failureCode: "CANCELLATION_VIA_DEVICE",
    });
    expect((await paymentEvents(sale.lcPaymentId)).at(-1)).toMatchObject({ status: "canceled" });
  }, 30_000);

  it("completes on its own when the buyer takes longer than the processor's call waits: the sale is read again until final", async () => {
    const { auth } = await chargeableTenant("Slow Buyer Bakery");
    await control("config", { cardPresentMaxBlockSeconds: 0 });
    const reader = await activeReader(auth);
    const sale = await startedSale(auth, reader.lcReaderId);
    // The processor answered PENDING at once; the reader's object polls the transfer.
    await eventually(
      () => paymentOf(auth, sale.lcPaymentId),
      (payment) => payment.processorState === "PENDING",
    );
    await buyer(reader.processorDeviceId, "approve");
    expect(await finalPayment(auth, sale.lcPaymentId)).toMatchObject({ status: "succeeded", processorState: "SUCCEEDED" });
    await control("config", { cardPresentMaxBlockSeconds: 120 });
  }, 30_000);
});

describe("cancel (POST /v1/terminal/readers/{id}/cancel)", () => {
  it("cancels the sale waiting for the card: canceled, CANCELLATION_VIA_API, and the reader takes the next sale", async () => {
    const { auth } = await chargeableTenant("Changed Mind Market");
    const reader = await activeReader(auth);
    const sale = await startedSale(auth, reader.lcReaderId);
    await waitingOnReader(reader.processorDeviceId);

    const canceled = await readerAction(auth, reader.lcReaderId, "cancel");
    expect(canceled.status).toBe(200);
    expect(await canceled.json()).toMatchObject({
      lcPaymentId: sale.lcPaymentId,
      lcReaderId: reader.lcReaderId,
      status: "canceled",
      processorState: "CANCELED",
      failureCode: "CANCELLATION_VIA_API",
    });
    expect(await paymentOf(auth, sale.lcPaymentId)).toMatchObject({ status: "canceled" });
    expect((await paymentEvents(sale.lcPaymentId)).at(-1)).toMatchObject({ status: "canceled", processorState: "CANCELED" });

    const next = await startedSale(auth, reader.lcReaderId);
    await buyer(reader.processorDeviceId, "approve");
    expect((await finalPayment(auth, next.lcPaymentId)).status).toBe("succeeded");
  }, 30_000);

  it("reports the real outcome when the buyer's tap beats the cancel: the sale stands, succeeded, one transfer", async () => {
    const { auth } = await chargeableTenant("Quick Tap Tacos");
    const reader = await activeReader(auth);
    const sale = await startedSale(auth, reader.lcReaderId);
    await waitingOnReader(reader.processorDeviceId);
    await control("tap-on-cancel", { device: reader.processorDeviceId }, auth);

    const lost = await readerAction(auth, reader.lcReaderId, "cancel");
    expect(lost.status).toBe(200);
    expect(await lost.json()).toMatchObject({
      lcPaymentId: sale.lcPaymentId,
      status: "succeeded",
      processorState: "SUCCEEDED",
      failureCode: null,
    });
    expect(await finalPayment(auth, sale.lcPaymentId)).toMatchObject({ status: "succeeded" });
    expect(await transfersOnDevice(reader.processorDeviceId)).toHaveLength(1);
    expect((await paymentEvents(sale.lcPaymentId)).filter((event) => event.status === "succeeded")).toHaveLength(1);
    expect((await paymentEvents(sale.lcPaymentId)).some((event) => event.status === "canceled")).toBe(false);
  }, 30_000);
});

describe("one reader, two readers", () => {
  it("takes one sale at a time on a reader: a second is reader-busy, and the same request goes through once the first is over", async () => {
    const { auth, tenantId } = await chargeableTenant("One Lane Grocery");
    const reader = await activeReader(auth);
    const first = await startedSale(auth, reader.lcReaderId);

    const secondBody = saleBody(reader.lcReaderId, { amountCents: 990 });
    const busy = await expectProblem(await startSale(auth, secondBody, "second-sale"), 409, "reader-busy");
    expect(busy.lcPaymentId).toBe(first.lcPaymentId);
    expect(await paymentCount(tenantId)).toBe(1);

    await buyer(reader.processorDeviceId, "approve");
    expect((await finalPayment(auth, first.lcPaymentId)).status).toBe("succeeded");
    const retried = await startSale(auth, secondBody, "second-sale");
    expect(retried.status).toBe(202);
    const second = await retried.json<Sale>();
    await buyer(reader.processorDeviceId, "approve");
    expect(await finalPayment(auth, second.lcPaymentId)).toMatchObject({ status: "succeeded", amountCents: 990 });
    expect(await transfersOnDevice(reader.processorDeviceId)).toHaveLength(2);
    expect(await paymentCount(tenantId)).toBe(2);
  }, 30_000);

  it("runs sales on two readers in parallel, each to its own outcome", async () => {
    const { auth } = await chargeableTenant("Two Till Deli");
    const [left, right] = await Promise.all([activeReader(auth), activeReader(auth)]);
    const [onLeft, onRight] = await Promise.all([
      startedSale(auth, left.lcReaderId, { amountCents: 700 }),
      startedSale(auth, right.lcReaderId, { amountCents: 800 }),
    ]);
    await Promise.all([waitingOnReader(left.processorDeviceId), waitingOnReader(right.processorDeviceId)]);

    await buyer(right.processorDeviceId, "cancel");
    expect(await finalPayment(auth, onRight.lcPaymentId)).toMatchObject({ status: "canceled" });
    expect(await paymentOf(auth, onLeft.lcPaymentId)).toMatchObject({ status: "processing" });
    await buyer(left.processorDeviceId, "approve");
    expect(await finalPayment(auth, onLeft.lcPaymentId)).toMatchObject({ status: "succeeded", amountCents: 700 });
    expect(await transfersOnDevice(left.processorDeviceId)).toHaveLength(1);
    expect(await transfersOnDevice(right.processorDeviceId)).toHaveLength(1);
  }, 30_000);
});

describe("after the sale, through the payment routes", () => {
  it("looks it up, lists it as card_present and refunds it", async () => {
    const { auth } = await chargeableTenant("Refund Roasters");
    const reader = await activeReader(auth);
    const sale = await startedSale(auth, reader.lcReaderId, { amountCents: 2000 });
    await buyer(reader.processorDeviceId, "approve");
    await finalPayment(auth, sale.lcPaymentId);

    const listed = await call("/v1/payments?limit=5", { headers: auth }).then((r) =>
      r.json<{ data: { lcPaymentId: string; method: string }[] }>(),
    );
    expect(listed.data).toEqual([expect.objectContaining({ lcPaymentId: sale.lcPaymentId, method: "card_present" })]);

    const refunded = await call(`/v1/payments/${sale.lcPaymentId}/refund`, jsonInit("POST", { amountCents: 500 }, auth));
    expect(refunded.status).toBe(200);
    expect(await refunded.json()).toMatchObject({ lcPaymentId: sale.lcPaymentId, status: "partially_refunded", amountCents: 2000 });
    expect(await paymentOf(auth, sale.lcPaymentId)).toMatchObject({ method: "card_present", amountRefundedCents: 500 });
  }, 30_000);
});
