import { env, exports } from "cloudflare:workers";
import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { dashboardInvites, dashboardUsers } from "../../../src/accounts/accounts.schema";
import { dashboardAuditLog } from "../../../src/accounts/audit.schema";
import { acceptInvitation, DashboardBrowser, inviteOwner, PASSWORD, signedInOwner, uniqueEmail } from "../support/dashboard";
import { controlDb } from "../support/db";
import { ADMIN_HEADERS, call, createTenant, jsonInit } from "../support/http";

const auditActions = async (tenantId: string) =>
  (
    await controlDb()
      .select({ action: dashboardAuditLog.action })
      .from(dashboardAuditLog)
      .where(eq(dashboardAuditLog.tenantId, tenantId))
      .orderBy(asc(dashboardAuditLog.createdAt), sql`rowid`)
  ).map((row) => row.action);

describe("the operator invites the first owner", () => {
  it("answers a one-time link valid for 72 hours, kept only as a hash", async () => {
    const tenant = await createTenant("Invite Bakery");
    const before = Date.now();
    const { inviteUrl, token } = await inviteOwner(tenant.id, "Owner@Invite.Example");
    expect(inviteUrl).toBe(`${env.BASE_URL}/dashboard/invite/${token}`);
    const row = await controlDb().query.dashboardInvites.findFirst({ where: eq(dashboardInvites.tenantId, tenant.id) });
    expect(row).toMatchObject({ email: "owner@invite.example", role: "owner", invitedBy: null, acceptedAt: null });
    expect(JSON.stringify(row)).not.toContain(token);
    const lifetime = Date.parse(row!.expiresAt) - before;
    expect(lifetime).toBeGreaterThan(72 * 3600_000 - 60_000);
    expect(lifetime).toBeLessThanOrEqual(72 * 3600_000 + 1000);
  });

  it("lets the invited person set a password, then sign in to the tenant's overview", async () => {
    const tenant = await createTenant("Owner Coffee");
    const email = uniqueEmail();
    const { path } = await inviteOwner(tenant.id, email);
    const browser = new DashboardBrowser();

    const { html: invitePage } = await browser.open(path);
    expect(invitePage).toContain("Owner Coffee");
    expect(invitePage).toContain(email);
    const accepted = await browser.post(path, { name: "Grace Owner", password: PASSWORD, confirm: PASSWORD });
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get("Location")).toBe("/dashboard/sign-in?notice=password-set");

    const signedIn = await browser.signIn(email.toUpperCase());
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get("Location")).toBe("/dashboard");
    const { response, html } = await browser.open("/dashboard");
    expect(response.status).toBe(200);
    expect(html).toContain("<title>Overview · Payment Connect</title>");
    expect(html).toContain("Owner Coffee");
    expect(html).toContain("Grace Owner");
    expect(await auditActions(tenant.id)).toEqual(["invite.created", "invite.accepted", "sign_in.succeeded"]);
  });

  it("stores the password as PBKDF2-SHA256 at 100,000 iterations with its own salt per user", async () => {
    const tenant = await createTenant("Salted Tea");
    const emails = [uniqueEmail(), uniqueEmail()];
    for (const email of emails) await acceptInvitation(new DashboardBrowser(), (await inviteOwner(tenant.id, email)).path);
    const rows = await controlDb()
      .select({ passwordHash: dashboardUsers.passwordHash })
      .from(dashboardUsers)
      .where(eq(dashboardUsers.tenantId, tenant.id));
    expect(rows).toHaveLength(2);
    const [first, second] = rows.map((row) => row.passwordHash.split("$"));
    expect(first![0]).toBe("pbkdf2-sha256");
    expect(first![1]).toBe("100000");
    expect(first![2]).not.toBe(second![2]);
    expect(first![3]).not.toBe(second![3]);
    expect(rows.map((row) => row.passwordHash).join()).not.toContain(PASSWORD);
  });
});

