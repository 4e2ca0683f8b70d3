// Every dashboard page in a real browser, at a laptop's width (1280 px) and a phone's (390 px), against `wrangler dev`:
// a tenant with a payment, a refund, a payout, a dispute, callbacks with a ping sent, a second endpoint, a reader
// and an open invitation, so each page has something to show; then the pages before sign-in, and every page signed in,
// found by following the navigation and the links to records from the overview on — a page added to the navigation
// is walked from then on, with nothing to add here. On each: the sandbox banner, nothing scrolling sideways
// (`scrollWidth === innerWidth`, no element past the window's edge outside a table's own frame), every table whole in
// its frame (no column cut off or scrolled out of sight, at either width), no console error,
// nothing loaded from another origin, and a screenshot `<nn>-<page>-<width>.png` in SCREENSHOTS_DIR
// (when it is set; `SCREENSHOTS_DIR=docs/screenshots` refreshes the guide's).
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import {
  acceptAndSignIn,
  adminHeaders,
  DESKTOP,
  devServerAndChromium,
  expectToFit,
  inviteWithAdminCli,
  newContext,
  PHONE,
  screenshot,
  screenshotsDir,
  SERVICE_POLL,
  signIn,
  watchPage,
} from "../support/dashboard-browser.mjs";
import { cardToken, chargeableTenant, control, startCallbackReceiver } from "../support/index.mjs";

const CHROMIUM = inject("chromiumPath");
const SCREENSHOTS = screenshotsDir();
const OWNER_EMAIL = "owner@walk.example";

/**
 * A page's place in docs/screenshots/: the number and name its screenshots carry, by the page's path with record ids
 * as `:id`. A page the walk finds that is not listed here is still walked and pictured, as `6x-<its path>`, numbered
 * in the order it was found; listing it gives it a stable name.
 */
const SCREENSHOT_NAMES = {
  "/dashboard/invite/:token": "01-accept-invitation",
  "/dashboard/sign-in": "02-sign-in",
  "/dashboard": "03-overview",
  "/dashboard/payments": "05-payments",
  "/dashboard/payments/:id": "06-payment",
  "/dashboard/keys/:id/revoke": "07-revoke-key",
  "/dashboard/keys": "08-api-keys",
  "/dashboard/callbacks": "10-callbacks",
  "/dashboard/team": "11-team",
  "/dashboard/audit": "12-audit-log",
  "/dashboard/account": "13-sessions",
  "/dashboard/disputes/:id": "14-dispute",
  "/dashboard/callbacks/endpoints/:id": "15-callback-endpoint",
  "/dashboard/disputes": "17-disputes",
  "/dashboard/payouts": "18-payouts",
  "/dashboard/payouts/:id": "19-payout",
  "/dashboard/readers": "23-readers",
  "/dashboard/readers/:id": "23-reader",
  "/dashboard/requests": "24-requests",
  "/dashboard/requests/:id": "24-request",
  "/dashboard/security": "25-security",
  "/dashboard/no-such-page": "99-not-found",
};

/**
 * A path segment that is a record's id — prefixed (`lcpay_…`, `key_…`, `cbe_…`) or a long token with digits (a trace
 * id) — so the walk opens one record of each kind, not every row of a list.
 */
const isIdSegment = (segment) => /^[a-z]+_[A-Za-z0-9]{8,}$/.test(segment) || /^(?=.*\d)[A-Za-z0-9_-]{16,}$/.test(segment);
const templateOf = (pathname) =>
  pathname.startsWith("/dashboard/invite/")
    ? "/dashboard/invite/:token"
    : pathname
        .split("/")
        .map((segment) => (isIdSegment(segment) ? ":id" : segment))
        .join("/");

/** Links the walk does not follow: leaving the dashboard, and signing out (a form, but a link would end the walk). */
const followable = (url, origin) =>
  url.origin === origin && url.pathname.startsWith("/dashboard") && url.pathname !== "/dashboard/sign-out";

const suite = devServerAndChromium(CHROMIUM);
let receiver;

beforeAll(async () => {
  if (!CHROMIUM) return;
  // The walk's own screenshots from an earlier run go first: a page renamed or gone leaves no stale picture behind.
  if (SCREENSHOTS)
    for (const file of readdirSync(SCREENSHOTS)) if (/^\d\d-[a-z0-9-]+-(1280|390)\.png$/.test(file)) rmSync(path.join(SCREENSHOTS, file));
  receiver = await startCallbackReceiver();
});
afterAll(() => receiver?.close());

