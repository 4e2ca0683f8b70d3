import { describe, expect, it } from "vitest";

import { call, expectProblem, jsonInit } from "../support/http";
import { paymentCount } from "../support/payments";
import { chargeableTenant, control } from "../support/sandbox";
import {
  activeReader,
  buyer,
  finalPayment,
  paymentEvents,
  type Reader,
  readerAction,
  registerReader,
  type Sale,
  saleBody,
  startSale,
  transfersOnDevice,
  waitingOnReader,
} from "../support/terminal";

describe("POST /v1/payments/terminal refuses", () => {
  it("a request without Idempotency-Key, with bad fields or in another currency, recording nothing", async () => {
    const { auth, tenantId } = await chargeableTenant("Strict Stall");
    const reader = await activeReader(auth);

    const unkeyed = await call("/v1/payments/terminal", jsonInit("POST", saleBody(reader.lcReaderId), auth));
    await expectProblem(unkeyed, 400, "idempotency-key-required");

    const invalid = await expectProblem(
      await startSale(auth, { readerId: "rdr_1", amountCents: 0, currency: "usd", orderRef: "", tip: 5 }),
      400,
      "validation-failed",
    );
    expect(invalid.errors!.map((error) => error.field).sort()).toEqual(["amountCents", "currency", "orderRef", "readerId", "tip"]);
    await expectProblem(await startSale(auth, saleBody(reader.lcReaderId, { amountCents: 100_000_001 })), 400, "validation-failed");
    const otherCurrency = await expectProblem(
      await startSale(auth, saleBody(reader.lcReaderId, { currency: "EUR" })),
      400,
      "validation-failed",
    );
    expect(otherCurrency.errors).toEqual([{ field: "currency", message: "must be USD" }]);

    expect(await paymentCount(tenantId)).toBe(0);
    expect(await transfersOnDevice(reader.processorDeviceId)).toEqual([]);
  });

  it("a reader it does not know, as a field error", async () => {
    const { auth, tenantId } = await chargeableTenant("Typo Teahouse");
    const problem = await expectProblem(await startSale(auth, saleBody("lcrdr_doesNotExist000001")), 400, "validation-failed");
    expect(problem.errors).toEqual([{ field: "readerId", message: "unknown reader" }]);
    expect(await paymentCount(tenantId)).toBe(0);
  });

  it("a reader that is not active, without using up the key: the same request goes through once it is activated", async () => {
    const { auth, tenantId } = await chargeableTenant("Sleepy Reader Shop");
    const registered = await (await registerReader(auth)).json<Reader>();
    const body = saleBody(registered.lcReaderId);
    const notYet = await expectProblem(await startSale(auth, body, "inactive-key"), 409, "reader-not-active");
    expect(notYet.detail).toContain("registered");

    expect((await readerAction(auth, registered.lcReaderId, "activate")).status).toBe(200);
    expect((await readerAction(auth, registered.lcReaderId, "deactivate")).status).toBe(200);
    await expectProblem(await startSale(auth, body, "inactive-key"), 409, "reader-not-active");
    expect(await paymentCount(tenantId)).toBe(0);

    expect((await readerAction(auth, registered.lcReaderId, "activate")).status).toBe(200);
    const started = await startSale(auth, body, "inactive-key");
    expect(started.status).toBe(202);
    await buyer(registered.processorDeviceId, "approve");
    expect((await finalPayment(auth, (await started.json<Sale>()).lcPaymentId)).status).toBe("succeeded");
  }, 30_000);

  it("a tenant whose merchant can no longer charge (403 merchant-not-ready), before anything is recorded", async () => {
    const { auth, tenantId, merchantId } = await chargeableTenant("Suspended Sweets");
    const reader = await activeReader(auth);
    await control("merchant-state", { id: merchantId, state: "REJECTED" });
    await expectProblem(await startSale(auth, saleBody(reader.lcReaderId)), 403, "merchant-not-ready");
    expect(await paymentCount(tenantId)).toBe(0);
    expect(await transfersOnDevice(reader.processorDeviceId)).toEqual([]);
  });

  it("the same key with another body (409 idempotency-key-reused)", async () => {
    const { auth } = await chargeableTenant("Double Key Deli");
    const reader = await activeReader(auth);
    expect((await startSale(auth, saleBody(reader.lcReaderId, { amountCents: 500 }), "reused-key")).status).toBe(202);
    await expectProblem(
      await startSale(auth, saleBody(reader.lcReaderId, { amountCents: 600 }), "reused-key"),
      409,
      "idempotency-key-reused",
    );
    await buyer(reader.processorDeviceId, "approve");
  });
});

describe("a reader that is offline", () => {
  it("when the sale starts: answered processing, then failed with the processor's refusal, and no transfer", async () => {
    const { auth } = await chargeableTenant("Offline Outpost");
    const reader = await activeReader(auth);
    await control("device-connection", { id: reader.processorDeviceId, connection: "CLOSED" }, auth);

    const response = await startSale(auth, saleBody(reader.lcReaderId));
    expect(response.status).toBe(202);
    const sale = await response.json<Sale>();
    expect(sale.status).toBe("processing");
    const failed = await finalPayment(auth, sale.lcPaymentId);
    expect(failed).toMatchObject({ status: "failed", failureCode: "INVALID_FIELD", processorTransferId: null });
    expect(await transfersOnDevice(reader.processorDeviceId)).toEqual([]);
    expect((await paymentEvents(sale.lcPaymentId)).map((event) => event.status)).toEqual(["failed"]);
  }, 30_000);

  it("mid-sale: failed DEVICE_OFFLINE, one failed transfer, and the reader sells again once it is back", async () => {
    const { auth } = await chargeableTenant("Flaky Wifi Cafe");
    const reader = await activeReader(auth);
    const sale = await (await startSale(auth, saleBody(reader.lcReaderId))).json<Sale>();
    await waitingOnReader(reader.processorDeviceId);
    await control("device-connection", { id: reader.processorDeviceId, connection: "CLOSED" }, auth);
    expect(await finalPayment(auth, sale.lcPaymentId)).toMatchObject({
      status: "failed",
      processorState: "FAILED",
      failureCode: "DEVICE_OFFLINE",
    });
    expect((await transfersOnDevice(reader.processorDeviceId)).map((transfer) => transfer.state)).toEqual(["FAILED"]);

    await control("device-connection", { id: reader.processorDeviceId, connection: "OPEN" }, auth);
    const next = await (await startSale(auth, saleBody(reader.lcReaderId))).json<Sale>();
    await buyer(reader.processorDeviceId, "approve");
    expect((await finalPayment(auth, next.lcPaymentId)).status).toBe("succeeded");
  }, 30_000);
});
