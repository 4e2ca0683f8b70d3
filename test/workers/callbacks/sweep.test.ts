import { and, eq, inArray, isNull } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";

import { sweepCallbacks } from "../../../src/callbacks";
import type { CallbackMessage } from "../../../src/callbacks/callback-message";
import { callbackDeliveries } from "../../../src/callbacks/deliveries.schema";
import { createContext } from "../../../src/context";
import { events } from "../../../src/outbox/events.schema";
import { runScheduledSweeps } from "../../../src/scheduled";
import {
  deliveriesOf,
  deliveryRow,
  deliveryWithoutMessage,
  eventually,
  heldQueue,
  MAIN_QUEUE,
  mockReceiver,
  RECEIVER,
  runConsumer,
  saveCallbackUrl,
  tenantWithCallbacks,
  writeEvent,
} from "../support/callbacks";
import { shardOf } from "../support/db";
import { createTenant } from "../support/http";
import { tenantContext, tenantShardBinding } from "../support/shards";

const inAMinute = () => new Date(Date.now() + 60_000);
const eventRow = async (tenantId: string, eventId: string) =>
  (await (await shardOf(tenantId)).query.events.findFirst({ where: eq(events.id, eventId) }))!;
const enqueuedAt = async (tenantId: string, eventId: string) => (await eventRow(tenantId, eventId)).enqueuedAt;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("sweepCallbacks", () => {
  it("enqueues an event whose enqueue never happened, and the callback is delivered", async () => {
    const { id: tenantId } = await createTenant();
    await saveCallbackUrl(tenantId, `${RECEIVER}/sweep`);
    const receiver = mockReceiver(RECEIVER);
    const eventId = await writeEvent(tenantId);

    // Too young: the request that wrote it may still be enqueueing it.
    await sweepCallbacks({ ctx: await tenantContext(tenantId) });
    expect(await enqueuedAt(tenantId, eventId)).toBeNull();
    expect(await deliveriesOf(eventId)).toEqual([]);

    const result = await sweepCallbacks({ ctx: await tenantContext(tenantId, { nowMs: inAMinute().getTime() }) });
    expect(result.eventsDispatched).toBeGreaterThanOrEqual(1);
    expect(await enqueuedAt(tenantId, eventId)).not.toBeNull();
    await eventually(
      () => deliveriesOf(eventId),
      (rows) => rows.length === 1 && rows[0]!.status === "delivered",
    );
    expect(receiver.received.filter((callback) => callback.headers.get("LC-Event-Id") === eventId)).toHaveLength(1);
    expect((await eventRow(tenantId, eventId)).enqueueAttempts).toBe(1);

    const again = await sweepCallbacks({ ctx: await tenantContext(tenantId, { nowMs: inAMinute().getTime() }) });
    expect(again.eventsDispatched).toBe(0);
  });

  it("records an event of a tenant without callbacks as handled, with no delivery", async () => {
    const { id: tenantId } = await createTenant();
    const eventId = await writeEvent(tenantId);
    await sweepCallbacks({ ctx: await tenantContext(tenantId, { nowMs: inAMinute().getTime() }) });
    expect(await enqueuedAt(tenantId, eventId)).not.toBeNull();
    expect(await deliveriesOf(eventId)).toEqual([]);
  });

  it("drains a backlog larger than one page in a single run", async () => {
    const { id: tenantId } = await createTenant();
    const eventIds: string[] = [];
    for (let i = 0; i < 120; i++) eventIds.push(await writeEvent(tenantId, { lcPaymentId: `lcpay_backlog${i}` }));
    expect(
      (await sweepCallbacks({ ctx: await tenantContext(tenantId, { nowMs: inAMinute().getTime() }) })).eventsDispatched,
    ).toBeGreaterThanOrEqual(120);
    expect(await (await shardOf(tenantId)).$count(events, and(eq(events.tenantId, tenantId), isNull(events.enqueuedAt)))).toBe(0);
  });

  it("sends a delivery whose message was never sent", async () => {
    const { id: tenantId } = await createTenant();
    await saveCallbackUrl(tenantId, `${RECEIVER}/unsent`);
    const receiver = mockReceiver(RECEIVER);
    const deliveryId = await deliveryWithoutMessage(await writeEvent(tenantId));
    const db = await shardOf(tenantId);
    await db
      .update(events)
      .set({ enqueuedAt: new Date().toISOString() })
      .where(
        inArray(
          events.id,
          db.select({ id: callbackDeliveries.eventId }).from(callbackDeliveries).where(eq(callbackDeliveries.id, deliveryId)),
        ),
      );

    expect(
      (await sweepCallbacks({ ctx: await tenantContext(tenantId, { nowMs: inAMinute().getTime() }) })).deliveriesResent,
    ).toBeGreaterThanOrEqual(1);
    await eventually(
      () => deliveryRow(deliveryId),
      (row) => row.status === "delivered",
    );
    expect(receiver.received.length).toBeGreaterThanOrEqual(1);
  });

  it("resends a pending delivery whose message is long overdue, and leaves one that is on schedule alone", async () => {
    const { id: tenantId } = await createTenant();
    await saveCallbackUrl(tenantId, `${RECEIVER}/stuck`);
    const receiver = mockReceiver(RECEIVER);
    const stuck = await deliveryWithoutMessage(await writeEvent(tenantId));
    const waiting = await deliveryWithoutMessage(await writeEvent(tenantId));
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();
    const inHours = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();
    const db = await shardOf(tenantId);
    await db.batch([
      db
        .update(callbackDeliveries)
        .set({ enqueuedAt: hoursAgo(5), attemptCount: 2, lastAttemptAt: hoursAgo(4), nextAttemptAt: hoursAgo(2) })
        .where(eq(callbackDeliveries.id, stuck)),
      db
        .update(callbackDeliveries)
        .set({ enqueuedAt: hoursAgo(1), attemptCount: 3, lastAttemptAt: hoursAgo(1), nextAttemptAt: inHours(1) })
        .where(eq(callbackDeliveries.id, waiting)),
      db
        .update(events)
        .set({ enqueuedAt: hoursAgo(5) })
        .where(eq(events.tenantId, tenantId)),
    ]);

    await sweepCallbacks({ ctx: await tenantContext(tenantId) });
    await eventually(
      () => deliveryRow(stuck),
      (row) => row.status === "delivered",
    );
    expect(await deliveryRow(stuck)).toMatchObject({ attempt_count: 3, last_status_code: 200 });
    expect(await deliveryRow(waiting)).toMatchObject({ status: "pending", attempt_count: 3 });
    expect(receiver.received).toHaveLength(1);
  });

  it("re-sends a delivery whose message a restart lost once it is 5 minutes overdue, not before, and once", async () => {
    const tenantId = await tenantWithCallbacks("/lost");
    const receiver = mockReceiver(RECEIVER);
    const deliveryId = await deliveryWithoutMessage(await writeEvent(tenantId));
    const due = Date.now();
    // Sent and due now, then the local Queue dropped its message with a restart of `npm run dev`: never attempted.
    const db = await shardOf(tenantId);
    await db.batch([
      db
        .update(callbackDeliveries)
        .set({ enqueuedAt: new Date(due).toISOString(), nextAttemptAt: new Date(due).toISOString() })
        .where(eq(callbackDeliveries.id, deliveryId)),
      db
        .update(events)
        .set({ enqueuedAt: new Date(due).toISOString() })
        .where(eq(events.tenantId, tenantId)),
    ]);
    const queue = heldQueue();
    const messagesFor = () => queue.sent.filter(({ body }) => (body as CallbackMessage).deliveryId === deliveryId);

    await runScheduledSweeps(queue.workerEnv, due + 4 * 60_000);
    expect(messagesFor()).toEqual([]);

    // The cron and a second sweep at once: one message between them.
    const later = due + 6 * 60_000;
    const shard = await tenantShardBinding(tenantId);
    await Promise.all([
      runScheduledSweeps(queue.workerEnv, later),
      sweepCallbacks({ ctx: createContext(queue.workerEnv, { nowMs: later }).forShard(shard) }),
    ]);
    await runScheduledSweeps(queue.workerEnv, later + 60_000);
    expect(messagesFor()).toEqual([{ body: { deliveryId, shard, tenantId }, delaySeconds: undefined }]);

    await runConsumer(MAIN_QUEUE, messagesFor()[0]!.body);
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: "delivered", attempt_count: 1 });
    expect(receiver.received.filter((callback) => callback.url.endsWith("/lost"))).toHaveLength(1);
  });
});
