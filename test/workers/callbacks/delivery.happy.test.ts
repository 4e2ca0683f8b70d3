import { and, eq, isNotNull } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";

import { enqueueEvents } from "../../../src/callbacks";
import { callbackSigningSecrets } from "../../../src/callbacks/callback-endpoints.schema";
import { events } from "../../../src/outbox/events.schema";
import {
  attemptsOf,
  deliveriesOf,
  deliveryMessage,
  deliveryRow,
  deliveryWithoutMessage,
  eventually,
  independentHmacHex,
  MAIN_QUEUE,
  mockReceiver,
  RECEIVER,
  revealSecrets,
  runConsumer,
  saveCallbackUrl,
  tenantWithCallbacks,
  writeEvent,
} from "../support/callbacks";
import { shardOf } from "../support/db";
import { ADMIN_HEADERS, call, createTenant, jsonInit } from "../support/http";
import { tenantContext } from "../support/shards";

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
    const result = await runConsumer(MAIN_QUEUE, await deliveryMessage(deliveryId));
    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toEqual([]);

    const stored = await (await shardOf(tenantId)).query.events.findFirst({ columns: { payload: true }, where: eq(events.id, eventId) });
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

    await runConsumer(MAIN_QUEUE, await deliveryMessage(await deliveryWithoutMessage(await writeEvent(tenantId))));
    const during = receiver.received[0]!;
    const t = Number(during.headers.get("LC-Signature")!.match(/^t=(\d+)/)![1]);
    expect(during.headers.get("LC-Signature")).toBe(
      `t=${t},v1=${await independentHmacHex(current!.secret, `${t}.${during.rawBody}`)},v1=${await independentHmacHex(original.secret, `${t}.${during.rawBody}`)}`,
    );

    // The window closes: an hour passes for the previous secret.
    await (
      await shardOf(tenantId)
    )
      .update(callbackSigningSecrets)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(and(eq(callbackSigningSecrets.tenantId, tenantId), isNotNull(callbackSigningSecrets.expiresAt)));
    await runConsumer(MAIN_QUEUE, await deliveryMessage(await deliveryWithoutMessage(await writeEvent(tenantId))));
    const after = receiver.received[1]!;
    const t2 = Number(after.headers.get("LC-Signature")!.match(/^t=(\d+)/)![1]);
    expect(after.headers.get("LC-Signature")).toBe(`t=${t2},v1=${await independentHmacHex(current!.secret, `${t2}.${after.rawBody}`)}`);
  });
});

describe("enqueueing", () => {
  it("creates one delivery per event and sends it through the real local queue to the receiver", async () => {
    const tenantId = await tenantWithCallbacks("/e2e");
    const receiver = mockReceiver(RECEIVER);
    const eventId = await writeEvent(tenantId);
    await enqueueEvents({ ctx: await tenantContext(tenantId), input: [eventId] });
    await enqueueEvents({ ctx: await tenantContext(tenantId), input: [eventId] });

    const [delivery] = await eventually(
      () => deliveriesOf(eventId),
      (rows) => rows[0]?.status === "delivered",
    );
    expect(await deliveriesOf(eventId)).toHaveLength(1);
    expect(delivery).toMatchObject({ origin: "event", attempt_count: 1 });
    expect(receiver.received.filter((callback) => callback.headers.get("LC-Event-Id") === eventId)).toHaveLength(1);
    const event = await (await shardOf(tenantId)).query.events.findFirst({ columns: { enqueuedAt: true }, where: eq(events.id, eventId) });
    expect(event!.enqueuedAt).not.toBeNull();
  });

  it("only records an event when the tenant has no callback URL", async () => {
    const { id: tenantId } = await createTenant();
    const eventId = await writeEvent(tenantId);
    await enqueueEvents({ ctx: await tenantContext(tenantId), input: [eventId] });
    expect(await deliveriesOf(eventId)).toEqual([]);
    const event = await (await shardOf(tenantId)).query.events.findFirst({ columns: { enqueuedAt: true }, where: eq(events.id, eventId) });
    expect(event!.enqueuedAt).not.toBeNull();
  });
});

describe("turning callbacks off", () => {
  it("cancels deliveries not yet made; a message still in flight for one does not call the receiver", async () => {
    const tenantId = await tenantWithCallbacks();
    const deliveryId = await deliveryWithoutMessage(await writeEvent(tenantId));
    expect((await saveCallbackUrl(tenantId, "")).status).toBe(200);
    const receiver = mockReceiver(RECEIVER);
    expect((await runConsumer(MAIN_QUEUE, await deliveryMessage(deliveryId))).explicitAcks).toHaveLength(1);
    expect(receiver.received).toHaveLength(0);
    expect((await deliveryRow(deliveryId)).status).toBe("canceled");

    const eventId = await writeEvent(tenantId);
    await enqueueEvents({ ctx: await tenantContext(tenantId), input: [eventId] });
    expect(await deliveriesOf(eventId)).toEqual([]);
  });
});
