import { describe, expect, it } from "vitest";

import { dashboardAuditLog } from "../../../src/accounts/audit.schema";
import { DashboardBrowser, signedInOwner } from "../support/dashboard";
import { controlDb } from "../support/db";
import { auditRow, insertRows } from "../support/seed";

/** `count` entries of an older day, enough to fill the first page (50 entries) and more. */
async function seedAuditEntries(tenantId: string, count: number) {
  await insertRows(
    controlDb(),
    dashboardAuditLog,
    Array.from({ length: count }, (_, n) =>
      auditRow({
        id: `aud_seed${n}${tenantId}`,
        tenantId,
        action: "seeded",
        createdAt: `2026-01-01T00:00:${String(n).padStart(2, "0")}.000Z`,
      }),
    ),
  );
}

const nextLink = (html: string) => /href="(\/dashboard\/audit\?cursor=[^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");

describe("audit log page", () => {
  it("shows the owner who did what, when and from where, failed sign-ins included, newest first", async () => {
    const { email, browser } = await signedInOwner();
    await new DashboardBrowser("198.51.100.77").signIn(email, "a wrong password");
    await browser.open("/dashboard/keys");
    await browser.post("/dashboard/keys", { name: "Audited key" });
    const { response, html } = await browser.open("/dashboard/audit");
    expect(response.status).toBe(200);
    expect(html).toContain("<title>Audit log · Payment Connect</title>");
    const rows = [...html.matchAll(/<tr data-action="([^"]+)">/g)].map((match) => match[1]);
    expect(rows.slice(0, 3)).toEqual(["key.issued", "sign_in.failed", "sign_in.succeeded"]);
    expect(html).toContain("198.51.100.77");
    expect(html).toContain("wrong password");
    expect(html).toContain("Audited key");
    expect(html).toContain(email);
  });
});

describe("audit log pages", () => {
  it("walks to the last page through its links, each entry once", async () => {
    const { tenantId, browser } = await signedInOwner();
    await seedAuditEntries(tenantId, 55);
    const first = await browser.open("/dashboard/audit");
    const next = nextLink(first.html);
    expect(next).toBeDefined();
    const second = await browser.open(next!);
    expect(second.response.status).toBe(200);
    expect(nextLink(second.html)).toBeUndefined();
    const seeded = [first.html, second.html].flatMap((html) => [...html.matchAll(/<tr data-action="seeded">/g)]);
    expect(seeded).toHaveLength(55);
  });

  it("refuses a hand-built cursor, and another tenant's", async () => {
    const alice = await signedInOwner("Audit Alice");
    await seedAuditEntries(alice.tenantId, 55);
    const aliceNext = nextLink((await alice.browser.open("/dashboard/audit")).html)!;
    const bob = await signedInOwner("Audit Bob");
    await seedAuditEntries(bob.tenantId, 55);
    expect((await bob.browser.get(aliceNext)).status).toBe(400);
    const handBuilt = btoa(JSON.stringify(["9999-12-31T00:00:00.000Z", "zzz"])).replace(/=+$/, "");
    expect((await bob.browser.get(`/dashboard/audit?cursor=${handBuilt}`)).status).toBe(400);
  });
});