describe("a locked-out owner", () => {
  it("gets a new password through the operator's invitation to the same e-mail; old sessions and the old password end", async () => {
    const { tenantId, email, browser } = await signedInOwner("Forgetful Foods");
    const { path } = await inviteOwner(tenantId, email);
    const newPassword = "an entirely new passphrase";
    expect((await acceptInvitation(new DashboardBrowser(), path, "Ada Again", newPassword)).status).toBe(303);
    expect((await browser.get("/dashboard")).status).toBe(303);
    expect((await new DashboardBrowser("192.0.2.80").signIn(email, PASSWORD)).status).toBe(401);
    const fresh = new DashboardBrowser("192.0.2.81");
    expect((await fresh.signIn(email, newPassword)).status).toBe(303);
    expect((await fresh.open("/dashboard")).html).toContain("Ada Again");
    expect(await controlDb().$count(dashboardUsers, eq(dashboardUsers.tenantId, tenantId))).toBe(1);
  });

  it("a member locked out gets a new password the same way and stays a member", async () => {
    const { tenantId, browser: owner } = await signedInOwner("Reset Roasters");
    await owner.open("/dashboard/team");
    const memberEmail = uniqueEmail("member");
    const invited = await (await owner.post("/dashboard/team/invites", { email: memberEmail, role: "member" })).text();
    const memberLink = /value="([^"]+\/dashboard\/invite\/[^"]+)"/.exec(invited)![1]!;
    expect((await acceptInvitation(new DashboardBrowser(), new URL(memberLink).pathname, "Mo Member")).status).toBe(303);

    const reset = await call(`/admin/tenants/${tenantId}/dashboard/invites`, jsonInit("POST", { email: memberEmail }, ADMIN_HEADERS));
    const { role, inviteUrl } = (await reset.json()) as { role: string; inviteUrl: string };
    expect(role).toBe("member");
    const newPassword = "a member's fresh passphrase";
    expect((await acceptInvitation(new DashboardBrowser(), new URL(inviteUrl).pathname, "Mo Member", newPassword)).status).toBe(303);

    const member = new DashboardBrowser("192.0.2.82");
    expect((await member.signIn(memberEmail, newPassword)).status).toBe(303);
    expect((await member.get("/dashboard/team")).status).toBe(403);
    const team = await (await owner.get("/dashboard/team")).text();
    expect(team).toMatch(new RegExp(`${memberEmail.replace(/\./g, "\\.")}</td>\\s*<td[^>]*>member</td>`));
  });

  it("cannot be taken over through another tenant: an invitation to a user of another tenant cannot be used", async () => {
    const { email } = await signedInOwner("Original Owner Co");
    const other = await createTenant("Hijack Attempt");
    const { path } = await inviteOwner(other.id, email);
    expect((await acceptInvitation(new DashboardBrowser(), path, "Mallory", "mallory's long passphrase")).status).toBe(404);
    expect((await new DashboardBrowser("192.0.2.90").signIn(email, PASSWORD)).status).toBe(303);
  });
});

