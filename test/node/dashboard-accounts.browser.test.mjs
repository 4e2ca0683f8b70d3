// Accounts a merchant can keep, in headless Chromium against `wrangler dev`, at a desktop's and a phone's width: the
// owner changes their password, turns on two-step sign-in with an authenticator (the key typed from the page, its
// first code, the recovery codes shown once), signs in again with the password and the app's code, and — locked out —
// gets a new password through `npm run admin -- dashboard reset`, then signs in with a recovery code. Nothing is wider
// than the screen, and no page logs an error. Screenshots go to SCREENSHOTS_DIR (test-results/dashboard by default;
// `SCREENSHOTS_DIR=docs/screenshots` refreshes docs/guides/dashboard.md's `70-accounts-…`).
import { execFile } from "node:child_process";
import { createHmac } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { clickNav, signOut } from "../support/dashboard-browser.mjs";
import { devSecrets, startDevServer } from "../support/dev-server.mjs";

const CHROMIUM = inject("chromiumPath");
const root = path.join(import.meta.dirname, "../..");
const SCREENSHOTS = path.resolve(root, process.env.SCREENSHOTS_DIR ?? "test-results/dashboard");
const PASSWORD = "a long and memorable passphrase";
const NEW_PASSWORD = "another long and memorable passphrase";
const RESET_PASSWORD = "the passphrase after the reset";

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

/** `npm run admin -- dashboard <verb> <tenantId> <email>`, as docs/guides/dashboard.md tells the operator; its JSON answer. */
async function adminCli(verb, tenantId, email) {
  const { stdout, stderr } = await promisify(execFile)(process.execPath, ["scripts/admin.mjs", "dashboard", verb, tenantId, email], {
    cwd: root,
    env: { ...process.env, PAYMENT_CONNECT_URL: server.baseUrl, ADMIN_SECRET: devSecrets().ADMIN_SECRET },
  });
  const answer = JSON.parse(stdout);
  expect(stderr).toContain(answer.inviteUrl ?? answer.resetUrl);
  return answer;
}

/**
 * What an authenticator app shows for the key, `ahead` 30-second steps from now (a code just used is never taken again):
 * RFC 6238 worked out here with Node's own HMAC-SHA1, apart from the service's implementation.
 */
function appCode(secret, ahead = 0) {
  const bits = [...secret].map((char) => "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".indexOf(char).toString(2).padStart(5, "0")).join("");
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + ahead));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = mac.readUInt8(mac.length - 1) & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

