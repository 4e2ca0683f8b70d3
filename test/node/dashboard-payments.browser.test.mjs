// The payments pages in headless Chromium against `wrangler dev`, at a desktop's and a phone's width: the owner finds a
// payment by its order reference, reads its page, refunds part of it through the confirmation (which states the
// amount), the buyer disputes it, and the page then tells the whole story — the refund with the fee returned, the dispute
// linked, the timeline with the dispute's callback delivered to a local receiver; then a search by the buyer's e-mail;
// then a hold (`capture: false`) shows until when it holds and is captured in part after its confirmation, and another
// is voided after its own.
// No page scrolls sideways and none logs a console error. Screenshots go to SCREENSHOTS_DIR (when it is
// set; `SCREENSHOTS_DIR=docs/screenshots` refreshes docs/guides/dashboard.md's `21-payments-*`).
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import {
  acceptAndSignIn,
  adminHeaders,
  DESKTOP,
  devServerAndChromium,
  expectToFit,
  inviteWithAdminRoute,
  newContext,
  PHONE,
  screenshot,
  screenshotsDir,
  watchPage,
} from "../support/dashboard-browser.mjs";
import { cardToken, chargeableTenant, control, startCallbackReceiver, waitFor } from "../support/index.mjs";

const CHROMIUM = inject("chromiumPath");
const SCREENSHOTS = screenshotsDir();

const suite = devServerAndChromium(CHROMIUM);
let receiver;

beforeAll(async () => {
  if (!CHROMIUM) return;
  receiver = await startCallbackReceiver();
});
afterAll(() => receiver?.close());

