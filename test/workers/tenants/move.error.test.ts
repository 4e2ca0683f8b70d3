/**
 * What a move refuses (another region without consent, a shard that is not configured, a second move elsewhere), and
 * what the tenant's traffic meets while its writes are paused: 503 tenant-moving with Retry-After, a queue message sent
 * again for later — and the same requests succeeding on the new shard once the map flips.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";

import { callbackDeliveries } from "../../../src/callbacks/deliveries.schema";
import { eventDeliveryInsert } from "../../../src/callbacks/enqueue";
import { createContext } from "../../../src/context";
import { events } from "../../../src/outbox/events.schema";
import { payments } from "../../../src/payments/payments.schema";
import { shardD1, shardsOf } from "../../../src/placement/shards";
import { tenantShards } from "../../../src/placement/tenant-shards.schema";
import { moveStep, startMove } from "../../../src/tenant-moves/move.service";
import {
  deliveryWithoutMessage,
  heldQueue,
  MAIN_QUEUE,
  mockReceiver,
  RECEIVER,
  runConsumer,
  saveCallbackUrl,
  writeEvent,
} from "../support/callbacks";
import { ownerOf } from "../support/dashboard";
import { controlDb, shardDb } from "../support/db";
import { ADMIN_HEADERS, call, expectProblem, jsonInit, PROBE, tenantWithKey } from "../support/http";
import { movePath, type MoveStatus, moveToEnd, otherShardInRegion, postMove } from "../support/moves";
import { cardToken, charge, chargeableTenant, chargeBody } from "../support/sandbox";
import { tenantContext, tenantShardBinding } from "../support/shards";

afterEach(() => {
  vi.restoreAllMocks();
});

const euShard = () => shardsOf(env).find((shard) => shard.region === "eu")!.binding;

describe("moves the operator route refuses", () => {
  it("answers 400 naming the configured shards for a shard the deployment does not have", async () => {
    const { tenantId } = await tenantWithKey("Nowhere Bound");
    const problem = await expectProblem(await postMove(tenantId, { to: "DB_SHARD_XX_9" }), 400, "validation-failed");
    for (const shard of shardsOf(env)) expect(problem.detail).toContain(shard.binding);
    expect(problem.errors).toEqual([{ field: "to", message: expect.stringContaining("DB_SHARD_US_1") }]);
  });

  it("refuses another region without allowCrossRegion, and moves the data there with it", async () => {
    const { tenantId, auth } = await tenantWithKey("Crossing Over");
    const problem = await expectProblem(await postMove(tenantId, { to: euShard() }), 400, "validation-failed");
    expect(problem.errors).toEqual([{ field: "allowCrossRegion", message: `must be true to move the tenant's data from us to eu` }]);
    expect(await tenantShardBinding(tenantId)).not.toBe(euShard());

    const moved = await moveToEnd(tenantId, euShard(), true);

    expect(moved).toMatchObject({ to: euShard(), region: "eu", step: "done" });
    expect(await tenantShardBinding(tenantId)).toBe(euShard());
    const mapped = await controlDb().query.tenantShards.findFirst({ where: eq(tenantShards.tenantId, tenantId) });
    expect(mapped?.region).toBe("eu");
    expect((await call(PROBE, { headers: auth })).status).toBe(404);
  });

  it("has nothing to do for the shard the tenant is on", async () => {
    const { tenantId } = await tenantWithKey("Staying Put");
    const here = await tenantShardBinding(tenantId);
    const response = await postMove(tenantId, { to: here });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ from: here, to: here, step: "done", paused: false });
    expect((await call(movePath(tenantId), { headers: ADMIN_HEADERS })).status).toBe(404);
  });

  it("answers 404 for an unknown tenant, 400 for a malformed body and 401 without the operator secret", async () => {
    await expectProblem(await postMove("ten_doesNotExist123", { to: "DB_SHARD_US_1" }), 404, "not-found");
    const { tenantId } = await tenantWithKey("Bad Bodies");
    await expectProblem(await postMove(tenantId, { to: "DB_SHARD_US_1", extra: true }), 400, "validation-failed");
    await expectProblem(await postMove(tenantId, { allowCrossRegion: true }), 400, "validation-failed");
    await expectProblem(await call(movePath(tenantId), jsonInit("POST", { to: "DB_SHARD_US_1" })), 401, "unauthorized");
  });

  it("refuses a second move to another shard while one is under way (409), and resumes the same one", async () => {
    const { tenantId } = await tenantWithKey("One At A Time");
    const to = await otherShardInRegion(tenantId);
    await startMove({ ctx: createContext(env), input: { tenantId, to, allowCrossRegion: false } });
    await expectProblem(await postMove(tenantId, { to: euShard(), allowCrossRegion: true }), 409, "conflict");
    const status = await call(movePath(tenantId), { headers: ADMIN_HEADERS });
    expect(await status.json()).toMatchObject({ to, step: "copy" });
    expect((await moveToEnd(tenantId, to)).step).toBe("done");
  });
});

describe("a tenant paused for the last copy", () => {
  it("answers its keys, the operator's tenant routes and its dashboard with 503 tenant-moving and Retry-After, then serves from the new shard", async () => {
    const tenant = await chargeableTenant("Paused Pantry");
    const { browser } = await ownerOf(tenant.tenantId);
    expect((await saveCallbackUrl(tenant.tenantId, `${RECEIVER}/hooks`)).status).toBe(200);
    const from = await tenantShardBinding(tenant.tenantId);
    const to = await otherShardInRegion(tenant.tenantId);
    const ctx = createContext(env);
    let move = await startMove({ ctx, input: { tenantId: tenant.tenantId, to, allowCrossRegion: false } });
    const databases = { source: shardD1(env, from), target: shardD1(env, to) };
    while (move.step !== "drain") move = (await moveStep({ ctx, input: { move, databases } })).move;

    const token = await cardToken();
    const refused = await charge(tenant.auth, chargeBody(token), "charge-while-paused");
    await expectProblem(refused, 503, "tenant-moving");
    expect(refused.headers.get("Retry-After")).toBe("5");
    const keys = await call(`/admin/tenants/${tenant.tenantId}/keys`, { headers: ADMIN_HEADERS });
    await expectProblem(keys, 503, "tenant-moving");
    expect(keys.headers.get("Retry-After")).toBe("5");
    expect((await browser.get("/dashboard/payments")).status).toBe(503);
    const status = await call(movePath(tenant.tenantId), { headers: ADMIN_HEADERS });
    expect(await status.json()).toMatchObject({ step: "drain", paused: true });
    const paymentsOn = (d1: D1Database) => shardDb(d1).$count(payments, eq(payments.tenantId, tenant.tenantId));
    expect(await paymentsOn(databases.source)).toBe(0);

    const done = (await (await postMove(tenant.tenantId, { to })).json()) as MoveStatus;
    expect(done.step).toBe("done");
    const retried = await charge(tenant.auth, chargeBody(token), "charge-while-paused");
    expect(retried.status).toBe(201);
    expect(await paymentsOn(databases.target)).toBe(1);
    expect((await browser.get("/dashboard/payments")).status).toBe(200);
  });

  it("sends a callback message again for later while paused, and delivers it from the new shard after the flip", async () => {
    const tenant = await chargeableTenant("Queued Quiche");
    expect((await saveCallbackUrl(tenant.tenantId, `${RECEIVER}/hooks`)).status).toBe(200);
    const from = await tenantShardBinding(tenant.tenantId);
    const to = await otherShardInRegion(tenant.tenantId);
    const receiver = mockReceiver(RECEIVER);
    const source = shardD1(env, from);
    // An event and its delivery on the old shard, whose message the test holds: sent before the move.
    const onSource = await tenantContext(tenant.tenantId);
    await onSource.db.batch([
      onSource.outbox.record({
        tenantId: tenant.tenantId,
        type: "transfer.updated",
        subjectId: "lcpay_queued",
        data: { lcPaymentId: "lcpay_queued" },
      }),
    ]);
    const event = await shardDb(source).query.events.findFirst({ columns: { id: true }, where: eq(events.tenantId, tenant.tenantId) });
    await onSource.db.batch([eventDeliveryInsert(onSource, event!.id)]);
    const delivery = await shardDb(source).query.callbackDeliveries.findFirst({
      columns: { id: true },
      where: eq(callbackDeliveries.eventId, event!.id),
    });
    const message = { deliveryId: delivery!.id, shard: from, tenantId: tenant.tenantId };
    const ctx = createContext(env);
    let move = await startMove({ ctx, input: { tenantId: tenant.tenantId, to, allowCrossRegion: false } });
    const databases = { source, target: shardD1(env, to) };
    while (move.step !== "drain") move = (await moveStep({ ctx, input: { move, databases } })).move;
    const deliveredBefore = receiver.received.length;

    const queue = heldQueue();
    const whilePaused = await runConsumer(MAIN_QUEUE, message, 1, queue.workerEnv);
    // Sent again as a fresh message, not retried: the wait spends none of the Queue's retries.
    expect(whilePaused.retryMessages).toEqual([]);
    expect(whilePaused.explicitAcks).toHaveLength(1);
    expect(queue.sent).toEqual([{ body: message, delaySeconds: 5 }]);
    expect(receiver.received.length).toBe(deliveredBefore);

    await moveToEnd(tenant.tenantId, to);
    const afterFlip = await runConsumer(MAIN_QUEUE, message);
    expect(afterFlip.explicitAcks).toHaveLength(1);
    expect(receiver.received.length).toBe(deliveredBefore + 1);
    const row = await shardDb(databases.target).query.callbackDeliveries.findFirst({
      columns: { status: true, attemptCount: true },
      where: eq(callbackDeliveries.id, delivery!.id),
    });
    expect(row).toEqual({ status: "delivered", attemptCount: expect.any(Number) });
    expect(await shardDb(source).$count(callbackDeliveries, eq(callbackDeliveries.id, delivery!.id))).toBe(0);
  });

  it("delivers messages from before shards, which name no tenant, from the tenant's shard of the moment, and holds them while it is paused", async () => {
    const tenant = await chargeableTenant("Old Message Oven");
    expect((await saveCallbackUrl(tenant.tenantId, `${RECEIVER}/hooks`)).status).toBe(200);
    const from = await tenantShardBinding(tenant.tenantId);
    const to = await otherShardInRegion(tenant.tenantId);
    const receiver = mockReceiver(RECEIVER);
    const [first, second] = [await writeEvent(tenant.tenantId), await writeEvent(tenant.tenantId)];
    const [firstDelivery, secondDelivery] = [await deliveryWithoutMessage(first), await deliveryWithoutMessage(second)];
    const deliveredTo = async (binding: string, deliveryId: string) =>
      (await shardDb(shardD1(env, binding)).query.callbackDeliveries.findFirst({ where: eq(callbackDeliveries.id, deliveryId) }))?.status;

    // Sent before shards: no shard (the control database's, then) and no tenant.
    const noShard = await runConsumer(MAIN_QUEUE, { deliveryId: firstDelivery });
    expect(noShard.explicitAcks).toHaveLength(1);
    expect(await deliveredTo(from, firstDelivery)).toBe("delivered");

    // The old shard named, and no tenant: held while the tenant is paused, delivered from the new shard after the flip.
    const message = { deliveryId: secondDelivery, shard: from };
    const ctx = createContext(env);
    let move = await startMove({ ctx, input: { tenantId: tenant.tenantId, to, allowCrossRegion: false } });
    const databases = { source: shardD1(env, from), target: shardD1(env, to) };
    while (move.step !== "drain") move = (await moveStep({ ctx, input: { move, databases } })).move;
    const deliveredBefore = receiver.received.length;
    const queue = heldQueue();
    const whilePaused = await runConsumer(MAIN_QUEUE, message, 1, queue.workerEnv);
    expect(whilePaused.explicitAcks).toHaveLength(1);
    expect(queue.sent).toEqual([{ body: message, delaySeconds: 5 }]);
    expect(receiver.received.length).toBe(deliveredBefore);

    await moveToEnd(tenant.tenantId, to);
    const afterFlip = await runConsumer(MAIN_QUEUE, message);
    expect(afterFlip.explicitAcks).toHaveLength(1);
    expect(receiver.received.length).toBe(deliveredBefore + 1);
    expect(await deliveredTo(to, secondDelivery)).toBe("delivered");
  }, 30_000);
});
