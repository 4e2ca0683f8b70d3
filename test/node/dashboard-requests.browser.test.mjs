// The dashboard's request log in headless Chromium against `wrangler dev`, at a desktop's and a phone's width: the
// tenant's server charges (one card declined) and looks up a payment that does not exist; the owner finds the declined
// charge by the traceId of its problem, opens it, and narrows the log by status, path and key. No page is wider than
// the screen and none logs a console error. Screenshots go to SCREENSHOTS_DIR (test-results/dashboard by default;
// `SCREENSHOTS_DIR=docs/screenshots` refreshes docs/guides/dashboard.md's).
import { execFile } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { clickNav } from "../support/dashboard-browser.mjs";
import { devSecrets, startDevServer } from "../support/dev-server.mjs";
import { cardToken, control } from "../support/sandbox-flows.mjs";

const CHROMIUM = inject("chromiumPath");
const root = path.join(import.meta.dirname, "../..");
const SCREENSHOTS = path.resolve(root, process.env.SCREENSHOTS_DIR ?? "test-results/dashboard");
const PASSWORD = "a long and memorable passphrase";
const DECLINED_CARD = "4000000000009995";

let server;
let browser;

beforeAll(async () => {
  if (!CHROMIUM) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  server = await startDevServer();
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const admin = () => ({ Authorization: `Bearer ${devSecrets().ADMIN_SECRET}`, "Content-Type": "application/json" });

async function adminPost(pathname, body) {
  const response = await fetch(`${server.baseUrl}${pathname}`, { method: "POST", headers: admin(), body: JSON.stringify(body) });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return response.json();
}

/** A tenant whose sandbox merchant is approved, and a key its server charges with. */
async function chargeableTenant(name) {
  const tenant = await adminPost("/admin/tenants", { name });
  const merchant = await control(server.baseUrl, "create-merchant", { name, state: "APPROVED" }, admin());
  await adminPost(`/admin/tenants/${tenant.id}/processor-merchant`, { processorMerchantId: merchant.id });
  const { id: keyId, key } = await adminPost(`/admin/tenants/${tenant.id}/keys`, { name: "Checkout server" });
  return { tenantId: tenant.id, keyId, auth: { "X-Api-Key": key, "Content-Type": "application/json" } };
}

/** `npm run admin -- dashboard invite …`, exactly as docs/guides/dashboard.md tells the operator. */
async function inviteWithAdminCli(tenantId, email) {
  const { stdout } = await promisify(execFile)(process.execPath, ["scripts/admin.mjs", "dashboard", "invite", tenantId, email], {
    cwd: root,
    env: { ...process.env, PAYMENT_CONNECT_URL: server.baseUrl, ADMIN_SECRET: devSecrets().ADMIN_SECRET },
  });
  return JSON.parse(stdout).inviteUrl;
}

async function charge(auth, number, idempotencyKey) {
  return fetch(`${server.baseUrl}/v1/payments`, {
    method: "POST",
    headers: { ...auth, "Idempotency-Key": idempotencyKey },
    body: JSON.stringify({
      amountCents: 4200,
      currency: "USD",
      orderRef: idempotencyKey,
      processorToken: await cardToken(server.baseUrl, number),
      buyer: { firstName: "Grace", lastName: "Hopper", email: "grace@example.com" },
    }),
  });
}

describe.skipIf(!CHROMIUM)("the request log in a real browser", () => {
  it.each([
    ["desktop", { width: 1280, height: 860 }],
    ["phone", { width: 390, height: 844 }],
  ])("at %s width: finds a declined charge by its traceId, opens it, filters by status, path and key", async (width, viewport) => {
    const { tenantId, keyId, auth } = await chargeableTenant(`Logged Bakery (${width})`);
    const email = `owner-${width}@logged.example`;
    expect((await charge(auth, undefined, `paid-${width}`)).status).toBe(201);
    const declined = await charge(auth, DECLINED_CARD, `declined-${width}`);
    expect(declined.status).toBe(402);
    const { traceId } = await declined.json();
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect((await fetch(`${server.baseUrl}/v1/payments/lcpay_notpaidnotpaid0001`, { headers: auth })).status).toBe(404);

    const context = await browser.newContext({ viewport, isMobile: width === "phone", hasTouch: width === "phone" });
    const page = await context.newPage();
    const consoleErrors = [];
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    const shot = (name) => page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
    const fitsTheScreen = async () =>
      expect(await page.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth])).toEqual([
        viewport.width,
        viewport.width,
      ]);

    await page.goto(await inviteWithAdminCli(tenantId, email));
    await page.fill("#name", "Grace Hopper");
    await page.fill("#password", PASSWORD);
    await page.fill("#confirm", PASSWORD);
    await Promise.all([page.waitForURL(/\/dashboard\/sign-in\?notice=password-set$/), page.click("button[type=submit]")]);
    await page.fill("#email", email);
    await page.fill("#password", PASSWORD);
    await Promise.all([page.waitForURL(`${server.baseUrl}/dashboard`), page.click("button[type=submit]")]);

    // The log, from the navigation: every request, newest first, each with its key.
    await Promise.all([page.waitForURL(`${server.baseUrl}/dashboard/requests`), clickNav(page, "Request log")]);
    expect(await page.textContent("h1")).toBe("Request log");
    expect(await page.locator("tbody tr").count()).toBe(3);
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
    await page.goto(`${server.baseUrl}/dashboard/requests`);
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

    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
