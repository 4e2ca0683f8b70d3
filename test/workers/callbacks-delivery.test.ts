import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import wranglerToml from "../../wrangler.toml?raw";
import { enqueueEvents } from "../../src/callbacks";
import { MAX_ATTEMPTS, RETRY_DELAYS_SECONDS } from "../../src/callbacks/retry-schedule";
import { ADMIN_HEADERS, call, createTenant, jsonInit } from "./helpers";
import {
  DEAD_LETTER_QUEUE,
  deliveriesOf,
  deliveryRow,
  deliveryWithoutMessage,
  eventually,
  independentHmacHex,
  MAIN_QUEUE,
  mockReceiver,
  revealSecrets,
  runConsumer,
  saveCallbackUrl,
  writeEvent,
} from "./support/callbacks";

const RECEIVER = "https://receiver.example";

async function tenantWithCallbacks(path = "/hooks") {
  const { id: tenantId } = await createTenant();
  expect((await saveCallbackUrl(tenantId, `${RECEIVER}${path}`)).status).toBe(200);
  return tenantId;
}

const attemptsOf = async (deliveryId: string) =>
  (
    await env.DB.prepare(
      "SELECT attempt_number, status_code, error, next_attempt_at, url FROM callback_delivery_attempts WHERE delivery_id = ? ORDER BY attempt_number",
    )
      .bind(deliveryId)
      .all<{ attempt_number: number; status_code: number | null; error: string | null; next_attempt_at: string | null; url: string }>()
  ).results;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a delivery", () => {
  it("POSTs the stored body byte for byte with the contract's headers and a signature anyone can recompute", async () => {
    const tenantId = await tenantWithCallbacks();
    const eventId = await writeEvent(tenantId, {
      lcPaymentId: "lcpay_bytes",
      orderRef: "order-ü",
      status: "succeeded",
      processorState: "SUCCEEDED",
    });
    const deliveryId = await deliveryWithoutMessage(eventId);
    const receiver = mockReceiver(RECEIVER);

    const before = Math.floor(Date.now() / 1000);
    const result = await runConsumer(MAIN_QUEUE, { deliveryId });
    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toEqual([]);

    const stored = await env.DB.prepare("SELECT payload FROM events WHERE id = ?").bind(eventId).first<{ payload: string }>();
    const [callback] = receiver.received;
    expect(callback!.method).toBe("POST");
    expect(callback!.url).toBe(`${RECEIVER}/hooks`);
    expect(callback!.rawBody).toBe(stored!.payload);
    expect(JSON.parse(callback!.rawBody)).toMatchObject({
      id: eventId,
      type: "transfer.updated",
      lcPaymentId: "lcpay_bytes",
      orderRef: "order-ü",
    });
    expect(callback!.headers.get("Content-Type")).toBe("application/json");
    expect(callback!.headers.get("LC-Event-Type")).toBe("transfer.updated");
    expect(callback!.headers.get("LC-Event-Id")).toBe(eventId);
    expect(callback!.headers.get("User-Agent")).toMatch(/^PaymentConnect-Callbacks\//);

    const { secret } = (await revealSecrets(tenantId))[0]!;
    const signature = callback!.headers.get("LC-Signature")!;
    const t = Number(signature.match(/^t=(\d+),/)![1]);
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(signature).toBe(`t=${t},v1=${await independentHmacHex(secret, `${t}.${stored!.payload}`)}`);

    expect(await deliveryRow(deliveryId)).toMatchObject({
      status: "delivered",
      attempt_count: 1,
      last_status_code: 200,
      next_attempt_at: null,
    });
    expect(await attemptsOf(deliveryId)).toEqual([
      { attempt_number: 1, status_code: 200, error: null, next_attempt_at: null, url: `${RECEIVER}/hooks` },
    ]);
  });

  it("signs with both secrets during a rotation's window and with the new one alone after it", async () => {
    const tenantId = await tenantWithCallbacks();
    const original = (await revealSecrets(tenantId))[0]!;
    const rotated = await call(
      `/admin/tenants/${tenantId}/callbacks/secrets/rotate`,
      jsonInit("POST", { previousSecretTtlSeconds: 3600 }, ADMIN_HEADERS),
    );
    const [current, previous] = ((await rotated.json()) as { data: { secret: string; expiresAtUtc: string | null }[] }).data;
    expect(previous!.secret).toBe(original.secret);
    expect(current!.expiresAtUtc).toBeNull();
    const receiver = mockReceiver(RECEIVER);

    await runConsumer(MAIN_QUEUE, { deliveryId: await deliveryWithoutMessage(await writeEvent(tenantId)) });
    const during = receiver.received[0]!;
    const t = Number(during.headers.get("LC-Signature")!.match(/^t=(\d+)/)![1]);
    expect(during.headers.get("LC-Signature")).toBe(
      `t=${t},v1=${await independentHmacHex(current!.secret, `${t}.${during.rawBody}`)},v1=${await independentHmacHex(original.secret, `${t}.${during.rawBody}`)}`,
    );

    // The window closes: an hour passes for the previous secret.
    await env.DB.prepare("UPDATE callback_signing_secrets SET expires_at = ? WHERE tenant_id = ? AND expires_at IS NOT NULL")
      .bind(new Date(Date.now() - 1000).toISOString(), tenantId)
      .run();
    await runConsumer(MAIN_QUEUE, { deliveryId: await deliveryWithoutMessage(await writeEvent(tenantId)) });
    const after = receiver.received[1]!;
    const t2 = Number(after.headers.get("LC-Signature")!.match(/^t=(\d+)/)![1]);
    expect(after.headers.get("LC-Signature")).toBe(`t=${t2},v1=${await independentHmacHex(current!.secret, `${t2}.${after.rawBody}`)}`);
  });

  it("is retried on the backoff schedule while the receiver fails, then delivered once it recovers, every attempt recorded", async () => {
    const tenantId = await tenantWithCallbacks();
    const eventId = await writeEvent(tenantId);
    const deliveryId = await deliveryWithoutMessage(eventId);
    const receiver = mockReceiver(RECEIVER, [500, 503, new TypeError("connection reset"), 204]);

    for (const attempt of [1, 2, 3]) {
      const started = Date.now();
      const result = await runConsumer(MAIN_QUEUE, { deliveryId }, attempt);
      expect(result.explicitAcks).toEqual([]);
      expect(result.retryMessages).toHaveLength(1);
      expect(result.retryDelays).toEqual([RETRY_DELAYS_SECONDS[attempt - 1]]);
      const row = await deliveryRow(deliveryId);
      expect(row).toMatchObject({ status: "pending", attempt_count: attempt });
      const expectedNext = started + RETRY_DELAYS_SECONDS[attempt - 1]! * 1000;
      expect(Math.abs(Date.parse(row.next_attempt_at!) - expectedNext)).toBeLessThan(5000);
    }
    const recovered = await runConsumer(MAIN_QUEUE, { deliveryId }, 4);
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
    await runConsumer(MAIN_QUEUE, { deliveryId }, 1);
    await runConsumer(MAIN_QUEUE, { deliveryId }, 2);
    expect(receiver.received).toHaveLength(2);
    const attempts = await attemptsOf(deliveryId);
    expect(attempts[0]).toMatchObject({ status_code: 307, error: "redirects are not followed" });
    expect(attempts[1]).toMatchObject({ status_code: null, error: "no response within 10 s" });
  });

  it(`is dead-lettered after attempt ${MAX_ATTEMPTS}, and the dead-letter consumer marks it failed`, async () => {
    const tenantId = await tenantWithCallbacks();
    const deliveryId = await deliveryWithoutMessage(await writeEvent(tenantId));
    mockReceiver(RECEIVER, [500]);

    const second = await runConsumer(MAIN_QUEUE, { deliveryId }, MAX_ATTEMPTS - 1);
    expect(second.retryDelays).toEqual([RETRY_DELAYS_SECONDS.at(-1)]);
    const last = await runConsumer(MAIN_QUEUE, { deliveryId }, MAX_ATTEMPTS);
    // No delay: with its retries exhausted the Queue moves the message straight to the dead-letter queue.
    expect(last.retryMessages).toHaveLength(1);
    expect(last.retryDelays).toEqual([undefined]);
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: "pending", attempt_count: 2, next_attempt_at: null });

    const deadLettered = await runConsumer(DEAD_LETTER_QUEUE, { deliveryId }, 1);
    expect(deadLettered.explicitAcks).toHaveLength(1);
    const row = await deliveryRow(deliveryId);
    expect(row).toMatchObject({ status: "failed", next_attempt_at: null });
    expect(row.failed_at).not.toBeNull();

    // A late duplicate of the message neither calls the receiver nor revives the delivery.
    const receiver = mockReceiver(RECEIVER, [200]);
    expect((await runConsumer(MAIN_QUEUE, { deliveryId }, 1)).explicitAcks).toHaveLength(1);
    expect(receiver.received).toHaveLength(0);
    expect((await deliveryRow(deliveryId)).status).toBe("failed");
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

describe("enqueueing", () => {
  it("creates one delivery per event and sends it through the real local queue to the receiver", async () => {
    const tenantId = await tenantWithCallbacks("/e2e");
    const receiver = mockReceiver(RECEIVER);
    const eventId = await writeEvent(tenantId);
    await enqueueEvents(env, [eventId]);
    await enqueueEvents(env, [eventId]);

    const [delivery] = await eventually(
      () => deliveriesOf(eventId),
      (rows) => rows[0]?.status === "delivered",
    );
    expect(await deliveriesOf(eventId)).toHaveLength(1);
    expect(delivery).toMatchObject({ origin: "event", attempt_count: 1 });
    expect(receiver.received.filter((callback) => callback.headers.get("LC-Event-Id") === eventId)).toHaveLength(1);
    const event = await env.DB.prepare("SELECT enqueued_at FROM events WHERE id = ?").bind(eventId).first<{ enqueued_at: string | null }>();
    expect(event!.enqueued_at).not.toBeNull();
  });

  it("only records an event when the tenant has no callback URL", async () => {
    const { id: tenantId } = await createTenant();
    const eventId = await writeEvent(tenantId);
    await enqueueEvents(env, [eventId]);
    expect(await deliveriesOf(eventId)).toEqual([]);
    const event = await env.DB.prepare("SELECT enqueued_at FROM events WHERE id = ?").bind(eventId).first<{ enqueued_at: string | null }>();
    expect(event!.enqueued_at).not.toBeNull();
  });

  it("acknowledges an unreadable message instead of retrying it forever", async () => {
    const result = await runConsumer(MAIN_QUEUE, { something: "else" });
    expect(result.explicitAcks).toHaveLength(1);
  });
});

describe("turning callbacks off", () => {
  it("cancels deliveries not yet made; a message still in flight for one does not call the receiver", async () => {
    const tenantId = await tenantWithCallbacks();
    const deliveryId = await deliveryWithoutMessage(await writeEvent(tenantId));
    expect((await saveCallbackUrl(tenantId, "")).status).toBe(200);
    const receiver = mockReceiver(RECEIVER);
    expect((await runConsumer(MAIN_QUEUE, { deliveryId })).explicitAcks).toHaveLength(1);
    expect(receiver.received).toHaveLength(0);
    expect((await deliveryRow(deliveryId)).status).toBe("canceled");

    const eventId = await writeEvent(tenantId);
    await enqueueEvents(env, [eventId]);
    expect(await deliveriesOf(eventId)).toEqual([]);
  });
});
