import { env } from "cloudflare:workers";
import { and, asc, count, eq, inArray, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { dashboardInvites, dashboardSessions, dashboardSignInFailures, dashboardUsers } from "../../../src/accounts/accounts.schema";
import { dashboardAuditLog } from "../../../src/accounts/audit.schema";
import { runScheduledSweeps } from "../../../src/scheduled";
import { apiKeys } from "../../../src/tenants/tenants.schema";
import {
  acceptInvitation,
  ageSessions,
  DashboardBrowser,
  inviteOwner,
  ORIGIN,
  ownerOf,
  PASSWORD,
  signedInOwner,
  uniqueEmail,
} from "../support/dashboard";
import { controlDb } from "../support/db";
import { createTenant } from "../support/http";

const keyCount = (tenantId: string) => controlDb().$count(apiKeys, eq(apiKeys.tenantId, tenantId));

/** The sessions of the user signed in as `email`, live or ended. */
const sessionCount = (email: string) =>
  controlDb().$count(
    dashboardSessions,
    inArray(
      dashboardSessions.userId,
      controlDb().select({ id: dashboardUsers.id }).from(dashboardUsers).where(eq(dashboardUsers.email, email)),
    ),
  );

const failureCount = (throttleKey: string) =>
  controlDb().$count(dashboardSignInFailures, eq(dashboardSignInFailures.throttleKey, throttleKey));

describe("CSRF: every state-changing request", () => {
  it("is refused when a browser says it came from another site, and nothing happens", async () => {
    const { tenantId, browser } = await signedInOwner();
    await browser.open("/dashboard/keys");
    const forged: Record<string, string>[] = [
      { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      { Origin: "https://evil.example" },
      { Origin: "null" },
      { "Sec-Fetch-Site": "cross-site", Origin: "" },
      { "Sec-Fetch-Site": "same-site", Origin: ORIGIN },
    ];
    for (const headers of forged) {
      const response = await browser.post("/dashboard/keys", { name: "forged" }, { headers });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.text()).toContain("Request refused");
    }
    expect(await keyCount(tenantId)).toBe(0);
  });

  it("is refused without the session's own form token, even from this origin", async () => {
    const { tenantId, browser } = await signedInOwner();
    await browser.open("/dashboard/keys");
    expect((await browser.post("/dashboard/keys", { name: "no token" }, { withToken: false })).status).toBe(403);
    expect((await browser.post("/dashboard/keys", { name: "wrong", _csrf: "x".repeat(43) })).status).toBe(403);
    const other = await signedInOwner();
    expect((await browser.post("/dashboard/keys", { name: "other session's", _csrf: other.browser.formToken })).status).toBe(403);
    expect(await keyCount(tenantId)).toBe(0);
    expect((await browser.post("/dashboard/keys", { name: "genuine" })).status).toBe(201);
    expect(await keyCount(tenantId)).toBe(1);
  });

  it("protects sign-in and invitations too (login CSRF): their forms need the token of a cookie this origin set", async () => {
    const { email } = await signedInOwner();
    const fresh = new DashboardBrowser();
    const noCookie = await fresh.post("/dashboard/sign-in", { email, password: PASSWORD, _csrf: "guess" });
    expect(noCookie.status).toBe(403);
    expect(noCookie.headers.getSetCookie().some((cookie) => cookie.includes("pc_session"))).toBe(false);

    const tenant = await createTenant("Forged Invite");
    const { path } = await inviteOwner(tenant.id, uniqueEmail());
    const stranger = new DashboardBrowser();
    await stranger.open(path);
    const forged = await stranger.post(
      path,
      { name: "X", password: PASSWORD, confirm: PASSWORD },
      { headers: { Origin: "https://evil.example" } },
    );
    expect(forged.status).toBe(403);
    expect((await stranger.post(path, { name: "X", password: PASSWORD, confirm: PASSWORD, _csrf: "wrong" })).status).toBe(403);
    expect(await controlDb().$count(dashboardUsers, eq(dashboardUsers.tenantId, tenant.id))).toBe(0);
  });
});

describe("session expiry", () => {
  it("ends a session after 30 minutes without a request", async () => {
    const { email, browser } = await signedInOwner();
    await ageSessions(email, { sinceSignInMs: 40 * 60_000, idleMs: 29 * 60_000 });
    expect((await browser.get("/dashboard/keys")).status).toBe(200);
    await ageSessions(email, { sinceSignInMs: 40 * 60_000, idleMs: 31 * 60_000 });
    const response = await browser.get("/dashboard/keys");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toMatch(/^\/dashboard\/sign-in/);
  });

  it("ends a session 12 hours after sign-in however active it is", async () => {
    const { email, browser } = await signedInOwner();
    await ageSessions(email, { sinceSignInMs: 12 * 3600_000 + 60_000, idleMs: 0 });
    expect((await browser.get("/dashboard")).status).toBe(303);
  });

  it("does nothing for a form posted with an expired session", async () => {
    const { tenantId, email, browser } = await signedInOwner();
    await browser.open("/dashboard/keys");
    await ageSessions(email, { sinceSignInMs: 60 * 60_000, idleMs: 45 * 60_000 });
    const response = await browser.post("/dashboard/keys", { name: "late" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/dashboard/sign-in?notice=session-ended");
    expect(await keyCount(tenantId)).toBe(0);
  });
});

describe("sign-in", () => {
  it("answers an unknown e-mail exactly as a wrong password: no user enumeration", async () => {
    const { email } = await signedInOwner();
    const strip = (html: string) => html.replace(/value="[^"]*"/g, 'value=""');
    const known = new DashboardBrowser("198.51.100.20");
    const unknown = new DashboardBrowser("198.51.100.21");
    const wrongPassword = await known.signIn(email, "not the password at all");
    const noSuchUser = await unknown.signIn("nobody-here@example.com", "not the password at all");
    expect(wrongPassword.status).toBe(401);
    expect(noSuchUser.status).toBe(401);
    expect(strip(await wrongPassword.text())).toBe(strip(await noSuchUser.text()));
  });

  it("throttles an account after 5 failures in 15 minutes, refusing even the right password, from any address", async () => {
    const { tenantId, email } = await signedInOwner();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await new DashboardBrowser(`198.51.100.${30 + attempt}`).signIn(email, `guess ${attempt}`)).status).toBe(401);
    }
    const blocked = await new DashboardBrowser("198.51.100.99").signIn(email);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await blocked.text()).toContain("Too many attempts");
    const audited = await controlDb().$count(
      dashboardAuditLog,
      and(eq(dashboardAuditLog.tenantId, tenantId), eq(dashboardAuditLog.action, "sign_in.failed")),
    );
    expect(audited).toBe(6);

    await controlDb()
      .update(dashboardSignInFailures)
      .set({ windowStartedAt: new Date(Date.now() - 16 * 60_000).toISOString() })
      .where(like(dashboardSignInFailures.throttleKey, "account:%"));
    expect((await new DashboardBrowser("198.51.100.98").signIn(email)).status).toBe(303);
  });

  it("throttles an address after 20 failures, for every account it tries, while other addresses sign in", async () => {
    const { email } = await signedInOwner();
    const attacker = "203.0.113.66";
    for (let attempt = 0; attempt < 20; attempt++) {
      expect((await new DashboardBrowser(attacker).signIn(`victim${attempt}@example.com`, "guess")).status).toBe(401);
    }
    expect((await new DashboardBrowser(attacker).signIn(email)).status).toBe(429);
    expect((await new DashboardBrowser("203.0.113.67").signIn(email)).status).toBe(303);
  });

  it("throttles unknown accounts the same way, so the throttle does not reveal which exist either", async () => {
    const ghost = "ghost@example.com";
    for (let attempt = 0; attempt < 5; attempt++) await new DashboardBrowser(`192.0.2.${attempt + 1}`).signIn(ghost, "guess");
    expect((await new DashboardBrowser("192.0.2.50").signIn(ghost, "guess")).status).toBe(429);
  });
});

