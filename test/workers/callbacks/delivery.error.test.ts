import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";

import { callbackDeliveries } from "../../../src/callbacks/deliveries.schema";
import { MAX_ATTEMPTS, RETRY_DELAYS_SECONDS } from "../../../src/callbacks/retry-schedule";
import wranglerToml from "../../../wrangler.toml?raw";
import {
  attemptsOf,
  DEAD_LETTER_QUEUE,
  deliveryMessage,
  deliveryRow,
  deliveryWithoutMessage,
  MAIN_QUEUE,
  mockReceiver,
  RECEIVER,
  runConsumer,
  tenantWithCallbacks,
  writeEvent,
} from "../support/callbacks";
import { shardOf } from "../support/db";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a delivery the receiver refuses", () => {
  it("is retried on the backoff schedule while the receiver fails, then delivered once it recovers, every attempt recorded", async () => {
    const tenantId = await tenantWithCallbacks();
    const eventId = await writeEvent(tenantId);
    const deliveryId = await deliveryWithoutMessage(eventId);
    const receiver = mockReceiver(RECEIVER, [500, 503, new TypeError("connection reset"), 204]);

    for (const attempt of [1, 2, 3]) {
      const started = Date.now();
      const result = await runConsumer(MAIN_QUEUE, await deliveryMessage(deliveryId), attempt);
      expect(result.explicitAcks).toEqual([]);
      expect(result.retryMessages).toHaveLength(1);
      expect(result.retryDelays).toEqual([RETRY_DELAYS_SECONDS[attempt - 1]]);
      const row = await deliveryRow(deliveryId);
      expect(row).toMatchObject({ status: "pending", attempt_count: attempt });
      const expectedNext = started + RETRY_DELAYS_SECONDS[attempt - 1]! * 1000;
      expect(Math.abs(Date.parse(row.next_attempt_at!) - expectedNext)).toBeLessThan(5000);
    }
    const recovered = await runConsumer(MAIN_QUEUE, await deliveryMessage(deliveryId), 4);
    expect(recovered.explicitAcks).toHaveLength(1);
    expect(recovered.retryMessages).toEqual([]);

    expect(receiver.received).toHaveLength(4);
    expect(new Set(receiver.received.map((callback) => callback.headers.get("LC-Event-Id")))).toEqual(new Set([eventId]));
    expect(new Set(receiver.received.map((callback) => callback.rawBody)).size).toBe(1);
    expect(await deliveryRow(deliveryId)).toMatchObject({
      status: "delivered",
      attempt_count: 4,
      last_status_code: 204,
      last_error: null,
      next_attempt_at: null,
    });
    const attempts = await attemptsOf(deliveryId);
    expect(attempts.map((attempt) => [attempt.attempt_number, attempt.status_code])).toEqual([
      [1, 500],
      [2, 503],
      [3, null],
      [4, 204],
    ]);
    expect(attempts[2]!.error).toMatch(/connection reset/);
    expect(attempts.slice(0, 3).every((attempt) => attempt.next_attempt_at !== null)).toBe(true);
  });

  it("counts a redirect and a timeout as failures and does not follow the redirect", async () => {
    const tenantId = await tenantWithCallbacks();
    const deliveryId = await deliveryWithoutMessage(await writeEvent(tenantId));
    const receiver = mockReceiver(RECEIVER, [
      () => new Response(null, { status: 307, headers: { Location: "http://169.254.169.254/latest/meta-data/" } }),
      () => Promise.reject(new DOMException("The operation was aborted due to timeout", "TimeoutError")),
    ]);
    await runConsumer(MAIN_QUEUE, await deliveryMessage(deliveryId), 1);
    await runConsumer(MAIN_QUEUE, await deliveryMessage(deliveryId), 2);
    expect(receiver.received).toHaveLength(2);
    const attempts = await attemptsOf(deliveryId);
    expect(attempts[0]).toMatchObject({ status_code: 307, error: "redirects are not followed" });
    expect(attempts[1]).toMatchObject({ status_code: null, error: "no response within 10 s" });
  });

  it(`is dead-lettered after attempt ${MAX_ATTEMPTS}, and the dead-letter consumer marks it failed`, async () => {
    const tenantId = await tenantWithCallbacks();
    const deliveryId = await deliveryWithoutMessage(await writeEvent(tenantId));
    mockReceiver(RECEIVER, [500]);

    const second = await runConsumer(MAIN_QUEUE, await deliveryMessage(deliveryId), MAX_ATTEMPTS - 1);
    expect(second.retryDelays).toEqual([RETRY_DELAYS_SECONDS.at(-1)]);
    const last = await runConsumer(MAIN_QUEUE, await deliveryMessage(deliveryId), MAX_ATTEMPTS);
    // No delay: with its retries exhausted the Queue moves the message straight to the dead-letter queue.
    expect(last.retryMessages).toHaveLength(1);
    expect(last.retryDelays).toEqual([undefined]);
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: "pending", attempt_count: 2, next_attempt_at: null });

    const deadLettered = await runConsumer(DEAD_LETTER_QUEUE, await deliveryMessage(deliveryId), 1);
    expect(deadLettered.explicitAcks).toHaveLength(1);
    const row = await deliveryRow(deliveryId);
    expect(row).toMatchObject({ status: "failed", next_attempt_at: null });
    expect(row.failed_at).not.toBeNull();

    // A late duplicate of the message neither calls the receiver nor revives the delivery.
    const receiver = mockReceiver(RECEIVER, [200]);
    expect((await runConsumer(MAIN_QUEUE, await deliveryMessage(deliveryId), 1)).explicitAcks).toHaveLength(1);
    expect(receiver.received).toHaveLength(0);
    expect((await deliveryRow(deliveryId)).status).toBe("failed");
  });

  it(`carries a fresh message's delivery on from its own attempts, and marks it failed after attempt ${MAX_ATTEMPTS}`, async () => {
    const tenantId = await tenantWithCallbacks();
    const deliveryId = await deliveryWithoutMessage(await writeEvent(tenantId));
    mockReceiver(RECEIVER, [500]);
    await runConsumer(MAIN_QUEUE, await deliveryMessage(deliveryId), 1);
    // A fresh message (a resend by the sweep) for the second attempt: the ladder goes on, it does not start again.
    expect((await runConsumer(MAIN_QUEUE, await deliveryMessage(deliveryId), 1)).retryDelays).toEqual([RETRY_DELAYS_SECONDS[1]]);

    await (
      await shardOf(tenantId)
    )
      .update(callbackDeliveries)
      .set({ attemptCount: MAX_ATTEMPTS - 1 })
      .where(eq(callbackDeliveries.id, deliveryId));
    const last = await runConsumer(MAIN_QUEUE, await deliveryMessage(deliveryId), 1);
    // The Queue would not dead-letter a message with retries left: the delivery is failed at once, not attempted again.
    expect(last.retryMessages).toEqual([]);
    expect(last.explicitAcks).toHaveLength(1);
    const row = await deliveryRow(deliveryId);
    expect(row).toMatchObject({ status: "failed", attempt_count: MAX_ATTEMPTS, next_attempt_at: null });
    expect(row.failed_at).not.toBeNull();
  });

  it("wrangler.toml moves a message to the dead-letter queue right after the schedule's last attempt", () => {
    const consumer = wranglerToml.match(/\[\[queues\.consumers\]\]\s*\nqueue = "payment-connect-callbacks"\n[\s\S]*?(?=\n\[|$)/)![0];
    expect(Number(consumer.match(/max_retries = (\d+)/)![1])).toBe(RETRY_DELAYS_SECONDS.length);
    expect(consumer).toContain('dead_letter_queue = "payment-connect-callbacks-dlq"');
    expect(Math.max(...RETRY_DELAYS_SECONDS)).toBeLessThanOrEqual(12 * 3600);
    const totalHours = RETRY_DELAYS_SECONDS.reduce((sum, seconds) => sum + seconds, 0) / 3600;
    expect(totalHours).toBeGreaterThan(24);
    expect(totalHours).toBeLessThan(72);
  });
});

describe("an unreadable message", () => {
  it("acknowledges an unreadable message instead of retrying it forever", async () => {
    const result = await runConsumer(MAIN_QUEUE, { something: "else" });
    expect(result.explicitAcks).toHaveLength(1);
  });
});
