import { describe, expect, it } from "vitest";

import { call, expectProblem, jsonInit } from "../support/http";
import { paymentCount } from "../support/payments";
import { chargeableTenant } from "../support/sandbox";
import {
  activeReader,
  buyer,
  finalPayment,
  getReader,
  newSerial,
  paymentOf,
  type Reader,
  readerAction,
  registerReader,
  type Sale,
  saleBody,
  startSale,
  transfersOnDevice,
  waitingOnReader,
} from "../support/terminal";

describe("one tenant's readers are invisible to another", () => {
  it("another tenant's reader in a sale is an unknown reader: nothing recorded, nothing sent to that reader", async () => {
    const owner = await chargeableTenant("Owner Orchard");
    const intruder = await chargeableTenant("Intruder Inc");
    const reader = await activeReader(owner.auth);
    const problem = await expectProblem(await startSale(intruder.auth, saleBody(reader.lcReaderId)), 400, "validation-failed");
    expect(problem.errors).toEqual([{ field: "readerId", message: "unknown reader" }]);
    expect(problem.detail).not.toContain(owner.tenantId);
    expect(await paymentCount(intruder.tenantId)).toBe(0);
    expect(await transfersOnDevice(reader.processorDeviceId)).toEqual([]);
  });

  it("another tenant can neither deactivate the reader nor cancel its sale, and reads 404 as for a missing reader", async () => {
    const owner = await chargeableTenant("Guarded Grill");
    const intruder = await chargeableTenant("Prying Pizza");
    const reader = await activeReader(owner.auth);
    const sale = await (await startSale(owner.auth, saleBody(reader.lcReaderId))).json<Sale>();
    await waitingOnReader(reader.processorDeviceId);

    for (const action of ["deactivate", "cancel", "activate"] as const) {
      await expectProblem(await readerAction(intruder.auth, reader.lcReaderId, action), 404, "not-found");
    }
    await expectProblem(
      await call(`/v1/terminal/readers/${reader.lcReaderId}?connection=true`, { headers: intruder.auth }),
      404,
      "not-found",
    );
    expect(await getReader(owner.auth, reader.lcReaderId)).toMatchObject({ status: "active", action: { lcPaymentId: sale.lcPaymentId } });
    expect((await paymentOf(owner.auth, sale.lcPaymentId)).status).toBe("processing");
    await expectProblem(await call(`/v1/payments/${sale.lcPaymentId}`, { headers: intruder.auth }), 404, "not-found");

    await buyer(reader.processorDeviceId, "approve", owner.auth);
    expect((await finalPayment(owner.auth, sale.lcPaymentId)).status).toBe("succeeded");
  }, 30_000);

  it("lists only the tenant's own readers, and refuses another tenant's cursor", async () => {
    const owner = await chargeableTenant("Listing Lodge");
    const other = await chargeableTenant("Other Lodge");
    const mine = [await (await registerReader(owner.auth)).json<Reader>(), await (await registerReader(owner.auth)).json<Reader>()];
    await registerReader(other.auth);
    const page = await (await call("/v1/terminal/readers?limit=1", { headers: owner.auth })).json<{ data: Reader[]; nextCursor: string }>();
    expect(mine.map((reader) => reader.lcReaderId)).toContain(page.data[0]!.lcReaderId);
    const all = await (await call("/v1/terminal/readers", { headers: owner.auth })).json<{ data: Reader[] }>();
    expect(all.data.map((reader) => reader.lcReaderId).sort()).toEqual(mine.map((reader) => reader.lcReaderId).sort());
    await expectProblem(
      await call(`/v1/terminal/readers?limit=1&cursor=${encodeURIComponent(page.nextCursor)}`, { headers: other.auth }),
      400,
      "invalid-cursor",
    );
  });

  it("refuses a serial number another tenant registered without naming that tenant's reader", async () => {
    const owner = await chargeableTenant("First Claim Cafe");
    const other = await chargeableTenant("Second Claim Cafe");
    const serial = newSerial();
    const reader = await (await registerReader(owner.auth, { serialNumber: serial })).json<Reader>();
    const refused = await expectProblem(await registerReader(other.auth, { serialNumber: serial }), 409, "reader-already-registered");
    expect(refused).not.toHaveProperty("lcReaderId");
    expect(JSON.stringify(refused)).not.toContain(reader.lcReaderId);
    expect(JSON.stringify(refused)).not.toContain(reader.processorDeviceId);
  });

  it("scopes Idempotency-Key by tenant: the same key in two tenants starts two sales", async () => {
    const first = await chargeableTenant("Key Keepers One");
    const second = await chargeableTenant("Key Keepers Two");
    const [firstReader, secondReader] = await Promise.all([activeReader(first.auth), activeReader(second.auth)]);
    const a = await (await startSale(first.auth, saleBody(firstReader.lcReaderId, { orderRef: "shared" }), "shared-key")).json<Sale>();
    const b = await (await startSale(second.auth, saleBody(secondReader.lcReaderId, { orderRef: "shared" }), "shared-key")).json<Sale>();
    expect(a.lcPaymentId).not.toBe(b.lcPaymentId);
    await Promise.all([buyer(firstReader.processorDeviceId, "approve"), buyer(secondReader.processorDeviceId, "approve")]);
    expect((await finalPayment(first.auth, a.lcPaymentId)).status).toBe("succeeded");
    expect((await finalPayment(second.auth, b.lcPaymentId)).status).toBe("succeeded");
  }, 30_000);
});

describe("the sandbox's reader controls with a tenant's key", () => {
  it("drive the tenant's own readers only", async () => {
    const owner = await chargeableTenant("Control Owner");
    const intruder = await chargeableTenant("Control Intruder");
    const reader = await activeReader(owner.auth);
    for (const [action, body] of [
      ["card-present", { device: reader.processorDeviceId, outcome: "approve" }],
      ["device-connection", { id: reader.processorDeviceId, connection: "CLOSED" }],
      ["tap-on-cancel", { device: reader.processorDeviceId }],
    ] as const) {
      const refused = await call(`/sandbox/control/${action}`, jsonInit("POST", body, intruder.auth));
      expect(refused.status, action).toBe(404);
    }
    expect((await getReader(owner.auth, reader.lcReaderId, "?connection=true")).connection).toBe("Open");
    const own = await call("/sandbox/control/tap-on-cancel", jsonInit("POST", { device: reader.processorDeviceId }, owner.auth));
    expect(own.status).toBe(200);
  });
});
