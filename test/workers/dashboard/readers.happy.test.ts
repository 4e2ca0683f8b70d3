import { env } from "cloudflare:workers";
import { and, eq, like, or, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { dashboardAuditLog } from "../../../src/accounts/audit.schema";
import { sandboxControlsAvailable } from "../../../src/sandbox-proxy";
import { type DashboardBrowser, ownerOf } from "../support/dashboard";
import { controlDb } from "../support/db";
import { chargeableTenant, control } from "../support/sandbox";
import { finalPayment, getReader, newSerial, paymentOf, type Reader, readerAction, registerReader } from "../support/terminal";

const saleKeyIn = (html: string) => /name="saleKey" value="([^"]+)"/.exec(html)![1]!;

const audited = (tenantId: string) =>
  controlDb()
    .select({ action: dashboardAuditLog.action, target: dashboardAuditLog.target })
    .from(dashboardAuditLog)
    .where(
      and(
        eq(dashboardAuditLog.tenantId, tenantId),
        or(like(dashboardAuditLog.action, "reader.%"), like(dashboardAuditLog.action, "terminal_sale.%")),
      ),
    )
    .orderBy(sql`rowid`);

/** Registers a reader with the page's form, as the owner does; answers the reader's page path. */
async function registerWithForm(browser: DashboardBrowser, fields: Record<string, string> = {}) {
  await browser.open("/dashboard/readers");
  const response = await browser.post("/dashboard/readers", {
    serialNumber: newSerial(),
    model: "PAX_A920PRO",
    label: "Front counter",
    ...fields,
  });
  expect(response.status).toBe(303);
  const location = response.headers.get("Location")!;
  expect(location).toMatch(/^\/dashboard\/readers\/lcrdr_[A-Za-z0-9]+\?notice=reader-registered$/);
  return location.split("?")[0]!;
}

async function activeReaderWithForm(browser: DashboardBrowser) {
  const page = await registerWithForm(browser);
  await browser.open(page);
  const activated = await browser.post(`${page}/activate`);
  expect(activated.headers.get("Location")).toBe(`${page}?notice=reader-activated`);
  return { page, readerId: page.split("/").at(-1)! };
}

async function startSaleWithForm(browser: DashboardBrowser, page: string, fields: Record<string, string>) {
  const { html } = await browser.open(page);
  return browser.post(`${page}/sales`, { saleKey: saleKeyIn(html), ...fields });
}

