import { and, eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import {
  dashboardPasswordResets,
  dashboardPendingSignIns,
  dashboardRecoveryCodes,
  dashboardTotpFactors,
  dashboardUsers,
} from "../../../src/accounts/accounts.schema";
import { auditActions, codeAt, enableTotp, nextCode, signInWithCode, SLOW_MS } from "../support/accounts";
import { DashboardBrowser, PASSWORD, signedInOwner, uniqueEmail } from "../support/dashboard";
import { controlDb } from "../support/db";
import { ADMIN_HEADERS, call, createTenant, expectProblem, jsonInit } from "../support/http";

const NEW_PASSWORD = "a brand new passphrase for this";

const userOf = async (email: string) => (await controlDb().query.dashboardUsers.findFirst({ where: eq(dashboardUsers.email, email) }))!;

const passwordHash = async (email: string) => (await userOf(email)).passwordHash;

const postReset = (tenantId: string, body: unknown, headers: Record<string, string> = ADMIN_HEADERS) =>
  call(`/admin/tenants/${tenantId}/dashboard/password-resets`, jsonInit("POST", body, headers));

async function resetPath(tenantId: string, email: string): Promise<string> {
  const response = await postReset(tenantId, { email });
  expect(response.status).toBe(201);
  return new URL(((await response.json()) as { resetUrl: string }).resetUrl).pathname;
}

describe("changing your password", () => {
  it(
    "refuses a wrong current password and changes nothing; five wrong ones throttle it like sign-in",
    async () => {
      const { email, browser } = await signedInOwner();
      const hash = await passwordHash(email);
      await browser.open("/dashboard/security");
      const form = { currentPassword: "not my password at all", password: NEW_PASSWORD, confirm: NEW_PASSWORD };
      const wrong = await browser.post("/dashboard/security/password", form);
      expect(wrong.status).toBe(401);
      expect(await wrong.text()).toContain("That is not your current password.");
      for (let attempt = 0; attempt < 4; attempt++) expect((await browser.post("/dashboard/security/password", form)).status).toBe(401);
      const throttled = await browser.post("/dashboard/security/password", { ...form, currentPassword: PASSWORD });
      expect(throttled.status).toBe(429);
      expect(await throttled.text()).toContain("Too many attempts");
      expect(await passwordHash(email)).toBe(hash);
      // The same account's sign-in is throttled too: the guesses were counted against it.
      expect((await new DashboardBrowser("198.51.100.41").signIn(email)).status).toBe(429);
    },
    SLOW_MS,
  );

  it("is a form like any other: refused without the session's token or from another site, and nothing changes", async () => {
    const { email, browser } = await signedInOwner();
    const hash = await passwordHash(email);
    await browser.open("/dashboard/security");
    const form = { currentPassword: PASSWORD, password: NEW_PASSWORD, confirm: NEW_PASSWORD };
    expect((await browser.post("/dashboard/security/password", form, { withToken: false })).status).toBe(403);
    expect((await browser.post("/dashboard/security/password", form, { headers: { Origin: "https://evil.example" } })).status).toBe(403);
    for (const path of [
      "/dashboard/security/two-factor",
      "/dashboard/security/two-factor/confirm",
      "/dashboard/security/two-factor/disable",
    ]) {
      expect((await browser.post(path, { password: PASSWORD, code: "123456" }, { withToken: false })).status, path).toBe(403);
    }
    expect(await passwordHash(email)).toBe(hash);
    expect(await controlDb().$count(dashboardTotpFactors)).toBe(0);
  });

  it("needs a session: signed out, the page and its forms send the browser to sign in", async () => {
    const browser = new DashboardBrowser();
    expect((await browser.get("/dashboard/security")).headers.get("Location")).toBe("/dashboard/sign-in?next=%2Fdashboard%2Fsecurity");
    await browser.open("/dashboard/sign-in");
    const posted = await browser.post("/dashboard/security/password", {
      currentPassword: PASSWORD,
      password: NEW_PASSWORD,
      confirm: NEW_PASSWORD,
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("Location")).toMatch(/^\/dashboard\/sign-in/);
  });
});

describe("the operator's password reset link", () => {
  it(
    "is only for a current user of that tenant: another tenant's user, an unknown e-mail or a removed user is a 404",
    async () => {
      const { email: otherTenantsOwner } = await signedInOwner("Other Tenant Co");
      const tenant = await createTenant("Reset Target");
      await expectProblem(await postReset(tenant.id, { email: otherTenantsOwner }), 404, "not-found");
      await expectProblem(await postReset(tenant.id, { email: uniqueEmail("nobody") }), 404, "not-found");
      await expectProblem(await postReset("ten_doesnotexist", { email: otherTenantsOwner }), 404, "not-found");
      expect(await controlDb().$count(dashboardUsers, eq(dashboardUsers.tenantId, tenant.id))).toBe(0);
      expect(await controlDb().$count(dashboardPasswordResets, eq(dashboardPasswordResets.tenantId, tenant.id))).toBe(0);

      const { tenantId, browser } = await signedInOwner("Removal Rooms");
      const colleague = uniqueEmail("colleague");
      await browser.open("/dashboard/team");
      const invited = await (await browser.post("/dashboard/team/invites", { email: colleague, role: "owner" })).text();
      const link = new URL(/value="([^"]+\/dashboard\/invite\/[^"]+)"/.exec(invited)![1]!).pathname;
      const them = new DashboardBrowser();
      await them.open(link);
      await them.post(link, { name: "Col League", password: PASSWORD, confirm: PASSWORD });
      const path = await resetPath(tenantId, colleague);
      const userId = (await userOf(colleague)).id;
      await browser.open("/dashboard/team");
      expect((await browser.post(`/dashboard/team/users/${userId}/remove`)).status).toBe(303);
      // The link made before the removal no longer works either.
      expect((await them.open(path)).response.status).toBe(404);
      await expectProblem(await postReset(tenantId, { email: colleague }), 404, "not-found");
    },
    SLOW_MS,
  );

  it("refuses a missing or wrong operator secret and a tenant's key, and bad bodies", async () => {
    const { tenantId, email } = await signedInOwner();
    await expectProblem(await postReset(tenantId, { email }, {}), 401, "unauthorized");
    await expectProblem(await postReset(tenantId, { email }, { Authorization: "Bearer wrong" }), 401, "unauthorized");
    await expectProblem(await postReset(tenantId, { email: "not-an-email" }), 400, "validation-failed");
    await expectProblem(await postReset(tenantId, { email, role: "owner" }), 400, "validation-failed");
  });

  it("stops working after 72 hours, and an unknown token reads the same", async () => {
    const { tenantId, email } = await signedInOwner();
    const hash = await passwordHash(email);
    const path = await resetPath(tenantId, email);
    await controlDb()
      .update(dashboardPasswordResets)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(dashboardPasswordResets.userId, (await userOf(email)).id));
    const browser = new DashboardBrowser();
    const expired = await browser.open(path);
    expect(expired.response.status).toBe(404);
    expect(expired.html).toContain("This link cannot be used");
    await browser.open("/dashboard/sign-in");
    expect((await browser.post(path, { password: NEW_PASSWORD, confirm: NEW_PASSWORD })).status).toBe(404);
    const unknown = await browser.open("/dashboard/reset/" + "A".repeat(43));
    expect(unknown.response.status).toBe(404);
    expect(unknown.html).toContain("This link cannot be used");
    expect(await passwordHash(email)).toBe(hash);
  });

  it(
    "works once even when its form is sent twice at once",
    async () => {
      const { tenantId, email } = await signedInOwner();
      const path = await resetPath(tenantId, email);
      const browser = new DashboardBrowser();
      await browser.open(path);
      const answers = await Promise.all(
        ["first new passphrase here", "second new passphrase here"].map((password) => browser.post(path, { password, confirm: password })),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([303, 404]);
      const uses = (await auditActions(tenantId)).filter((entry) => entry.action === "password_reset.used");
      expect(uses).toHaveLength(1);
    },
    SLOW_MS,
  );

  it("protects its form like the invitation's (login CSRF): the token of a cookie this origin set", async () => {
    const { tenantId, email } = await signedInOwner();
    const hash = await passwordHash(email);
    const path = await resetPath(tenantId, email);
    const stranger = new DashboardBrowser();
    expect((await stranger.post(path, { password: NEW_PASSWORD, confirm: NEW_PASSWORD, _csrf: "guess" })).status).toBe(403);
    await stranger.open(path);
    expect(
      (await stranger.post(path, { password: NEW_PASSWORD, confirm: NEW_PASSWORD }, { headers: { Origin: "https://evil.example" } }))
        .status,
    ).toBe(403);
    expect(await passwordHash(email)).toBe(hash);
    expect((await stranger.post(path, { password: NEW_PASSWORD, confirm: NEW_PASSWORD })).status).toBe(303);
  });
});

describe("two-step sign-in", () => {
  it("keeps the authenticator's key sealed at rest (AES-GCM), and the recovery codes only as keyed hashes", async () => {
    const { email, browser } = await signedInOwner();
    const { secret, recoveryCodes } = await enableTotp(browser);
    const { id } = await userOf(email);
    const rows = JSON.stringify({
      ...(await controlDb().query.dashboardTotpFactors.findFirst({ where: eq(dashboardTotpFactors.userId, id) })),
      codes: await controlDb()
        .select({ codeHash: dashboardRecoveryCodes.codeHash })
        .from(dashboardRecoveryCodes)
        .where(eq(dashboardRecoveryCodes.userId, id)),
    });
    expect(rows).toMatch(/"secretSealed":"v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+"/);
    expect(rows).not.toContain(secret);
    expect(rows).not.toContain(secret.toLowerCase());
    for (const code of recoveryCodes) {
      expect(rows).not.toContain(code);
      expect(rows).not.toContain(code.replace("-", ""));
    }
  });

  it(
    "a sealed key copied onto another user's row does not open there",
    async () => {
      const first = await signedInOwner();
      const second = await signedInOwner();
      await enableTotp(first.browser);
      const { secret } = await enableTotp(second.browser);
      const firstFactor = (await controlDb().query.dashboardTotpFactors.findFirst({
        where: eq(dashboardTotpFactors.userId, (await userOf(first.email)).id),
      }))!;
      await controlDb()
        .update(dashboardTotpFactors)
        .set({ secretSealed: firstFactor.secretSealed })
        .where(eq(dashboardTotpFactors.userId, (await userOf(second.email)).id));
      const response = await signInWithCode(new DashboardBrowser("198.51.100.50"), second.email, () => nextCode(secret, second.email));
      expect(response.status).toBe(500);
      expect(response.headers.getSetCookie().some((cookie) => cookie.includes("pc_session"))).toBe(false);
    },
    SLOW_MS,
  );

  it(
    "takes no code twice: the one just used is refused, even within its 30 seconds",
    async () => {
      const { email, browser } = await signedInOwner();
      const { secret } = await enableTotp(browser);
      const code = await nextCode(secret, email);
      expect((await signInWithCode(new DashboardBrowser("198.51.100.51"), email, code)).status).toBe(303);
      const replayed = await signInWithCode(new DashboardBrowser("198.51.100.52"), email, code);
      expect(replayed.status).toBe(401);
      expect(replayed.headers.getSetCookie().some((cookie) => cookie.includes("pc_session"))).toBe(false);
      // An older code than the last one used is refused too.
      expect((await signInWithCode(new DashboardBrowser("198.51.100.53"), email, await codeAt(secret))).status).toBe(401);
    },
    SLOW_MS,
  );

  it("takes one code once when it is sent twice at once", async () => {
    const { email, browser } = await signedInOwner();
    const { secret } = await enableTotp(browser);
    const code = await nextCode(secret, email);
    const [a, b] = [new DashboardBrowser("198.51.100.54"), new DashboardBrowser("198.51.100.55")];
    for (const each of [a, b]) {
      expect((await each.signIn(email)).headers.get("Location")).toBe("/dashboard/sign-in/code");
      await each.open("/dashboard/sign-in/code");
    }
    const answers = await Promise.all([a, b].map((each) => each.post("/dashboard/sign-in/code", { code })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 401]);
  });

  it(
    "throttles the code like a password: 5 failures, and then even the right code waits; a right password resets nothing",
    async () => {
      const { email, browser } = await signedInOwner();
      const { secret } = await enableTotp(browser);
      const attacker = new DashboardBrowser("198.51.100.56");
      expect((await signInWithCode(attacker, email, "000000")).status).toBe(401);
      for (let attempt = 0; attempt < 2; attempt++)
        expect((await attacker.post("/dashboard/sign-in/code", { code: "111111" })).status).toBe(401);
      // The right password again: the code's failures stand.
      expect((await signInWithCode(attacker, email, "222222")).status).toBe(401);
      expect((await attacker.post("/dashboard/sign-in/code", { code: "333333" })).status).toBe(401);
      const throttled = await attacker.post("/dashboard/sign-in/code", { code: await nextCode(secret, email) });
      expect(throttled.status).toBe(429);
      expect(Number(throttled.headers.get("Retry-After"))).toBeGreaterThan(0);
      const failures = await auditActions((await userOf(email)).tenantId);
      expect(failures.filter((entry) => entry.action === "sign_in.failed" && entry.target === "wrong code")).toHaveLength(5);
    },
    SLOW_MS,
  );

  it(
    "lets the code step last five minutes and work once",
    async () => {
      const { email, browser } = await signedInOwner();
      const { secret } = await enableTotp(browser);
      const laptop = new DashboardBrowser("198.51.100.57");
      await laptop.signIn(email);
      await controlDb()
        .update(dashboardPendingSignIns)
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
        .where(eq(dashboardPendingSignIns.userId, (await userOf(email)).id));
      await laptop.open("/dashboard/sign-in/code");
      const late = await laptop.post("/dashboard/sign-in/code", { code: await nextCode(secret, email) });
      expect(late.status).toBe(303);
      expect(late.headers.get("Location")).toBe("/dashboard/sign-in?notice=sign-in-expired");
      expect(late.headers.getSetCookie().some((cookie) => cookie.includes("pc_session"))).toBe(false);

      // A pending sign-in completed once cannot complete again.
      const once = new DashboardBrowser("198.51.100.58");
      await once.signIn(email);
      const copy = new DashboardBrowser("198.51.100.58");
      for (const [name, value] of once.jar) copy.jar.set(name, value);
      await once.open("/dashboard/sign-in/code");
      expect((await once.post("/dashboard/sign-in/code", { code: await nextCode(secret, email) })).status).toBe(303);
      await copy.open("/dashboard/sign-in/code");
      const replayed = await copy.post("/dashboard/sign-in/code", { code: await nextCode(secret, email) });
      expect(replayed.headers.get("Location")).toBe("/dashboard/sign-in?notice=sign-in-expired");
      expect(replayed.headers.getSetCookie().some((cookie) => cookie.includes("pc_session"))).toBe(false);
    },
    SLOW_MS,
  );

  it(
    "ends a sign-in waiting for its code when the password changes: the old password opened nothing that stays open",
    async () => {
      const { email, browser } = await signedInOwner();
      const { secret } = await enableTotp(browser);
      const attacker = new DashboardBrowser("198.51.100.62");
      expect((await attacker.signIn(email)).headers.get("Location")).toBe("/dashboard/sign-in/code");
      await browser.open("/dashboard/security");
      const form = { currentPassword: PASSWORD, password: NEW_PASSWORD, confirm: NEW_PASSWORD };
      expect((await browser.post("/dashboard/security/password", form)).status).toBe(303);
      await attacker.open("/dashboard/sign-in/code");
      const late = await attacker.post("/dashboard/sign-in/code", { code: await nextCode(secret, email) });
      expect(late.headers.get("Location")).toBe("/dashboard/sign-in?notice=sign-in-expired");
    },
    SLOW_MS,
  );

  it("has no second step without the password: the code page without a pending sign-in sends the browser back", async () => {
    const stranger = new DashboardBrowser("198.51.100.59");
    expect((await stranger.get("/dashboard/sign-in/code")).headers.get("Location")).toBe("/dashboard/sign-in?notice=sign-in-expired");
    await stranger.open("/dashboard/sign-in");
    const forged = await stranger.post(
      "/dashboard/sign-in/code",
      { code: "123456" },
      { headers: { Cookie: `__Host-pc_pending=${"A".repeat(43)}` } },
    );
    expect(forged.status).toBe(403);
    // A made-up pending token with the form's own cookie: expired, no session.
    const jar = new DashboardBrowser("198.51.100.59");
    await jar.open("/dashboard/sign-in");
    jar.jar.set("__Host-pc_pending", "A".repeat(43));
    const made = await jar.post("/dashboard/sign-in/code", { code: "123456" });
    expect(made.headers.get("Location")).toBe("/dashboard/sign-in?notice=sign-in-expired");
  });

  it("turns off only with the password and a right code", async () => {
    const { email, browser } = await signedInOwner();
    const { secret } = await enableTotp(browser);
    const address = new DashboardBrowser("198.51.100.60");
    for (const [name, value] of browser.jar) address.jar.set(name, value);
    address.formToken = browser.formToken;
    const wrongPassword = await address.post("/dashboard/security/two-factor/disable", {
      password: "wrong password here",
      code: await nextCode(secret, email),
    });
    expect(wrongPassword.status).toBe(401);
    const wrongCode = await address.post("/dashboard/security/two-factor/disable", { password: PASSWORD, code: "000000" });
    expect(wrongCode.status).toBe(401);
    expect(await wrongCode.text()).toContain("That code did not work");
    expect(
      await controlDb().$count(
        dashboardTotpFactors,
        and(isNotNull(dashboardTotpFactors.enabledAt), eq(dashboardTotpFactors.userId, (await userOf(email)).id)),
      ),
    ).toBe(1);
    expect((await new DashboardBrowser("198.51.100.61").signIn(email)).headers.get("Location")).toBe("/dashboard/sign-in/code");
  });

  it("cannot be set up without the password, nor started twice once on", async () => {
    const { browser } = await signedInOwner();
    await browser.open("/dashboard/security");
    expect((await browser.post("/dashboard/security/two-factor", { password: "wrong password here" })).status).toBe(401);
    expect((await browser.post("/dashboard/security/two-factor/confirm", { code: "123456" })).status).toBe(409);
    await enableTotp(browser);
    const again = await browser.post("/dashboard/security/two-factor", { password: PASSWORD });
    expect(again.status).toBe(409);
    expect(await again.text()).not.toMatch(/id="totp-secret"/);
  });
});
