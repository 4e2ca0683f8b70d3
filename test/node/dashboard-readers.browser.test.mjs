// The readers page end to end in headless Chromium against `wrangler dev` with the built-in sandbox, at a desktop's and a
// phone's width: the owner registers a reader, activates it, starts a sale, presses "Simulate tap", and watches the page
// refresh itself to the succeeded sale — the issue's "registers a reader and sells on it from the dashboard in the
// sandbox". Nothing on the page is wider than the screen. Screenshots go to SCREENSHOTS_DIR (when it is
// set; `SCREENSHOTS_DIR=docs/screenshots` refreshes docs/guides/dashboard.md's).
import { describe, expect, inject, it } from "vitest";

import {
  acceptAndSignIn,
  adminHeaders,
  clickNav,
  DESKTOP,
  devServerAndChromium,
  expectToFit,
  inviteWithAdminRoute,
  PHONE,
  screenshot,
  screenshotsDir,
  watchPage,
} from "../support/dashboard-browser.mjs";
import { chargeableTenant } from "../support/index.mjs";

const CHROMIUM = inject("chromiumPath");
const SCREENSHOTS = screenshotsDir();

const suite = devServerAndChromium(CHROMIUM);

describe.skipIf(!CHROMIUM)("the readers page in a real browser", () => {
  it.each([
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ])("at %s width: register a reader, activate it, sell on it with the simulated tap, and hold a card on it", async (width, viewport) => {
    const { tenantId, key } = await chargeableTenant(suite.server.baseUrl, adminHeaders(), `Counter Coffee ${width}`);
    const email = `owner-${width}@countercoffee.example`;
    const inviteUrl = await inviteWithAdminRoute(suite.server.baseUrl, tenantId, email);
    const context = await suite.browser.newContext({ viewport });
    const page = await context.newPage();
    const seen = watchPage(page, suite.server.baseUrl);
    page.on("dialog", (dialog) => dialog.accept());
    const shot = (name) => screenshot(page, SCREENSHOTS, `23-${name}-${width}`);
    const noHorizontalScroll = () => expectToFit(page, viewport);

    await acceptAndSignIn(page, { baseUrl: suite.server.baseUrl, inviteUrl, email, name: "Grace Hopper" });

    await Promise.all([page.waitForURL(`${suite.server.baseUrl}/dashboard/readers`), clickNav(page, "Readers")]);
    expect(await page.textContent("main")).toContain("No readers yet");
    await noHorizontalScroll();
    const serialNumber = `SN${width.toUpperCase()}${Date.now()}`;
    await page.fill("#serialNumber", serialNumber);
    await page.selectOption("#model", "PAX_A920PRO");
    await page.fill("#label", "Front counter");
    await Promise.all([page.waitForURL(/notice=reader-registered$/), page.click("text=Register reader")]);
    const readerId = new URL(page.url()).pathname.split("/").at(-1);
    expect(readerId).toMatch(/^lcrdr_/);

    await Promise.all([page.waitForURL(/notice=reader-activated$/), page.click("button:has-text('Activate')")]);
    expect(await page.textContent("main")).toContain("online");
    await page.fill("#amount", "12.50");
    await page.fill("#orderRef", `order-${width}`);
    await noHorizontalScroll();
    await Promise.all([page.waitForURL(/notice=sale-started$/), page.click("text=Start sale")]);
    expect(await page.textContent("#reader-state")).toContain("Sale in progress");
    expect(await page.textContent("#reader-state")).toContain("$12.50");
    await noHorizontalScroll();
    await shot("reader-sale-in-progress");

    await Promise.all([page.waitForURL(/notice=tap-simulated$/), page.click("text=Simulate tap")]);
    // The page refreshes its sale section by itself until the outcome is known.
    await expect.poll(() => page.textContent("#reader-state"), { timeout: 30_000 }).toContain("Sell on this reader");
    expect(await page.textContent("#reader-state table")).toContain("succeeded");
    expect(await page.textContent("#reader-state table")).toContain(`order-${width}`);
    await noHorizontalScroll();
    await shot("reader-sold");

    // The same sale as /v1 tells it: succeeded, card present, on this reader.
    const paymentId = await page.getAttribute("#reader-state table a[href^='/dashboard/payments/']", "href");
    const payment = await (
      await fetch(`${suite.server.baseUrl}/v1/payments/${String(paymentId).split("/").at(-1)}`, { headers: { "X-Api-Key": key } })
    ).json();
    expect(payment).toMatchObject({ status: "succeeded", method: "card_present", amountCents: 1250, orderRef: `order-${width}` });

    // Authorize only: the tap holds the card, and the hold is captured later with its tip on the payment's page.
    await page.goto(`${suite.server.baseUrl}/dashboard/readers/${readerId}`);
    await page.fill("#amount", "40.00");
    await page.fill("#orderRef", `table-${width}`);
    await page.check("#hold");
    await noHorizontalScroll();
    await Promise.all([page.waitForURL(/notice=sale-started$/), page.click("text=Start sale")]);
    await Promise.all([page.waitForURL(/notice=tap-simulated$/), page.click("text=Simulate tap")]);
    await expect.poll(() => page.textContent("#reader-state"), { timeout: 30_000 }).toContain("Sell on this reader");
    expect(await page.textContent("#reader-state table")).toContain("authorized");
    await noHorizontalScroll();
    await shot("reader-held");

    await page.goto(`${suite.server.baseUrl}/dashboard/readers`);
    expect(await page.textContent("table")).toContain(serialNumber);
    await noHorizontalScroll();
    await shot("readers");
    expect(seen.errors).toEqual([]);
    await context.close();
  });
});
