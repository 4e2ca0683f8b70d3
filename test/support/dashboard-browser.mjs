// Helpers the dashboard's browser tests share: the worker's server and Chromium, the operator's invitation through
// `npm run admin`, signing up and in through the pages, what a page logs, and whether a page fits its window.
import { execFile } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

import { chromium } from "playwright-core";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";

import { devSecrets } from "./dev-server.mjs";
import { sharedDevServer } from "./dev-servers.mjs";

const root = path.join(import.meta.dirname, "../..");

/** A long enough password for every test owner (the invitation asks for at least 12 characters). */
export const PASSWORD = "a long and memorable passphrase";

/** The two widths every dashboard page is checked at: a laptop's and a phone's (an iPhone 12–15's CSS width). */
export const DESKTOP = { width: 1280, height: 860 };
export const PHONE = { width: 390, height: 844 };

/**
 * `expect.poll`'s options for waiting on the service (a dispute or a payout to show): each try is a request the dev
 * server answers, so a quarter of a second apart rather than Vitest's 50 ms; up to 30 s on a loaded machine.
 */
export const SERVICE_POLL = { timeout: 30_000, interval: 250 };

/** Debian's Chromium, headless, as every browser test launches it. */
const launchChromium = (executablePath) =>
  chromium.launch({
    executablePath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-quic",
      "--no-first-run",
      "--disable-component-update",
      "--disable-sync",
    ],
  });

/**
 * The Vitest worker's Chromium, kept on the global object: the files a worker runs one after another share it (the
 * node project does not isolate them), whichever copy of this module they load.
 */
const worker = /** @type {{ chromium?: Promise<import("playwright-core").Browser> }} */ (
  /** @type {Record<symbol, object>} */ (globalThis)[Symbol.for("payment-connect.test.worker-chromium")] ??= {}
);

/**
 * The calling Vitest worker's Chromium: launched by the first browser file the worker runs and kept for the next ones
 * (a launch costs seconds of CPU); launched again if it crashed or was closed. Playwright closes it when the worker
 * exits.
 */
function workerChromium(executablePath) {
  worker.chromium ??= launchChromium(executablePath).then(
    (browser) => {
      browser.on("disconnected", () => (worker.chromium = undefined));
      return browser;
    },
    (/** @type {unknown} */ error) => {
      worker.chromium = undefined;
      throw error;
    },
  );
  return worker.chromium;
}

/**
 * The worker's shared `wrangler dev` and its Chromium for the calling test file, taken before its tests (when a
 * Chromium was found; the browser again before each test, so one that crashed is not the next test's); every browser
 * context the file leaves open is closed after them, so the next file starts with none. Its `server` and `browser` are
 * set once the tests start.
 */
export function devServerAndChromium(executablePath) {
  const suite = /** @type {{ server: import("./dev-servers.mjs").SharedDevServer; browser: import("playwright-core").Browser }} */ ({});
  beforeAll(async () => {
    if (!executablePath) return;
    [suite.server, suite.browser] = await Promise.all([sharedDevServer(), workerChromium(executablePath)]);
  });
  beforeEach(async () => {
    if (executablePath) suite.browser = await workerChromium(executablePath);
  });
  afterAll(async () => {
    // Missing when no Chromium was found, or launching it failed.
    if ("browser" in suite && suite.browser.isConnected()) await Promise.all(suite.browser.contexts().map((context) => context.close()));
  });
  return suite;
}

/**
 * SCREENSHOTS_DIR, made if missing, when a person asked for the pages' pictures (`docs/screenshots` refreshes the
 * guide's); else null, and `screenshot` takes none (a full-page PNG costs Chromium a fifth of a CPU-second).
 */