describe("sign-in under concurrency", () => {
  const statuses = (responses: Response[]) =>
    responses.reduce<Record<number, number>>((tally, { status }) => ({ ...tally, [status]: (tally[status] ?? 0) + 1 }), {});

  it("checks at most 5 of 20 simultaneous wrong passwords on one account; the rest are refused unchecked", async () => {
    const { tenantId, email } = await signedInOwner();
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, attempt) => new DashboardBrowser(`198.51.100.${140 + attempt}`).signIn(email, `guess ${attempt}`)),
    );
    expect(statuses(attempts)).toEqual({ 401: 5, 429: 15 });
    const audited = await controlDb()
      .select({ target: dashboardAuditLog.target, n: count() })
      .from(dashboardAuditLog)
      .where(and(eq(dashboardAuditLog.tenantId, tenantId), eq(dashboardAuditLog.action, "sign_in.failed")))
      .groupBy(dashboardAuditLog.target)
      .orderBy(asc(dashboardAuditLog.target));
    expect(audited).toEqual([
      { target: "throttled", n: 15 },
      { target: "wrong password", n: 5 },
    ]);
    expect((await new DashboardBrowser("198.51.100.199").signIn(email)).status).toBe(429);
  });

  it("checks at most 20 simultaneous attempts from one address, whatever the accounts", async () => {
    const { email } = await signedInOwner();
    const attacker = "203.0.113.166";
    const attempts = await Promise.all(
      Array.from({ length: 30 }, (_, attempt) => new DashboardBrowser(attacker).signIn(`target${attempt}@example.com`, "guess")),
    );
    expect(statuses(attempts)).toEqual({ 401: 20, 429: 10 });
    expect((await new DashboardBrowser(attacker).signIn(email)).status).toBe(429);
    expect((await new DashboardBrowser("203.0.113.167").signIn(email)).status).toBe(303);
  });

  it("checks at most 5 of 20 simultaneous wrong passwords re-entered to reveal the signing secret", async () => {
    const tenant = await createTenant("Reveal Guard");
    const { browser } = await ownerOf(tenant.id, "198.51.100.230");
    await browser.open("/dashboard/callbacks");
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, attempt) => browser.post("/dashboard/callbacks/secrets/reveal", { password: `guess ${attempt}` })),
    );
    expect(statuses(attempts)).toEqual({ 401: 5, 429: 15 });
    expect((await browser.post("/dashboard/callbacks/secrets/reveal", { password: PASSWORD })).status).toBe(429);
  });

  it("does not count a successful sign-in against its address", async () => {
    const { email } = await signedInOwner();
    const office = "203.0.113.180";
    for (let attempt = 0; attempt < 19; attempt++) {
      expect((await new DashboardBrowser(office).signIn(`typo${attempt}@example.com`, "guess")).status).toBe(401);
    }
    for (let visit = 0; visit < 3; visit++) expect((await new DashboardBrowser(office).signIn(email)).status).toBe(303);
    expect((await new DashboardBrowser(office).signIn("one-more-typo@example.com", "guess")).status).toBe(401);
    expect((await new DashboardBrowser(office).signIn(email)).status).toBe(429);
  });
});