describe.skipIf(!CHROMIUM)("accounts in a real browser", () => {
  it.each([
    ["desktop", { width: 1280, height: 860 }],
    ["phone", { width: 390, height: 844 }],
  ])(
    "at %s width: change password → two-step sign-in on → sign in with the code → reset link (role kept) → a recovery code",
    async (width, viewport) => {
      const email = `owner-${width}@accounts.example`;
      const tenant = await (
        await fetch(`${server.baseUrl}/admin/tenants`, {
          method: "POST",
          headers: admin(),
          body: JSON.stringify({ name: `Keepers ${width}` }),
        })
      ).json();
      const { inviteUrl } = await adminCli("invite", tenant.id, email);

      const context = await browser.newContext({ viewport, isMobile: width === "phone", hasTouch: width === "phone" });
      const page = await context.newPage();
      const consoleErrors = [];
      const external = [];
      page.on("console", (message) => {
        if (message.type() === "error") consoleErrors.push(message.text());
      });
      page.on("request", (request) => {
        if (!request.url().startsWith(server.baseUrl)) external.push(request.url());
      });
      page.on("dialog", (dialog) => dialog.accept());
      // Nothing wider than the screen: the page neither zooms out nor scrolls sideways.
      const fits = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
      const shot = async (name) => {
        await fits();
        await page.screenshot({ path: path.join(SCREENSHOTS, `70-accounts-${name}-${width}.png`), fullPage: true });
      };
      const signIn = async (password) => {
        await page.goto(`${server.baseUrl}/dashboard/sign-in`);
        await page.fill("#email", email);
        await page.fill("#password", password);
        await page.click("button[type=submit]");
      };

      await page.goto(inviteUrl);
      await page.fill("#name", "Ada Lovelace");
      await page.fill("#password", PASSWORD);
      await page.fill("#confirm", PASSWORD);
      await Promise.all([page.waitForURL(/notice=password-set$/), page.click("button[type=submit]")]);
      await signIn(PASSWORD);
      await page.waitForURL(`${server.baseUrl}/dashboard`);

      // Change the password: the current one, then the new one twice.
      await clickNav(page, "Sign-in security");
      expect(await page.textContent("h1")).toBe("Sign-in security");
      await page.fill("#current-password", PASSWORD);
      await page.fill("#new-password", NEW_PASSWORD);
      await page.fill("#confirm-password", NEW_PASSWORD);
      await shot("change-password");
      await Promise.all([page.waitForURL(/notice=password-changed$/), page.click("button:has-text('Change password')")]);
      expect(await page.textContent(".notice")).toContain("Your password was changed.");

      // Two-step sign-in: the password, the key into the app, its first code, the recovery codes once.
      await page.fill("#two-factor-password", NEW_PASSWORD);
      await Promise.all([page.waitForSelector("#totp-secret"), page.click("text=Set up an authenticator")]);
      const secret = await page.inputValue("#totp-secret");
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(await page.inputValue("#totp-uri")).toContain(
        `otpauth://totp/Payment%20Connect:${encodeURIComponent(email)}?secret=${secret}`,
      );
      await shot("totp-enrol");
      await page.fill("#confirm-code", appCode(secret));
      await Promise.all([page.waitForSelector("#recovery-codes"), page.click("text=Turn on two-step sign-in")]);
      const recoveryCodes = (await page.inputValue("#recovery-codes")).split("\n");
      expect(recoveryCodes).toHaveLength(10);
      await shot("recovery-codes");

      // Signing in now takes the password and then the app's code.
      await signOut(page);
      await signIn(NEW_PASSWORD);
      await page.waitForURL(/\/dashboard\/sign-in\/code$/);
      expect(await page.title()).toBe("Enter your code · Payment Connect");
      await page.fill("#code", appCode(secret, 1));
      await shot("sign-in-code");
      await Promise.all([page.waitForURL(`${server.baseUrl}/dashboard`), page.click("button[type=submit]")]);
      await page.goto(`${server.baseUrl}/dashboard/security`);
      expect(await page.textContent("main")).toContain("10 of 10 recovery codes left");
      await fits();

      // Locked out: the operator's reset link keeps the owner an owner and ends the session; a recovery code signs in.
      const reset = await adminCli("reset", tenant.id, email);
      expect(reset).toMatchObject({ email, role: "owner" });
      await page.goto(reset.resetUrl);
      expect(await page.title()).toBe("Choose a new password · Payment Connect");
      await page.fill("#password", RESET_PASSWORD);
      await page.fill("#confirm", RESET_PASSWORD);
      await shot("reset-link");
      await Promise.all([page.waitForURL(/notice=password-reset$/), page.click("button[type=submit]")]);
      await page.goto(`${server.baseUrl}/dashboard/security`);
      expect(page.url()).toContain("/dashboard/sign-in");
      await signIn(RESET_PASSWORD);
      await page.waitForURL(/\/dashboard\/sign-in\/code$/);
      await page.fill("#code", recoveryCodes[0]);
      await Promise.all([page.waitForURL(`${server.baseUrl}/dashboard`), page.click("button[type=submit]")]);
      await page.goto(`${server.baseUrl}/dashboard/security`);
      expect(await page.textContent("main")).toContain("9 of 10 recovery codes left");
      expect(await page.textContent(".whoami")).toContain("owner");

      expect(external).toEqual([]);
      expect(consoleErrors).toEqual([]);
      await context.close();
    },
  );
});