/** Through the API and the sandbox's controls: something on every page (the way `npm run trigger` makes events). */
async function tenantWithHistory() {
  const base = suite.server.baseUrl;
  const admin = adminHeaders();
  const { tenantId, merchantId, key } = await chargeableTenant(base, admin, "Walk Through Roasters");
  const auth = { "X-Api-Key": key, "Content-Type": "application/json" };
  const api = async (method, route, body, headers = {}) => {
    const response = await fetch(`${base}${route}`, { method, headers: { ...auth, ...headers }, body: body && JSON.stringify(body) });
    expect(response.ok, `${method} ${route}: ${response.status}`).toBe(true);
    const text = await response.text();
    return text ? JSON.parse(text) : undefined;
  };
  const charge = async (orderRef, amountCents) =>
    api(
      "POST",
      "/v1/payments",
      {
        amountCents,
        currency: "USD",
        orderRef,
        processorToken: await cardToken(base),
        buyer: { firstName: "Grace", lastName: "Hopper", email: "grace.hopper@example.com" },
      },
      { "Idempotency-Key": `walk-${orderRef}` },
    );

  // Two payments: one partly refunded, the other disputed by the buyer's bank; then the settlement closed and funded —
  // a paid payout of payments, a refund and a chargeback.
  const first = await charge("order-1001", 4200);
  const second = await charge("order-1002", 2500);
  await api("POST", `/v1/payments/${first.lcPaymentId}/refund`, { amountCents: 500 }, { "Idempotency-Key": "walk-refund-1" });
  await control(base, "open-dispute", { id: second.processorTransferId }, { "X-Api-Key": key });
  await expect.poll(async () => (await api("GET", "/v1/disputes")).data.length, SERVICE_POLL).toBe(1);
  await control(base, "run-jobs", { kinds: ["reversal.settle"] }, admin);
  await control(base, "close-settlement", { id: merchantId }, { "X-Api-Key": key });
  await expect.poll(async () => (await api("GET", "/v1/payouts")).data.map((payout) => payout.status), SERVICE_POLL).toEqual(["paid"]);

  // Callbacks to a receiver on this machine, a delivered ping, and a second endpoint.
  const callbacks = await fetch(`${base}/admin/tenants/${tenantId}/callbacks`, {
    method: "PUT",
    headers: admin,
    body: JSON.stringify({ url: receiver.url("/hooks") }),
  });
  expect(callbacks.status).toBe(200);
  await api("POST", "/v1/callback-endpoints", {
    url: receiver.url("/disputes-desk"),
    description: "Disputes desk",
    enabledEvents: ["dispute.created", "dispute.updated"],
  });
  await api("POST", "/v1/events/ping");

  // A reader at the counter, and a teammate's invitation still open.
  await api("POST", "/v1/terminal/readers", { label: "Front counter", model: "PAX_A920PRO", serialNumber: "1850765432" });
  const invited = await fetch(`${base}/admin/tenants/${tenantId}/dashboard/invites`, {
    method: "POST",
    headers: admin,
    body: JSON.stringify({ email: "barista@walk.example" }),
  });
  expect(invited.status).toBe(201);

  return {
    tenantId,
    inviteUrl: await inviteWithAdminCli(base, tenantId, OWNER_EMAIL),
    teammateInviteUrl: (await invited.json()).inviteUrl,
  };
}

/**
 * `<nn>-<name>` of each page, fixed the first time it is asked for: the listed one, else `6x-` (numbered in the order
 * asked) and the path's own words (`/dashboard/readers/:id` → `readers-id`).
 */
function screenshotNamer() {
  const names = new Map();
  let unlisted = 0;
  const words = (template) =>
    template
      .replace(/^\/dashboard\/?/, "")
      .replaceAll(":", "")
      .replaceAll("/", "-")
      .replace(/[^a-z0-9-]/g, "") || "home";
  return (template) => {
    if (!names.has(template)) names.set(template, SCREENSHOT_NAMES[template] ?? `${60 + unlisted++}-${words(template)}`);
    return names.get(template);
  };
}

/**
 * Every table that a person cannot read whole where it is: wider than its frame (a column cut off or scrolled out of
 * sight), or reaching past the window. A table stacked into cards on a phone is measured the same way.
 */
const tablesCutOff = (page, width) =>
  page.evaluate(
    (width) =>
      [...document.querySelectorAll("table")]
        .filter((table) => table.getBoundingClientRect().width > 0)
        .map((table) => {
          const frame = table.closest(".table-wrap") ?? table.parentElement ?? table;
          const box = table.getBoundingClientRect();
          return {
            table: `${table.querySelector("th, td")?.textContent.trim().slice(0, 30)} … (${table.closest("section, .card, main")?.querySelector("h1, h2")?.textContent.trim().slice(0, 40)})`,
            tableWidth: Math.round(Math.max(box.width, table.scrollWidth)),
            frameWidth: frame.clientWidth,
            right: Math.round(box.right),
          };
        })
        .filter(({ tableWidth, frameWidth, right }) => tableWidth > frameWidth + 1 || right > width + 1),
    width,
  );

