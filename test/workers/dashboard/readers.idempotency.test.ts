import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { dashboardAuditLog } from "../../../src/accounts/audit.schema";
import { readerSerialNumbers } from "../../../src/terminal/serial-numbers.schema";
import { ownerOf } from "../support/dashboard";
import { controlDb } from "../support/db";
import { paymentCount } from "../support/payments";
import { chargeableTenant } from "../support/sandbox";
import { activeReader, buyer, finalPayment, getReader, newSerial, transfersOnDevice } from "../support/terminal";

const saleKeyIn = (html: string) => /name="saleKey" value="([^"]+)"/.exec(html)![1]!;

const auditedSales = async (tenantId: string) =>
  (
    await controlDb()
      .select({ target: dashboardAuditLog.target })
      .from(dashboardAuditLog)
      .where(and(eq(dashboardAuditLog.tenantId, tenantId), eq(dashboardAuditLog.action, "terminal_sale.started")))
  ).map((row) => row.target);

describe("the dashboard's sale form under the API's Idempotency-Key rule", () => {
  it("submitted twice at once, then again, starts one sale on the reader; changed, it is refused", async () => {
    const { tenantId, auth } = await chargeableTenant("Double Tap Deli");
    const reader = await activeReader(auth);
    const { browser } = await ownerOf(tenantId);
    const page = `/dashboard/readers/${reader.lcReaderId}`;
    const { html } = await browser.open(page);
    const form = { saleKey: saleKeyIn(html), amount: "9.99", orderRef: "order-twice" };

    const submits = await Promise.all([browser.post(`${page}/sales`, form), browser.post(`${page}/sales`, form)]);
    const landings = submits.map((submit) => `${submit.status} ${submit.headers.get("Location")}`);
    expect(landings).toContain(`303 ${page}?notice=sale-started`);
    for (const landing of landings) {
      expect([`303 ${page}?notice=sale-started`, `303 ${page}?notice=sale-already-sent`]).toContain(landing);
    }
    const later = await browser.post(`${page}/sales`, form);
    expect(`${later.status} ${later.headers.get("Location")}`).toBe(`303 ${page}?notice=sale-already-sent`);
    const changed = await browser.post(`${page}/sales`, { ...form, amount: "19.99" });
    expect(changed.status).toBe(409);
    expect(await changed.text()).toContain("This form was already sent with other details");

    expect(await paymentCount(tenantId)).toBe(1);
    const paymentId = (await getReader(auth, reader.lcReaderId)).action!.lcPaymentId;
    await buyer(reader.processorDeviceId, "approve");
    expect(await finalPayment(auth, paymentId)).toMatchObject({ status: "succeeded", amountCents: 999 });
    expect(await transfersOnDevice(reader.processorDeviceId)).toHaveLength(1);
    expect(await auditedSales(tenantId)).toEqual([`${paymentId} ($9.99)`]);

    // The page after the sale carries a new key: the next sale is a new sale.
    const { html: next } = await browser.open(page);
    expect(saleKeyIn(next)).not.toBe(form.saleKey);
    const second = await browser.post(`${page}/sales`, { saleKey: saleKeyIn(next), amount: "9.99", orderRef: "order-twice" });
    expect(second.headers.get("Location")).toBe(`${page}?notice=sale-started`);
    expect(await paymentCount(tenantId)).toBe(2);
  }, 30_000);

  it("a registration sent twice makes one reader, and the second lands on it", async () => {
    const { tenantId } = await chargeableTenant("Twice Registered");
    const { browser } = await ownerOf(tenantId);
    await browser.open("/dashboard/readers");
    const form = { serialNumber: newSerial(), model: "PAX_A35", label: "Back bar" };
    const first = await browser.post("/dashboard/readers", form);
    const readerPage = first.headers.get("Location")!.split("?")[0]!;
    const second = await browser.post("/dashboard/readers", form);
    expect(second.status).toBe(303);
    expect(second.headers.get("Location")).toBe(`${readerPage}?notice=reader-known`);
    const readers = await controlDb()
      .select({ readerId: readerSerialNumbers.readerId })
      .from(readerSerialNumbers)
      .where(eq(readerSerialNumbers.serialNumber, form.serialNumber));
    expect(readers).toHaveLength(1);
  }, 30_000);
});
