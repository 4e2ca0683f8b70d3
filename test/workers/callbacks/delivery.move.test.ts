/**
 * A callback queued as its tenant's move pauses: the wait spends none of the delivery's attempts, however long the pause,
 * and the delivery is sent once, from the tenant's new shard, its attempts counted from 1.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { CallbackMessage } from "../../../src/callbacks/callback-message";
import { callbackDeliveries } from "../../../src/callbacks/deliveries.schema";
import { RETRY_DELAYS_SECONDS } from "../../../src/callbacks/retry-schedule";
import { createContext } from "../../../src/context";
import { shardD1 } from "../../../src/placement/shards";
import { moveStep, startMove } from "../../../src/tenant-moves/move.service";
import {
  attemptsOf,
  DEAD_LETTER_QUEUE,
  deliveryWithoutMessage,
  heldQueue,
  MAIN_QUEUE,
  mockReceiver,
  RECEIVER,
  runConsumer,
  tenantWithCallbacks,
  writeEvent,
} from "../support/callbacks";
import { shardDb } from "../support/db";
import { moveToEnd, otherShardInRegion } from "../support/moves";
import { tenantShardBinding } from "../support/shards";

afterEach(() => {
  vi.restoreAllMocks();
});

type Held = { queue: string; body: unknown; attempts: number };

/**
 * One turn of the Queue for a held message: the consumer runs on it, and what it asked for becomes the next message — its
 * retry (counted, and dead-lettered past `max_retries`), a fresh message it sent, or none.
 */
async function queueTurn(held: Held, queue: ReturnType<typeof heldQueue>) {
  const result = await runConsumer(held.queue, held.body, held.attempts, queue.workerEnv);
  let next: Held | null = null;
  if (result.retryMessages.length > 0)
    next =
      held.attempts > RETRY_DELAYS_SECONDS.length
        ? { queue: DEAD_LETTER_QUEUE, body: held.body, attempts: 1 }
        : { ...held, attempts: held.attempts + 1 };
  else if (queue.sent.length > 0) next = { queue: MAIN_QUEUE, body: queue.sent.shift()!.body, attempts: 1 };
  return { result, next };
}

describe("a callback queued as its tenant's move pauses", () => {
  it("waits out a pause longer than the Queue's retry budget and is sent once, from the new shard, attempts from 1", async () => {
    const tenantId = await tenantWithCallbacks("/moving");
    const from = await tenantShardBinding(tenantId);
    const to = await otherShardInRegion(tenantId);
    const receiver = mockReceiver(RECEIVER, [500, 200]);
    const queue = heldQueue();

    // Its message is the test's to hand to the consumer (a real one would race the simulated Queue below).
    const deliveryId = await deliveryWithoutMessage(await writeEvent(tenantId));
    const message: CallbackMessage = { deliveryId, shard: from, tenantId };
    const ctx = createContext(env);
    let move = await startMove({ ctx, input: { tenantId, to, allowCrossRegion: false } });
    const databases = { source: shardD1(env, from), target: shardD1(env, to) };
    while (move.step !== "drain") move = (await moveStep({ ctx, input: { move, databases } })).move;
    const receivedBefore = receiver.received.filter((callback) => callback.url.endsWith("/moving")).length;

    // Twenty turns of 5 s: a pause of 100 s, more than twice the retry budget (max_retries 8 × 5 s).
    let held: Held | null = { queue: MAIN_QUEUE, body: message, attempts: 1 };
    for (let turn = 0; turn < 20 && held; turn++) held = (await queueTurn(held, queue)).next;
    expect(receiver.received.filter((callback) => callback.url.endsWith("/moving")).length).toBe(receivedBefore);

    await moveToEnd(tenantId, to);
    const retryDelays: (number | undefined)[] = [];
    for (let turn = 0; turn < 5 && held; turn++) {
      const { result, next } = await queueTurn(held, queue);
      retryDelays.push(...result.retryDelays);
      held = next;
    }
    expect(held).toBeNull();
    // The first real attempt failed: its retry is the schedule's first step, not one inflated by the wait.
    expect(retryDelays).toEqual([RETRY_DELAYS_SECONDS[0]]);
    expect(receiver.received.filter((callback) => callback.url.endsWith("/moving")).length).toBe(receivedBefore + 2);
    const row = await shardDb(databases.target).query.callbackDeliveries.findFirst({
      columns: { status: true, attemptCount: true },
      where: eq(callbackDeliveries.id, deliveryId),
    });
    expect(row).toEqual({ status: "delivered", attemptCount: 2 });
    expect((await attemptsOf(deliveryId)).map((attempt) => [attempt.attempt_number, attempt.status_code])).toEqual([
      [1, 500],
      [2, 200],
    ]);
    expect(await shardDb(databases.source).$count(callbackDeliveries, eq(callbackDeliveries.id, deliveryId))).toBe(0);
  });
});
