import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { database } from "../../src/db/client";
import { callbacksRouter as callbacksAdminRouter } from "../../src/callbacks";
import { saveCallbackUrl as saveCallbackUrlService } from "../../src/callbacks/callback-endpoints.service";
import { ApiError } from "../../src/lib/problem";
import { ADMIN_HEADERS, call, createTenant, expectProblem, jsonInit } from "./helpers";
import {
  deliveriesOf,
  deliveryRow,
  deliveryWithoutMessage,
  eventually,
  MAIN_QUEUE,
  DEAD_LETTER_QUEUE,
  mockReceiver,
  revealSecrets,
  runConsumer,
  saveCallbackUrl,
  writeEvent,
} from "./support/callbacks";

const RECEIVER = "https://receiver.example";
const base = (tenantId: string) => `/admin/tenants/${tenantId}/callbacks`;
const get = (path: string) => call(path, { headers: ADMIN_HEADERS });
const post = (path: string, body?: unknown) =>
  call(path, body === undefined ? { method: "POST", headers: ADMIN_HEADERS } : jsonInit("POST", body, ADMIN_HEADERS));

type Delivery = {
  id: string;
  eventId: string;
  origin: string;
  status: string;
  attemptCount: number;
  lastStatusCode: number | null;
  nextAttemptAtUtc: string | null;
  attempts: { attemptNumber: number; statusCode: number | null }[];
};
type Page<T> = { data: T[]; hasMore: boolean; nextCursor: string | null };

afterEach(() => {
  vi.restoreAllMocks();
});

/** A delivery the receiver refused until the dead-letter queue took it. */
async function failedDelivery(tenantId: string, eventId: string) {
  const deliveryId = await deliveryWithoutMessage(eventId);
  const receiver = mockReceiver(RECEIVER, [500]);
  await runConsumer(MAIN_QUEUE, { deliveryId }, 9);
  await runConsumer(DEAD_LETTER_QUEUE, { deliveryId });
  receiver.restore();
  expect((await deliveryRow(deliveryId)).status).toBe("failed");
  return deliveryId;
}

