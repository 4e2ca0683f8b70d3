import { and, count, eq, isNull, max } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { dashboardInvites, dashboardSessions, dashboardUsers } from "../../../src/accounts/accounts.schema";
import { createApp } from "../../../src/app";
import { callbackEndpoints, callbackSigningSecrets } from "../../../src/callbacks/callback-endpoints.schema";
import { callbackDeliveries } from "../../../src/callbacks/deliveries.schema";
import { disputeEvidence, disputes } from "../../../src/disputes/disputes.schema";
import { events } from "../../../src/outbox/events.schema";
import { payments } from "../../../src/payments/payments.schema";
import { payouts } from "../../../src/payouts/payouts.schema";
import { apiKeys } from "../../../src/tenants/tenants.schema";
import { terminalReaders, terminalSales } from "../../../src/terminal/terminal.schema";
import { eventually, mockReceiver, RECEIVER } from "../support/callbacks";
import { DashboardBrowser, ownerOf, PASSWORD, signedInOwner, uniqueEmail } from "../support/dashboard";
import { controlDb, shardOf } from "../support/db";
import { seedDispute, seedPayments, seedPayout } from "../support/ledger";
import { paidPayment } from "../support/payments";
import { seedRequests } from "../support/requests";
import { evidenceRow, insertRows } from "../support/seed";
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

const idOf = (row: { id: string } | undefined) => row!.id;

/** An evidence file's row on a seeded dispute (its bytes are never reached: another tenant is refused before R2). */
async function seedEvidence(tenantId: string, disputeId: string): Promise<string> {
  const id = `lcevd_seed${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  await insertRows(await shardOf(tenantId), disputeEvidence, [
    evidenceRow({ id, tenantId, disputeId, fileName: "receipt.pdf", r2Key: `evidence/${tenantId}/${disputeId}/${id}` }),
  ]);
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
  const shard = await shardOf(tenantId);
  const control = controlDb();
  const ownerUser = idOf(await control.query.dashboardUsers.findFirst({ where: eq(dashboardUsers.email, signedIn.email) }));
  owner = {
    tenantId,
    ...signedIn,
    ids: {
      paymentId: payment.lcPaymentId,
      keyId: idOf(await control.query.apiKeys.findFirst({ where: eq(apiKeys.tenantId, tenantId) })),
      eventId: idOf(await shard.query.events.findFirst({ where: and(eq(events.tenantId, tenantId), eq(events.type, "ping")) })),
      inviteId: idOf(
        await control.query.dashboardInvites.findFirst({
          where: and(eq(dashboardInvites.tenantId, tenantId), isNull(dashboardInvites.acceptedAt)),
        }),
      ),
      userId: idOf(await control.query.dashboardUsers.findFirst({ where: eq(dashboardUsers.email, colleague.email) })),
      sessionId: idOf(await control.query.dashboardSessions.findFirst({ where: eq(dashboardSessions.userId, ownerUser) })),
      disputeId,
      evidenceId: await seedEvidence(tenantId, disputeId),
      payoutId: await seedPayout(tenantId),
      endpointId: idOf(await shard.query.callbackEndpoints.findFirst({ where: eq(callbackEndpoints.tenantId, tenantId) })),
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
  {
    method: "GET",
    path: "/dashboard/payments/:paymentId/capture",
    url: (ids) => `/dashboard/payments/${ids.paymentId}/capture?amount=1.00`,
  },
  {
    method: "POST",
    path: "/dashboard/payments/:paymentId/capture",
    url: (ids) => `/dashboard/payments/${ids.paymentId}/capture`,
    form: { captureKey: "intruderintruder0001", amount: "1.00" },
  },
  { method: "GET", path: "/dashboard/payments/:paymentId/void", url: (ids) => `/dashboard/payments/${ids.paymentId}/void` },
  {
    method: "POST",
    path: "/dashboard/payments/:paymentId/void",
    url: (ids) => `/dashboard/payments/${ids.paymentId}/void`,
    form: { voidKey: "intruderintruder0001" },
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
  const shard = await shardOf(tenantId);
  const control = controlDb();
  return JSON.stringify([
    await shard.query.payments.findFirst({
      columns: { status: true, amountRefundedCents: true, amountRefundReservedCents: true },
      where: eq(payments.id, ids.paymentId),
    }),
    await control.query.apiKeys.findFirst({ columns: { revokedAt: true }, where: eq(apiKeys.id, ids.keyId) }),
    await shard.$count(callbackDeliveries, eq(callbackDeliveries.eventId, ids.eventId)),
    await control.query.dashboardInvites.findFirst({ columns: { revokedAt: true }, where: eq(dashboardInvites.id, ids.inviteId) }),
    await control.query.dashboardUsers.findFirst({ columns: { removedAt: true }, where: eq(dashboardUsers.id, ids.userId) }),
    await control.query.dashboardSessions.findFirst({ columns: { revokedAt: true }, where: eq(dashboardSessions.id, ids.sessionId) }),
    await shard.query.disputes.findFirst({
      columns: { submission: true, submissionNote: true, acceptance: true, acceptanceNote: true, updatedAt: true },
      where: eq(disputes.id, ids.disputeId),
    }),
    await shard.$count(disputeEvidence, eq(disputeEvidence.disputeId, ids.disputeId)),
    await shard.query.payouts.findFirst({ columns: { status: true, updatedAt: true }, where: eq(payouts.id, ids.payoutId) }),
    await shard.query.callbackEndpoints.findFirst({
      columns: { url: true, description: true, enabledEvents: true, disabledAt: true, deletedAt: true, updatedAt: true },
      where: eq(callbackEndpoints.id, ids.endpointId),
    }),
    await shard
      .select({ n: count(), expiresAt: max(callbackSigningSecrets.expiresAt) })
      .from(callbackSigningSecrets)
      .where(eq(callbackSigningSecrets.endpointId, ids.endpointId)),
    await shard.$count(events, eq(events.subjectId, ids.endpointId)),
    await shard.query.terminalReaders.findFirst({
      columns: { status: true, updatedAt: true },
      where: eq(terminalReaders.id, ids.readerId),
    }),
    await shard.$count(terminalSales, eq(terminalSales.readerId, ids.readerId)),
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
