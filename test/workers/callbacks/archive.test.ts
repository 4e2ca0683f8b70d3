import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { archiveCallbackHistory, readArchivedDay } from "../../../src/callbacks";
import { callbackDeliveries, callbackDeliveryAttempts } from "../../../src/callbacks/deliveries.schema";
import { createContext } from "../../../src/context";
import { events } from "../../../src/outbox/events.schema";
import { payments } from "../../../src/payments/payments.schema";
import { shardsOf } from "../../../src/placement/shards";
import { runScheduledSweeps } from "../../../src/scheduled";
import {
  adminGet,
  backdate,
  deliveryMessage,
  deliveryWithoutMessage,
  failedDelivery,
  MAIN_QUEUE,
  mockReceiver,
  RECEIVER,
  runConsumer,
  tenantWithCallbacks,
  writeEvent,
} from "../support/callbacks";
import { everyShard, type ShardDb, shardOf } from "../support/db";
import { createTenant, expectProblem } from "../support/http";
import { paymentId, seedPayments } from "../support/ledger";
import { tenantContext, tenantShardBinding } from "../support/shards";

/** The cron's fixed clock. With the default 30 days, days before 2026-10-27 are archived and that day is not. */
const NOW = Date.parse("2026-11-26T12:00:00.000Z");
const OLD_DAY = "2026-10-20";
const YOUNG_DAY = "2026-10-27";
const at = (day: string, time = "09:00:00.000") => `${day}T${time}Z`;

/** One run of the archive on the tenant's shard, as the cron runs it on each shard. */
const archiveAt = async (tenantId: string, nowMs = NOW, budget?: { maxEvents: number; maxMs: number }, workerEnv: Env = env) =>
  archiveCallbackHistory({ ctx: createContext(workerEnv, { nowMs }).forShard(await tenantShardBinding(tenantId)), input: budget });

/** Another tenant with callbacks on the same shard as `tenantId`, for a run's order across tenants of one shard. */
async function tenantWithCallbacksBeside(tenantId: string): Promise<string> {
  const shard = await tenantShardBinding(tenantId);
  for (let tries = 0; tries < 10; tries++) {
    const other = await tenantWithCallbacks();
    if ((await tenantShardBinding(other)) === shard) return other;
  }
  throw new Error(`no new tenant landed on ${shard}`);
}

/** An event on `createdAt` whose one delivery reached the receiver (one attempt, 200). */
async function deliveredEvent(tenantId: string, createdAt: string) {
  const eventId = await writeEvent(tenantId, { lcPaymentId: `lcpay_${crypto.randomUUID().slice(0, 8)}`, status: "succeeded" });
  const deliveryId = await deliveryWithoutMessage(eventId);
  const receiver = mockReceiver(RECEIVER, [200]);
  await runConsumer(MAIN_QUEUE, await deliveryMessage(deliveryId));
  receiver.restore();
  await backdate(eventId, createdAt);
  return { eventId, deliveryId };
}

async function pendingEvent(tenantId: string, createdAt: string) {
  const eventId = await writeEvent(tenantId);
  const deliveryId = await deliveryWithoutMessage(eventId);
  await backdate(eventId, createdAt);
  return { eventId, deliveryId };
}

/** Rows wherever they are: on any shard. */
const count = async (rows: (db: ShardDb) => Promise<number>) => (await Promise.all(everyShard().map(rows))).reduce((sum, n) => sum + n, 0);
const inD1 = (eventId: string) => count((db) => db.$count(events, eq(events.id, eventId)));
const deliveriesInD1 = (deliveryId: string) => count((db) => db.$count(callbackDeliveries, eq(callbackDeliveries.id, deliveryId)));
const attemptsInD1 = (deliveryId: string) =>
  count((db) => db.$count(callbackDeliveryAttempts, eq(callbackDeliveryAttempts.deliveryId, deliveryId)));

async function partsOf(tenantId: string, day: string) {
  return (await env.ARCHIVE.list({ prefix: `events/${tenantId}/${day}/` })).objects.map((object) => object.key);
}

