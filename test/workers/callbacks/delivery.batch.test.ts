import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";

import { handleCallbackBatch } from "../../../src/callbacks";
import { MAX_ATTEMPTS, RETRY_DELAYS_SECONDS } from "../../../src/callbacks/retry-schedule";
import { createContext } from "../../../src/context";
import {
  attemptsOf,
  deliveryMessage,
  deliveryRow,
  deliveryWithoutMessage,
  independentHmacHex,
  MAIN_QUEUE,
  mockReceiver,
  type ReceivedCallback,
  revealSecrets,
  saveCallbackUrl,
  writeEvent,
} from "../support/callbacks";
import { createTenant } from "../support/http";

const SHOP = "https://shop.example";
const BAKERY = "https://bakery.example";

async function tenantReceivingAt(origin: string) {
  const { id } = await createTenant();
  expect((await saveCallbackUrl(id, `${origin}/hooks`)).status).toBe(200);
  return id;
}

async function runBatch(bodies: unknown[]) {
  const batch = createMessageBatch(
    MAIN_QUEUE,
    bodies.map((body, index) => ({ id: `batch-${index}-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body })),
  );
  const executionCtx = createExecutionContext();
  await handleCallbackBatch({ ctx: createContext(env), input: batch });
  return getQueueResult(batch, executionCtx);
}

describe("a batch of callback messages", () => {
  afterEach(() => vi.restoreAllMocks());

  it("delivers every message of two tenants, each signed with its own tenant's secret, and settles each on its own", async () => {
    const shop = await tenantReceivingAt(SHOP);
    const bakery = await tenantReceivingAt(BAKERY);
    const deliveries: { tenantId: string; deliveryId: string }[] = [];
    for (let i = 0; i < 30; i++) {
      const tenantId = i % 3 === 0 ? bakery : shop;
      deliveries.push({
        tenantId,
        deliveryId: await deliveryWithoutMessage(await writeEvent(tenantId, { lcPaymentId: `lcpay_batch${i}` })),
      });
    }
    const received: Record<string, ReceivedCallback[]> = { [SHOP]: [], [BAKERY]: [] };
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      const origin = new URL(request.url).origin;
      received[origin]!.push({ url: request.url, method: request.method, headers: request.headers, rawBody: await request.text() });
      return new Response(null, { status: origin === SHOP ? 204 : 503 });
    });
    const shops = { received: received[SHOP]! };
    const bakeries = { received: received[BAKERY]! };

    const result = await runBatch(await Promise.all(deliveries.map(({ deliveryId }) => deliveryMessage(deliveryId))));

    expect(shops.received).toHaveLength(20);
    expect(bakeries.received).toHaveLength(10);
    expect(result.explicitAcks).toHaveLength(20);
    expect(result.retryMessages).toHaveLength(10);
    const [shopSecret] = await revealSecrets(shop);
    for (const callback of shops.received) {
      const [t, v1] = callback.headers
        .get("LC-Signature")!
        .split(",")
        .map((part) => part.split("=")[1]);
      expect(v1).toBe(await independentHmacHex(shopSecret!.secret, `${t}.${callback.rawBody}`));
    }
    for (const { tenantId, deliveryId } of deliveries) {
      const row = await deliveryRow(deliveryId);
      expect(row.status).toBe(tenantId === shop ? "delivered" : "pending");
      expect(await attemptsOf(deliveryId)).toHaveLength(1);
    }
  });

  it("retries only the failed messages of a mixed batch, each with the delay of its own attempt", async () => {
    const tenantId = await tenantReceivingAt(SHOP);
    const messages: { id: string; attempts: number; deliveryId: string; fails: boolean }[] = [];
    for (const [index, { attempts, fails }] of [
      { attempts: 1, fails: false },
      { attempts: 1, fails: true },
      { attempts: 2, fails: true },
      { attempts: 3, fails: false },
      { attempts: 3, fails: true },
      { attempts: MAX_ATTEMPTS, fails: true },
    ].entries()) {
      const deliveryId = await deliveryWithoutMessage(await writeEvent(tenantId, { lcPaymentId: `lcpay_mixed${index}`, fails }));
      messages.push({ id: `mixed-${index}`, attempts, deliveryId, fails });
    }
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const body = JSON.parse(await new Request(input, init).text()) as { fails: boolean };
      return new Response(null, { status: body.fails ? 500 : 204 });
    });
    const batch = createMessageBatch(
      MAIN_QUEUE,
      await Promise.all(
        messages.map(async ({ id, attempts, deliveryId }) => ({
          id,
          timestamp: new Date(),
          attempts,
          body: await deliveryMessage(deliveryId),
        })),
      ),
    );
    const retried: { id: string; delaySeconds: number | undefined }[] = [];
    for (const message of batch.messages) {
      const retry = message.retry.bind(message);
      vi.spyOn(message, "retry").mockImplementation((options) => {
        retried.push({ id: message.id, delaySeconds: options?.delaySeconds });
        retry(options);
      });
    }
    const executionCtx = createExecutionContext();
    await handleCallbackBatch({ ctx: createContext(env), input: batch });
    const result = await getQueueResult(batch, executionCtx);

    expect(result.explicitAcks.sort()).toEqual(["mixed-0", "mixed-3"]);
    expect(retried.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: "mixed-1", delaySeconds: RETRY_DELAYS_SECONDS[0] },
      { id: "mixed-2", delaySeconds: RETRY_DELAYS_SECONDS[1] },
      { id: "mixed-4", delaySeconds: RETRY_DELAYS_SECONDS[2] },
      // The last attempt: a plain retry hands the message to the dead-letter queue.
      { id: "mixed-5", delaySeconds: undefined },
    ]);
    for (const { deliveryId, fails } of messages) {
      expect((await deliveryRow(deliveryId)).status).toBe(fails ? "pending" : "delivered");
      expect(await attemptsOf(deliveryId)).toHaveLength(1);
    }
  });

  it("attempts a delivery named by two messages of one batch once, and acknowledges both", async () => {
    const tenantId = await tenantReceivingAt(SHOP);
    const deliveryId = await deliveryWithoutMessage(await writeEvent(tenantId));
    const receiver = mockReceiver(SHOP, [200]);
    const result = await runBatch([await deliveryMessage(deliveryId), await deliveryMessage(deliveryId)]);
    expect(receiver.received).toHaveLength(1);
    expect(result.explicitAcks).toHaveLength(2);
    expect(await attemptsOf(deliveryId)).toHaveLength(1);
  });

  it("acknowledges an unreadable message beside readable ones without holding them back", async () => {
    const tenantId = await tenantReceivingAt(SHOP);
    const deliveryId = await deliveryWithoutMessage(await writeEvent(tenantId));
    const receiver = mockReceiver(SHOP, [200]);
    const result = await runBatch([{ nonsense: true }, await deliveryMessage(deliveryId)]);
    expect(receiver.received).toHaveLength(1);
    expect(result.explicitAcks).toHaveLength(2);
    expect((await deliveryRow(deliveryId)).status).toBe("delivered");
  });
});