describe("the readers page", () => {
  it("registers a reader, activates it and sells on it with the simulated tap: the payment succeeds", async () => {
    const { tenantId, auth } = await chargeableTenant("Counter Roasters");
    const { browser } = await ownerOf(tenantId);
    expect((await browser.open("/dashboard/readers")).html).toContain("No readers yet");

    const serialNumber = newSerial();
    const page = await registerWithForm(browser, { serialNumber: serialNumber.toLowerCase() });
    const readerId = page.split("/").at(-1)!;
    const registered = await getReader(auth, readerId, "?connection=true");
    expect(registered).toMatchObject({ status: "registered", serialNumber, label: "Front counter", model: "PAX_A920PRO" });

    const { html: listed } = await browser.open("/dashboard/readers");
    expect(listed).toContain(`href="${page}"`);
    expect(listed).toContain(serialNumber);
    // The page reads the connection the processor reports now, as `?connection=true` does.
    expect(listed).toContain(
      registered.connection === "Open" ? '<span class="badge good">online</span>' : '<span class="badge bad">offline</span>',
    );

    const { html: registeredPage } = await browser.open(page);
    expect(registeredPage).toContain("Activate the reader to sell on it.");
    expect(registeredPage).not.toContain('name="saleKey"');
    expect((await browser.post(`${page}/activate`)).headers.get("Location")).toBe(`${page}?notice=reader-activated`);
    expect((await getReader(auth, readerId)).status).toBe("active");
    const { html: activePage } = await browser.open(`${page}?notice=reader-activated`);
    expect(activePage).toContain("The reader is active and takes sales.");
    expect(activePage).toContain('<span class="badge good">online</span>');

    const started = await startSaleWithForm(browser, page, { amount: "12.50", orderRef: "order-dash-1" });
    expect(started.status).toBe(303);
    expect(started.headers.get("Location")).toBe(`${page}?notice=sale-started`);
    const { action } = await getReader(auth, readerId);
    expect(action).toMatchObject({ type: "sale", status: "in_progress" });
    const paymentId = action!.lcPaymentId;
    expect(await paymentOf(auth, paymentId)).toMatchObject({ status: "processing", amountCents: 1250, orderRef: "order-dash-1" });

    const { html: selling } = await browser.open(page);
    expect(selling).toContain("Sale in progress");
    expect(selling).toContain('data-refresh="2000"');
    expect(selling).toContain("Simulate tap");
    expect(selling).not.toContain(`${page}/deactivate`);

    const tapped = await browser.post(`${page}/simulate-tap`);
    expect(tapped.headers.get("Location")).toBe(`${page}?notice=tap-simulated`);
    expect(await finalPayment(auth, paymentId)).toMatchObject({
      status: "succeeded",
      method: "card_present",
      amountCents: 1250,
      processorState: "SUCCEEDED",
    });

    const { html: sold } = await browser.open(page);
    expect(sold).not.toContain("data-refresh");
    expect(sold).toContain("Sell on this reader");
    expect(sold).toContain(`/dashboard/payments/${paymentId}`);
    expect(sold).toContain('<span class="badge good">succeeded</span>');
    expect(await audited(tenantId)).toEqual([
      { action: "reader.registered", target: `${readerId} (${serialNumber})` },
      { action: "reader.activated", target: readerId },
      { action: "terminal_sale.started", target: `${paymentId} ($12.50)` },
    ]);
  }, 30_000);

  it("holds a card instead when the sale is authorize only: the tap leaves it authorized, to capture with a tip on its page", async () => {
    const { tenantId, auth } = await chargeableTenant("Tipping Tavern");
    const { browser } = await ownerOf(tenantId);
    const { page, readerId } = await activeReaderWithForm(browser);
    const { html: form } = await browser.open(page);
    expect(form).toContain("Authorize only, capture later (add a tip)");

    const started = await startSaleWithForm(browser, page, { amount: "60.00", orderRef: "table-4", hold: "true" });
    expect(started.headers.get("Location")).toBe(`${page}?notice=sale-started`);
    const paymentId = (await getReader(auth, readerId)).action!.lcPaymentId;
    await browser.open(page);
    expect((await browser.post(`${page}/simulate-tap`)).headers.get("Location")).toBe(`${page}?notice=tap-simulated`);
    expect(await finalPayment(auth, paymentId)).toMatchObject({ status: "authorized", amountCents: 6000, processorTransferId: null });

    const { html: sold } = await browser.open(page);
    expect(sold).toContain("authorized</span>");
    const { html: paymentPage } = await browser.open(`/dashboard/payments/${paymentId}`);
    expect(paymentPage).toContain("Leave empty to capture the whole $60.00");
    expect(await audited(tenantId)).toContainEqual({ action: "terminal_sale.started", target: `${paymentId} ($60.00, authorize only)` });
  }, 30_000);

  it("cancels a sale waiting on the reader, then deactivates the idle reader", async () => {
    const { tenantId, auth } = await chargeableTenant("Cancel Cafe");
    const { browser } = await ownerOf(tenantId);
    const { page, readerId } = await activeReaderWithForm(browser);
    expect((await startSaleWithForm(browser, page, { amount: "7", orderRef: "order-cancel" })).status).toBe(303);
    const paymentId = (await getReader(auth, readerId)).action!.lcPaymentId;

    await browser.open(page);
    const canceled = await browser.post(`${page}/cancel`);
    expect(canceled.headers.get("Location")).toBe(`${page}?notice=sale-canceled`);
    expect(await paymentOf(auth, paymentId)).toMatchObject({ status: "canceled", failureCode: "CANCELLATION_VIA_API", amountCents: 700 });
    const again = await browser.post(`${page}/cancel`);
    expect(again.headers.get("Location")).toBe(`${page}?notice=sale-over`);

    const { html } = await browser.open(page);
    expect(html).toContain('<span class="badge neutral">canceled</span>');
    expect((await browser.post(`${page}/deactivate`)).headers.get("Location")).toBe(`${page}?notice=reader-deactivated`);
    expect((await getReader(auth, readerId, "?connection=true")).status).toBe("deactivated");
    expect((await browser.open(page)).html).toContain("Activate the reader to sell on it.");
    expect((await audited(tenantId)).map((row) => row.action)).toEqual([
      "reader.registered",
      "reader.activated",
      "terminal_sale.started",
      "terminal_sale.canceled",
      "reader.deactivated",
    ]);
  }, 30_000);

  it("lists the readers registered through /v1 too, with each one's live connection", async () => {
    const { tenantId, auth } = await chargeableTenant("Two Counters");
    const online = await (await registerReader(auth, { label: "Online counter" })).json<Reader>();
    expect((await readerAction(auth, online.lcReaderId, "activate")).status).toBe(200);
    const offline = await (await registerReader(auth, { label: "Offline counter" })).json<Reader>();
    expect((await readerAction(auth, offline.lcReaderId, "activate")).status).toBe(200);
    await control("device-connection", { id: offline.processorDeviceId, connection: "CLOSED" });
    const { browser } = await ownerOf(tenantId);
    const { html } = await browser.open("/dashboard/readers");
    const row = (reader: Reader) => html.slice(html.indexOf(`data-reader="${reader.lcReaderId}"`)).split("</tr>")[0]!;
    expect(row(online)).toContain("Online counter");
    expect(row(online)).toContain('<span class="badge good">online</span>');
    expect(row(offline)).toContain("Offline counter");
    expect(row(offline)).toContain('<span class="badge bad">offline</span>');
  }, 30_000);

  it("offers the simulated tap only in the sandbox environment with the built-in sandbox", () => {
    expect(sandboxControlsAvailable(env)).toBe(true);
    expect(sandboxControlsAvailable({ ...env, PROCESSOR_ENV: "live" })).toBe(false);
    expect(sandboxControlsAvailable({ ...env, PROCESSOR_BASE_URL: "https://finix.sandbox-payments-api.com" })).toBe(false);
  });
});
