// The dashboard's request log in headless Chromium against `wrangler dev`, at a desktop's and a phone's width: the
// tenant's server charges (one card declined) and looks up a payment that does not exist; the owner finds the declined
// charge by the traceId of its problem, opens it, and narrows the log by status, path and key. No page is wider than
// the screen and none logs a console error. Screenshots go to SCREENSHOTS_DIR (when it is set;
// `SCREENSHOTS_DIR=docs/screenshots` refreshes docs/guides/dashboard.md's).
import { describe, expect, inject, it } from "vitest";

import {
  acceptAndSignIn,
  adminHeaders,
  clickNav,
  DESKTOP,
  devServerAndChromium,
  expectToFit,
  inviteWithAdminCli,
  newContext,
  PHONE,
  screenshot,
  screenshotsDir,
  SERVICE_POLL,
  watchPage,
} from "../support/dashboard-browser.mjs";
import { cardToken, chargeableTenant } from "../support/index.mjs";

const CHROMIUM = inject("chromiumPath");
const SCREENSHOTS = screenshotsDir();
const DECLINED_CARD = "4000000000009995";

const suite = devServerAndChromium(CHROMIUM);

/** A tenant whose sandbox merchant is approved, and a key its server charges with. */
async function loggingTenant(name) {
  const { tenantId, key, keyId } = await chargeableTenant(suite.server.baseUrl, adminHeaders(), name, { key: "Checkout server" });
  return { tenantId, keyId, auth: { "X-Api-Key": key, "Content-Type": "application/json" } };
}

async function charge(auth, number, idempotencyKey) {
  return fetch(`${suite.server.baseUrl}/v1/payments`, {
    method: "POST",
    headers: { ...auth, "Idempotency-Key": idempotencyKey },
    body: JSON.stringify({
      amountCents: 4200,
      currency: "USD",
      orderRef: idempotencyKey,
      processorToken: await cardToken(suite.server.baseUrl, number),
      buyer: { firstName: "Grace", lastName: "Hopper", email: "grace@example.com" },
    }),
  });
}

describe.skipIf(!CHROMIUM)("the request log in a real browser", () => {
  it.each([
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ])("at %s width: finds a declined charge by its traceId, opens it, filters by status, path and key", async (width, viewport) => {
    const { tenantId, keyId, auth } = await loggingTenant(`Logged Bakery (${width})`);
    const email = `owner-${width}@logged.example`;
    expect((await charge(auth, undefined, `paid-${width}`)).status).toBe(201);
    const declined = await charge(auth, DECLINED_CARD, `declined-${width}`);
    expect(declined.status).toBe(402);
    const { traceId } = await declined.json();
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect((await fetch(`${suite.server.baseUrl}/v1/payments/lcpay_notpaidnotpaid0001`, { headers: auth })).status).toBe(404);

    const context = await newContext(suite.browser, viewport);
    const page = await context.newPage();
    const seen = watchPage(page, suite.server.baseUrl);
    const shot = (name) => screenshot(page, SCREENSHOTS, `${name}-${width}`);
    const fitsTheScreen = () => expectToFit(page, viewport);

    const inviteUrl = await inviteWithAdminCli(suite.server.baseUrl, tenantId, email);
    await acceptAndSignIn(page, { baseUrl: suite.server.baseUrl, inviteUrl, email, name: "Grace Hopper" });

    // The log, from the navigation: every request, newest first, each with its key.
    await Promise.all([page.waitForURL(`${suite.server.baseUrl}/dashboard/requests`), clickNav(page, "Request log")]);
    expect(await page.textContent("h1")).toBe("Request log");
    // Each row is kept a moment after its answer (the request-log queue's batch): the page shows all three once they are.
    await expect
      .poll(async () => {
        await page.reload();
        return page.locator("tbody tr").count();
      }, SERVICE_POLL)
      .toBe(3);
    expect(await page.textContent("tbody")).toContain("Checkout server");
    await fitsTheScreen();
    await shot("40-request-log");

    // The declined charge, by the traceId of its problem.
    await page.fill("#traceId", traceId);
    await Promise.all([page.waitForURL(/traceId=/), page.click("button:has-text('Filter')")]);
    expect(await page.locator("tbody tr").count()).toBe(1);
    expect(await page.getAttribute("tbody tr", "data-status")).toBe("402");
    await fitsTheScreen();
    await Promise.all([page.waitForURL(/\/dashboard\/requests\/req_/), page.click("tbody tr a.request-line")]);
    expect(await page.textContent("h1")).toBe("POST /v1/payments");
    const detail = await page.textContent("main");
    for (const shown of [traceId, "402", `declined-${width}`, "Checkout server"]) expect(detail).toContain(shown);
    await fitsTheScreen();
    await shot("41-request-declined");

    // Filters: a status class, a path, a key.
    await page.goto(`${suite.server.baseUrl}/dashboard/requests`);
    await page.fill("#status", "4xx");
    await Promise.all([page.waitForURL(/status=4xx/), page.click("button:has-text('Filter')")]);
    expect(await page.locator("tbody tr").evaluateAll((rows) => rows.map((row) => row.dataset.status))).toEqual(["404", "402"]);
    await page.fill("#status", "");
    await page.fill("#path", "/v1/payments/");
    await page.selectOption("#key", keyId);
    await Promise.all([page.waitForURL(/path=/), page.click("button:has-text('Filter')")]);
    expect(await page.locator("tbody tr").count()).toBe(1);
    expect(await page.textContent("tbody")).toContain("/v1/payments/lcpay_notpaidnotpaid0001");
    await fitsTheScreen();

    expect(seen.errors).toEqual([]);
    await context.close();
  });
});
