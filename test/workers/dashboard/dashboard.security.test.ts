import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../../src/app";
import { DashboardBrowser, ownerOf, PASSWORD, signedInOwner, uniqueEmail } from "../support/dashboard";
import { seedDispute, seedPayments, seedPayout } from "../support/ledger";
import { paidPayment } from "../support/payments";
import { mockReceiver, RECEIVER, eventually } from "../support/callbacks";
import { seedRequests } from "../support/requests";
import { tenantD1 } from "../support/shards";
import { registerReader } from "../support/terminal";

// Another tenant's ids on every dashboard route that takes one: each must read as missing (404), and do nothing.
type Owner = Awaited<ReturnType<typeof signedInOwner>>;
type Ids = {
  paymentId: string;
  keyId: string;
  eventId: string;
  inviteId: string;
  userId: string;
  sessionId: string;
  disputeId: string;
  evidenceId: string;
  payoutId: string;
  endpointId: string;
  readerId: string;
  requestId: string;
};

const first = async (db: D1Database, sql: string, ...params: string[]) =>
  (await db
    .prepare(sql)
    .bind(...params)
    .first<{ id: string }>())!.id;

/** An evidence file's row on a seeded dispute (its bytes are never reached: another tenant is refused before R2). */
async function seedEvidence(tenantId: string, disputeId: string): Promise<string> {
  const id = `lcevd_seed${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const now = new Date().toISOString();
  await (
    await tenantD1(tenantId)
  )
    .prepare(
      `INSERT INTO dispute_evidence (id, tenant_id, dispute_id, sha256, file_name, upload_name, content_type, kind, size_bytes, r2_key,
       state, created_at, updated_at) VALUES (?, ?, ?, ?, 'receipt.pdf', 'receipt.pdf', 'application/pdf', 'pdf', 100, ?, 'succeeded', ?, ?)`,
    )
    .bind(id, tenantId, disputeId, id, `evidence/${tenantId}/${disputeId}/${id}`, now, now)
    .run();
  return id;
}

let owner: Owner & { ids: Ids };
let intruder: Owner;

beforeAll(async () => {
  const receiver = mockReceiver(RECEIVER, [204]);
  const { tenantId, auth, payment } = await paidPayment(3000);
  const signedIn = await ownerOf(tenantId);
  const { browser } = signedIn;
  await browser.open("/dashboard/keys");
  await browser.post("/dashboard/keys", { name: "Owner's key" });
  await browser.post("/dashboard/callbacks", { url: `${RECEIVER}/owner` });
  await browser.post("/dashboard/callbacks/test");
  await eventually(
    async () => receiver.received.length,
    (count) => count === 1,
  );
  receiver.restore();
  await browser.post("/dashboard/team/invites", { email: uniqueEmail("pending"), role: "member" });
  const colleague = await ownerOf(tenantId, "198.51.100.200");
  const disputeId = await seedDispute(tenantId, payment.lcPaymentId);
  owner = {
    tenantId,
    ...signedIn,
    ids: {
      paymentId: payment.lcPaymentId,
      keyId: await first(env.DB, "SELECT id FROM api_keys WHERE tenant_id = ?", tenantId),
      eventId: await first(await tenantD1(tenantId), "SELECT id FROM events WHERE tenant_id = ? AND type = 'ping'", tenantId),
      inviteId: await first(env.DB, "SELECT id FROM dashboard_invites WHERE tenant_id = ? AND accepted_at IS NULL", tenantId),
      userId: await first(env.DB, "SELECT id FROM dashboard_users WHERE email = ?", colleague.email),
      sessionId: await first(
        env.DB,
        "SELECT id FROM dashboard_sessions WHERE user_id = (SELECT id FROM dashboard_users WHERE email = ?)",
        signedIn.email,
      ),
      disputeId,
      evidenceId: await seedEvidence(tenantId, disputeId),
      payoutId: await seedPayout(tenantId),
      endpointId: await first(await tenantD1(tenantId), "SELECT id FROM callback_endpoints WHERE tenant_id = ?", tenantId),
      readerId: (await (await registerReader(auth)).json<{ lcReaderId: string }>()).lcReaderId,
      requestId: (await seedRequests(tenantId, [{ at: new Date().toISOString(), path: "/v1/payments/ownersrequest" }]))[0]!.id,
    },
  };
  intruder = await signedInOwner("Intruder Inc");
});

const ROUTES: { method: "GET" | "POST"; path: string; url: (ids: Ids) => string; form?: Record<string, string> }[] = [
  { method: "GET", path: "/dashboard/payments/:paymentId", url: (ids) => `/dashboard/payments/${ids.paymentId}` },
  {
    method: "GET",
    path: "/dashboard/payments/:paymentId/refund",
    url: (ids) => `/dashboard/payments/${ids.paymentId}/refund?amount=1.00&reason=other`,
  },
  {
    method: "POST",
    path: "/dashboard/payments/:paymentId/refund",
    url: (ids) => `/dashboard/payments/${ids.paymentId}/refund`,
    form: { refundKey: "intruderintruder0001", amount: "1.00", reason: "other" },
  },
  { method: "GET", path: "/dashboard/disputes/:disputeId", url: (ids) => `/dashboard/disputes/${ids.disputeId}` },
  { method: "POST", path: "/dashboard/disputes/:disputeId/evidence", url: (ids) => `/dashboard/disputes/${ids.disputeId}/evidence` },
  {
    method: "POST",
    path: "/dashboard/disputes/:disputeId/submit",
    url: (ids) => `/dashboard/disputes/${ids.disputeId}/submit`,
    form: { note: "intruder" },
  },
  {
    method: "POST",
    path: "/dashboard/disputes/:disputeId/accept",
    url: (ids) => `/dashboard/disputes/${ids.disputeId}/accept`,
    form: { acceptNote: "intruder" },
  },
  {
    method: "GET",
    path: "/dashboard/disputes/:disputeId/evidence/:evidenceId",
    url: (ids) => `/dashboard/disputes/${ids.disputeId}/evidence/${ids.evidenceId}`,
  },
  { method: "GET", path: "/dashboard/payouts/:payoutId", url: (ids) => `/dashboard/payouts/${ids.payoutId}` },
  { method: "GET", path: "/dashboard/requests/:requestId", url: (ids) => `/dashboard/requests/${ids.requestId}` },
  { method: "GET", path: "/dashboard/keys/:keyId/revoke", url: (ids) => `/dashboard/keys/${ids.keyId}/revoke` },
  { method: "POST", path: "/dashboard/keys/:keyId/revoke", url: (ids) => `/dashboard/keys/${ids.keyId}/revoke` },
  {
    method: "POST",
    path: "/dashboard/callbacks/events/:eventId/replay",
    url: (ids) => `/dashboard/callbacks/events/${ids.eventId}/replay`,
  },
  { method: "GET", path: "/dashboard/callbacks/endpoints/:endpointId", url: (ids) => `/dashboard/callbacks/endpoints/${ids.endpointId}` },
  {
    method: "POST",
    path: "/dashboard/callbacks/endpoints/:endpointId",
    url: (ids) => `/dashboard/callbacks/endpoints/${ids.endpointId}`,
    form: { url: `${RECEIVER}/intruder`, description: "intruder", enabledEvents: "*", state: "disabled" },
  },
  {
    method: "POST",
    path: "/dashboard/callbacks/endpoints/:endpointId/delete",
    url: (ids) => `/dashboard/callbacks/endpoints/${ids.endpointId}/delete`,
  },
  {
    method: "POST",
    path: "/dashboard/callbacks/endpoints/:endpointId/secrets/reveal",
    url: (ids) => `/dashboard/callbacks/endpoints/${ids.endpointId}/secrets/reveal`,
    form: { password: PASSWORD },
  },
  {
    method: "POST",
    path: "/dashboard/callbacks/endpoints/:endpointId/secrets/rotate",
    url: (ids) => `/dashboard/callbacks/endpoints/${ids.endpointId}/secrets/rotate`,
    form: { password: PASSWORD, overlapSeconds: "0" },
  },
  {
    method: "POST",
    path: "/dashboard/callbacks/endpoints/:endpointId/test",
    url: (ids) => `/dashboard/callbacks/endpoints/${ids.endpointId}/test`,
  },
  { method: "GET", path: "/dashboard/readers/:readerId", url: (ids) => `/dashboard/readers/${ids.readerId}` },
  { method: "POST", path: "/dashboard/readers/:readerId/activate", url: (ids) => `/dashboard/readers/${ids.readerId}/activate` },
  { method: "POST", path: "/dashboard/readers/:readerId/deactivate", url: (ids) => `/dashboard/readers/${ids.readerId}/deactivate` },
  {
    method: "POST",
    path: "/dashboard/readers/:readerId/sales",
    url: (ids) => `/dashboard/readers/${ids.readerId}/sales`,
    form: { saleKey: "intruderintruder0001", amount: "1.00", orderRef: "intruder" },
  },
  { method: "POST", path: "/dashboard/readers/:readerId/cancel", url: (ids) => `/dashboard/readers/${ids.readerId}/cancel` },
  { method: "POST", path: "/dashboard/readers/:readerId/simulate-tap", url: (ids) => `/dashboard/readers/${ids.readerId}/simulate-tap` },
  { method: "POST", path: "/dashboard/team/invites/:inviteId/revoke", url: (ids) => `/dashboard/team/invites/${ids.inviteId}/revoke` },
  { method: "POST", path: "/dashboard/team/users/:userId/remove", url: (ids) => `/dashboard/team/users/${ids.userId}/remove` },
  {
    method: "POST",
    path: "/dashboard/account/sessions/:sessionId/revoke",
    url: (ids) => `/dashboard/account/sessions/${ids.sessionId}/revoke`,
  },
];

async function state(tenantId: string, ids: Ids) {
  const shard = await tenantD1(tenantId);
  const row = (db: D1Database, sql: string, id: string) => db.prepare(sql).bind(id).first();
  return JSON.stringify([
    await row(shard, "SELECT status, amount_refunded_cents, amount_refund_reserved_cents FROM payments WHERE id = ?", ids.paymentId),
    await row(env.DB, "SELECT revoked_at FROM api_keys WHERE id = ?", ids.keyId),
    await row(shard, "SELECT count(*) FROM callback_deliveries WHERE event_id = ?", ids.eventId),
    await row(env.DB, "SELECT revoked_at FROM dashboard_invites WHERE id = ?", ids.inviteId),
    await row(env.DB, "SELECT removed_at FROM dashboard_users WHERE id = ?", ids.userId),
    await row(env.DB, "SELECT revoked_at FROM dashboard_sessions WHERE id = ?", ids.sessionId),
    await row(
      shard,
      "SELECT submission, submission_note, acceptance, acceptance_note, updated_at FROM disputes WHERE id = ?",
      ids.disputeId,
    ),
    await row(shard, "SELECT count(*) FROM dispute_evidence WHERE dispute_id = ?", ids.disputeId),
    await row(shard, "SELECT status, updated_at FROM payouts WHERE id = ?", ids.payoutId),
    await row(
      shard,
      "SELECT url, description, enabled_events, disabled_at, deleted_at, updated_at FROM callback_endpoints WHERE id = ?",
      ids.endpointId,
    ),
    await row(shard, "SELECT count(*), max(expires_at) FROM callback_signing_secrets WHERE endpoint_id = ?", ids.endpointId),
    await row(shard, "SELECT count(*) FROM events WHERE subject_id = ?", ids.endpointId),
    await row(shard, "SELECT status, updated_at FROM terminal_readers WHERE id = ?", ids.readerId),
    await row(shard, "SELECT count(*) FROM terminal_sales WHERE reader_id = ?", ids.readerId),
  ]);
}

describe("another tenant's ids on the dashboard", () => {
  it("covers every dashboard route that takes an id (the invitation's and the reset link's tokens are not a tenant's ids)", () => {
    const withIds = createApp()
      .routes.filter(
        (route) =>
          route.path.startsWith("/dashboard/") &&
          route.path.includes(":") &&
          !route.path.startsWith("/dashboard/invite/") &&
          !route.path.startsWith("/dashboard/reset/"),
      )
      .map((route) => `${route.method} ${route.path}`);
    expect(new Set(withIds)).toEqual(new Set(ROUTES.map((route) => `${route.method} ${route.path}`)));
  });

  it.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    "%s answers 404 and changes nothing",
    async (_, route) => {
      const before = await state(owner.tenantId, owner.ids);
      const { browser } = intruder;
      await browser.open("/dashboard");
      const response =
        route.method === "GET" ? await browser.get(route.url(owner.ids)) : await browser.post(route.url(owner.ids), route.form);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toContain("Not found");
      expect(html).not.toContain(owner.ids.paymentId);
      expect(await state(owner.tenantId, owner.ids)).toBe(before);
    },
  );

  it("the owner reaches the same ids, so the 404s are about ownership, not missing resources", async () => {
    const { browser } = owner;
    expect((await browser.get(`/dashboard/payments/${owner.ids.paymentId}`)).status).toBe(200);
    expect((await browser.get(`/dashboard/keys/${owner.ids.keyId}/revoke`)).status).toBe(200);
    expect((await browser.get(`/dashboard/disputes/${owner.ids.disputeId}`)).status).toBe(200);
    expect((await browser.get(`/dashboard/payouts/${owner.ids.payoutId}`)).status).toBe(200);
    expect((await browser.get(`/dashboard/readers/${owner.ids.readerId}`)).status).toBe(200);
    expect((await browser.get(`/dashboard/requests/${owner.ids.requestId}`)).status).toBe(200);
    await browser.open("/dashboard/callbacks");
    expect((await browser.post(`/dashboard/callbacks/events/${owner.ids.eventId}/replay`)).status).toBe(303);
  });

  it("lists show only the session's tenant, whatever tenant the URL names", async () => {
    await seedPayments(intruder.tenantId, [
      { id: "lcpay_intruderown000001", status: "succeeded", amountCents: 100, createdAt: new Date().toISOString() },
    ]);
    const { browser } = intruder;
    const pages = await Promise.all(
      [
        "/dashboard/payments",
        "/dashboard/disputes",
        "/dashboard/payouts",
        "/dashboard/readers",
        "/dashboard/requests",
        "/dashboard/keys",
        "/dashboard/callbacks",
        "/dashboard/team",
        "/dashboard/audit",
        "/dashboard/account",
      ].map(async (path) => (await browser.open(`${path}?tenantId=${owner.tenantId}&tenant=${owner.tenantId}`)).html),
    );
    const everything = pages.join("\n");
    for (const id of Object.values(owner.ids)) expect(everything).not.toContain(id);
    expect(everything).not.toContain(owner.email);
    expect(everything).not.toContain("Owner's key");
    expect(everything).toContain("lcpay_intruderown000001");
  });

  it("a session cookie from one tenant never acts on another, even with that tenant's form token", async () => {
    const { browser } = intruder;
    const mixed = new DashboardBrowser();
    for (const [name, value] of browser.jar) mixed.jar.set(name, value);
    mixed.formToken = owner.browser.formToken;
    expect((await mixed.post("/dashboard/keys", { name: "cross" })).status).toBe(403);
  });
});
