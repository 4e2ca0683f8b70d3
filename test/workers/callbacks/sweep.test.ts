import { afterEach, describe, expect, it, vi } from "vitest";
import { sweepCallbacks } from "../../../src/callbacks";
import type { CallbackMessage } from "../../../src/callbacks/callback-message";
import { createContext } from "../../../src/context";
import { runScheduledSweeps } from "../../../src/scheduled";
import { createTenant } from "../support/http";
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
import { d1Holding, tenantContext, tenantD1, tenantShardBinding } from "../support/shards";

const inAMinute = () => new Date(Date.now() + 60_000);
const enqueuedAt = async (eventId: string) =>
  (await (
    await d1Holding("events", eventId)
  )
    .prepare("SELECT enqueued_at FROM events WHERE id = ?")
    .bind(eventId)
    .first<{ enqueued_at: string | null }>())!.enqueued_at;

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
    expect(await enqueuedAt(eventId)).toBeNull();
    expect(await deliveriesOf(eventId)).toEqual([]);

    const result = await sweepCallbacks({ ctx: await tenantContext(tenantId, { nowMs: inAMinute().getTime() }) });
    expect(result.eventsDispatched).toBeGreaterThanOrEqual(1);
    expect(await enqueuedAt(eventId)).not.toBeNull();
    await eventually(
      () => deliveriesOf(eventId),
      (rows) => rows.length === 1 && rows[0]!.status === "delivered",
    );
    expect(receiver.received.filter((callback) => callback.headers.get("LC-Event-Id") === eventId)).toHaveLength(1);
    const attempts = await (
      await tenantD1(tenantId)
    )
      .prepare("SELECT enqueue_attempts FROM events WHERE id = ?")
      .bind(eventId)
      .first<{ enqueue_attempts: number }>();
    expect(attempts!.enqueue_attempts).toBe(1);

    const again = await sweepCallbacks({ ctx: await tenantContext(tenantId, { nowMs: inAMinute().getTime() }) });
    expect(again.eventsDispatched).toBe(0);
  });

  it("records an event of a tenant without callbacks as handled, with no delivery", async () => {
    const { id: tenantId } = await createTenant();
    const eventId = await writeEvent(tenantId);
    await sweepCallbacks({ ctx: await tenantContext(tenantId, { nowMs: inAMinute().getTime() }) });
    expect(await enqueuedAt(eventId)).not.toBeNull();
    expect(await deliveriesOf(eventId)).toEqual([]);
  });

  it("drains a backlog larger than one page in a single run", async () => {
    const { id: tenantId } = await createTenant();
    const eventIds: string[] = [];
    for (let i = 0; i < 120; i++) eventIds.push(await writeEvent(tenantId, { lcPaymentId: `lcpay_backlog${i}` }));
    expect(
      (await sweepCallbacks({ ctx: await tenantContext(tenantId, { nowMs: inAMinute().getTime() }) })).eventsDispatched,
    ).toBeGreaterThanOrEqual(120);
    const left = await (
      await tenantD1(tenantId)
    )
      .prepare("SELECT count(*) AS n FROM events WHERE tenant_id = ? AND enqueued_at IS NULL")
      .bind(tenantId)
      .first<{ n: number }>();
    expect(left!.n).toBe(0);
  });

  it("sends a delivery whose message was never sent", async () => {
    const { id: tenantId } = await createTenant();
    await saveCallbackUrl(tenantId, `${RECEIVER}/unsent`);
    const receiver = mockReceiver(RECEIVER);
    const deliveryId = await deliveryWithoutMessage(await writeEvent(tenantId));
    await (
      await tenantD1(tenantId)
    )
      .prepare("UPDATE events SET enqueued_at = ? WHERE id = (SELECT event_id FROM callback_deliveries WHERE id = ?)")
      .bind(new Date().toISOString(), deliveryId)
      .run();

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
    const db = await tenantD1(tenantId);
    await db.batch([
      db
        .prepare("UPDATE callback_deliveries SET enqueued_at = ?, attempt_count = 2, last_attempt_at = ?, next_attempt_at = ? WHERE id = ?")
        .bind(hoursAgo(5), hoursAgo(4), hoursAgo(2), stuck),
      db
        .prepare("UPDATE callback_deliveries SET enqueued_at = ?, attempt_count = 3, last_attempt_at = ?, next_attempt_at = ? WHERE id = ?")
        .bind(hoursAgo(1), hoursAgo(1), inHours(1), waiting),
      db.prepare("UPDATE events SET enqueued_at = ? WHERE tenant_id = ?").bind(hoursAgo(5), tenantId),
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
    const db = await tenantD1(tenantId);
    await db.batch([
      db
        .prepare("UPDATE callback_deliveries SET enqueued_at = ?, next_attempt_at = ? WHERE id = ?")
        .bind(new Date(due).toISOString(), new Date(due).toISOString(), deliveryId),
      db.prepare("UPDATE events SET enqueued_at = ? WHERE tenant_id = ?").bind(new Date(due).toISOString(), tenantId),
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
