import { describe, expect, it } from "vitest";

import { call } from "../support/http";
import { chargeableTenant, control } from "../support/sandbox";
import { devicesOfMerchant, getReader, newSerial, type Reader, readerAction, registerReader } from "../support/terminal";

type ReaderPage = { data: Reader[]; hasMore: boolean; nextCursor: string };

async function readersPage(auth: Record<string, string>, query = ""): Promise<ReaderPage> {
  const response = await call(`/v1/terminal/readers${query}`, { headers: auth });
  expect(response.status).toBe(200);
  return response.json();
}

async function device(id: string) {
  return control<{
    id: string;
    merchant: string;
    enabled: boolean;
    serial_number: string;
    name: string;
    model: string;
    connection: string;
    configuration_details: Record<string, unknown>;
  }>("get", { kind: "device", id });
}

describe("registering a reader (POST /v1/terminal/readers)", () => {
  it("creates the processor device under the tenant's merchant and answers the reader, registered", async () => {
    const { auth, merchantId } = await chargeableTenant("Register Roasters");
    const serial = newSerial().toLowerCase();
    const response = await registerReader(auth, { serialNumber: serial, model: "PAX_A30", label: "Patio" });
    expect(response.status).toBe(201);
    const reader = await response.json<Reader>();
    expect(reader).toMatchObject({
      label: "Patio",
      model: "PAX_A30",
      serialNumber: serial.toUpperCase(),
      status: "registered",
      action: null,
    });
    expect(reader.lcReaderId).toMatch(/^lcrdr_[A-Za-z0-9]+$/);
    expect(reader).not.toHaveProperty("connection");
    expect(await device(reader.processorDeviceId)).toMatchObject({
      merchant: merchantId,
      enabled: false,
      serial_number: serial.toUpperCase(),
      name: "Patio",
      model: "PAX_A30",
      // The configuration the processor requires on creation, as the service sent it.
      configuration_details: { allow_debit: true, bypass_device_on_capture: true },
    });
  });

  it("names the reader after its serial number when no label is given", async () => {
    const { auth } = await chargeableTenant("Unlabelled Udon");
    const serial = newSerial();
    const reader = await (
      await call("/v1/terminal/readers", {
        method: "POST",
        headers: { ...auth, "Content-Type": "application/json" },
        body: JSON.stringify({ serialNumber: serial, model: "PAX_A920PRO" }),
      })
    ).json<Reader>();
    expect(reader.label).toBe(serial);
  });

  it("completes a registration whose answer was lost when the same request is sent again, with one device at the processor", async () => {
    const { auth, merchantId } = await chargeableTenant("Lost Answer Lunch");
    const serial = newSerial();
    await control("fault", { operation: "POST /merchants/{merchant_id}/devices", kind: "drop-after", times: 1 });
    const lost = await registerReader(auth, { serialNumber: serial });
    expect(lost.status).toBe(502);
    expect((await lost.json<{ outcomeUnknown: boolean }>()).outcomeUnknown).toBe(true);
    expect((await readersPage(auth)).data).toEqual([]);

    const retried = await registerReader(auth, { serialNumber: serial });
    expect(retried.status).toBe(201);
    const reader = await retried.json<Reader>();
    const devices = await devicesOfMerchant(merchantId);
    expect(devices.map((found) => [found.id, found.serial_number])).toEqual([[reader.processorDeviceId, serial]]);
    expect((await readersPage(auth)).data.map((listed) => listed.lcReaderId)).toEqual([reader.lcReaderId]);
    // The serial number's one claim is this reader's: registering it again names it.
    const again = await registerReader(auth, { serialNumber: serial });
    expect([again.status, (await again.json<{ lcReaderId?: string }>()).lcReaderId]).toEqual([409, reader.lcReaderId]);
  });
});

describe("activating and deactivating", () => {
  it("activates and deactivates the device at the processor, and reports the live connection on request", async () => {
    const { auth } = await chargeableTenant("Switchboard Sushi");
    const reader = await (await registerReader(auth)).json<Reader>();
    expect((await getReader(auth, reader.lcReaderId, "?connection=true")).connection).toBe("Closed");

    const activated = await readerAction(auth, reader.lcReaderId, "activate");
    expect(activated.status).toBe(200);
    expect(await activated.json()).toMatchObject({ lcReaderId: reader.lcReaderId, status: "active" });
    expect((await device(reader.processorDeviceId)).enabled).toBe(true);
    expect(await getReader(auth, reader.lcReaderId, "?connection=true")).toMatchObject({ status: "active", connection: "Open" });
    expect(await getReader(auth, reader.lcReaderId, "?connection=false")).not.toHaveProperty("connection");

    // The reader drops off the network and comes back: read live each time.
    await control("device-connection", { id: reader.processorDeviceId, connection: "CLOSED" }, auth);
    expect((await getReader(auth, reader.lcReaderId, "?connection=true")).connection).toBe("Closed");
    await control("device-connection", { id: reader.processorDeviceId, connection: "OPEN" }, auth);
    expect((await getReader(auth, reader.lcReaderId, "?connection=true")).connection).toBe("Open");

    const deactivated = await readerAction(auth, reader.lcReaderId, "deactivate");
    expect(deactivated.status).toBe(200);
    expect(await deactivated.json()).toMatchObject({ status: "deactivated" });
    expect((await device(reader.processorDeviceId)).enabled).toBe(false);
    expect((await getReader(auth, reader.lcReaderId, "?connection=true")).connection).toBe("Closed");

    expect((await (await readerAction(auth, reader.lcReaderId, "activate")).json<Reader>()).status).toBe("active");
  });
});

describe("listing readers (GET /v1/terminal/readers)", () => {
  it("pages newest first with a cursor, and filters by status", async () => {
    const { auth } = await chargeableTenant("Many Readers Mall");
    const registered: Reader[] = [];
    for (let i = 0; i < 5; i++) registered.push(await (await registerReader(auth, { label: `Till ${i}` })).json<Reader>());
    await readerAction(auth, registered[1]!.lcReaderId, "activate");
    await readerAction(auth, registered[3]!.lcReaderId, "activate");

    const first = await readersPage(auth, "?limit=2");
    expect(first.hasMore).toBe(true);
    const second = await readersPage(auth, `?limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`);
    const third = await readersPage(auth, `?limit=2&cursor=${encodeURIComponent(second.nextCursor!)}`);
    expect(third).toMatchObject({ hasMore: false, nextCursor: "" });
    expect([...first.data, ...second.data, ...third.data].map((reader) => reader.lcReaderId)).toEqual(
      registered.map((reader) => reader.lcReaderId).reverse(),
    );

    const active = await readersPage(auth, "?status=active");
    expect(active.data.map((reader) => reader.label)).toEqual(["Till 3", "Till 1"]);
    expect((await readersPage(auth)).data).toHaveLength(5);
  });
});
