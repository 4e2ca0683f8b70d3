import { env } from "cloudflare:workers";
import { and, eq, like } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";

import { dashboardAuditLog } from "../../../src/accounts/audit.schema";
import { enqueueEvents } from "../../../src/callbacks";
import { callbackDeliveries } from "../../../src/callbacks/deliveries.schema";
import {
  deliveriesOf,
  deliveryRow,
  deliveryWithoutMessage,
  eventually,
  independentHmacHex,
  mockReceiver,
  type ReceivedCallback,
  RECEIVER,
  saveCallbackUrl,
  writeEvent,
} from "../support/callbacks";
import { controlDb, shardOf } from "../support/db";
import { call, jsonInit, tenantWithKey } from "../support/http";
import { tenantContext } from "../support/shards";

afterEach(() => {
  vi.restoreAllMocks();
});

type Endpoint = {
  id: string;
  url: string | null;
  description: string | null;
  enabledEvents: string[];
  disabled: boolean;
  disabledReason: string | null;
  createdAtUtc: string;
  updatedAtUtc: string;
  secret?: string;
};

const endpointsApi = (auth: Record<string, string>) => ({
  create: async (body: Record<string, unknown>) => {
    const response = await call("/v1/callback-endpoints", jsonInit("POST", body, auth));
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as Endpoint & { secret: string };
  },
  list: (query = "") => call(`/v1/callback-endpoints${query}`, { headers: auth }),
  get: (id: string) => call(`/v1/callback-endpoints/${id}`, { headers: auth }),
  patch: (id: string, body: Record<string, unknown>) => call(`/v1/callback-endpoints/${id}`, jsonInit("PATCH", body, auth)),
  delete: (id: string) => call(`/v1/callback-endpoints/${id}`, { method: "DELETE", headers: auth }),
});

/** The receiver's check: one `v1=` of `LC-Signature` is the HMAC of `{t}.{rawBody}` under `secret`. */
async function signedWith(callback: ReceivedCallback, secret: string): Promise<boolean> {
  const header = callback.headers.get("LC-Signature")!;
  const t = /t=(\d+)/.exec(header)![1]!;
  const signatures = [...header.matchAll(/v1=([0-9a-f]+)/g)].map((match) => match[1]);
  return signatures.includes(await independentHmacHex(secret, `${t}.${callback.rawBody}`));
}

async function sendEvents(tenantId: string, types: ("transfer.updated" | "dispute.created")[]) {
  const eventIds = [];
  for (const type of types) eventIds.push(await writeEvent(tenantId, { lcPaymentId: `lcpay_${type}`, status: "succeeded" }, type));
  await enqueueEvents({ ctx: await tenantContext(tenantId), input: eventIds });
  return eventIds;
}

