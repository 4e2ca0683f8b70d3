import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import {
  dashboardPasswordResets,
  dashboardRecoveryCodes,
  dashboardTotpFactors,
  dashboardUsers,
} from "../../../src/accounts/accounts.schema";
import { auditActions, codeAt, enableTotp, nextCode, recoveryCodesIn, secretIn, signInWithCode, SLOW_MS } from "../support/accounts";
import { acceptInvitation, DashboardBrowser, PASSWORD, signedInOwner, uniqueEmail } from "../support/dashboard";
import { controlDb } from "../support/db";
import { ADMIN_HEADERS, call, jsonInit } from "../support/http";

const NEW_PASSWORD = "a brand new passphrase for this";

const resetLink = async (tenantId: string, email: string) => {
  const response = await call(`/admin/tenants/${tenantId}/dashboard/password-resets`, jsonInit("POST", { email }, ADMIN_HEADERS));
  return { response, body: (await response.json()) as Record<string, string> };
};

describe("changing your password", () => {
  it(
    "takes the current password, sets the new one, ends every other session (this one stays) and is audited",
    async () => {
      const { tenantId, email, browser } = await signedInOwner("Password Bakery");
      const laptop = new DashboardBrowser("198.51.100.31");
      expect((await laptop.signIn(email)).status).toBe(303);

      const { html } = await browser.open("/dashboard/security");
      expect(html).toContain("<title>Sign-in security · Payment Connect</title>");
      expect(html).toContain('href="/dashboard/security" aria-current="page"');
      const changed = await browser.post("/dashboard/security/password", {
        currentPassword: PASSWORD,
        password: NEW_PASSWORD,
        confirm: NEW_PASSWORD,
      });
      expect(changed.status).toBe(303);
      expect(changed.headers.get("Location")).toBe("/dashboard/security?notice=password-changed");
      expect((await browser.open("/dashboard/security?notice=password-changed")).html).toContain("Your password was changed.");

      expect((await laptop.get("/dashboard")).status).toBe(303);
      expect((await new DashboardBrowser("198.51.100.32").signIn(email, PASSWORD)).status).toBe(401);
      expect((await new DashboardBrowser("198.51.100.33").signIn(email, NEW_PASSWORD)).status).toBe(303);
      expect(await auditActions(tenantId)).toContainEqual({ action: "password.changed", target: "other sessions ended" });
    },
    SLOW_MS,
  );

  it("asks for the new password under the invitation's rules, each error beside its field", async () => {
    const { browser } = await signedInOwner();
    await browser.open("/dashboard/security");
    const short = await browser.post("/dashboard/security/password", { currentPassword: PASSWORD, password: "short", confirm: "short" });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("At least 12 characters.");
    const differ = await browser.post("/dashboard/security/password", {
      currentPassword: PASSWORD,
      password: NEW_PASSWORD,
      confirm: "something else entirely",
    });
    expect(differ.status).toBe(400);
    expect(await differ.text()).toContain("The two passwords differ.");
    const empty = await browser.post("/dashboard/security/password", { password: NEW_PASSWORD, confirm: NEW_PASSWORD });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Enter your current password.");
  });
});

