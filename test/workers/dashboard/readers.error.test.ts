import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { terminalReaders } from "../../../src/terminal/terminal.schema";
import { ownerOf, signedInOwner } from "../support/dashboard";
import { shardOf } from "../support/db";
import { paymentCount } from "../support/payments";
import { chargeableTenant } from "../support/sandbox";
import { activeReader, getReader, newSerial, paymentOf, type Reader, registerReader } from "../support/terminal";

const saleKeyIn = (html: string) => /name="saleKey" value="([^"]+)"/.exec(html)![1]!;

const readerCount = async (tenantId: string) => (await shardOf(tenantId)).$count(terminalReaders, eq(terminalReaders.tenantId, tenantId));

describe("the readers page refuses", () => {
  it("a registration the API would refuse, each reason beside its field, the form kept", async () => {
    const { tenantId } = await chargeableTenant("Picky Readers");
    const { browser } = await ownerOf(tenantId);
    await browser.open("/dashboard/readers");

    const badSerial = await browser.post("/dashboard/readers", { serialNumber: "no!", model: "PAX_A920PRO", label: "Till" });
    expect(badSerial.status).toBe(400);
    const badSerialPage = await badSerial.text();
    expect(badSerialPage).toContain("4–40 letters, digits or dashes, as printed on the reader");
    expect(badSerialPage).toContain('value="Till"');

    const badModel = await browser.post("/dashboard/readers", { serialNumber: newSerial(), model: "PAX_S300" });
    expect(badModel.status).toBe(400);
    expect(await badModel.text()).toContain('id="model-error"');

    const taken = await (await registerReader((await chargeableTenant("Someone Else")).auth)).json<Reader>();
    const duplicate = await browser.post("/dashboard/readers", { serialNumber: taken.serialNumber, model: "PAX_A920PRO" });
    expect(duplicate.status).toBe(409);
    const duplicatePage = await duplicate.text();
    expect(duplicatePage).toContain(`A reader with serial number ${taken.serialNumber} is already registered.`);
    expect(duplicatePage).not.toContain(taken.lcReaderId);
    expect(await readerCount(tenantId)).toBe(0);
  }, 30_000);

  it("a registration before the merchant can take charges", async () => {
    const { tenantId, browser } = await signedInOwner("Not Ready Yet");
    await browser.open("/dashboard/readers");
    const refused = await browser.post("/dashboard/readers", { serialNumber: newSerial(), model: "PAX_A920PRO" });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Charges are not enabled for this merchant yet");
    expect(await readerCount(tenantId)).toBe(0);
  }, 30_000);

  it("a sale with a bad amount or no order reference, and a second sale while one waits on the reader", async () => {
    const { tenantId, auth } = await chargeableTenant("One At A Time");
    const reader = await activeReader(auth);
    const { browser } = await ownerOf(tenantId);
    const page = `/dashboard/readers/${reader.lcReaderId}`;
    const post = async (fields: Record<string, string>) => {
      const { html } = await browser.open(page);
      return browser.post(`${page}/sales`, { saleKey: saleKeyIn(html), ...fields });
    };

    const notANumber = await post({ amount: "twelve", orderRef: "order-1" });
    expect(notANumber.status).toBe(400);
    expect(await notANumber.text()).toContain("Enter the amount as a number, e.g. 12.50.");
    const tooMuch = await post({ amount: "999999999", orderRef: "order-1" });
    expect(tooMuch.status).toBe(400);
    expect(await tooMuch.text()).toContain('id="amount-error"');
    const noOrder = await post({ amount: "5.00", orderRef: "  " });
    expect(noOrder.status).toBe(400);
    expect(await noOrder.text()).toContain('id="orderRef-error"');
    const noKey = await browser.post(`${page}/sales`, { amount: "5.00", orderRef: "order-1" });
    expect(noKey.status).toBe(400);
    expect(await paymentCount(tenantId)).toBe(0);

    // Two pages opened before either sale: the second form finds the reader busy.
    const { html: first } = await browser.open(page);
    const { html: second } = await browser.open(page);
    expect((await browser.post(`${page}/sales`, { saleKey: saleKeyIn(first), amount: "5.00", orderRef: "order-1" })).status).toBe(303);
    const busy = await browser.post(`${page}/sales`, { saleKey: saleKeyIn(second), amount: "6.00", orderRef: "order-2" });
    expect(busy.status).toBe(409);
    const busyPage = await busy.text();
    expect(busyPage).toContain(`Reader ${reader.lcReaderId} is taking sale`);
    expect(busyPage).toContain("Sale in progress");
    expect(await paymentCount(tenantId)).toBe(1);

    // Deactivating while the sale waits is refused on the page; the sale goes on.
    const paymentId = (await getReader(auth, reader.lcReaderId)).action!.lcPaymentId;
    const deactivate = await browser.post(`${page}/deactivate`);
    expect(deactivate.status).toBe(409);
    expect(await deactivate.text()).toContain("wait for its outcome or cancel it");
    expect((await getReader(auth, reader.lcReaderId)).status).toBe("active");
    expect((await paymentOf(auth, paymentId)).status).toBe("processing");
  }, 30_000);

  it("a sale on a reader that is not active, and a tap with no sale waiting", async () => {
    const { tenantId, auth } = await chargeableTenant("Sleeping Reader");
    const reader = await (await registerReader(auth)).json<Reader>();
    const { browser } = await ownerOf(tenantId);
    const page = `/dashboard/readers/${reader.lcReaderId}`;
    await browser.open(page);
    const refused = await browser.post(`${page}/sales`, { saleKey: "a-form-key-of-the-past-01", amount: "5.00", orderRef: "order-1" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(`Reader ${reader.lcReaderId} is registered; activate it first.`);
    const tap = await browser.post(`${page}/simulate-tap`);
    expect(tap.headers.get("Location")).toBe(`${page}?notice=sale-over`);
    expect(await paymentCount(tenantId)).toBe(0);
  }, 30_000);
});
