import { describe, expect, it } from "vitest";

import { approvedMerchant, buyerInstrument, control, processor } from "./support/sandbox-processor";

const SEVEN_DAYS_MS = 7 * 24 * 60 * 60 * 1000;

async function activeDevice() {
  const { merchantId } = await approvedMerchant();
  const device = await processor("POST", `/merchants/${merchantId}/devices`, {
    name: "Counter",
    model: "PAX_A920PRO",
    configuration: { allow_debit: true },
  });
  await processor("PUT", `/devices/${device.body.id}`, { action: "ACTIVATE" });
  return { merchantId, deviceId: device.body.id as string };
}

/**
 * The processor's document types an authorization's `source` as a string; a hold waiting on the reader (or one that
 * ended without a card read: canceled, reader offline) has no card yet, so the sandbox answers null there.
 */
const NO_CARD_YET = { allowed: [/\/source Instance type "null"/] };

/** The processor's "Card Present Authorization - EMV Card" request: no merchant, no source. */
function holdAtReader(deviceId: string, amount = 150, idempotencyId: string = crypto.randomUUID()) {
  return processor(
    "POST",
    "/authorizations",
    {
      amount,
      currency: "USD",
      device: deviceId,
      operation_key: "CARD_PRESENT_AUTHORIZATION",
      idempotency_id: idempotencyId,
      tags: { order_number: "test123transfer" },
    },
    NO_CARD_YET,
  );
}

async function pendingHoldOn(deviceId: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const listed = await processor("GET", "/authorizations?state=PENDING&limit=100", undefined, NO_CARD_YET);
    const pending = listed.body._embedded.authorizations.find((hold: { device?: string }) => hold.device === deviceId);
    if (pending) return pending.id;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("no pending hold");
}

const firstError = (body: { _embedded: { errors: Record<string, unknown>[] } }) => body._embedded.errors[0]!;

const CANCEL = {
  requestOutsideSpec: "CANCEL is the processor's newer device action; its 2022 document lists none",
  validateAs: ["GET", "/authorizations/{authorization_id}"] as [string, string],
  ...NO_CARD_YET,
};

