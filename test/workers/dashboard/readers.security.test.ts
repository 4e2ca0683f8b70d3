import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { terminalReaders } from "../../../src/terminal/terminal.schema";
import { ORIGIN, ownerOf, signedInOwner } from "../support/dashboard";
import { shardOf } from "../support/db";
import { paymentCount } from "../support/payments";
import { chargeableTenant } from "../support/sandbox";
import { activeReader, getReader, newSerial, paymentOf, type Sale, saleBody, startSale } from "../support/terminal";

const saleKeyIn = (html: string) => /name="saleKey" value="([^"]+)"/.exec(html)![1]!;

const readerCount = async (tenantId: string) => (await shardOf(tenantId)).$count(terminalReaders, eq(terminalReaders.tenantId, tenantId));

describe("the readers page's forms", () => {
  it("refuse a post without the session's form token or from another origin: 403, no reader, no sale, no cancel", async () => {
    const { tenantId, auth } = await chargeableTenant("Guarded Counter");
    const reader = await activeReader(auth);
    const { browser } = await ownerOf(tenantId);
    const page = `/dashboard/readers/${reader.lcReaderId}`;
    const { html } = await browser.open(page);
    const sale = { saleKey: saleKeyIn(html), amount: "5.00", orderRef: "order-forged" };
    const crossSite = { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" };

    for (const forged of [
      await browser.post("/dashboard/readers", { serialNumber: newSerial(), model: "PAX_A920PRO" }, { withToken: false }),
      await browser.post(
        "/dashboard/readers",
        { serialNumber: newSerial(), model: "PAX_A920PRO", _csrf: "not-the-token" },
        { withToken: false },
      ),
      await browser.post("/dashboard/readers", { serialNumber: newSerial(), model: "PAX_A920PRO" }, { headers: crossSite }),
      await browser.post(`${page}/sales`, sale, { withToken: false }),
      await browser.post(`${page}/sales`, sale, { headers: crossSite }),
      await browser.post(`${page}/deactivate`, {}, { withToken: false }),
    ]) {
      expect(forged.status).toBe(403);
    }
    expect(await readerCount(tenantId)).toBe(1);
    expect(await paymentCount(tenantId)).toBe(0);
    expect((await getReader(auth, reader.lcReaderId)).status).toBe("active");

    const started = await startSale(auth, saleBody(reader.lcReaderId));
    const { lcPaymentId } = await started.json<Sale>();
    expect((await browser.post(`${page}/cancel`, {}, { withToken: false })).status).toBe(403);
    expect((await browser.post(`${page}/simulate-tap`, {}, { headers: { Origin: ORIGIN.replace("https", "http") } })).status).toBe(403);
    expect((await paymentOf(auth, lcPaymentId)).status).toBe("processing");
  }, 30_000);

  it("show another tenant's reader as missing, cancel or tap nothing of theirs, and list only the session's readers", async () => {
    const { tenantId, auth } = await chargeableTenant("Their Counter");
    const theirs = await activeReader(auth);
    const started = await startSale(auth, saleBody(theirs.lcReaderId));
    const { lcPaymentId } = await started.json<Sale>();
    const intruder = await signedInOwner("Intruder Inc");
    const page = `/dashboard/readers/${theirs.lcReaderId}`;

    expect((await intruder.browser.get(page)).status).toBe(404);
    await intruder.browser.open("/dashboard/readers");
    for (const action of ["cancel", "simulate-tap", "deactivate"]) {
      const response = await intruder.browser.post(`${page}/${action}`);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain(theirs.lcReaderId);
    }
    const sale = await intruder.browser.post(`${page}/sales`, { saleKey: "intruderintruder0001", amount: "1.00", orderRef: "x" });
    expect(sale.status).toBe(404);
    expect((await paymentOf(auth, lcPaymentId)).status).toBe("processing");
    expect((await getReader(auth, theirs.lcReaderId)).status).toBe("active");
    expect(await paymentCount(tenantId)).toBe(1);
    const { html } = await intruder.browser.open(`/dashboard/readers?tenantId=${tenantId}`);
    expect(html).toContain("No readers yet");
    expect(html).not.toContain(theirs.lcReaderId);
  }, 30_000);
});