async function ndjsonLines(key: string): Promise<{ event: { id: string }; deliveries: { id: string }[] }[]> {
  const object = await env.ARCHIVE.get(key);
  const bytes = new Uint8Array(await object!.arrayBuffer());
  expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
  const text = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).text();
  return text
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { event: { id: string }; deliveries: { id: string }[] });
}

const archivedIds = async (tenantId: string, day: string) =>
  (await readArchivedDay({ ctx: await tenantContext(tenantId), tenantId, day }))?.map((archived) => archived.event.id) ?? null;

/**
 * The shards' D1 bindings, and the sessions their writes go through, with every `batch` failing: the Worker dies after
 * the R2 write, before the deletes commit.
 */
function envDyingBeforeDeletes(): Env {
  const dying = <T extends D1Database | D1DatabaseSession>(db: T): T =>
    new Proxy(db, {
      get(target, property) {
        if (property === "batch") return () => Promise.reject(new Error("the Worker died before the deletes"));
        if (property === "withSession") return (from: string) => dying((target as D1Database).withSession(from));
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  return { ...env, ...Object.fromEntries(shardsOf(env).map((shard) => [shard.binding, dying(shard.d1)])) };
}

describe("the callback history archive", () => {
  it("moves an old day's finished events with their deliveries and attempts to R2, gzipped NDJSON, and out of D1", async () => {
    const tenantId = await tenantWithCallbacks();
    const delivered = await deliveredEvent(tenantId, at(OLD_DAY));
    const failedEventId = await writeEvent(tenantId);
    const failedDeliveryId = await failedDelivery(tenantId, failedEventId);
    await backdate(failedEventId, at(OLD_DAY, "10:00:00.000"));
    const failedAttempts = await attemptsInD1(failedDeliveryId);
    await seedPayments(tenantId, [{ id: paymentId(1, "archive"), status: "succeeded", amountCents: 1000, createdAt: at(OLD_DAY) }]);

    expect(await archiveAt(tenantId)).toMatchObject({ parts: 1, events: 2, deliveries: 2 });

    for (const eventId of [delivered.eventId, failedEventId]) expect(await inD1(eventId)).toBe(0);
    for (const deliveryId of [delivered.deliveryId, failedDeliveryId]) {
      expect(await deliveriesInD1(deliveryId)).toBe(0);
      expect(await attemptsInD1(deliveryId)).toBe(0);
    }
    expect(await count((db) => db.$count(payments, eq(payments.tenantId, tenantId)))).toBe(1);
    const [key, ...others] = await partsOf(tenantId, OLD_DAY);
    expect(others).toEqual([]);
    expect(key).toMatch(new RegExp(`^events/${tenantId}/${OLD_DAY}/part-[0-9a-f]{16}\\.ndjson\\.gz$`));
    expect((await ndjsonLines(key!)).map((line) => line.event.id)).toEqual([delivered.eventId, failedEventId]);

    const day = await readArchivedDay({ ctx: await tenantContext(tenantId), tenantId, day: OLD_DAY });
    expect(
      day?.map(({ event, deliveries }) => [
        event.id,
        deliveries.map((delivery) => [delivery.id, delivery.status, delivery.attempts.length]),
      ]),
    ).toEqual([
      [delivered.eventId, [[delivered.deliveryId, "delivered", 1]]],
      [failedEventId, [[failedDeliveryId, "failed", failedAttempts]]],
    ]);
    expect(JSON.parse(day![0]!.event.payload)).toMatchObject({ id: delivered.eventId, type: "transfer.updated" });
  });

  it("leaves young events, events still owed a delivery and events never handed to delivery in D1", async () => {
    const tenantId = await tenantWithCallbacks();
    const young = await deliveredEvent(tenantId, at(YOUNG_DAY, "00:00:00.000"));
    const pending = await pendingEvent(tenantId, at(OLD_DAY));
    const unsentEventId = await writeEvent(tenantId);
    await backdate(unsentEventId, at(OLD_DAY), { enqueued: false });
    const replayed = await deliveredEvent(tenantId, at(OLD_DAY));
    const db = await shardOf(tenantId);
    const delivered = (await db.query.callbackDeliveries.findFirst({ where: eq(callbackDeliveries.id, replayed.deliveryId) }))!;
    await db.insert(callbackDeliveries).values({
      id: "dlv_youngreplay",
      tenantId: delivered.tenantId,
      eventId: delivered.eventId,
      endpointId: delivered.endpointId,
      origin: "replay",
      status: "delivered",
      createdAt: at(YOUNG_DAY),
    });

    expect(await archiveAt(tenantId)).toMatchObject({ parts: 0, events: 0 });

    for (const eventId of [young.eventId, pending.eventId, unsentEventId, replayed.eventId]) expect(await inD1(eventId)).toBe(1);
    expect(await deliveriesInD1(pending.deliveryId)).toBe(1);
    expect(await partsOf(tenantId, OLD_DAY)).toEqual([]);
    expect(await archivedIds(tenantId, OLD_DAY)).toBeNull();

    // Once its delivery has finished, the pending one goes with the next run.
    await db.update(callbackDeliveries).set({ status: "delivered" }).where(eq(callbackDeliveries.id, pending.deliveryId));
    expect(await archiveAt(tenantId)).toMatchObject({ parts: 1, events: 1 });
    expect(await inD1(pending.eventId)).toBe(0);
    expect(await archivedIds(tenantId, OLD_DAY)).toEqual([pending.eventId]);
  });

  it("keeps the rows when the Worker dies between the R2 write and the D1 deletes; the next run loses nothing and doubles nothing", async () => {
    const tenantId = await tenantWithCallbacks();
    const first = await deliveredEvent(tenantId, at(OLD_DAY, "08:00:00.000"));
    const second = await deliveredEvent(tenantId, at(OLD_DAY, "09:00:00.000"));

    await expect(archiveAt(tenantId, NOW, undefined, envDyingBeforeDeletes())).rejects.toThrow("the Worker died");
    const written = await partsOf(tenantId, OLD_DAY);
    expect(written).toHaveLength(1);
    for (const eventId of [first.eventId, second.eventId]) expect(await inD1(eventId)).toBe(1);

    // The same rows again: the same object, rewritten.
    await expect(archiveAt(tenantId, NOW, undefined, envDyingBeforeDeletes())).rejects.toThrow("the Worker died");
    expect(await partsOf(tenantId, OLD_DAY)).toEqual(written);

    // Another event of that day arrives before the next run: a second part holding the first two again.
    const third = await deliveredEvent(tenantId, at(OLD_DAY, "10:00:00.000"));
    expect(await archiveAt(tenantId)).toMatchObject({ parts: 1, events: 3 });
    expect(await partsOf(tenantId, OLD_DAY)).toHaveLength(2);
    for (const eventId of [first.eventId, second.eventId, third.eventId]) expect(await inD1(eventId)).toBe(0);

    const day = await readArchivedDay({ ctx: await tenantContext(tenantId), tenantId, day: OLD_DAY });
    expect(day?.map(({ event, deliveries }) => [event.id, deliveries.map((delivery) => delivery.id)])).toEqual([
      [first.eventId, [first.deliveryId]],
      [second.eventId, [second.deliveryId]],
      [third.eventId, [third.deliveryId]],
    ]);
  });

  it("stops at the run's budget of events and time, oldest tenant-day first, and the next run goes on", async () => {
    const tenantId = await tenantWithCallbacks();
    const other = await tenantWithCallbacksBeside(tenantId);
    const olderDay = "2026-10-10";
    const own = [];
    for (const time of ["08:00:00.000", "09:00:00.000", "10:00:00.000"])
      own.push((await deliveredEvent(tenantId, at(olderDay, time))).eventId);
    const others = (await deliveredEvent(other, at(OLD_DAY))).eventId;

    expect(await archiveAt(tenantId, NOW, { maxEvents: 2, maxMs: 60_000 })).toMatchObject({ parts: 1, events: 2 });
    expect(await archivedIds(tenantId, olderDay)).toEqual(own.slice(0, 2));
    expect(await inD1(own[2]!)).toBe(1);

    // No time left after the first part: the other tenant's day waits for the run after.
    expect(await archiveAt(tenantId, NOW, { maxEvents: 100, maxMs: 0 })).toMatchObject({ parts: 1, events: 1 });
    expect(await archivedIds(tenantId, olderDay)).toEqual(own);
    expect(await inD1(others)).toBe(1);

    expect(await archiveAt(tenantId, NOW, { maxEvents: 100, maxMs: 0 })).toMatchObject({ parts: 1, events: 1 });
    expect(await archivedIds(other, OLD_DAY)).toEqual([others]);
    expect(await archiveAt(tenantId)).toMatchObject({ parts: 0 });
  });

  it("runs in the cron at its scheduled time, after EVENT_ARCHIVE_AFTER_DAYS whole days", async () => {
    const tenantId = await tenantWithCallbacks();
    const { eventId } = await deliveredEvent(tenantId, at(OLD_DAY));

    await runScheduledSweeps({ ...env, EVENT_ARCHIVE_AFTER_DAYS: "60" }, NOW);
    expect(await inD1(eventId)).toBe(1);
    // The last moment of the day is 30 days old at the start of 2026-11-20, not before.
    await runScheduledSweeps(env, Date.parse("2026-11-19T23:59:00.000Z"));
    expect(await inD1(eventId)).toBe(1);
    await runScheduledSweeps(env, Date.parse("2026-11-20T00:00:00.000Z"));
    expect(await inD1(eventId)).toBe(0);
    expect(await archivedIds(tenantId, OLD_DAY)).toEqual([eventId]);
  });

  it("reads only the tenant's own day: another tenant's is not readable by its id", async () => {
    const owner = await tenantWithCallbacks();
    const stranger = await tenantWithCallbacks();
    const { eventId } = await deliveredEvent(owner, at(OLD_DAY));
    await archiveAt(owner);

    expect(await archivedIds(owner, OLD_DAY)).toEqual([eventId]);
    expect(await archivedIds(stranger, OLD_DAY)).toBeNull();
    expect(await archivedIds(owner.slice(0, -1), OLD_DAY)).toBeNull();
    await expectProblem(await adminGet(`/admin/tenants/${stranger}/archive/events?day=${OLD_DAY}`), 404, "not-found");
  });
});

describe("GET /admin/tenants/{tenantId}/archive/events", () => {
  it("answers the archived day with each event's body and deliveries, 404 for an unknown tenant or a day not archived", async () => {
    const tenantId = await tenantWithCallbacks();
    const { eventId, deliveryId } = await deliveredEvent(tenantId, at(OLD_DAY));
    await archiveAt(tenantId);

    const response = await adminGet(`/admin/tenants/${tenantId}/archive/events?day=${OLD_DAY}`);
    expect(response.status).toBe(200);
    const body = await response.json<{ tenantId: string; day: string; data: Record<string, unknown>[] }>();
    expect(body).toMatchObject({ tenantId, day: OLD_DAY });
    expect(body.data).toEqual([
      {
        id: eventId,
        type: "transfer.updated",
        createdAtUtc: at(OLD_DAY),
        enqueuedAtUtc: at(OLD_DAY),
        body: expect.objectContaining({ id: eventId, type: "transfer.updated", status: "succeeded" }),
        deliveries: [
          expect.objectContaining({
            id: deliveryId,
            eventId,
            eventType: "transfer.updated",
            status: "delivered",
            attempts: [expect.objectContaining({ attemptNumber: 1, statusCode: 200 })],
          }),
        ],
      },
    ]);

    await expectProblem(await adminGet(`/admin/tenants/${tenantId}/archive/events?day=${YOUNG_DAY}`), 404, "not-found");
    const { id: unknown } = await createTenant("Nothing Archived");
    await expectProblem(await adminGet(`/admin/tenants/${unknown}/archive/events?day=${OLD_DAY}`), 404, "not-found");
    await expectProblem(await adminGet(`/admin/tenants/ten_doesnotexist/archive/events?day=${OLD_DAY}`), 404, "not-found");
    await expectProblem(await adminGet(`/admin/tenants/${tenantId}/archive/events?day=2026-10-32`), 400, "validation-failed");
    await expectProblem(await adminGet(`/admin/tenants/${tenantId}/archive/events`), 400, "validation-failed");
  });
});
