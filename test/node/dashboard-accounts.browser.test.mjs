// Accounts a merchant can keep, in headless Chromium against `wrangler dev`, at a desktop's and a phone's width: the
// owner changes their password, turns on two-step sign-in with an authenticator (the key typed from the page, its
// first code, the recovery codes shown once), signs in again with the password and the app's code, and — locked out —
// gets a new password through `npm run admin -- dashboard reset`, then signs in with a recovery code. Nothing is wider
// than the screen, and no page logs an error. Screenshots go to SCREENSHOTS_DIR (when it is set;
// `SCREENSHOTS_DIR=docs/screenshots` refreshes docs/guides/dashboard.md's `70-accounts-…`).
import { createHmac } from "node:crypto";

import { describe, expect, inject, it } from "vitest";

import {
  acceptAndSignIn,
  adminCli,
  adminHeaders,
  clickNav,
  DESKTOP,
  devServerAndChromium,
  expectToFit,
  newContext,
  PASSWORD,
  PHONE,
  screenshot,
  screenshotsDir,
  signOut,
  watchPage,
} from "../support/dashboard-browser.mjs";

const CHROMIUM = inject("chromiumPath");
const SCREENSHOTS = screenshotsDir();
const NEW_PASSWORD = "another long and memorable passphrase";
const RESET_PASSWORD = "the passphrase after the reset";

const suite = devServerAndChromium(CHROMIUM);

/** `npm run admin -- dashboard <verb> <tenantId> <email>`, as docs/guides/dashboard.md tells the operator; its JSON answer. */
async function dashboardAdminCli(verb, tenantId, email) {
  const { stdout, stderr } = await adminCli(suite.server.baseUrl, ["dashboard", verb, tenantId, email]);
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
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ])(
    "at %s width: change password → two-step sign-in on → sign in with the code → reset link (role kept) → a recovery code",
    async (width, viewport) => {
      const email = `owner-${width}@accounts.example`;
      const tenant = await (
        await fetch(`${suite.server.baseUrl}/admin/tenants`, {
          method: "POST",
          headers: adminHeaders(),
          body: JSON.stringify({ name: `Keepers ${width}` }),
        })
      ).json();
      const { inviteUrl } = await dashboardAdminCli("invite", tenant.id, email);

      const context = await newContext(suite.browser, viewport);
      const page = await context.newPage();
      const seen = watchPage(page, suite.server.baseUrl);
      page.on("dialog", (dialog) => dialog.accept());
      const shot = async (name) => {
        await expectToFit(page, viewport);
        await screenshot(page, SCREENSHOTS, `70-accounts-${name}-${width}`);
      };
      /** The password step alone: a second step may follow. */
      const signInWith = async (password) => {
        await page.goto(`${suite.server.baseUrl}/dashboard/sign-in`);
        await page.fill("#email", email);
        await page.fill("#password", password);
        await page.click("button[type=submit]");
      };

      await acceptAndSignIn(page, { baseUrl: suite.server.baseUrl, inviteUrl, email });

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
      await signInWith(NEW_PASSWORD);
      await page.waitForURL(/\/dashboard\/sign-in\/code$/);
      expect(await page.title()).toBe("Enter your code · Payment Connect");
      await page.fill("#code", appCode(secret, 1));
      await shot("sign-in-code");
      await Promise.all([page.waitForURL(`${suite.server.baseUrl}/dashboard`), page.click("button[type=submit]")]);
      await page.goto(`${suite.server.baseUrl}/dashboard/security`);
      expect(await page.textContent("main")).toContain("10 of 10 recovery codes left");
      await expectToFit(page, viewport);

      // Locked out: the operator's reset link keeps the owner an owner and ends the session; a recovery code signs in.
      const reset = await dashboardAdminCli("reset", tenant.id, email);
      expect(reset).toMatchObject({ email, role: "owner" });
      await page.goto(reset.resetUrl);
      expect(await page.title()).toBe("Choose a new password · Payment Connect");
      await page.fill("#password", RESET_PASSWORD);
      await page.fill("#confirm", RESET_PASSWORD);
      await shot("reset-link");
      await Promise.all([page.waitForURL(/notice=password-reset$/), page.click("button[type=submit]")]);
      await page.goto(`${suite.server.baseUrl}/dashboard/security`);
      expect(page.url()).toContain("/dashboard/sign-in");
      await signInWith(RESET_PASSWORD);
      await page.waitForURL(/\/dashboard\/sign-in\/code$/);
      await page.fill("#code", recoveryCodes[0]);
      await Promise.all([page.waitForURL(`${suite.server.baseUrl}/dashboard`), page.click("button[type=submit]")]);
      await page.goto(`${suite.server.baseUrl}/dashboard/security`);
      expect(await page.textContent("main")).toContain("9 of 10 recovery codes left");
      expect(await page.textContent(".whoami")).toContain("owner");

      expect(seen.external).toEqual([]);
      expect(seen.errors).toEqual([]);
      await context.close();
    },
  );
});