describe("callback URL and signing secret", () => {
  it("registers a URL with a fresh secret, reveals it only on request, and keeps it across URL changes", async () => {
    const { id: tenantId } = await createTenant();
    const off = await (await get(base(tenantId))).json();
    expect(off).toMatchObject({ tenantId, url: null, enabled: false, signingSecrets: [] });
    await expectProblem(await get(`${base(tenantId)}/secrets`), 404, "not-found");

    const saved = await saveCallbackUrl(tenantId, `${RECEIVER}/a`);
    const settings = (await saved.json()) as {
      url: string;
      enabled: boolean;
      signingSecrets: { id: string; expiresAtUtc: string | null }[];
    };
    expect(settings).toMatchObject({ url: `${RECEIVER}/a`, enabled: true, signingSecrets: [{ expiresAtUtc: null }] });
    expect(JSON.stringify(settings)).not.toMatch(/whsec_/);

    const revealed = await get(`${base(tenantId)}/secrets`);
    expect(revealed.headers.get("Cache-Control")).toBe("no-store");
    const [first] = ((await revealed.json()) as { data: { id: string; secret: string }[] }).data;
    expect(first!.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(first!.id).toBe(settings.signingSecrets[0]!.id);

    await saveCallbackUrl(tenantId, `${RECEIVER}/b`);
    expect((await revealSecrets(tenantId)).map((secret) => secret.secret)).toEqual([first!.secret]);
  });

  it("stores secrets sealed, never in plain text", async () => {
    const { id: tenantId } = await createTenant();
    await saveCallbackUrl(tenantId, `${RECEIVER}/sealed`);
    const { secret } = (await revealSecrets(tenantId))[0]!;
    const row = await env.DB.prepare("SELECT secret_ciphertext FROM callback_signing_secrets WHERE tenant_id = ?")
      .bind(tenantId)
      .first<{ secret_ciphertext: string }>();
    expect(row!.secret_ciphertext).toMatch(/^v1\./);
    expect(row!.secret_ciphertext).not.toContain(secret.slice("whsec_".length, 20));
  });

  it("rotates: the new secret is current, the previous one expires after the window, 0 retires it at once", async () => {
    const { id: tenantId } = await createTenant();
    await saveCallbackUrl(tenantId, `${RECEIVER}/rotate`);
    const [original] = await revealSecrets(tenantId);

    const before = Date.now();
    const rotated = await post(`${base(tenantId)}/secrets/rotate`);
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get("Cache-Control")).toBe("no-store");
    const { data } = (await rotated.json()) as { data: { secret: string; expiresAtUtc: string | null }[] };
    expect(data).toHaveLength(2);
    expect(data[0]!.expiresAtUtc).toBeNull();
    expect(data[1]!.secret).toBe(original!.secret);
    expect(Date.parse(data[1]!.expiresAtUtc!) - before).toBeGreaterThanOrEqual(24 * 3600 * 1000 - 1000);
    expect(Date.parse(data[1]!.expiresAtUtc!) - before).toBeLessThanOrEqual(24 * 3600 * 1000 + 5000);

    const leaked = await post(`${base(tenantId)}/secrets/rotate`, { previousSecretTtlSeconds: 0 });
    const after = ((await leaked.json()) as { data: { secret: string }[] }).data;
    expect(after).toHaveLength(1);
    expect([original!.secret, data[0]!.secret]).not.toContain(after[0]!.secret);
    await expectProblem(await post(`${base(tenantId)}/secrets/rotate`, { previousSecretTtlSeconds: -1 }), 400, "validation-failed");
  });

  it("turns callbacks off with an empty URL", async () => {
    const { id: tenantId } = await createTenant();
    await saveCallbackUrl(tenantId, `${RECEIVER}/off`);
    const off = await saveCallbackUrl(tenantId, "");
    expect(await off.json()).toMatchObject({ url: null, enabled: false });
    expect(await revealSecrets(tenantId)).toHaveLength(1);
  });

  it("refuses non-https, private, loopback, link-local, CGNAT and metadata hosts outside the sandbox", async () => {
    const { id: tenantId } = await createTenant();
    const live = { ...env, PROCESSOR_ENV: "live", BASE_URL: "https://api.payment-connect.dev" };
    const refused = [
      "http://receiver.example/hooks",
      "https://localhost/hooks",
      "https://api.localhost/hooks",
      "https://127.0.0.1/hooks",
      "https://2130706433/hooks",
      "https://0x7f.1/hooks",
      "https://10.1.2.3/hooks",
      "https://172.16.0.1/hooks",
      "https://172.31.255.255/hooks",
      "https://192.168.1.10/hooks",
      "https://169.254.169.254/latest/meta-data/",
      "https://100.64.0.1/hooks",
      "https://0.0.0.0/hooks",
      "https://[::1]/hooks",
      "https://[::]/hooks",
      "https://[fe80::1]/hooks",
      "https://[fc00::1]/hooks",
      "https://[fd12:3456::1]/hooks",
      "https://[::ffff:10.0.0.1]/hooks",
      "https://[::ffff:169.254.169.254]/hooks",
      "https://metadata.google.internal/computeMetadata/v1/",
      "https://intranet/hooks",
      "https://printer.local/hooks",
      "https://user:pass@receiver.example/hooks",
      "ftp://receiver.example/hooks",
      "not a url",
    ];
    for (const url of refused) {
      const attempt = saveCallbackUrlService({ ctx: { db: database(env), env: live }, input: { tenantId, url } });
      await expect(attempt, url).rejects.toBeInstanceOf(ApiError);
      await expect(attempt, url).rejects.toMatchObject({ slug: "validation-failed", extensions: { errors: [{ field: "url" }] } });
    }
    for (const url of [
      "https://receiver.example/hooks",
      "https://8.8.8.8/hooks",
      "https://[2606:4700::1111]/hooks",
      "https://hooks.shop.example.com:8443/x?y=1",
    ]) {
      await expect(saveCallbackUrlService({ ctx: { db: database(env), env: live }, input: { tenantId, url } }), url).resolves.toMatchObject(
        { url },
      );
    }
  });

  it("allows local http receivers in the sandbox served from localhost, but never metadata services", async () => {
    const { id: tenantId } = await createTenant();
    for (const url of [
      "http://localhost:4000/hooks",
      "http://127.0.0.1:4000/hooks",
      "http://192.168.1.20/hooks",
      "http://host.docker.internal:4000/x",
    ]) {
      const response = await saveCallbackUrl(tenantId, url);
      expect(response.status, url).toBe(200);
    }
    const metadata = await expectProblem(
      await saveCallbackUrl(tenantId, "http://169.254.169.254/latest/meta-data/"),
      400,
      "validation-failed",
    );
    expect(metadata.errors).toEqual([{ field: "url", message: "must not address a cloud metadata service" }]);
    // The same sandbox code served from a public host is not "local".
    const publicSandbox = { ...env, PROCESSOR_ENV: "sandbox", BASE_URL: "https://sandbox.payment-connect.dev" };
    await expect(
      saveCallbackUrlService({ ctx: { db: database(env), env: publicSandbox }, input: { tenantId, url: "http://localhost:4000/hooks" } }),
    ).rejects.toBeInstanceOf(ApiError);
  });

  it("rejects an attempt to a URL the policy no longer allows, without calling it", async () => {
    const { id: tenantId } = await createTenant();
    await saveCallbackUrl(tenantId, "http://127.0.0.1:4000/hooks");
    const deliveryId = await deliveryWithoutMessage(await writeEvent(tenantId));
    const receiver = mockReceiver("http://127.0.0.1:4000");
    const live = {
      ...env,
      PROCESSOR_ENV: "live",
      PROCESSOR_BASE_URL: "https://finix.live-payments-api.com",
      BASE_URL: "https://api.payment-connect.dev",
    };
    expect((await runConsumer(MAIN_QUEUE, { deliveryId }, 1, live)).retryDelays).toEqual([60]);
    expect(receiver.received).toHaveLength(0);
    expect(await deliveryRow(deliveryId)).toMatchObject({
      status: "pending",
      attempt_count: 1,
      last_error: "callback URL must be an https URL",
    });
  });

  it("requires the admin secret and an existing tenant", async () => {
    const { id: tenantId } = await createTenant();
    for (const [path, init] of [
      [base(tenantId), {}],
      [`${base(tenantId)}/secrets`, {}],
      [`${base(tenantId)}/secrets/rotate`, { method: "POST" }],
      [`${base(tenantId)}/events`, {}],
      [`${base(tenantId)}/deliveries`, {}],
    ] as const) {
      await expectProblem(await call(path, init), 401, "unauthorized");
      await expectProblem(await call(path, { ...init, headers: { Authorization: "Bearer wrong" } }), 401, "unauthorized");
    }
    await expectProblem(await call(base(tenantId), jsonInit("PUT", { url: `${RECEIVER}/x` })), 401, "unauthorized");
    await expectProblem(await get(base("ten_doesnotexist")), 404, "not-found");
    await expectProblem(await saveCallbackUrl("ten_doesnotexist", `${RECEIVER}/x`), 404, "not-found");
    await expectProblem(await get(`${base(tenantId)}/events?limit=0`), 400, "validation-failed");
    await expectProblem(await get(`${base(tenantId)}/events?cursor=garbage`), 400, "invalid-cursor");
  });
});

