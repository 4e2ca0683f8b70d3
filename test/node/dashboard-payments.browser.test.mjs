// The payments pages in headless Chromium against `wrangler dev`, at a desktop's and a phone's width: the owner finds a
// payment by its order reference, reads its page, refunds part of it through the confirmation (which states the
// amount), the buyer disputes it, and the page then tells the whole story — the refund with the fee returned, the dispute
// linked, the timeline with the dispute's callback delivered to a local receiver; then a search by the buyer's e-mail.
// No page scrolls sideways and none logs a console error. Screenshots go to SCREENSHOTS_DIR (test-results/dashboard by
// default; `SCREENSHOTS_DIR=docs/screenshots` refreshes docs/guides/dashboard.md's `21-payments-*`).
import { mkdirSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { devSecrets, startDevServer } from "../support/dev-server.mjs";
import { cardToken, chargeableTenant, control } from "../support/sandbox-flows.mjs";

const CHROMIUM = inject("chromiumPath");
const root = path.join(import.meta.dirname, "../..");
const SCREENSHOTS = path.resolve(root, process.env.SCREENSHOTS_DIR ?? "test-results/dashboard");
const PASSWORD = "a long and memorable passphrase";

let server;
let browser;
let receiver;
const received = [];

beforeAll(async () => {
  if (!CHROMIUM) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      received.push({ url: request.url, headers: request.headers, body });
      response.statusCode = 204;
      response.end();
    });
  });
  await new Promise((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  server = await startDevServer();
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => (receiver ? receiver.close(() => resolve(undefined)) : resolve(undefined)));
});

const admin = () => ({ Authorization: `Bearer ${devSecrets().ADMIN_SECRET}`, "Content-Type": "application/json" });

async function waitFor(predicate, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await predicate();
    if (found) return found;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The operator's invitation (the route `npm run admin -- dashboard invite` calls), accepted, then signed in. */
async function signIn(page, tenantId, email) {
  const invited = await fetch(`${server.baseUrl}/admin/tenants/${tenantId}/dashboard/invites`, {
    method: "POST",
    headers: admin(),
    body: JSON.stringify({ email }),
  });
  expect(invited.status).toBe(201);
  await page.goto((await invited.json()).inviteUrl);
  await page.fill("#name", "Ada Lovelace");
  await page.fill("#password", PASSWORD);
  await page.fill("#confirm", PASSWORD);
  await Promise.all([page.waitForURL(/notice=password-set$/), page.click("button[type=submit]")]);
  await page.fill("#email", email);
  await page.fill("#password", PASSWORD);
  await Promise.all([page.waitForURL(`${server.baseUrl}/dashboard`), page.click("button[type=submit]")]);
}

describe.skipIf(!CHROMIUM)("the payments pages in a real browser", () => {
  it.each([
    ["desktop", { width: 1280, height: 860 }],
    ["phone", { width: 390, height: 844 }],
  ])(
    "at %s width: search by order reference, the payment's story, a refund confirmed with its amount, search by e-mail",
    async (width, viewport) => {
      const { tenantId, key } = await chargeableTenant(server.baseUrl, { Authorization: admin().Authorization }, `Story Roasters ${width}`);
      const auth = { "X-Api-Key": key, "Content-Type": "application/json" };
      const callbacks = await fetch(`${server.baseUrl}/admin/tenants/${tenantId}/callbacks`, {
        method: "PUT",
        headers: admin(),
        body: JSON.stringify({ url: `http://127.0.0.1:${receiver.address().port}/story-${width}` }),
      });
      expect(callbacks.status).toBe(200);
      const chargeFor = async (orderRef, amountCents, buyer) => {
        const response = await fetch(`${server.baseUrl}/v1/payments`, {
          method: "POST",
          headers: { ...auth, "Idempotency-Key": `${orderRef}-${width}` },
          body: JSON.stringify({ amountCents, currency: "USD", orderRef, processorToken: await cardToken(server.baseUrl), buyer }),
        });
        expect(response.status).toBe(201);
        return response.json();
      };
      const grace = { firstName: "Grace", lastName: "Hopper", email: `grace.${width}@example.com` };
      const payment = await chargeFor(`order-2041-${width}`, 8_000, grace);
      await chargeFor(`order-2042-${width}`, 1_999, grace);
      await chargeFor(`order-2043-${width}`, 4_500, { firstName: "Alan", lastName: "Turing", email: `alan.${width}@example.com` });

      const context = await browser.newContext({ viewport, isMobile: width === "phone", hasTouch: width === "phone" });
      const page = await context.newPage();
      const consoleErrors = [];
      page.on("console", (message) => {
        if (message.type() === "error") consoleErrors.push(message.text());
      });
      page.on("pageerror", (error) => consoleErrors.push(String(error)));
      const shot = (name) => page.screenshot({ path: path.join(SCREENSHOTS, `21-payments-${name}-${width}.png`), fullPage: true });
      // Nothing wider than the screen: no sideways scroll (a table scrolls inside its own frame).
      const fitsTheScreen = async () =>
        expect(await page.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth])).toEqual([
          viewport.width,
          viewport.width,
        ]);
      await signIn(page, tenantId, `owner-${width}@story.example`);

      // Search by order reference: one box, the kind recognised.
      await page.goto(`${server.baseUrl}/dashboard/payments`);
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
      await control(server.baseUrl, "open-dispute", { id: payment.processorTransferId }, { "X-Api-Key": key });
      await waitFor(() =>
        received.find((callback) => callback.url === `/story-${width}` && callback.headers["lc-event-type"] === "dispute.created"),
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

      expect(consoleErrors).toEqual([]);
      await context.close();
    },
  );
});