describe.skipIf(!CHROMIUM)("the payments pages in a real browser", () => {
  it.each([
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ])(
    "at %s width: search by order reference, the payment's story, a refund confirmed with its amount, search by e-mail, holds",
    async (width, viewport) => {
      const { tenantId, key } = await chargeableTenant(
        suite.server.baseUrl,
        { Authorization: adminHeaders().Authorization },
        `Story Roasters ${width}`,
      );
      const auth = { "X-Api-Key": key, "Content-Type": "application/json" };
      const callbacks = await fetch(`${suite.server.baseUrl}/admin/tenants/${tenantId}/callbacks`, {
        method: "PUT",
        headers: adminHeaders(),
        body: JSON.stringify({ url: receiver.url(`/story-${width}`) }),
      });
      expect(callbacks.status).toBe(200);
      const chargeFor = async (orderRef, amountCents, buyer, { capture = true } = {}) => {
        const response = await fetch(`${suite.server.baseUrl}/v1/payments`, {
          method: "POST",
          headers: { ...auth, "Idempotency-Key": `${orderRef}-${width}` },
          body: JSON.stringify({
            amountCents,
            currency: "USD",
            orderRef,
            processorToken: await cardToken(suite.server.baseUrl),
            buyer,
            capture,
          }),
        });
        expect(response.status).toBe(201);
        return response.json();
      };
      const grace = { firstName: "Grace", lastName: "Hopper", email: `grace.${width}@example.com` };
      const payment = await chargeFor(`order-2041-${width}`, 8_000, grace);
      await chargeFor(`order-2042-${width}`, 1_999, grace);
      const alan = { firstName: "Alan", lastName: "Turing", email: `alan.${width}@example.com` };
      await chargeFor(`order-2043-${width}`, 4_500, alan);
      const hold = await chargeFor(`order-2044-${width}`, 6_000, alan, { capture: false });
      const released = await chargeFor(`order-2045-${width}`, 1_500, alan, { capture: false });

      const context = await newContext(suite.browser, viewport);
      const page = await context.newPage();
      const seen = watchPage(page, suite.server.baseUrl);
      const shot = (name) => screenshot(page, SCREENSHOTS, `21-payments-${name}-${width}`);
      const fitsTheScreen = () => expectToFit(page, viewport);
      const email = `owner-${width}@story.example`;
      await acceptAndSignIn(page, {
        baseUrl: suite.server.baseUrl,
        inviteUrl: await inviteWithAdminRoute(suite.server.baseUrl, tenantId, email),
        email,
      });

      // Search by order reference: one box, the kind recognised.
      await page.goto(`${suite.server.baseUrl}/dashboard/payments`);
      await fitsTheScreen();
      await page.fill("#q", `order-2041-${width}`);
      await Promise.all([page.waitForURL(/\/dashboard\/payments\?q=/), page.click("button:has-text('Search')")]);
      expect(await page.textContent(".search-summary")).toBe(`Payments whose order reference is “order-2041-${width}”.`);
      expect(await page.locator("tbody tr").count()).toBe(1);
      await fitsTheScreen();
      await shot("search");

      // The payment's page; a partial refund, confirmed on a page that states its amount.
      await Promise.all([
        page.waitForURL(`**/dashboard/payments/${payment.lcPaymentId}`),
        page.click(`a:has-text("${payment.lcPaymentId}")`),
      ]);
      expect(await page.textContent("main")).toContain("Visa •••• 0006");
      await page.fill("#amount", "30");
      await page.check("#refundApplicationFee");
      await Promise.all([page.waitForURL(/\/refund\?/), page.click("button:has-text('Refund…')")]);
      expect(await page.textContent("h1")).toBe("Refund $30.00?");
      expect(await page.textContent(".refund-review h2")).toBe("Refund $30.00 to Grace Hopper?");
      await fitsTheScreen();
      await shot("refund-confirmation");
      await Promise.all([page.waitForURL(/notice=refunded$/), page.click("button:has-text('Refund $30.00')")]);

      // The buyer disputes the rest; its callback reaches the receiver; the page tells the whole story.
      await control(suite.server.baseUrl, "open-dispute", { id: payment.processorTransferId }, { "X-Api-Key": key });
      await waitFor(() =>
        receiver.received.find((callback) => callback.url === `/story-${width}` && callback.headers["lc-event-type"] === "dispute.created"),
      );
      await waitFor(async () => {
        await page.reload();
        return (await page.locator(".timeline [data-delivery] >> text=delivered").count()) > 0;
      });
      const story = await page.textContent("main");
      expect(story).toContain("Grace Hopper");
      expect(story).toContain(grace.email);
      expect(story).toMatch(/Refunded\s*−\$30\.00/);
      expect(await page.locator("[data-refund]").count()).toBe(1);
      expect(await page.textContent("[data-refund]")).toContain("$30.00");
      expect(await page.locator("a[href^='/dashboard/disputes/lcdsp_']").count()).toBe(1);
      expect(story).toContain("Refund of $30.00 requested");
      expect(story).toContain("dispute.created");
      await fitsTheScreen();
      await shot("payment");

      // Search by the buyer's e-mail from the payment's page: both of the buyer's payments, none of the other buyer's.
      await Promise.all([page.waitForURL(/q=grace/), page.click(`a:has-text("${grace.email}")`)]);
      expect(await page.textContent(".search-summary")).toBe(`Payments whose buyer e-mail is ${grace.email}.`);
      expect(await page.locator("tbody tr").count()).toBe(2);
      expect(await page.textContent("main")).not.toContain(`order-2043-${width}`);
      await fitsTheScreen();

      // A hold: its page says until when it holds; part of it is captured after the confirmation, the rest released.
      await page.goto(`${suite.server.baseUrl}/dashboard/payments/${hold.lcPaymentId}`);
      const until = hold.authorizedUntilUtc;
      expect(await page.textContent(".hold-expiry")).toBe(
        `A hold: nothing is charged until it is captured. Authorized until ${until.slice(0, 10)} ${until.slice(11, 16)} UTC.`,
      );
      expect(await page.locator("#refund-heading").count()).toBe(0);
      await fitsTheScreen();
      await page.fill("#capture-amount", "45");
      await Promise.all([page.waitForURL(/\/capture\?/), page.click("button:has-text('Capture…')")]);
      expect(await page.textContent(".hold-review h2")).toBe("Charge $45.00 to Alan Turing's card?");
      await fitsTheScreen();
      await Promise.all([page.waitForURL(/notice=payment-captured$/), page.click("button:has-text('Capture $45.00')")]);
      expect(await page.textContent(".notice")).toBe("The hold was captured: the card is charged.");
      expect(await page.textContent(".payment-amount")).toBe("$45.00 succeeded");
      await fitsTheScreen();

      // Another hold, voided after its confirmation: nothing charged.
      await page.goto(`${suite.server.baseUrl}/dashboard/payments/${released.lcPaymentId}`);
      await Promise.all([page.waitForURL(/\/void\?/), page.click("button:has-text('Void…')")]);
      expect(await page.textContent(".hold-review h2")).toBe("Release the $15.00 hold on Alan Turing's card?");
      await fitsTheScreen();
      await Promise.all([page.waitForURL(/notice=payment-voided$/), page.click("button:has-text('Void the hold')")]);
      expect(await page.textContent(".notice")).toBe("The hold was voided: nothing was charged.");
      expect(await page.textContent(".payment-amount")).toBe("$15.00 canceled");
      await fitsTheScreen();

      expect(seen.errors).toEqual([]);
      await context.close();
    },
  );
});