describe("invitations", () => {
  it("work once", async () => {
    const tenant = await createTenant("Once Only");
    const { path } = await inviteOwner(tenant.id, uniqueEmail());
    const first = new DashboardBrowser();
    expect((await acceptInvitation(first, path)).status).toBe(303);
    expect((await new DashboardBrowser().get(path)).status).toBe(404);
    expect((await first.post(path, { name: "Second Person", password: PASSWORD, confirm: PASSWORD })).status).toBe(404);
    const users = await controlDb()
      .select({ name: dashboardUsers.name })
      .from(dashboardUsers)
      .where(eq(dashboardUsers.tenantId, tenant.id));
    expect(users).toEqual([{ name: "Ada Owner" }]);
  });

  it("stop working when they expire, and an unknown token reads the same", async () => {
    const tenant = await createTenant("Expired Invite");
    const { path } = await inviteOwner(tenant.id, uniqueEmail());
    await controlDb()
      .update(dashboardInvites)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(dashboardInvites.tenantId, tenant.id));
    const expired = await new DashboardBrowser().get(path);
    const unknown = await new DashboardBrowser().get("/dashboard/invite/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    expect(expired.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(await expired.text()).toBe(await unknown.text());
  });

  it("ask for a real password, with the error next to the field", async () => {
    const tenant = await createTenant("Weak Password");
    const { path } = await inviteOwner(tenant.id, uniqueEmail());
    const browser = new DashboardBrowser();
    await browser.open(path);
    const short = await browser.post(path, { name: "Ada", password: "short", confirm: "short" });
    expect(short.status).toBe(400);
    const html = await short.text();
    expect(html).toContain('id="password-error"');
    expect(html).toContain("At least 12 characters.");
    expect(html).toContain('aria-describedby="password-hint password-error"');
    const mismatch = await browser.post(path, { name: "Ada", password: PASSWORD, confirm: `${PASSWORD}!` });
    expect(await mismatch.text()).toContain("The two passwords differ.");
  });
});

describe("every dashboard page", () => {
  it("is never cached, never framed, and allows only this origin's scripts and styles", async () => {
    const { browser } = await signedInOwner();
    for (const path of ["/dashboard", "/dashboard/sign-in", "/dashboard/keys", "/dashboard/nowhere"]) {
      const response = await browser.get(path);
      expect(response.headers.get("Cache-Control"), path).toBe("no-store");
      expect(response.headers.get("Content-Security-Policy"), path).toContain("frame-ancestors 'none'");
      expect(response.headers.get("Content-Security-Policy"), path).toContain("script-src 'self'");
      expect(response.headers.get("Referrer-Policy"), path).toBe("same-origin");
    }
  });

  it("answers an unexpected failure with a page that names a reference and nothing internal", async () => {
    const { browser } = await signedInOwner();
    const response = await browser.get("/dashboard/payments?cursor=not-a-cursor");
    expect(response.status).toBe(400);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
  });
});

describe("clean-up", () => {
  it("the cron forgets sessions a day past their end and throttle windows that closed, and nothing live", async () => {
    const { email, browser } = await signedInOwner();
    await new DashboardBrowser("192.0.2.200").signIn(email, "wrong password here");
    const live = await sessionCount(email);
    await runScheduledSweeps(env);
    expect(await sessionCount(email)).toBe(live);
    expect((await browser.get("/dashboard")).status).toBe(200);
    expect(await failureCount("address:192.0.2.200")).toBe(1);

    await runScheduledSweeps(env, Date.now() + 36 * 3600_000);
    expect(await sessionCount(email)).toBe(0);
    expect(await failureCount("address:192.0.2.200")).toBe(0);
  });
});
