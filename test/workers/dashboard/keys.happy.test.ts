import { env } from "cloudflare:workers";
import { and, eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { dashboardAuditLog } from "../../../src/accounts/audit.schema";
import { createContext } from "../../../src/context";
import { apiKeys } from "../../../src/tenants/tenants.schema";
import { authenticateApiKey } from "../../../src/tenants/tenants.service";
import { signedInOwner } from "../support/dashboard";
import { controlDb } from "../support/db";
import { call, expectProblem, jsonInit, PROBE } from "../support/http";

const keyIn = (html: string) => /value="(lc_live_[A-Za-z0-9_-]{43})"/.exec(html)?.[1];

/** The tenant's (first) key's row. */
const keyOf = async (tenantId: string) => (await controlDb().query.apiKeys.findFirst({ where: eq(apiKeys.tenantId, tenantId) }))!;
const keyCount = (tenantId: string) => controlDb().$count(apiKeys, eq(apiKeys.tenantId, tenantId));

describe("API keys page", () => {
  it("creates a named key shown once, which works on /v1 at once and is listed by prefix and last four", async () => {
    const { tenantId, browser } = await signedInOwner();
    const { html: empty } = await browser.open("/dashboard/keys");
    expect(empty).toContain("No API keys yet");

    const created = await browser.post("/dashboard/keys", { name: "Checkout server" });
    expect(created.status).toBe(201);
    expect(created.headers.get("Cache-Control")).toBe("no-store");
    const page = await created.text();
    const key = keyIn(page)!;
    expect(key).toBeDefined();
    expect(page).toContain("you will not see this key again");
    expect(page).toContain('data-copy="new-key"');

    const listed = await call("/v1/payments", { headers: { "X-Api-Key": key } });
    expect(listed.status).toBe(200);

    const { html } = await browser.open("/dashboard/keys");
    expect(keyIn(html)).toBeUndefined();
    expect(html).toContain("Checkout server");
    expect(html).toContain(`${key.slice(0, 12)}…${key.slice(-4)}`);
    expect(html).not.toContain(">Never<");
    const row = await keyOf(tenantId);
    expect(row.name).toBe("Checkout server");
    expect(row.lastUsedAt).not.toBeNull();
    expect(row.keyHash).not.toContain(key);
  });

  it("updates last used at most once a minute per key", async () => {
    const { tenantId, browser } = await signedInOwner();
    await browser.open("/dashboard/keys");
    const key = keyIn(await (await browser.post("/dashboard/keys", { name: "Busy" })).text())!;
    const lastUsed = async () => (await keyOf(tenantId)).lastUsedAt;
    expect(await lastUsed()).toBeNull();
    await call(PROBE, { headers: { "X-Api-Key": key } });
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await call(PROBE, { headers: { "X-Api-Key": key } });
    expect(await lastUsed()).toBe(first);
    // Two minutes on, the next use writes it again.
    const later = Date.parse(first!) + 120_000;
    const written: Promise<unknown>[] = [];
    const ctx = createContext(env, { nowMs: later });
    await authenticateApiKey({ ctx, input: { presentedKey: key, afterResponse: (work) => written.push(work) } });
    await Promise.all(written);
    expect(await lastUsed()).toBe(new Date(later).toISOString());
  });

  it("revokes after a confirmation page; the key gets 401 at once; the list shows it revoked; the audit log has both", async () => {
    const { tenantId, browser } = await signedInOwner();
    await browser.open("/dashboard/keys");
    const key = keyIn(await (await browser.post("/dashboard/keys", { name: "Old laptop" })).text())!;
    const keyId = (await keyOf(tenantId)).id;

    const { response, html } = await browser.open(`/dashboard/keys/${keyId}/revoke`);
    expect(response.status).toBe(200);
    expect(html).toContain("<title>Revoke API key · Payment Connect</title>");
    expect(html).toContain("Old laptop");
    const revoked = await browser.post(`/dashboard/keys/${keyId}/revoke`);
    expect(revoked.status).toBe(303);
    expect(revoked.headers.get("Location")).toBe("/dashboard/keys?notice=key-revoked");

    expect((await call("/v1/payments", { headers: { "X-Api-Key": key } })).status).toBe(401);
    const { html: list } = await browser.open("/dashboard/keys?notice=key-revoked");
    expect(list).toContain("Requests with it now get 401.");
    expect(list).toContain("Revoked");
    expect(list).not.toContain(`/dashboard/keys/${keyId}/revoke`);
    const audit = await controlDb()
      .select({ action: dashboardAuditLog.action, target: dashboardAuditLog.target })
      .from(dashboardAuditLog)
      .where(and(eq(dashboardAuditLog.tenantId, tenantId), like(dashboardAuditLog.action, "key.%")))
      .orderBy(sql`rowid`);
    expect(audit).toEqual([
      { action: "key.issued", target: `${keyId} (Old laptop): every permission` },
      { action: "key.revoked", target: `${keyId} (Old laptop)` },
    ]);
  });

  it("asks for a name, with the error beside the field", async () => {
    const { tenantId, browser } = await signedInOwner();
    await browser.open("/dashboard/keys");
    const response = await browser.post("/dashboard/keys", { name: "   " });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Give the key a name.");
    expect(html).toContain('aria-invalid="true"');
    expect(await keyCount(tenantId)).toBe(0);
  });
});

describe("API keys page: restricted keys", () => {
  const levels = (chosen: Record<string, string>) =>
    Object.fromEntries(
      ["payments", "refunds", "disputes", "payouts", "terminal", "onboarding", "events", "callback_endpoints"].map((resource) => [
        `permission.${resource}`,
        chosen[resource] ?? "none",
      ]),
    );

  it("creates a key restricted to the levels chosen: listed with them, audited with them, refused outside them", async () => {
    const { tenantId, browser } = await signedInOwner();
    await browser.open("/dashboard/keys");
    const created = await browser.post("/dashboard/keys", {
      name: "Reporting",
      access: "restricted",
      ...levels({ payments: "read", events: "write" }),
    });
    expect(created.status).toBe(201);
    const key = keyIn(await created.text())!;

    expect((await call("/v1/payments", { headers: { "X-Api-Key": key } })).status).toBe(200);
    const refused = await call("/v1/payments", jsonInit("POST", {}, { "X-Api-Key": key, "Idempotency-Key": "restricted-1" }));
    expect((await expectProblem(refused, 403, "insufficient-permissions")).permission).toBe("payments:write");

    const { html } = await browser.open("/dashboard/keys");
    expect(html).toContain('<span class="mono">payments:read, events:write</span>');
    const keyId = (await keyOf(tenantId)).id;
    const audit = await controlDb().query.dashboardAuditLog.findFirst({
      columns: { target: true },
      where: and(eq(dashboardAuditLog.tenantId, tenantId), eq(dashboardAuditLog.action, "key.issued")),
    });
    expect(audit!.target).toBe(`${keyId} (Reporting): payments:read, events:write`);
  });

  it("gives every permission unless restricted is chosen, whatever the levels say", async () => {
    const { browser } = await signedInOwner();
    await browser.open("/dashboard/keys");
    const created = await browser.post("/dashboard/keys", { name: "Server", access: "full", ...levels({ payments: "read" }) });
    const key = keyIn(await created.text())!;
    const { html } = await browser.open("/dashboard/keys");
    expect(html).toContain(`<td data-label="Access">Every permission</td>`);
    const charged = await call("/v1/payments", jsonInit("POST", {}, { "X-Api-Key": key, "Idempotency-Key": "full-1" }));
    expect(charged.status).toBe(400);
  });

  it("refuses a restricted key that grants nothing, keeping what was chosen", async () => {
    const { tenantId, browser } = await signedInOwner();
    await browser.open("/dashboard/keys");
    const response = await browser.post("/dashboard/keys", { name: "Nothing", access: "restricted", ...levels({}) });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Give the key read or write access to at least one resource");
    expect(html).toMatch(/value="restricted" checked/);
    expect(html).toContain('value="Nothing"');
    expect(await keyCount(tenantId)).toBe(0);
  });
});