export function screenshotsDir() {
  if (!process.env.SCREENSHOTS_DIR) return null;
  const dir = path.resolve(root, process.env.SCREENSHOTS_DIR);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The whole page as `<dir>/<name>.png`, when screenshots were asked for (`dir` is `screenshotsDir()`). */
export const screenshot = async (page, dir, name) => {
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
};

/** A browser context at `viewport`; at a phone's width also a phone's touch and zoom behaviour, so an overflow widens the layout. */
export const newContext = (browser, viewport, options = {}) =>
  browser.newContext({ viewport, ...(viewport.width < 600 ? { isMobile: true, hasTouch: true } : {}), ...options });

/** The operator's headers for /admin and the sandbox's controls. */
export const adminHeaders = () => ({ Authorization: `Bearer ${devSecrets().ADMIN_SECRET}`, "Content-Type": "application/json" });

/** `npm run admin -- <args>` against `baseUrl` with the operator's secret, as the guides tell the operator; its output. */
export const adminCli = (baseUrl, args) =>
  promisify(execFile)(process.execPath, ["scripts/admin.mjs", ...args], {
    cwd: root,
    env: { ...process.env, PAYMENT_CONNECT_URL: baseUrl, ADMIN_SECRET: devSecrets().ADMIN_SECRET },
  });

/** `npm run admin -- dashboard invite …`, exactly as docs/guides/dashboard.md tells the operator; answers the link. */
export async function inviteWithAdminCli(baseUrl, tenantId, email) {
  const { stdout, stderr } = await adminCli(baseUrl, ["dashboard", "invite", tenantId, email]);
  const invite = JSON.parse(stdout);
  expect(stderr).toContain(invite.inviteUrl);
  return invite.inviteUrl;
}

/** The operator's invitation through the route `npm run admin -- dashboard invite` calls; answers the link. */
export async function inviteWithAdminRoute(baseUrl, tenantId, email) {
  const invited = await fetch(`${baseUrl}/admin/tenants/${tenantId}/dashboard/invites`, {
    method: "POST",
    headers: adminHeaders(),
    body: JSON.stringify({ email }),
  });
  expect(invited.status).toBe(201);
  return (await invited.json()).inviteUrl;
}

/** Accepts the invitation at `inviteUrl` (a name and the password), then signs in: the page ends on the overview. */
export async function acceptAndSignIn(page, { baseUrl, inviteUrl, email, name = "Ada Lovelace", password = PASSWORD }) {
  await page.goto(inviteUrl);
  await page.fill("#name", name);
  await page.fill("#password", password);
  await page.fill("#confirm", password);
  await Promise.all([page.waitForURL(/\/dashboard\/sign-in\?notice=password-set$/), page.click("button[type=submit]")]);
  await signIn(page, { baseUrl, email, password });
}

/** Signs in with the e-mail and password (from the sign-in page if already there): the page ends on the overview. */
export async function signIn(page, { baseUrl, email, password = PASSWORD }) {
  if (!page.url().includes("/dashboard/sign-in")) await page.goto(`${baseUrl}/dashboard/sign-in`);
  await page.fill("#email", email);
  await page.fill("#password", password);
  await Promise.all([page.waitForURL(`${baseUrl}/dashboard`), page.click("button[type=submit]")]);
}

/** Opens the menu where the navigation and the signed-in person are folded away (a phone's width); a no-op where not. */
async function unfoldMenu(page) {
  if ((await page.isVisible("summary.menu-button")) && !(await page.isVisible("nav"))) await page.click("summary.menu-button");
}

/** Follows a section's link in the navigation, opening the menu first where it is folded away. */
export async function clickNav(page, label) {
  await unfoldMenu(page);
  await page.click(`nav >> text=${label}`);
}

/** Signs out with the menu's button, opening the menu first where it is folded away. */
export async function signOut(page) {
  await unfoldMenu(page);
  await Promise.all([page.waitForURL(/notice=signed-out$/), page.click("text=Sign out")]);
}

/**
 * What a page reports while the test drives it: console errors, uncaught exceptions and requests that leave the
 * service's origin (the dashboard loads nothing from elsewhere). Reset `errors` between pages to tell them apart.
 */
export function watchPage(page, baseUrl) {
  /** @type {{ errors: string[]; external: string[] }} */
  const seen = { errors: [], external: [] };
  page.on("console", (message) => {
    if (message.type() === "error") seen.errors.push(message.text());
  });
  page.on("pageerror", (error) => seen.errors.push(`uncaught: ${error.message}`));
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(baseUrl) && !url.startsWith("data:")) seen.external.push(url);
  });
  return seen;
}

/**
 * How the page sits in a window `width` wide: the window's width (a phone widens it to fit a page too wide), how wide
 * the document is (wider scrolls sideways), and every visible element reaching past `width`, except inside a box that
 * scrolls on its own (a table's frame).
 */
export const fitOf = (page, width) =>
  page.evaluate(
    (width) => ({
      innerWidth: window.innerWidth,
      scrollWidth: document.documentElement.scrollWidth,
      overflowing: [...document.querySelectorAll("body *")]
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && box.right > width + 1 && !element.parentElement?.closest(".table-wrap");
        })
        .map(
          (element) =>
            `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}.${element.className} "${element.textContent.trim().slice(0, 40)}"`,
        ),
    }),
    width,
  );

/** Nothing sideways: the document is exactly as wide as the window and no element reaches past its edge (soft: the test goes on). */
export async function expectToFit(page, viewport, where = page.url()) {
  const fit = await fitOf(page, viewport.width);
  expect.soft({ where, ...fit }).toEqual({ where, innerWidth: viewport.width, scrollWidth: viewport.width, overflowing: [] });
}
