import { describe, expect, it } from "vitest";

import { call, expectProblem, tenantWithKey } from "../support/http";
import { chargeableTenant, control } from "../support/sandbox";
import {
  activeReader,
  buyer,
  devicesOfMerchant,
  finalPayment,
  newSerial,
  type Reader,
  readerAction,
  registerReader,
  type Sale,
  saleBody,
  startSale,
} from "../support/terminal";

describe("registering a reader refuses", () => {
  it("bad fields, listing each one", async () => {
    const { auth } = await chargeableTenant("Picky Pantry");
    const problem = await expectProblem(
      await registerReader(auth, { serialNumber: "x!", model: "VERIFONE_MX915", label: "", color: "red" }),
      400,
      "validation-failed",
    );
    expect(problem.errors!.map((error) => error.field).sort()).toEqual(["color", "label", "model", "serialNumber"]);
  });

  it("a tenant that cannot take charges (403 merchant-not-ready)", async () => {
    const { auth } = await tenantWithKey("Not Onboarded Noodles");
    await expectProblem(await registerReader(auth), 403, "merchant-not-ready");
  });

  it("a serial number registered already, naming the tenant's own reader (409 reader-already-registered)", async () => {
    const { auth } = await chargeableTenant("Twice Told Tavern");
    const serial = newSerial();
    const first = await (await registerReader(auth, { serialNumber: serial })).json<Reader>();
    const again = await expectProblem(await registerReader(auth, { serialNumber: serial.toLowerCase() }), 409, "reader-already-registered");
    expect(again.lcReaderId).toBe(first.lcReaderId);
  });

  it("answers 502 when the processor fails; the same request registers the reader once it is back", async () => {
    const { auth } = await chargeableTenant("Outage Oysters");
    const serial = newSerial();
    await control("fault", { operation: "POST /merchants/{merchant_id}/devices", kind: "error", status: 503, times: 1 });
    await expectProblem(await registerReader(auth, { serialNumber: serial }), 502, "processor-error");
    expect((await registerReader(auth, { serialNumber: serial })).status).toBe(201);
  });

  it("completes a registration whose answer was lost even when looking up the device fails: a refused lookup finds nothing", async () => {
    const { auth, merchantId } = await chargeableTenant("Refused Lookup Larder");
    const serial = newSerial();
    await control("fault", { operation: "POST /merchants/{merchant_id}/devices", kind: "drop-after", times: 1 });
    expect((await registerReader(auth, { serialNumber: serial })).status).toBe(502);
    await control("fault", { operation: "GET /devices", kind: "error", status: 404, code: "NOT_FOUND", times: 1 });

    const retried = await registerReader(auth, { serialNumber: serial });
    expect(retried.status).toBe(201);
    const reader = await retried.json<Reader>();
    expect(reader).toMatchObject({ serialNumber: serial, status: "registered" });
    // The lost attempt's device stays unused at the processor; the reader is the retry's, and the serial has no other claim.
    expect((await devicesOfMerchant(merchantId)).map((device) => device.id)).toContain(reader.processorDeviceId);
    const listed = await (await call("/v1/terminal/readers", { headers: auth })).json<{ data: Reader[] }>();
    expect(listed.data.map((listedReader) => listedReader.lcReaderId)).toEqual([reader.lcReaderId]);
    expect((await readerAction(auth, reader.lcReaderId, "activate")).status).toBe(200);
  });

  it("keeps the claim when the lookup after a lost answer cannot reach the processor, and finds the first device later", async () => {
    const { auth, merchantId } = await chargeableTenant("Flaky Lookup Falafel");
    const serial = newSerial();
    await control("fault", { operation: "POST /merchants/{merchant_id}/devices", kind: "drop-after", times: 1 });
    expect((await registerReader(auth, { serialNumber: serial })).status).toBe(502);
    await control("fault", { operation: "GET /devices", kind: "error", status: 503, times: 1 });
    await expectProblem(await registerReader(auth, { serialNumber: serial }), 502, "processor-error");

    const retried = await registerReader(auth, { serialNumber: serial });
    expect(retried.status).toBe(201);
    const reader = await retried.json<Reader>();
    expect((await devicesOfMerchant(merchantId)).map((device) => [device.id, device.serial_number])).toEqual([
      [reader.processorDeviceId, serial],
    ]);
  });
});

describe("reader routes refuse", () => {
  it("a malformed id (400) and an unknown one (404)", async () => {
    const { auth } = await chargeableTenant("Id Checkers");
    await expectProblem(await call("/v1/terminal/readers/DV123", { headers: auth }), 400, "validation-failed");
    await expectProblem(await call("/v1/terminal/readers/lcrdr_doesNotExist000001", { headers: auth }), 404, "not-found");
    await expectProblem(await readerAction(auth, "lcrdr_doesNotExist000001", "activate"), 404, "not-found");
  });

  it("a list cursor that was not issued for this list (400 invalid-cursor), and a bad limit", async () => {
    const { auth } = await chargeableTenant("Cursor Corner");
    await registerReader(auth);
    await registerReader(auth);
    const page = await (await call("/v1/terminal/readers?limit=1", { headers: auth })).json<{ nextCursor: string }>();
    const tampered = `${page.nextCursor.slice(0, -2)}xx`;
    await expectProblem(await call(`/v1/terminal/readers?cursor=${tampered}`, { headers: auth }), 400, "invalid-cursor");
    await expectProblem(
      await call(`/v1/terminal/readers?status=active&cursor=${encodeURIComponent(page.nextCursor)}`, { headers: auth }),
      400,
      "invalid-cursor",
    );
    await expectProblem(await call("/v1/terminal/readers?limit=201", { headers: auth }), 400, "validation-failed");
  });

  it("deactivating a reader that is taking a sale (409 reader-busy)", async () => {
    const { auth } = await chargeableTenant("Busy Bistro");
    const reader = await activeReader(auth);
    const sale = await (await startSale(auth, saleBody(reader.lcReaderId))).json<Sale>();
    const busy = await expectProblem(await readerAction(auth, reader.lcReaderId, "deactivate"), 409, "reader-busy");
    expect(busy.lcPaymentId).toBe(sale.lcPaymentId);
    await buyer(reader.processorDeviceId, "approve");
    await finalPayment(auth, sale.lcPaymentId);
    expect((await readerAction(auth, reader.lcReaderId, "deactivate")).status).toBe(200);
  }, 30_000);

  it("a cancel when no sale is in progress (409 no-sale-in-progress)", async () => {
    const { auth } = await chargeableTenant("Idle Inn");
    const reader = await activeReader(auth);
    await expectProblem(await readerAction(auth, reader.lcReaderId, "cancel"), 409, "no-sale-in-progress");
  });

  it("the live connection when the processor fails (502), without changing the reader", async () => {
    const { auth } = await chargeableTenant("Dark Dial Diner");
    const reader = await activeReader(auth);
    await control("fault", { operation: "GET /devices/{device_id}", kind: "error", times: 1 });
    await expectProblem(await call(`/v1/terminal/readers/${reader.lcReaderId}?connection=true`, { headers: auth }), 502, "processor-error");
    expect((await (await call(`/v1/terminal/readers/${reader.lcReaderId}`, { headers: auth })).json<Reader>()).status).toBe("active");
  });
});