describe("events, deliveries and replay", () => {
  it("lists events newest first with a cursor, and deliveries with their attempts", async () => {
    const { id: tenantId } = await createTenant();
    await saveCallbackUrl(tenantId, `${RECEIVER}/list`);
    const eventIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      eventIds.push(await writeEvent(tenantId, { lcPaymentId: `lcpay_list${i}`, status: "succeeded" }));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const first = (await (await get(`${base(tenantId)}/events?limit=2`)).json()) as Page<{
      id: string;
      type: string;
      body: { id: string };
    }>;
    expect(first.data.map((event) => event.id)).toEqual([eventIds[2], eventIds[1]]);
    expect(first.data[0]!.body.id).toBe(eventIds[2]);
    expect(first.hasMore).toBe(true);
    const second = (await (await get(`${base(tenantId)}/events?limit=2&cursor=${first.nextCursor}`)).json()) as Page<{ id: string }>;
    expect(second).toMatchObject({ data: [{ id: eventIds[0] }], hasMore: false, nextCursor: null });

    const deliveryId = await deliveryWithoutMessage(eventIds[0]!);
    mockReceiver(RECEIVER, [502, 200]);
    await runConsumer(MAIN_QUEUE, { deliveryId }, 1);
    const pending = (await (await get(`${base(tenantId)}/deliveries?eventId=${eventIds[0]}`)).json()) as Page<Delivery>;
    expect(pending.data).toEqual([
      expect.objectContaining({
        id: deliveryId,
        status: "pending",
        attemptCount: 1,
        lastStatusCode: 502,
        attempts: [expect.objectContaining({ attemptNumber: 1, statusCode: 502 })],
      }),
    ]);
    expect(pending.data[0]!.nextAttemptAtUtc).not.toBeNull();
    await runConsumer(MAIN_QUEUE, { deliveryId }, 2);
    const delivered = (await (await get(`${base(tenantId)}/deliveries?status=delivered`)).json()) as Page<Delivery>;
    expect(delivered.data.map((delivery) => [delivery.id, delivery.attempts.map((attempt) => attempt.statusCode)])).toEqual([
      [deliveryId, [502, 200]],
    ]);
  });

  it("replays one event: a new delivery of the same event id and body, delivered through the queue", async () => {
    const { id: tenantId } = await createTenant();
    await saveCallbackUrl(tenantId, `${RECEIVER}/replay`);
    const eventId = await writeEvent(tenantId);
    const original = await failedDelivery(tenantId, eventId);
    const receiver = mockReceiver(RECEIVER);

    const response = await post(`${base(tenantId)}/events/${eventId}/replay`);
    expect(response.status).toBe(202);
    const replay = (await response.json()) as Delivery;
    expect(replay).toMatchObject({ eventId, origin: "replay", status: "pending", attemptCount: 0, attempts: [] });
    expect(replay.id).not.toBe(original);

    await eventually(
      () => deliveryRow(replay.id),
      (row) => row.status === "delivered",
    );
    const callback = receiver.received.find((received) => received.headers.get("LC-Event-Id") === eventId)!;
    const stored = await env.DB.prepare("SELECT payload FROM events WHERE id = ?").bind(eventId).first<{ payload: string }>();
    expect(callback.rawBody).toBe(stored!.payload);
    expect((await deliveryRow(original)).status).toBe("failed");
  });

  it("replays every failed delivery since a time, once per event, skipping events delivered meanwhile", async () => {
    const { id: tenantId } = await createTenant();
    await saveCallbackUrl(tenantId, `${RECEIVER}/bulk`);
    const since = new Date().toISOString();
    const [a, b, c] = [await writeEvent(tenantId), await writeEvent(tenantId), await writeEvent(tenantId)];
    await failedDelivery(tenantId, a);
    await failedDelivery(tenantId, b);
    await failedDelivery(tenantId, c);
    const receiver = mockReceiver(RECEIVER);
    expect((await post(`${base(tenantId)}/events/${c}/replay`)).status).toBe(202);
    await eventually(
      () => deliveriesOf(c),
      (rows) => rows.some((row) => row.status === "delivered"),
    );

    const response = await post(`${base(tenantId)}/deliveries/replay-failed`, { since, limit: 1 });
    expect(response.status).toBe(202);
    const firstPage = (await response.json()) as { data: Delivery[]; hasMore: boolean };
    expect(firstPage).toMatchObject({ hasMore: true, data: [{ eventId: a, origin: "replay" }] });
    const secondPage = (await (await post(`${base(tenantId)}/deliveries/replay-failed`, { since })).json()) as {
      data: Delivery[];
      hasMore: boolean;
    };
    expect(secondPage).toMatchObject({ hasMore: false, data: [{ eventId: b }] });

    for (const eventId of [a, b])
      await eventually(
        () => deliveriesOf(eventId),
        (rows) => rows.some((row) => row.status === "delivered"),
      );
    expect(new Set(receiver.received.map((callback) => callback.headers.get("LC-Event-Id")))).toEqual(new Set([a, b, c]));
    const nothingLeft = (await (await post(`${base(tenantId)}/deliveries/replay-failed`, { since })).json()) as { data: Delivery[] };
    expect(nothingLeft.data).toEqual([]);
    const future = (await (
      await post(`${base(tenantId)}/deliveries/replay-failed`, { since: new Date(Date.now() + 60_000).toISOString() })
    ).json()) as { data: Delivery[] };
    expect(future.data).toEqual([]);
  });

  it("refuses to replay while callbacks are off", async () => {
    const { id: tenantId } = await createTenant();
    const eventId = await writeEvent(tenantId);
    await expectProblem(await post(`${base(tenantId)}/events/${eventId}/replay`), 409, "conflict");
    await saveCallbackUrl(tenantId, `${RECEIVER}/x`);
    await saveCallbackUrl(tenantId, "");
    await expectProblem(await post(`${base(tenantId)}/deliveries/replay-failed`, { since: "2026-01-01T00:00:00Z" }), 409, "conflict");
  });

  it("keeps tenants apart: one tenant cannot see or replay another's events or deliveries", async () => {
    const { id: alice } = await createTenant("Alice");
    const { id: bob } = await createTenant("Bob");
    await saveCallbackUrl(alice, `${RECEIVER}/alice`);
    await saveCallbackUrl(bob, `${RECEIVER}/bob`);
    const aliceEvent = await writeEvent(alice);
    await failedDelivery(alice, aliceEvent);

    const bobEvents = (await (await get(`${base(bob)}/events`)).json()) as Page<{ id: string }>;
    expect(bobEvents.data).toEqual([]);
    const bobDeliveries = (await (await get(`${base(bob)}/deliveries`)).json()) as Page<Delivery>;
    expect(bobDeliveries.data).toEqual([]);
    expect(((await (await get(`${base(bob)}/deliveries?eventId=${aliceEvent}`)).json()) as Page<Delivery>).data).toEqual([]);
    await expectProblem(await post(`${base(bob)}/events/${aliceEvent}/replay`), 404, "not-found");
    expect(
      ((await (await post(`${base(bob)}/deliveries/replay-failed`, { since: "2026-01-01T00:00:00Z" })).json()) as { data: Delivery[] })
        .data,
    ).toEqual([]);
    expect(await deliveriesOf(aliceEvent)).toHaveLength(1);

    const [aliceSecret] = await revealSecrets(alice);
    const [bobSecret] = await revealSecrets(bob);
    expect(aliceSecret!.secret).not.toBe(bobSecret!.secret);
  });

  it("is documented in the OpenAPI description with its problems", () => {
    const document = callbacksAdminRouter.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "callbacks", version: "1" } });
    const paths = document.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    expect(paths["/admin/tenants/{tenantId}/callbacks"]).toHaveProperty("put");
    expect(paths["/admin/tenants/{tenantId}/callbacks"]!.put!.responses).toHaveProperty("400");
    expect(paths["/admin/tenants/{tenantId}/callbacks/secrets"]).toHaveProperty("get");
    expect(paths["/admin/tenants/{tenantId}/callbacks/secrets/rotate"]).toHaveProperty("post");
    expect(paths["/admin/tenants/{tenantId}/callbacks/events"]).toHaveProperty("get");
    expect(paths["/admin/tenants/{tenantId}/callbacks/deliveries"]).toHaveProperty("get");
    expect(paths["/admin/tenants/{tenantId}/callbacks/events/{eventId}/replay"]!.post!.responses).toHaveProperty("409");
    expect(paths["/admin/tenants/{tenantId}/callbacks/deliveries/replay-failed"]!.post!.responses).toHaveProperty("202");
  });
});
