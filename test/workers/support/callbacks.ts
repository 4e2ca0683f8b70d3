import { createExecutionContext, createMessageBatch, getQueueResult, type QueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, desc, eq, sql } from "drizzle-orm";
import { expect, vi } from "vitest";

import { handleCallbackBatch } from "../../../src/callbacks";
import type { CallbackMessage } from "../../../src/callbacks/callback-message";
import { callbackDeliveries } from "../../../src/callbacks/deliveries.schema";
import { eventDeliveryInsert } from "../../../src/callbacks/enqueue";
import { createContext } from "../../../src/context";
import type { EventType } from "../../../src/outbox/event-types";
import { events } from "../../../src/outbox/events.schema";
import { shardD1 } from "../../../src/placement/shards";
import { rowsOnEveryShard, shardDb, shardOf } from "./db";
import { ADMIN_HEADERS, call, createTenant, jsonInit } from "./http";
import { d1Holding, rowOnAnyShard, rowsOnAnyShard, shardHolding, tenantContext, tenantShardBinding } from "./shards";

export const MAIN_QUEUE = "payment-connect-callbacks";
export const DEAD_LETTER_QUEUE = "payment-connect-callbacks-dlq";

/** The origin every test receiver listens on (see `mockReceiver`). */
export const RECEIVER = "https://receiver.example";

export type ReceivedCallback = { url: string; method: string; headers: Headers; rawBody: string };
type Reply = number | Error | ((request: ReceivedCallback) => Response | Promise<Response>);

/**
 * Stands in for tenants' receivers at the network edge: outbound requests to `origin` are answered by `replies`
 * (one per request, the last repeated); every other request goes to the real network.
 */
export function mockReceiver(origin: string, replies: Reply[] = [200]) {
  const received: ReceivedCallback[] = [];
  const realFetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).origin !== origin) return realFetch(input, init);
    const callback = { url: request.url, method: request.method, headers: request.headers, rawBody: await request.text() };
    received.push(callback);
    const reply = replies[Math.min(received.length - 1, replies.length - 1)]!;
    if (reply instanceof Error) throw reply;
    if (typeof reply === "function") return reply(callback);
    return new Response([204, 205, 304].includes(reply) ? null : `status ${reply}`, { status: reply });
  });
  return { received, restore: () => spy.mockRestore() };
}

export async function saveCallbackUrl(tenantId: string, url: string): Promise<Response> {
  return call(`/admin/tenants/${tenantId}/callbacks`, jsonInit("PUT", { url }, ADMIN_HEADERS));
}