/** Opens `url` and checks it as every page is checked; answers its status. */
async function checkPage(page, seen, viewport, { url, template }, name) {
  seen.errors.length = 0;
  const response = await page.goto(url);
  await page.waitForLoadState("load");
  const where = `${template} at ${viewport.width}px`;
  // Soft: one run names every page at fault, not only the first.
  expect.soft(await page.isVisible(".sandbox-banner"), `the sandbox banner on ${where}`).toBe(true);
  await expectToFit(page, viewport, where);
  expect.soft(await tablesCutOff(page, viewport.width), `every table whole on ${where}`).toEqual([]);
  // A not-found page is an answer too; Chromium reports its 404 as a failed load, which is what it is.
  const expectedErrors = response?.status() === 404 ? [expect.stringContaining("404")] : [];
  expect.soft(seen.errors, where).toEqual(expectedErrors);
  await screenshot(page, SCREENSHOTS, `${name}-${viewport.width}`);
  return response?.status();
}

/**
 * Every page from the overview on, each checked as it is found (`checkPage`, at `viewport`): the navigation's links and
 * the links to records, one page per path template, then a path that is no page. A link to something that is not a
 * page (a file to download) is left out. Answers the pages in the order found.
 */
async function discoverAndCheckPages(page, seen, viewport, nameOf) {
  const origin = suite.server.baseUrl;
  const found = new Map([["/dashboard", `${origin}/dashboard`]]);
  const queue = [`${origin}/dashboard`];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const template = templateOf(new URL(next).pathname);
    const probe = await page.request.get(next, { maxRedirects: 0 });
    if (!(probe.headers()["content-type"] ?? "").startsWith("text/html")) {
      found.delete(template);
      continue;
    }
    expect(await checkPage(page, seen, viewport, { url: next, template }, nameOf(template)), next).toBe(200);
    const hrefs = await page.$$eval("nav a[href], main a[href]", (links) => links.map((link) => link.href));
    for (const href of hrefs) {
      const url = new URL(href);
      if (!followable(url, origin)) continue;
      const linked = templateOf(url.pathname);
      if (found.has(linked)) continue;
      found.set(linked, `${origin}${url.pathname}`);
      queue.push(`${origin}${url.pathname}`);
    }
    expect(found.size, "more pages than any dashboard has: a link the walk should not follow?").toBeLessThan(80);
  }
  const notFound = { template: "/dashboard/no-such-page", url: `${origin}/dashboard/no-such-page` };
  expect(await checkPage(page, seen, viewport, notFound, nameOf(notFound.template)), notFound.template).toBe(404);
  return [...[...found].map(([template, url]) => ({ template, url })), notFound];
}