describe("the operator's password reset link", () => {
  it(
    "keeps a member a member, sets the new password once and ends every session the user had",
    async () => {
      const { tenantId, browser: owner } = await signedInOwner("Reset Kitchen");
      await owner.open("/dashboard/team");
      const memberEmail = uniqueEmail("member");
      const invited = await (await owner.post("/dashboard/team/invites", { email: memberEmail, role: "member" })).text();
      const memberLink = /value="([^"]+\/dashboard\/invite\/[^"]+)"/.exec(invited)![1]!;
      expect((await acceptInvitation(new DashboardBrowser(), new URL(memberLink).pathname, "Mo Member")).status).toBe(303);
      const member = new DashboardBrowser("192.0.2.71");
      expect((await member.signIn(memberEmail)).status).toBe(303);

      const before = Date.now();
      const { response, body } = await resetLink(tenantId, memberEmail.toUpperCase());
      expect(response.status).toBe(201);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(body).toMatchObject({ tenantId, email: memberEmail, role: "member", id: expect.stringMatching(/^pwr_/) });
      expect(body.resetUrl).toMatch(new RegExp(`^${env.BASE_URL}/dashboard/reset/[A-Za-z0-9_-]{43}$`));
      const lifetime = Date.parse(body.expiresAtUtc!) - before;
      expect(lifetime).toBeGreaterThan(72 * 3600_000 - 60_000);
      expect(lifetime).toBeLessThanOrEqual(72 * 3600_000 + 1000);
      const token = body.resetUrl!.split("/").at(-1)!;
      expect(
        JSON.stringify(await controlDb().query.dashboardPasswordResets.findFirst({ where: eq(dashboardPasswordResets.id, body.id!) })),
      ).not.toContain(token);

      const path = new URL(body.resetUrl!).pathname;
      const stranger = new DashboardBrowser("192.0.2.72");
      const { html } = await stranger.open(path);
      expect(html).toContain("<title>Choose a new password · Payment Connect</title>");
      expect(html).toContain(memberEmail);
      const used = await stranger.post(path, { password: NEW_PASSWORD, confirm: NEW_PASSWORD });
      expect(used.status).toBe(303);
      expect(used.headers.get("Location")).toBe("/dashboard/sign-in?notice=password-reset");

      expect((await member.get("/dashboard")).status).toBe(303);
      expect((await new DashboardBrowser("192.0.2.73").signIn(memberEmail, PASSWORD)).status).toBe(401);
      const fresh = new DashboardBrowser("192.0.2.74");
      expect((await fresh.signIn(memberEmail, NEW_PASSWORD)).status).toBe(303);
      expect((await fresh.get("/dashboard/team")).status).toBe(403);
      const team = await (await owner.get("/dashboard/team")).text();
      expect(team).toMatch(new RegExp(`${memberEmail.replace(/\./g, "\\.")}</td>\\s*<td[^>]*>member</td>`));
      expect(await controlDb().$count(dashboardUsers, eq(dashboardUsers.tenantId, tenantId))).toBe(2);

      expect((await stranger.open(path)).response.status).toBe(404);
      expect((await stranger.post(path, { password: "yet another passphrase", confirm: "yet another passphrase" })).status).toBe(404);
      expect((await new DashboardBrowser("192.0.2.75").signIn(memberEmail, NEW_PASSWORD)).status).toBe(303);
      expect((await auditActions(tenantId)).map((entry) => entry.action)).toEqual(
        expect.arrayContaining(["password_reset.issued", "password_reset.used"]),
      );
    },
    SLOW_MS,
  );

  it(
    "lets an owner locked out by the sign-in throttle in at once with the new password",
    async () => {
      const { tenantId, email } = await signedInOwner("Throttled Teas");
      const guesser = new DashboardBrowser("192.0.2.76");
      for (let attempt = 0; attempt < 6; attempt++) await guesser.signIn(email, "not the password at all");
      expect((await new DashboardBrowser("192.0.2.77").signIn(email, PASSWORD)).status).toBe(429);
      const { body } = await resetLink(tenantId, email);
      const path = new URL(body.resetUrl!).pathname;
      const owner = new DashboardBrowser("192.0.2.78");
      await owner.open(path);
      expect((await owner.post(path, { password: NEW_PASSWORD, confirm: NEW_PASSWORD })).status).toBe(303);
      expect((await owner.signIn(email, NEW_PASSWORD)).status).toBe(303);
    },
    SLOW_MS,
  );

  it("asks for a real password, with the error beside the field", async () => {
    const { tenantId, email } = await signedInOwner();
    const { body } = await resetLink(tenantId, email);
    const path = new URL(body.resetUrl!).pathname;
    const browser = new DashboardBrowser();
    await browser.open(path);
    const refused = await browser.post(path, { password: "short", confirm: "short" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("At least 12 characters.");
    expect((await browser.open(path)).response.status).toBe(200);
  });
});

describe("two-step sign-in with an authenticator (TOTP)", () => {
  it("enrols with the password, shows the key as base32 and otpauth://, and is on only after a right code", async () => {
    const { tenantId, email, browser } = await signedInOwner("Authenticator Cafe");
    expect((await browser.open("/dashboard/security")).html).toContain("Set up an authenticator");
    const started = await browser.post("/dashboard/security/two-factor", { password: PASSWORD });
    expect(started.status).toBe(200);
    const page = await started.text();
    const secret = secretIn(page)!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(page).toContain(
      `otpauth://totp/Payment%20Connect:${encodeURIComponent(email)}?secret=${secret}&amp;issuer=Payment%20Connect&amp;algorithm=SHA1&amp;digits=6&amp;period=30`,
    );
    // Not on yet: sign-in asks only for the password.
    expect((await new DashboardBrowser("192.0.2.60").signIn(email)).headers.get("Location")).toBe("/dashboard");

    const wrong = await browser.post("/dashboard/security/two-factor/confirm", { code: "000000" });
    expect(wrong.status).toBe(400);
    const retry = await wrong.text();
    expect(retry).toContain("That code did not match.");
    expect(secretIn(retry)).toBe(secret);

    const confirmed = await browser.post("/dashboard/security/two-factor/confirm", { code: await codeAt(secret) });
    expect(confirmed.status).toBe(200);
    const shown = await confirmed.text();
    const codes = recoveryCodesIn(shown);
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-km-np-z2-9]{5}-[a-km-np-z2-9]{5}$/);
    expect(new Set(codes).size).toBe(10);
    expect(shown).toContain("shown only this once");

    // The page afterwards: on, ten codes left, and the codes themselves never again.
    const { html } = await browser.open("/dashboard/security");
    expect(html).toContain("10 of 10 recovery codes left");
    for (const code of codes) expect(html).not.toContain(code);
    expect(html).not.toContain(secret);
    expect((await auditActions(tenantId)).map((entry) => entry.action)).toContain("two_factor.enabled");
  });

  it("asks for the code after the password; the session starts only with it", async () => {
    const { tenantId, email, browser } = await signedInOwner("Second Step Shop");
    const { secret } = await enableTotp(browser);
    const laptop = new DashboardBrowser("192.0.2.61");
    const first = await laptop.signIn(email);
    expect(first.status).toBe(303);
    expect(first.headers.get("Location")).toBe("/dashboard/sign-in/code");
    expect(first.headers.getSetCookie().some((cookie) => cookie.includes("pc_session"))).toBe(false);
    const pending = first.headers.getSetCookie().find((cookie) => cookie.startsWith("__Host-pc_pending="));
    expect(pending).toMatch(/; Max-Age=300; .*HttpOnly; Secure; SameSite=Strict/);
    expect((await laptop.get("/dashboard")).status).toBe(303);

    const { html } = await laptop.open("/dashboard/sign-in/code");
    expect(html).toContain('autocomplete="one-time-code"');
    const done = await laptop.post("/dashboard/sign-in/code", { code: await nextCode(secret, email) });
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/dashboard");
    expect((await laptop.get("/dashboard")).status).toBe(200);
    expect(await auditActions(tenantId)).toContainEqual({ action: "sign_in.succeeded", target: "with an authenticator code" });
  });

  it("keeps where the browser was going across the code step", async () => {
    const { email, browser } = await signedInOwner();
    const { secret } = await enableTotp(browser);
    const laptop = new DashboardBrowser("192.0.2.62");
    await laptop.open("/dashboard/sign-in?next=%2Fdashboard%2Fkeys");
    const first = await laptop.post("/dashboard/sign-in?next=%2Fdashboard%2Fkeys", { email, password: PASSWORD });
    expect(first.headers.get("Location")).toBe("/dashboard/sign-in/code?next=%2Fdashboard%2Fkeys");
    await laptop.open("/dashboard/sign-in/code?next=%2Fdashboard%2Fkeys");
    const done = await laptop.post("/dashboard/sign-in/code?next=%2Fdashboard%2Fkeys", { code: await nextCode(secret, email) });
    expect(done.headers.get("Location")).toBe("/dashboard/keys");
  });

  it("says an authenticator code typed again was already used, and to wait for the next one", async () => {
    const { email, browser } = await signedInOwner("Same Code Cafe");
    const { secret } = await enableTotp(browser);
    const code = await nextCode(secret, email);
    expect((await signInWithCode(new DashboardBrowser("192.0.2.65"), email, code)).status).toBe(303);
    const again = await signInWithCode(new DashboardBrowser("192.0.2.66"), email, code);
    expect(again.status).toBe(401);
    const html = await again.text();
    expect(html).toContain("That code was already used, and each code works once. Wait for your authenticator to show the next one");
    expect(html).not.toContain("That code did not work");
    const wrong = await signInWithCode(new DashboardBrowser("192.0.2.66"), email, code === "000000" ? "111111" : "000000");
    expect(await wrong.text()).toContain("That code did not work.");
  });

  it("takes a recovery code in place of the app's code, once", async () => {
    const { tenantId, email, browser } = await signedInOwner("Lost Phone Deli");
    const { recoveryCodes } = await enableTotp(browser);
    const [code] = recoveryCodes;
    const signedIn = await signInWithCode(new DashboardBrowser("192.0.2.63"), email, code!.toUpperCase().replace("-", " "));
    expect(signedIn.status).toBe(303);
    expect(await auditActions(tenantId)).toContainEqual({ action: "sign_in.succeeded", target: "with a recovery code" });
    expect((await browser.open("/dashboard/security")).html).toContain("9 of 10 recovery codes left");
    const again = await signInWithCode(new DashboardBrowser("192.0.2.64"), email, code!);
    expect(again.status).toBe(401);
    expect(await again.text()).toContain("That code was already used, and each code works once.");
    expect((await signInWithCode(new DashboardBrowser("192.0.2.64"), email, recoveryCodes[1]!)).status).toBe(303);
  });

  it("turns off with the password and a code; sign-in then asks for the password alone", async () => {
    const { tenantId, email, browser } = await signedInOwner("Switch Off Stores");
    const { secret } = await enableTotp(browser);
    await browser.open("/dashboard/security");
    const off = await browser.post("/dashboard/security/two-factor/disable", { password: PASSWORD, code: await nextCode(secret, email) });
    expect(off.status).toBe(303);
    expect(off.headers.get("Location")).toBe("/dashboard/security?notice=two-factor-off");
    expect((await new DashboardBrowser("192.0.2.65").signIn(email)).headers.get("Location")).toBe("/dashboard");
    const user = (await controlDb().query.dashboardUsers.findFirst({ columns: { id: true }, where: eq(dashboardUsers.email, email) }))!;
    expect({
      factors: await controlDb().$count(dashboardTotpFactors, eq(dashboardTotpFactors.userId, user.id)),
      codes: await controlDb().$count(dashboardRecoveryCodes, eq(dashboardRecoveryCodes.userId, user.id)),
    }).toEqual({ factors: 0, codes: 0 });
    expect((await auditActions(tenantId)).map((entry) => entry.action)).toContain("two_factor.disabled");
    // And on again: a new key and new recovery codes.
    expect((await enableTotp(browser)).recoveryCodes).toHaveLength(10);
  });

  it("stays on through the operator's password reset: the new password still needs the code", async () => {
    const { tenantId, email, browser } = await signedInOwner("Reset With Factor");
    const { secret } = await enableTotp(browser);
    const { body } = await resetLink(tenantId, email);
    const path = new URL(body.resetUrl!).pathname;
    const person = new DashboardBrowser("192.0.2.66");
    await person.open(path);
    expect((await person.post(path, { password: NEW_PASSWORD, confirm: NEW_PASSWORD })).status).toBe(303);
    expect((await signInWithCode(person, email, () => nextCode(secret, email), NEW_PASSWORD)).status).toBe(303);
  });
});