describe("callback endpoints", () => {
  it("creates, lists in pages, reads, changes and deletes endpoints; the secret only in the create answer", async () => {
    const { tenantId, auth } = await tenantWithKey();
    const api = endpointsApi(auth);
    expect((await saveCallbackUrl(tenantId, `${RECEIVER}/first`)).status).toBe(200);
    const created = await api.create({ url: `${RECEIVER}/disputes`, description: "Disputes desk", enabledEvents: ["dispute.created"] });
    expect(created).toMatchObject({
      url: `${RECEIVER}/disputes`,
      description: "Disputes desk",
      enabledEvents: ["dispute.created"],
      disabled: false,
      disabledReason: null,
    });
    expect(created.secret).toMatch(/^whsec_/);
    const third = await api.create({ url: `${RECEIVER}/all` });
    expect(third.enabledEvents).toEqual(["*"]);

    const firstPage = (await (await api.list("?limit=2")).json()) as { data: Endpoint[]; hasMore: boolean; nextCursor: string };
    expect(firstPage.data.map((endpoint) => endpoint.id)).toEqual([third.id, created.id]);
    expect(firstPage.hasMore).toBe(true);
    const secondPage = (await (await api.list(`?limit=2&cursor=${firstPage.nextCursor}`)).json()) as {
      data: Endpoint[];
      hasMore: boolean;
    };
    // The dashboard's callback URL is the first endpoint: an ordinary one, the oldest.
    expect(secondPage).toMatchObject({ hasMore: false, data: [{ url: `${RECEIVER}/first`, enabledEvents: ["*"], disabled: false }] });
    for (const endpoint of [...firstPage.data, ...secondPage.data]) expect(endpoint).not.toHaveProperty("secret");

    const read = await api.get(created.id);
    expect(read.status).toBe(200);
    const { secret: _secret, ...withoutSecret } = created;
    expect(await read.json()).toEqual(withoutSecret);

    const patched = await api.patch(created.id, { description: null, enabledEvents: ["dispute.created", "dispute.updated"] });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({
      id: created.id,
      description: null,
      enabledEvents: ["dispute.created", "dispute.updated"],
    });

    const deleted = await api.delete(created.id);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ id: created.id, deleted: true });
    expect((await api.get(created.id)).status).toBe(404);
    expect((await api.delete(created.id)).status).toBe(404);
    const after = (await (await api.list()).json()) as { data: Endpoint[] };
    expect(after.data.map((endpoint) => endpoint.id)).not.toContain(created.id);
    expect(after.data).toHaveLength(2);
  });

  it("delivers each event only to the endpoints whose enabledEvents take it, each signed with its own secret only", async () => {
    const { tenantId, auth } = await tenantWithKey();
    const api = endpointsApi(auth);
    const transfers = await api.create({ url: `${RECEIVER}/transfers`, enabledEvents: ["transfer.updated"] });
    const disputes = await api.create({ url: `${RECEIVER}/disputes`, enabledEvents: ["dispute.created"] });
    const receiver = mockReceiver(RECEIVER);

    const [transfer, dispute] = await sendEvents(tenantId, ["transfer.updated", "dispute.created"]);
    for (const eventId of [transfer!, dispute!])
      await eventually(
        () => deliveriesOf(eventId),
        (rows) => rows.length > 0 && rows.every((row) => row.status === "delivered"),
      );

    const at = (path: string) => receiver.received.filter((callback) => callback.url === `${RECEIVER}${path}`);
    expect(at("/transfers").map((callback) => callback.headers.get("LC-Event-Id"))).toEqual([transfer]);
    expect(at("/disputes").map((callback) => callback.headers.get("LC-Event-Id"))).toEqual([dispute]);
    const [toTransfers] = at("/transfers");
    const [toDisputes] = at("/disputes");
    expect(await signedWith(toTransfers!, transfers.secret)).toBe(true);
    expect(await signedWith(toTransfers!, disputes.secret)).toBe(false);
    expect(await signedWith(toDisputes!, disputes.secret)).toBe(true);
    expect(await signedWith(toDisputes!, transfers.secret)).toBe(false);
  });

  it("sends POST /v1/events/ping to every endpoint whose enabledEvents take pings", async () => {
    const { auth } = await tenantWithKey();
    const api = endpointsApi(auth);
    const everything = await api.create({ url: `${RECEIVER}/everything` });
    const pings = await api.create({ url: `${RECEIVER}/pings`, enabledEvents: ["ping"] });
    await api.create({ url: `${RECEIVER}/disputes`, enabledEvents: ["dispute.created"] });
    const receiver = mockReceiver(RECEIVER);

    expect((await call("/v1/events/ping", { method: "POST", headers: auth })).status).toBe(202);
    const listed = (await (await call("/v1/events?type=ping", { headers: auth })).json()) as { data: { id: string }[] };
    const pingId = listed.data[0]!.id;
    await eventually(
      () => deliveriesOf(pingId),
      (rows) => rows.length === 2 && rows.every((row) => row.status === "delivered"),
    );
    const paths = receiver.received.map((callback) => new URL(callback.url).pathname).sort();
    expect(paths).toEqual(["/everything", "/pings"]);
    const [toPings] = receiver.received.filter((callback) => callback.url.endsWith("/pings"));
    expect(await signedWith(toPings!, pings.secret)).toBe(true);
    expect(await signedWith(toPings!, everything.secret)).toBe(false);
  });

  it("sends a disabled endpoint nothing, cancels what it was owed, and sends again once enabled", async () => {
    const { tenantId, auth } = await tenantWithKey();
    const api = endpointsApi(auth);
    const kept = await api.create({ url: `${RECEIVER}/kept` });
    const paused = await api.create({ url: `${RECEIVER}/paused` });
    const owed = await writeEvent(tenantId);
    await deliveryWithoutMessage(owed);
    const owedToPaused = (await deliveriesOf(owed)).find((row) => row.endpoint_id === paused.id)!;

    const disabled = await api.patch(paused.id, { disabled: true });
    expect(await disabled.json()).toMatchObject({ disabled: true, disabledReason: "tenant" });
    expect((await deliveryRow(owedToPaused.id)).status).toBe("canceled");

    const receiver = mockReceiver(RECEIVER);
    const [eventId] = await sendEvents(tenantId, ["transfer.updated"]);
    const rows = await eventually(
      () => deliveriesOf(eventId!),
      (found) => found.length > 0 && found.every((row) => row.status === "delivered"),
    );
    expect(rows.map((row) => row.endpoint_id)).toEqual([kept.id]);
    expect(receiver.received.map((callback) => callback.url)).not.toContain(`${RECEIVER}/paused`);

    expect(await (await api.patch(paused.id, { disabled: false })).json()).toMatchObject({ disabled: false, disabledReason: null });
    const [later] = await sendEvents(tenantId, ["transfer.updated"]);
    await eventually(
      () => deliveriesOf(later!),
      (found) => found.length === 2 && found.every((row) => row.status === "delivered"),
    );
  });

  it("disables an endpoint that answers 410 Gone, stops retrying it, and tells the tenant in the audit log", async () => {
    const { tenantId, auth } = await tenantWithKey();
    const api = endpointsApi(auth);
    const gone = await api.create({ url: `${RECEIVER}/gone`, description: "Old server" });
    mockReceiver(RECEIVER, [410]);

    const [eventId] = await sendEvents(tenantId, ["transfer.updated"]);
    const [delivery] = await eventually(
      () => deliveriesOf(eventId!),
      (rows) => rows[0]?.status === "canceled",
    );
    expect(delivery).toMatchObject({ attempt_count: 1, last_status_code: 410, next_attempt_at: null });
    expect(await (await api.get(gone.id)).json()).toMatchObject({ disabled: true, disabledReason: "gone" });
    const audit = await eventually(
      () =>
        controlDb()
          .select({ action: dashboardAuditLog.action, target: dashboardAuditLog.target, actorEmail: dashboardAuditLog.actorEmail })
          .from(dashboardAuditLog)
          .where(and(eq(dashboardAuditLog.tenantId, tenantId), like(dashboardAuditLog.action, "callback_endpoint.%"))),
      (rows) => rows.length > 0,
    );
    expect(audit).toEqual([{ action: "callback_endpoint.gone", target: `${gone.id} (${RECEIVER}/gone)`, actorEmail: "Payment Connect" }]);

    const [next] = await sendEvents(tenantId, ["transfer.updated"]);
    expect(await deliveriesOf(next!)).toEqual([]);
  });

  it("counts an event failed while it is dead-lettered on one endpoint, though another received it", async () => {
    const { tenantId, auth } = await tenantWithKey();
    const api = endpointsApi(auth);
    const up = await api.create({ url: `${RECEIVER}/up` });
    const down = await api.create({ url: `${RECEIVER}/down` });
    const eventId = await writeEvent(tenantId);
    await deliveryWithoutMessage(eventId);
    const db = await shardOf(tenantId);
    const settle = (endpointId: string, status: "delivered" | "failed") =>
      db
        .update(callbackDeliveries)
        .set({ status })
        .where(and(eq(callbackDeliveries.eventId, eventId), eq(callbackDeliveries.endpointId, endpointId)));
    await db.batch([settle(up.id, "delivered"), settle(down.id, "failed")]);

    const failed = async () =>
      ((await (await call("/v1/events?deliveryStatus=failed", { headers: auth })).json()) as { data: { id: string }[] }).data.map(
        (event) => event.id,
      );
    expect(await failed()).toEqual([eventId]);
    await db.insert(callbackDeliveries).values({
      id: "dlv_replayedToDown",
      tenantId,
      eventId,
      endpointId: down.id,
      origin: "replay",
      status: "delivered",
      createdAt: new Date().toISOString(),
    });
    expect(await failed()).toEqual([]);
  });

  it("replays a failed event to the endpoint it failed on only, and a single replay to every endpoint that takes it", async () => {
    const { tenantId, auth } = await tenantWithKey();
    const api = endpointsApi(auth);
    const up = await api.create({ url: `${RECEIVER}/up` });
    const down = await api.create({ url: `${RECEIVER}/down` });
    const since = new Date(Date.now() - 1000).toISOString();
    const eventId = await writeEvent(tenantId);
    await deliveryWithoutMessage(eventId);
    const db = await shardOf(tenantId);
    const settle = (endpointId: string, status: "delivered" | "failed") =>
      db
        .update(callbackDeliveries)
        .set({ status })
        .where(and(eq(callbackDeliveries.eventId, eventId), eq(callbackDeliveries.endpointId, endpointId)));
    await db.batch([settle(up.id, "delivered"), settle(down.id, "failed")]);
    const receiver = mockReceiver(RECEIVER);

    const response = await call(
      `/admin/tenants/${tenantId}/callbacks/deliveries/replay-failed`,
      jsonInit("POST", { since }, { Authorization: `Bearer ${env.ADMIN_SECRET}` }),
    );
    expect(response.status).toBe(202);
    const replayed = (await response.json()) as { data: { eventId: string; endpointId: string }[] };
    expect(replayed.data).toEqual([expect.objectContaining({ eventId, endpointId: down.id })]);
    await eventually(
      () => deliveriesOf(eventId),
      (rows) => rows.some((row) => row.origin === "replay" && row.status === "delivered"),
    );
    expect(receiver.received.map((callback) => callback.url)).toEqual([`${RECEIVER}/down`]);

    const again = await call(`/admin/tenants/${tenantId}/callbacks/events/${eventId}/replay`, {
      method: "POST",
      headers: { Authorization: `Bearer ${env.ADMIN_SECRET}` },
    });
    expect(again.status).toBe(202);
    await eventually(
      () => deliveriesOf(eventId),
      (rows) => rows.filter((row) => row.origin === "replay" && row.status === "delivered").length === 3,
    );
    expect(receiver.received.map((callback) => callback.url).sort()).toEqual([`${RECEIVER}/down`, `${RECEIVER}/down`, `${RECEIVER}/up`]);
  });
});