export async function revealSecrets(tenantId: string): Promise<{ id: string; secret: string; expiresAtUtc: string | null }[]> {
  const response = await call(`/admin/tenants/${tenantId}/callbacks/secrets`, { headers: ADMIN_HEADERS });
  if (response.status !== 200) throw new Error(`reveal: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { id: string; secret: string; expiresAtUtc: string | null }[] }).data;
}

/** Commits an outbox event the way the ledger does, without enqueueing it (as if the Worker died right after). */
export async function writeEvent(
  tenantId: string,
  data: { lcPaymentId?: string } & Record<string, unknown> = { lcPaymentId: "lcpay_test", status: "succeeded" },
  type: EventType = "transfer.updated",
) {
  const { db, outbox } = await tenantContext(tenantId);
  await db.batch([outbox.record({ tenantId, type, subjectId: data.lcPaymentId ?? "subject", data })]);
  const [row] = await (
    await shardOf(tenantId)
  )
    .select({ id: events.id })
    .from(events)
    .where(eq(events.tenantId, tenantId))
    .orderBy(desc(sql`rowid`))
    .limit(1);
  return row!.id;
}

/** The event's delivery row, created without sending a Queue message, so the test alone drives the consumer. */
export async function deliveryWithoutMessage(eventId: string): Promise<string> {
  const [event] = await rowsOnEveryShard((db) => db.select({ tenantId: events.tenantId }).from(events).where(eq(events.id, eventId)));
  if (!event) throw new Error(`no event ${eventId}`);
  const ctx = await tenantContext(event.tenantId);
  await ctx.db.batch([eventDeliveryInsert(ctx, eventId)]);
  const [row] = await rowsOnEveryShard((db) =>
    db
      .select({ id: callbackDeliveries.id })
      .from(callbackDeliveries)
      .where(and(eq(callbackDeliveries.eventId, eventId), eq(callbackDeliveries.origin, "event"))),
  );
  if (!row) throw new Error(`no delivery for ${eventId}`);
  return row.id;
}

/** The message the service sends for a delivery: its id, the shard that holds it and its tenant. */
export async function deliveryMessage(deliveryId: string): Promise<CallbackMessage> {
  const shard = await shardHolding("callback_deliveries", deliveryId);
  const row = await shardDb(shardD1(env, shard)).query.callbackDeliveries.findFirst({
    columns: { tenantId: true },
    where: eq(callbackDeliveries.id, deliveryId),
  });
  return { deliveryId, shard, tenantId: row!.tenantId };
}

/**
 * Runs the consumer on one message. `retryDelays` holds each retry's `delaySeconds` (undefined: no delay), which
 * the plugin's `getQueueResult` does not report.
 */
export async function runConsumer(
  queue: string,
  body: unknown,
  attempts = 1,
  workerEnv: Env = env,
): Promise<QueueResult & { retryDelays: (number | undefined)[] }> {
  const batch = createMessageBatch(queue, [{ id: `msg-${crypto.randomUUID()}`, timestamp: new Date(), attempts, body }]);
  const retryDelays: (number | undefined)[] = [];
  for (const message of batch.messages) {
    const retry = message.retry.bind(message);
    vi.spyOn(message, "retry").mockImplementation((options) => {
      retryDelays.push(options?.delaySeconds);
      retry(options);
    });
  }
  const ctx = createExecutionContext();
  await handleCallbackBatch({ ctx: createContext(workerEnv), input: batch });
  return { ...(await getQueueResult(batch, ctx)), retryDelays };
}

/**
 * The callbacks queue as the service sees it, for a test to hand its messages on as the Queue would: what is sent is
 * kept in `sent`, in order, with its delay.
 */
export function heldQueue() {
  const sent: { body: unknown; delaySeconds?: number }[] = [];
  const queue = {
    send: async (body: unknown, options?: QueueSendOptions) => void sent.push({ body, delaySeconds: options?.delaySeconds }),
    sendBatch: async (messages: Iterable<MessageSendRequest>) => {
      for (const message of messages) sent.push({ body: message.body, delaySeconds: message.delaySeconds });
    },
  } as unknown as Queue;
  return { sent, workerEnv: { ...env, CALLBACKS: queue } as Env };
}

export type DeliveryRow = {
  id: string;
  endpoint_id: string;
  status: string;
  origin: string;
  event_id: string;
  attempt_count: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  enqueued_at: string | null;
  failed_at: string | null;
  delivered_at: string | null;
};

export async function deliveryRow(deliveryId: string): Promise<DeliveryRow> {
  const row = await rowOnAnyShard<DeliveryRow>("SELECT * FROM callback_deliveries WHERE id = ?", deliveryId);
  if (!row) throw new Error(`no delivery ${deliveryId}`);
  return row;
}

export async function deliveriesOf(eventId: string): Promise<DeliveryRow[]> {
  return rowsOnAnyShard<DeliveryRow>("SELECT * FROM callback_deliveries WHERE event_id = ? ORDER BY created_at, id", eventId);
}

/** Polls until `check` passes: for work the real local Queue consumer does in the background. */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** HMAC-SHA256 computed here with WebCrypto alone, independent of the service's own signing code. */
export async function independentHmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message)));
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The operator routes of a tenant's callbacks, and GET / POST on them with the admin secret. */
export const callbacksPath = (tenantId: string) => `/admin/tenants/${tenantId}/callbacks`;
export const adminGet = (path: string) => call(path, { headers: ADMIN_HEADERS });
export const adminPost = (path: string, body?: unknown) =>
  call(path, body === undefined ? { method: "POST", headers: ADMIN_HEADERS } : jsonInit("POST", body, ADMIN_HEADERS));

/** A delivery as the operator API shows it. */
export type CallbackDelivery = {
  id: string;
  eventId: string;
  origin: string;
  status: string;
  attemptCount: number;
  lastStatusCode: number | null;
  nextAttemptAtUtc: string | null;
  attempts: { attemptNumber: number; statusCode: number | null }[];
};
export type CallbackPage<T> = { data: T[]; hasMore: boolean; nextCursor: string };

/** A delivery the receiver refused until the dead-letter queue took it. */
export async function failedDelivery(tenantId: string, eventId: string) {
  const deliveryId = await deliveryWithoutMessage(eventId);
  const message = { deliveryId, shard: await tenantShardBinding(tenantId) };
  const receiver = mockReceiver(RECEIVER, [500]);
  await runConsumer(MAIN_QUEUE, message, 9);
  await runConsumer(DEAD_LETTER_QUEUE, message);
  receiver.restore();
  expect((await deliveryRow(deliveryId)).status).toBe("failed");
  return deliveryId;
}

/** A tenant whose callbacks go to `RECEIVER` + path. */
export async function tenantWithCallbacks(path = "/hooks") {
  const { id: tenantId } = await createTenant();
  expect((await saveCallbackUrl(tenantId, `${RECEIVER}${path}`)).status).toBe(200);
  return tenantId;
}

/** Every attempt recorded for a delivery, in order. */
export const attemptsOf = async (deliveryId: string) =>
  rowsOnAnyShard<{ attempt_number: number; status_code: number | null; error: string | null; next_attempt_at: string | null; url: string }>(
    "SELECT attempt_number, status_code, error, next_attempt_at, url FROM callback_delivery_attempts WHERE delivery_id = ? ORDER BY attempt_number",
    deliveryId,
  );

/** Backdates an event and its deliveries to `createdAt`, and marks it handed to delivery unless `enqueued` is false. */
export async function backdate(eventId: string, createdAt: string, { enqueued = true } = {}) {
  const db = shardDb(await d1Holding("events", eventId));
  await db.batch([
    db
      .update(events)
      .set({ createdAt, enqueuedAt: enqueued ? createdAt : null })
      .where(eq(events.id, eventId)),
    db.update(callbackDeliveries).set({ createdAt }).where(eq(callbackDeliveries.eventId, eventId)),
  ]);
}