describe("card-present authorizations (POST /authorizations with a device)", () => {
  it("holds the call open until the buyer taps, then answers the SUCCEEDED hold with the card read at the reader", async () => {
    await control.configure({ delaysSeconds: { cardPresent: 600 }, cardPresentMaxBlockSeconds: 60 });
    const { deviceId, merchantId } = await activeDevice();
    const answer = holdAtReader(deviceId, 150);
    const id = await pendingHoldOn(deviceId);
    expect((await processor("GET", `/authorizations/${id}`, undefined, NO_CARD_YET)).body).toMatchObject({
      state: "PENDING",
      source: null,
      device: deviceId,
    });
    await control.presentAtDevice(deviceId, "approve");
    const { status, body } = await answer;
    expect(status).toBe(201);
    expect(body).toMatchObject({
      id,
      state: "SUCCEEDED",
      amount: 150,
      capture_amount: 0,
      device: deviceId,
      merchant: merchantId,
      transfer: null,
      is_void: false,
      card_present_details: { brand: "VISA", entry_mode: "CHIP_ENTRY", masked_account_number: "************0006" },
      tags: { order_number: "test123transfer" },
    });
    expect(body._links.device.href).toContain(`/devices/${deviceId}`);
    expect(Date.parse(body.expires_at) - Date.parse(body.updated_at)).toBe(SEVEN_DAYS_MS);
    expect((await processor("GET", `/payment_instruments/${body.source}`)).body.instrument_type).toBe("PAYMENT_CARD_PRESENT");
  });

  it("captures up to the authorized amount (a tip inside it), refuses more, and the capture is the reader's sale", async () => {
    const { deviceId, merchantId } = await activeDevice();
    await control.presentAtDevice(deviceId, "approve");
    const hold = (await holdAtReader(deviceId, 1200)).body;
    expect(hold.state).toBe("SUCCEEDED");

    const tooMuch = await processor("PUT", `/authorizations/${hold.id}`, { capture_amount: 1201 });
    expect([tooMuch.status, firstError(tooMuch.body).field]).toEqual([422, "capture_amount"]);

    const captured = await processor("PUT", `/authorizations/${hold.id}`, { capture_amount: 1150 });
    expect(captured.status).toBe(200);
    expect(captured.body).toMatchObject({ capture_amount: 1150, transfer: expect.stringMatching(/^TR/) });
    const sale = (await processor("GET", `/transfers/${captured.body.transfer}`)).body;
    expect(sale).toMatchObject({ state: "SUCCEEDED", amount: 1150, merchant: merchantId, device: deviceId, source: hold.source });
    expect(sale.card_present_details).toMatchObject({ brand: "VISA" });
  });

  it("voids like any other hold", async () => {
    const { deviceId } = await activeDevice();
    await control.presentAtDevice(deviceId, "approve");
    const hold = (await holdAtReader(deviceId)).body;
    const voided = await processor("PUT", `/authorizations/${hold.id}`, { void_me: true });
    expect(voided.body).toMatchObject({ state: "SUCCEEDED", is_void: true, void_state: "SUCCEEDED" });
  });

  it("ends as the sale would: declined, canceled on the device or through the API, reader offline, bounded wait", async () => {
    await control.configure({ delaysSeconds: { cardPresent: 600 }, cardPresentMaxBlockSeconds: 60 });
    const { deviceId } = await activeDevice();

    const declined = holdAtReader(deviceId, 193);
    await control.completeCardPresent(await pendingHoldOn(deviceId), "approve");
    expect((await declined).body).toMatchObject({ state: "FAILED", failure_code: "INSUFFICIENT_FUNDS" });

    const canceledOnDevice = holdAtReader(deviceId);
    await pendingHoldOn(deviceId);
    await control.presentAtDevice(deviceId, "cancel");
    expect((await canceledOnDevice).body).toMatchObject({ state: "CANCELED", failure_code: "CANCELLATION_VIA_DEVICE", source: null });

    const canceledByApi = holdAtReader(deviceId);
    const id = await pendingHoldOn(deviceId);
    const canceled = await processor("PUT", `/devices/${deviceId}`, { action: "CANCEL" }, CANCEL);
    expect(canceled.body).toMatchObject({ id, state: "CANCELED", failure_code: "CANCELLATION_VIA_API" });
    expect((await canceledByApi).body).toMatchObject({ id, state: "CANCELED" });
    // A canceled hold has nothing to capture.
    const refused = await processor("PUT", `/authorizations/${id}`, { capture_amount: 100 }, NO_CARD_YET);
    expect([refused.status, firstError(refused.body).field]).toEqual([422, "capture_amount"]);

    const offline = holdAtReader(deviceId);
    await pendingHoldOn(deviceId);
    await control.setDeviceConnection(deviceId, "CLOSED");
    expect((await offline).body).toMatchObject({ state: "FAILED", failure_code: "DEVICE_OFFLINE", source: null });
    await control.setDeviceConnection(deviceId, "OPEN");

    await control.configure({ delaysSeconds: { cardPresent: 600 }, cardPresentMaxBlockSeconds: 0 });
    const slow = await holdAtReader(deviceId);
    expect(slow.body.state).toBe("PENDING");
    expect((await control.completeCardPresent(slow.body.id, "approve")).state).toBe("SUCCEEDED");
  });

  it("finds a lost answer again by idempotency_id, and replays the same request", async () => {
    const { deviceId } = await activeDevice();
    await control.presentAtDevice(deviceId, "approve");
    const key = crypto.randomUUID();
    const first = await holdAtReader(deviceId, 150, key);
    const found = await processor("GET", `/authorizations?idempotency_id=${key}`);
    expect(found.body._embedded.authorizations.map((hold: { id: string }) => hold.id)).toEqual([first.body.id]);
    const replay = await holdAtReader(deviceId, 150, key);
    expect([replay.status, replay.body.id, replay.body.state]).toEqual([201, first.body.id, "SUCCEEDED"]);
  });

  it("refuses a device without CARD_PRESENT_AUTHORIZATION, that key without a device, and a reader not ready", async () => {
    const { deviceId, merchantId } = await activeDevice();
    const base = { amount: 150, currency: "USD", tags: {} };
    const noKey = await processor("POST", "/authorizations", { ...base, device: deviceId });
    expect([noKey.status, firstError(noKey.body).field]).toEqual([422, "operation_key"]);
    const saleKey = await processor("POST", "/authorizations", { ...base, device: deviceId, operation_key: "CARD_PRESENT_DEBIT" });
    expect([saleKey.status, firstError(saleKey.body).field]).toEqual([422, "operation_key"]);
    const noDevice = await processor("POST", "/authorizations", {
      ...base,
      merchant: merchantId,
      source: await buyerInstrument(),
      operation_key: "CARD_PRESENT_AUTHORIZATION",
    });
    expect([noDevice.status, firstError(noDevice.body).field]).toEqual([422, "device"]);

    await control.setDeviceConnection(deviceId, "CLOSED");
    const offline = await holdAtReader(deviceId);
    expect([offline.status, firstError(offline.body).field]).toEqual([422, "device"]);
    expect((await processor("GET", `/authorizations?merchant_id=${merchantId}`)).body._embedded.authorizations).toEqual([]);
  });
});