describe("sessions", () => {
  it("sets the session cookie __Host-, HttpOnly, Secure, SameSite=Lax on https", async () => {
    const { email } = await signedInOwner();
    const browser = new DashboardBrowser();
    await browser.open("/dashboard/sign-in");
    const response = await browser.post("/dashboard/sign-in", { email, password: PASSWORD });
    const cookie = response.headers.getSetCookie().find((header) => header.startsWith("__Host-pc_session="));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
  });

  it("drops Secure and the prefix only for plain http on localhost (npm run dev)", async () => {
    const response = await exports.default.fetch(new Request("http://localhost:8787/dashboard/sign-in"));
    const cookie = response.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^pc_form=/);
    expect(cookie).not.toMatch(/Secure/);
    expect(cookie).toMatch(/HttpOnly/);
    const deployed = await exports.default.fetch(new Request("http://payments.example.com/dashboard/sign-in"));
    expect(deployed.headers.getSetCookie()[0]).toMatch(/^__Host-pc_form=.*; Secure/);
  });

  it("signs out: the session is revoked on the server, not just forgotten by the browser", async () => {
    const { browser } = await signedInOwner();
    const stolen = new Map(browser.jar);
    const out = await browser.post("/dashboard/sign-out");
    expect(out.status).toBe(303);
    expect(out.headers.get("Location")).toBe("/dashboard/sign-in?notice=signed-out");
    const replayed = new DashboardBrowser();
    for (const [name, value] of stolen) replayed.jar.set(name, value);
    const response = await replayed.get("/dashboard/keys");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toMatch(/^\/dashboard\/sign-in/);
  });

  it("lists the user's sessions and ends another one at once", async () => {
    const { email, browser } = await signedInOwner();
    const laptop = new DashboardBrowser("198.51.100.7");
    expect((await laptop.signIn(email)).status).toBe(303);
    const { html } = await browser.open("/dashboard/account");
    expect(html).toContain("198.51.100.7");
    expect(html).toContain("This session");
    const otherId = /action="\/dashboard\/account\/sessions\/(ses_[A-Za-z0-9]+)\/revoke"/.exec(html)![1]!;
    expect((await browser.post(`/dashboard/account/sessions/${otherId}/revoke`)).status).toBe(303);
    expect((await laptop.get("/dashboard")).status).toBe(303);
    expect((await browser.get("/dashboard")).status).toBe(200);
  });

  it("sends the browser back where it was going after sign-in, but only within the dashboard", async () => {
    const { email } = await signedInOwner();
    const browser = new DashboardBrowser();
    const bounced = await browser.get("/dashboard/keys");
    expect(bounced.headers.get("Location")).toBe("/dashboard/sign-in?next=%2Fdashboard%2Fkeys");
    await browser.open("/dashboard/sign-in?next=%2Fdashboard%2Fkeys");
    expect((await browser.post("/dashboard/sign-in?next=%2Fdashboard%2Fkeys", { email, password: PASSWORD })).headers.get("Location")).toBe(
      "/dashboard/keys",
    );
    expect((await browser.get("/dashboard/sign-in?next=%2Fdashboard%2Fcallbacks")).headers.get("Location")).toBe("/dashboard/callbacks");
    const elsewhere = new DashboardBrowser();
    await elsewhere.open("/dashboard/sign-in");
    const response = await elsewhere.post("/dashboard/sign-in?next=https%3A%2F%2Fevil.example%2F", { email, password: PASSWORD });
    expect(response.headers.get("Location")).toBe("/dashboard");
  });
});

describe("teammates", () => {
  it("an owner invites a member, who signs in and works but cannot open the team or audit pages", async () => {
    const { tenantId, browser } = await signedInOwner("Team Kitchen");
    await browser.open("/dashboard/team");
    const memberEmail = uniqueEmail("member");
    const created = await browser.post("/dashboard/team/invites", { email: memberEmail, role: "member" });
    expect(created.status).toBe(201);
    const page = await created.text();
    const link = /value="([^"]+\/dashboard\/invite\/[^"]+)"/.exec(page)![1]!;
    expect(page).toContain("shown only now");

    const member = new DashboardBrowser("192.0.2.44");
    expect((await acceptInvitation(member, new URL(link).pathname, "Mo Member")).status).toBe(303);
    expect((await member.signIn(memberEmail)).status).toBe(303);
    const { html } = await member.open("/dashboard/keys");
    expect(html).toContain("Mo Member");
    expect(html).not.toContain('href="/dashboard/team"');
    expect((await member.get("/dashboard/team")).status).toBe(403);
    expect((await member.get("/dashboard/audit")).status).toBe(403);

    const team = await (await browser.get("/dashboard/team")).text();
    expect(team).toContain(memberEmail);
    const memberId = (await controlDb().query.dashboardUsers.findFirst({ where: eq(dashboardUsers.email, memberEmail) }))!.id;
    await browser.open("/dashboard/team");
    expect((await browser.post(`/dashboard/team/users/${memberId}/remove`)).status).toBe(303);
    expect((await member.get("/dashboard/keys")).status).toBe(303);
    expect(await auditActions(tenantId)).toEqual(expect.arrayContaining(["invite.created", "invite.accepted", "user.removed"]));

    // Removed people can be invited back: their e-mail is free again.
    await browser.open("/dashboard/team");
    const again = await (await browser.post("/dashboard/team/invites", { email: memberEmail, role: "member" })).text();
    const secondLink = /value="([^"]+\/dashboard\/invite\/[^"]+)"/.exec(again)![1]!;
    expect((await acceptInvitation(new DashboardBrowser(), new URL(secondLink).pathname, "Mo Returns")).status).toBe(303);
    expect((await new DashboardBrowser("192.0.2.45").signIn(memberEmail)).status).toBe(303);
  });
});
