import { describe, expect, it } from "vitest";

import { requestFingerprint } from "../../../src/idempotency/idempotency.service";
import { ApiError } from "../../../src/lib/problem";
import { recordTerminalSale } from "../../../src/terminal/sale.service";
import { expectProblem } from "../support/http";
import { paymentCount } from "../support/payments";
import { cardToken, charge, chargeableTenant, chargeBody } from "../support/sandbox";
import { tenantContext } from "../support/shards";
import { activeReader, buyer, finalPayment, type Sale, saleBody, startSale, transfersOnDevice } from "../support/terminal";

describe("Idempotency-Key on POST /v1/payments/terminal", () => {
  it("50 concurrent requests with one key start one sale: one payment, one transfer", async () => {
    const { auth, tenantId } = await chargeableTenant("Stampede Snacks");
    const reader = await activeReader(auth);
    const body = saleBody(reader.lcReaderId, { amountCents: 4321 });
    const responses = await Promise.all(Array.from({ length: 50 }, () => startSale(auth, body, "stampede")));

    const started = responses.filter((response) => response.status === 202);
    const refused = responses.filter((response) => response.status !== 202);
    expect(started.length).toBeGreaterThanOrEqual(1);
    for (const response of refused) await expectProblem(response, 409, "idempotency-key-in-flight");
    const ids = new Set(await Promise.all(started.map(async (response) => (await response.json<Sale>()).lcPaymentId)));
    expect(ids.size).toBe(1);
    expect(await paymentCount(tenantId)).toBe(1);

    await buyer(reader.processorDeviceId, "approve");
    const [id] = [...ids];
    expect(await finalPayment(auth, id!)).toMatchObject({ status: "succeeded", amountCents: 4321 });
    expect(await transfersOnDevice(reader.processorDeviceId)).toHaveLength(1);
  }, 60_000);

  it("replays the original 202 byte for byte, also after the sale ended, and never starts a second sale", async () => {
    const { auth } = await chargeableTenant("Replay Rolls");
    const reader = await activeReader(auth);
    const body = saleBody(reader.lcReaderId);
    const first = await startSale(auth, body, "replayed");
    const original = await first.text();
    await buyer(reader.processorDeviceId, "approve");
    await finalPayment(auth, (JSON.parse(original) as Sale).lcPaymentId);

    const replay = await startSale(auth, body, "replayed");
    expect(replay.status).toBe(202);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await replay.text()).toBe(original);
    expect(await transfersOnDevice(reader.processorDeviceId)).toHaveLength(1);
  }, 30_000);

  it("refuses a key already used for a card charge", async () => {
    const { auth } = await chargeableTenant("Mixed Keys Market");
    const reader = await activeReader(auth);
    expect((await charge(auth, chargeBody(await cardToken()), "order-77")).status).toBe(201);
    await expectProblem(await startSale(auth, saleBody(reader.lcReaderId), "order-77"), 409, "idempotency-key-reused");
    expect(await transfersOnDevice(reader.processorDeviceId)).toEqual([]);
  });

  it("keeps the rule past the key's retention: the ledger answers the same sale for the same request and refuses another", async () => {
    const { auth, tenantId } = await chargeableTenant("Long Memory Mart");
    const reader = await activeReader(auth);
    const body = saleBody(reader.lcReaderId);
    const sale = await (await startSale(auth, body, "remembered")).json<Sale>();
    await buyer(reader.processorDeviceId, "approve");
    await finalPayment(auth, sale.lcPaymentId);

    // As the idempotency store forgets the key after 24 hours, the service is asked without it.
    const ctx = await tenantContext(tenantId);
    const same = { key: "remembered", fingerprint: await requestFingerprint("POST", "/v1/payments/terminal", body) };
    const again = await recordTerminalSale({ ctx, input: { idempotency: same, request: body } });
    expect(again.payment).toMatchObject({ id: sale.lcPaymentId, status: "succeeded" });

    const other = { ...body, amountCents: 999 };
    const different = { key: "remembered", fingerprint: await requestFingerprint("POST", "/v1/payments/terminal", other) };
    const refused = await recordTerminalSale({ ctx, input: { idempotency: different, request: other } }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).slug).toBe("idempotency-key-reused");
    expect(await transfersOnDevice(reader.processorDeviceId)).toHaveLength(1);
  }, 30_000);
});