describe.skipIf(!CHROMIUM)("every dashboard page at 1280 px and 390 px", () => {
  it("walks the pages before sign-in and every page signed in, with nothing sideways, every table whole, no console error and the sandbox banner", async () => {
    const owner = await tenantWithHistory();
    const signedOutPages = [
      { template: "/dashboard/sign-in", url: `${suite.server.baseUrl}/dashboard/sign-in` },
      { template: "/dashboard/invite/:token", url: owner.teammateInviteUrl },
    ];

    const nameOf = screenshotNamer();
    const walkSignedOut = async (page, seen, viewport) => {
      for (const visit of signedOutPages) expect(await checkPage(page, seen, viewport, visit, nameOf(visit.template))).toBe(200);
    };

    // At 1280 px the owner finds the pages to walk, checking each on the way (an owner sees every page a member does,
    // and team and audit).
    const desktop = await newContext(suite.browser, DESKTOP);
    const desktopPage = await desktop.newPage();
    const desktopSeen = watchPage(desktopPage, suite.server.baseUrl);
    await walkSignedOut(desktopPage, desktopSeen, DESKTOP);
    await acceptAndSignIn(desktopPage, { baseUrl: suite.server.baseUrl, inviteUrl: owner.inviteUrl, email: OWNER_EMAIL });
    const signedInPages = await discoverAndCheckPages(desktopPage, desktopSeen, DESKTOP, nameOf);
    expect(desktopSeen.external).toEqual([]);
    await desktop.close();
    const templates = signedInPages.map((page) => page.template);
    // What is on the navigation today and the records the tenant has: the walk must at least reach these.
    expect(templates).toEqual(
      expect.arrayContaining([
        "/dashboard",
        "/dashboard/payments",
        "/dashboard/payments/:id",
        "/dashboard/disputes",
        "/dashboard/disputes/:id",
        "/dashboard/payouts",
        "/dashboard/payouts/:id",
        "/dashboard/readers",
        "/dashboard/readers/:id",
        "/dashboard/keys",
        "/dashboard/keys/:id/revoke",
        "/dashboard/callbacks",
        "/dashboard/callbacks/endpoints/:id",
        "/dashboard/team",
        "/dashboard/audit",
        "/dashboard/account",
      ]),
    );

    // The same pages at 390 px.
    const phone = await newContext(suite.browser, PHONE);
    const page = await phone.newPage();
    const seen = watchPage(page, suite.server.baseUrl);
    await walkSignedOut(page, seen, PHONE);
    await signIn(page, { baseUrl: suite.server.baseUrl, email: OWNER_EMAIL });
    for (const visit of signedInPages) {
      const status = await checkPage(page, seen, PHONE, visit, nameOf(visit.template));
      expect(status, visit.template).toBe(visit.template === "/dashboard/no-such-page" ? 404 : 200);
    }
    expect(seen.external).toEqual([]);
    await phone.close();
  });

  it("folds the navigation behind a menu button at 390 px — by touch, by keyboard, and without the script — and shows it at 1280 px", async () => {
    const { tenantId } = await chargeableTenant(suite.server.baseUrl, adminHeaders(), "Menu Button Bakery", { key: false });
    const email = "owner@menu.example";
    const inviteUrl = await inviteWithAdminCli(suite.server.baseUrl, tenantId, email);
    const keysLink = 'nav a[href="/dashboard/keys"]';

    // The summary's expanded state, as assistive technology reads it (a <details>' summary reports it itself).
    const expandedState = async (page) => {
      const cdp = await page.context().newCDPSession(page);
      const { nodes } = await cdp.send("Accessibility.getFullAXTree");
      const button = nodes.find((node) => node.name?.value === "Menu" && !node.ignored);
      return button?.properties?.find((property) => property.name === "expanded")?.value.value;
    };

    const phone = await newContext(suite.browser, PHONE);
    const page = await phone.newPage();
    const seen = watchPage(page, suite.server.baseUrl);
    await acceptAndSignIn(page, { baseUrl: suite.server.baseUrl, inviteUrl, email });
    await page.goto(`${suite.server.baseUrl}/dashboard/payments`);
    expect(await page.isVisible("summary.menu-button")).toBe(true);
    expect(await page.isVisible(keysLink)).toBe(false);
    expect(await expandedState(page)).toBe(false);

    // A tap opens it: every section and sign-out, nothing sideways.
    await page.tap("summary.menu-button");
    expect(await page.isVisible(keysLink)).toBe(true);
    expect(await page.isVisible("text=Sign out")).toBe(true);
    expect(await expandedState(page)).toBe(true);
    await expectToFit(page, PHONE, "the open menu");
    await screenshot(page, SCREENSHOTS, "04-menu-390");

    // Escape closes it and leaves the focus on the button; Enter opens it again and Tab goes to the first section.
    await page.keyboard.press("Escape");
    expect(await page.isVisible(keysLink)).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.classList.contains("menu-button"))).toBe(true);
    await page.keyboard.press("Enter");
    expect(await page.isVisible(keysLink)).toBe(true);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("href"))).toBe("/dashboard");

    // A section opens its page with the menu folded again; sign-out is in the menu.
    await Promise.all([page.waitForURL(`${suite.server.baseUrl}/dashboard/keys`), page.click(keysLink)]);
    expect(await page.isVisible(keysLink)).toBe(false);
    await page.tap("summary.menu-button");
    await Promise.all([page.waitForURL(/notice=signed-out$/), page.click("text=Sign out")]);
    expect(seen.errors).toEqual([]);
    await phone.close();

    // Without the script the <details> still opens and closes.
    const noScript = await newContext(suite.browser, PHONE, { javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await signIn(plain, { baseUrl: suite.server.baseUrl, email });
    expect(await plain.isVisible(keysLink)).toBe(false);
    await plain.tap("summary.menu-button");
    expect(await plain.isVisible(keysLink)).toBe(true);
    await Promise.all([plain.waitForURL(`${suite.server.baseUrl}/dashboard/keys`), plain.click(keysLink)]);
    await noScript.close();

    // On a laptop there is no button: the sections are always there.
    const desktop = await newContext(suite.browser, DESKTOP);
    const wide = await desktop.newPage();
    await signIn(wide, { baseUrl: suite.server.baseUrl, email });
    expect(await wide.isVisible("summary.menu-button")).toBe(false);
    expect(await wide.isVisible(keysLink)).toBe(true);
    expect(await wide.isVisible("text=Sign out")).toBe(true);
    await desktop.close();
  });
});
