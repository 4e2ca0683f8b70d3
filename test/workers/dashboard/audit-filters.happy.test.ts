import { and, eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { dashboardUsers } from "../../../src/accounts/accounts.schema";
import { dashboardAuditLog } from "../../../src/accounts/audit.schema";
import { durationWords, shortUserAgent } from "../../../src/dashboard/views/audit-format";
import { RECEIVER } from "../support/callbacks";
import { ownerOf, PASSWORD, signedInOwner } from "../support/dashboard";
import { controlDb } from "../support/db";
import { ADMIN_HEADERS, call, jsonInit } from "../support/http";
import { auditRow, insertRows } from "../support/seed";

// The audit log in people's words, with the operator's own actions and filters by action and by user.

const CHROME_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** `count` entries of one action by one actor, an older day's, so they sort below what the test does itself. */
async function seedEntries(
  tenantId: string,
  count: number,
  entry: { action: string; actorUserId?: string | null; actorEmail?: string; target?: string; userAgent?: string; day?: string },
) {
  await insertRows(
    controlDb(),
    dashboardAuditLog,
    Array.from({ length: count }, (_, n) =>
      auditRow({
        id: `aud_${entry.action}${n}${crypto.randomUUID().slice(0, 8)}`,
        tenantId,
        actorUserId: entry.actorUserId ?? null,
        actorEmail: entry.actorEmail ?? "seed@example.com",
        action: entry.action,
        target: entry.target ?? null,
        userAgent: entry.userAgent ?? "test",
        createdAt: `${entry.day ?? "2026-01-01"}T00:00:${String(n % 60).padStart(2, "0")}.${String(n).padStart(3, "0")}Z`,
      }),
    ),
  );
}

const rowsOf = (html: string) => [...html.matchAll(/<tr data-action="([^"]+)">/g)].map((match) => match[1]);
const nextLink = (html: string) => /href="(\/dashboard\/audit\?[^"]*cursor=[^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
const userIdOf = async (email: string) =>
  (await controlDb().query.dashboardUsers.findFirst({ columns: { id: true }, where: eq(dashboardUsers.email, email) }))!.id;

describe("the audit log's entries", () => {
  it("lists the keys the operator issued and revoked, as the operator, with the key's access", async () => {
    const { tenantId, browser } = await signedInOwner("Operator Keys Co");
    const issued = await call(
      `/admin/tenants/${tenantId}/keys`,
      jsonInit("POST", { name: "Reporting job", permissions: { payments: "read", payouts: "read" } }, ADMIN_HEADERS),
    );
    expect(issued.status).toBe(201);
    const { id } = await issued.json<{ id: string }>();
    const unnamed = await (await call(`/admin/tenants/${tenantId}/keys`, jsonInit("POST", {}, ADMIN_HEADERS))).json<{ id: string }>();
    for (let n = 0; n < 2; n++) {
      expect((await call(`/admin/tenants/${tenantId}/keys/${id}/revoke`, jsonInit("POST", {}, ADMIN_HEADERS))).status).toBe(200);
    }

    const rows = await controlDb()
      .select({
        action: dashboardAuditLog.action,
        actorUserId: dashboardAuditLog.actorUserId,
        actorEmail: dashboardAuditLog.actorEmail,
        target: dashboardAuditLog.target,
      })
      .from(dashboardAuditLog)
      .where(and(eq(dashboardAuditLog.tenantId, tenantId), like(dashboardAuditLog.action, "key.%")))
      .orderBy(sql`rowid`);
    expect(rows).toEqual([
      { action: "key.issued", actorUserId: null, actorEmail: "operator", target: `${id} (Reporting job): payments:read, payouts:read` },
      { action: "key.issued", actorUserId: null, actorEmail: "operator", target: `${unnamed.id}: every permission` },
      { action: "key.revoked", actorUserId: null, actorEmail: "operator", target: `${id} (Reporting job)` },
    ]);

    const { html } = await browser.open("/dashboard/audit");
    expect(rowsOf(html).slice(0, 3)).toEqual(["key.revoked", "key.issued", "key.issued"]);
    expect(html).toContain("The operator (Payment Connect support)");
    expect(html).toContain(`${id} (Reporting job): payments:read, payouts:read`);
  });

  it("shortens browsers, keeping the whole User-Agent as the tooltip, and says durations in words", async () => {
    const { tenantId, email, browser } = await signedInOwner("Readable Audit Co");
    // A rotation as the callbacks page records it now, and one from before it said the overlap in words.
    await browser.open("/dashboard/callbacks");
    expect((await browser.post("/dashboard/callbacks", { url: `${RECEIVER}/audit` })).status).toBe(303);
    await browser.open("/dashboard/callbacks");
    const rotated = await browser.post(
      "/dashboard/callbacks/secrets/rotate",
      { password: PASSWORD, overlapSeconds: "86400" },
      { headers: { "User-Agent": CHROME_MAC } },
    );
    expect(rotated.status).toBe(200);
    await seedEntries(tenantId, 1, { action: "signing_secret.rotated", target: "sigkey_old (old secret signs 604800 s more)" });
    await seedEntries(tenantId, 1, { action: "signing_secret.rotated", target: "sigkey_older (old secret signs 0 s more)" });

    const rotation = await controlDb().query.dashboardAuditLog.findFirst({
      where: and(
        eq(dashboardAuditLog.tenantId, tenantId),
        eq(dashboardAuditLog.action, "signing_secret.rotated"),
        eq(dashboardAuditLog.actorEmail, email),
      ),
    });
    expect(rotation?.target).toMatch(/^\S+ \(old secret signs 24 hours more\)$/);

    const { html } = await browser.open("/dashboard/audit?action=signing_secret.rotated");
    expect(html).toContain("old secret signs 24 hours more");
    expect(html).toContain("old secret signs 7 days more");
    expect(html).toContain("old secret stopped at once");
    expect(html).not.toMatch(/\d+ s more/);
    expect(html).toContain(`<span class="muted" title="${CHROME_MAC}">Chrome 131 on macOS</span>`);
  });

  it("names browsers and programs as people do", () => {
    const cases: [string, string][] = [
      [CHROME_MAC, "Chrome 131 on macOS"],
      ["Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0", "Firefox 132 on Windows"],
      [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
        "Safari 18 on iOS",
      ],
      [
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86",
        "Edge 131 on Windows",
      ],
      [
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36",
        "Chrome 131 on Android",
      ],
      [
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36",
        "Headless Chrome 131 on Linux",
      ],
      ["curl/8.5.0", "curl 8.5.0"],
      ["node", "Node.js"],
      ["unknown", "unknown browser"],
      ["Payment Connect", "Payment Connect"],
      ["x".repeat(80), `${"x".repeat(39)}…`],
    ];
    for (const [agent, short] of cases) expect(shortUserAgent(agent)).toBe(short);
    expect([86_400, 3_600, 604_800, 172_800, 90, 120, 1].map(durationWords)).toEqual([
      "24 hours",
      "1 hour",
      "7 days",
      "2 days",
      "90 seconds",
      "2 minutes",
      "1 second",
    ]);
  });
});

describe("the audit log's filters", () => {
  it("filters by action and by user — the operator and the service too — paging each with its own cursor", async () => {
    const { tenantId, email, browser } = await signedInOwner("Filtered Audit Co");
    const colleague = await ownerOf(tenantId, "198.51.100.9");
    const colleagueId = await userIdOf(colleague.email);
    await seedEntries(tenantId, 55, {
      action: "payment.refunded",
      actorUserId: colleagueId,
      actorEmail: colleague.email,
      day: "2026-01-02",
    });
    await seedEntries(tenantId, 3, { action: "payment.refunded", actorEmail: email, actorUserId: await userIdOf(email) });
    await seedEntries(tenantId, 2, { action: "callback_endpoint.gone", actorEmail: "Payment Connect" });
    await seedEntries(tenantId, 1, { action: "key.issued", actorEmail: "operator", target: "key_seeded: every permission" });

    const { html } = await browser.open("/dashboard/audit");
    expect(html).toContain('<select id="action" name="action">');
    expect(html).toContain(`<option value="${colleagueId}">Ada Owner &lt;${colleague.email}&gt;</option>`);
    expect(html).toContain('<option value="operator">The operator (Payment Connect support)</option>');

    // By action and user: 55 of the colleague's refunds, over two pages whose link keeps both filters.
    const first = await browser.open(`/dashboard/audit?action=payment.refunded&user=${colleagueId}`);
    expect(rowsOf(first.html)).toEqual(Array(50).fill("payment.refunded"));
    expect(first.html).toContain('<option value="payment.refunded" selected="">Refunded a payment</option>');
    const next = nextLink(first.html)!;
    expect(next).toContain("action=payment.refunded");
    expect(next).toContain(`user=${colleagueId}`);
    const second = await browser.open(next);
    expect(rowsOf(second.html)).toEqual(Array(5).fill("payment.refunded"));
    expect(nextLink(second.html)).toBeUndefined();
    // The cursor is the filters': with other filters, or none, it is refused.
    const cursor = new URL(next, "https://x").searchParams.get("cursor")!;
    expect((await browser.get(`/dashboard/audit?cursor=${cursor}`)).status).toBe(400);
    expect((await browser.get(`/dashboard/audit?action=payment.refunded&cursor=${cursor}`)).status).toBe(400);

    // By action alone: everyone's refunds; by user alone: everything the owner did (sign-ins included).
    expect(rowsOf((await browser.open("/dashboard/audit?action=payment.refunded")).html)).toHaveLength(50);
    const own = rowsOf((await browser.open(`/dashboard/audit?user=${await userIdOf(email)}`)).html);
    expect(own).toContain("sign_in.succeeded");
    expect(own.filter((action) => action === "payment.refunded")).toHaveLength(3);
    expect(own).not.toContain("key.issued");

    // The operator (its invitations of both owners, the seeded key) and the service, each on its own.
    const operator = rowsOf((await browser.open("/dashboard/audit?user=operator")).html);
    expect(operator.sort()).toEqual(["invite.created", "invite.created", "key.issued"]);
    expect(rowsOf((await browser.open("/dashboard/audit?user=service")).html)).toEqual([
      "callback_endpoint.gone",
      "callback_endpoint.gone",
    ]);
    const none = await browser.open("/dashboard/audit?action=dispute.accepted");
    expect(none.html).toContain("No entries match these filters");
  });

  it("ignores a user of another tenant, or an unknown action, saying so, and shows the whole log", async () => {
    const alice = await signedInOwner("Audit Filter Alice");
    const bob = await signedInOwner("Audit Filter Bob");
    const bobId = await userIdOf(bob.email);
    const { html } = await alice.browser.open(`/dashboard/audit?user=${bobId}&action=root.access`);
    expect(html).toContain("Ignored an invalid action and user.");
    expect(rowsOf(html)).toContain("sign_in.succeeded");
    expect(html).not.toContain(bob.email);
  });
});
