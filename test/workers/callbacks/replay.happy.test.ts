import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";

import { replayEvent, replayFailedDeliveries } from "../../../src/callbacks";
import { createContext } from "../../../src/context";
import { events } from "../../../src/outbox/events.schema";
import { shardD1 } from "../../../src/placement/shards";
import {
  adminGet as get,
  adminPost as post,
  type CallbackDelivery as Delivery,
  type CallbackPage as Page,
  callbacksPath as base,
  deliveriesOf,
  deliveryMessage,
  deliveryRow,
  deliveryWithoutMessage,
  eventually,
  failedDelivery,
  MAIN_QUEUE,
  mockReceiver,
  RECEIVER,
  runConsumer,
  saveCallbackUrl,
  writeEvent,
} from "../support/callbacks";
import { shardOf } from "../support/db";
import { createTenant } from "../support/http";
import { tenantShardBinding } from "../support/shards";

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * The env with its D1 calls (the control database and the tenant's shard) and Queue calls counted: each statement run
 * alone, each batch and each send is one round trip.
 */
function countingEnv(trips: { d1: number; queue: number }, shard: string): Env {
  const counted = <T extends object>(target: T, counts: (property: PropertyKey) => boolean, wrap: (value: unknown) => unknown): T =>
    new Proxy(target, {
      get(object, property) {
        const value = Reflect.get(object, property, object) as unknown;
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          if (counts(property)) trips.d1++;
          return wrap((value as (...a: unknown[]) => unknown).apply(object, args));
        };
      },
    });
  const statement = (prepared: D1PreparedStatement): D1PreparedStatement =>
    counted(
      prepared,
      (property) => ["all", "first", "run", "raw"].includes(String(property)),
      (value) => (value instanceof Object && "bind" in value ? statement(value as D1PreparedStatement) : value),
    );
  // A session (writes go through one) counts as its database does.
  const database = <T extends D1Database | D1DatabaseSession>(d1: T): T =>
    counted(
      d1,
      (property) => property === "batch",
      (value) =>
        value instanceof Object && "bind" in value
          ? statement(value as D1PreparedStatement)
          : value instanceof Object && "getBookmark" in value
            ? database(value as D1DatabaseSession)
            : value,
    );
  const queue = new Proxy(env.CALLBACKS, {
    get(object, property) {
      const value = Reflect.get(object, property, object) as unknown;
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (property === "sendBatch" || property === "send") trips.queue++;
        return (value as (...a: unknown[]) => unknown).apply(object, args);
      };
    },
  });
  return { ...env, DB: database(env.DB), [shard]: database(shardD1(env, shard)), CALLBACKS: queue };
}

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
    expect(second).toMatchObject({ data: [{ id: eventIds[0] }], hasMore: false, nextCursor: "" });

    const deliveryId = await deliveryWithoutMessage(eventIds[0]!);
    mockReceiver(RECEIVER, [502, 200]);
    await runConsumer(MAIN_QUEUE, await deliveryMessage(deliveryId), 1);
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
    await runConsumer(MAIN_QUEUE, await deliveryMessage(deliveryId), 2);
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
    const stored = await (await shardOf(tenantId)).query.events.findFirst({ columns: { payload: true }, where: eq(events.id, eventId) });
    expect(callback.rawBody).toBe(stored!.payload);
    expect((await deliveryRow(original)).status).toBe("failed");
  });

  it("replays in a few round trips: one event in two to D1 and one to the Queue, failed ones in three and one", async () => {
    const { id: tenantId } = await createTenant();
    await saveCallbackUrl(tenantId, `${RECEIVER}/trips`);
    const since = new Date().toISOString();
    const eventIds = [await writeEvent(tenantId), await writeEvent(tenantId)];
    for (const eventId of eventIds) await failedDelivery(tenantId, eventId);
    mockReceiver(RECEIVER);

    const shard = await tenantShardBinding(tenantId);
    const one = { d1: 0, queue: 0 };
    const replay = await replayEvent({
      ctx: createContext(countingEnv(one, shard)).forTenant({ id: tenantId, shard }),
      input: { eventId: eventIds[0]! },
    });
    expect(replay).toMatchObject({ eventId: eventIds[0], origin: "replay", status: "pending", attempts: [] });
    expect(one).toEqual({ d1: 2, queue: 1 });

    const failed = { d1: 0, queue: 0 };
    const replayed = await replayFailedDeliveries({
      ctx: createContext(countingEnv(failed, shard)).forTenant({ id: tenantId, shard }),
      input: { since, limit: 10 },
    });
    expect(replayed.data.map((delivery) => delivery.eventId)).toEqual([eventIds[1]]);
    expect(failed).toEqual({ d1: 3, queue: 1 });
    for (const eventId of eventIds) {
      await eventually(
        () => deliveriesOf(eventId),
        (rows) => rows.some((row) => row.origin === "replay" && row.status === "delivered"),
      );
    }
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
});
