import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { createApp } from "../../../src/app";
import { hmacSha256Hex } from "../../../src/lib/crypto";
import { shardD1, shardsOf } from "../../../src/placement/shards";
import { jsonInit } from "../support/http";
import { lookup, processorGet } from "../support/payments";
import { holdProcessorWebhooks, transferEvent, webhookBasicAuth } from "../support/processor-webhooks";
import { cardToken, chargeableTenant, chargeBody } from "../support/sandbox";
import { activeReader, buyer, finalPayment, type Sale, saleBody, startSale, waitingOnReader } from "../support/terminal";

/** What one request cost: D1 round trips and processor calls as they were made, idempotency object calls as they settled. */
/** `logged`: the request log's rows sent to its queue (src/requests), which the service does once the response is ready, never before it. */
type Cost = { d1: number; idempotency: string[]; processor: string[]; logged: number };

const D1_ROUND_TRIPS = new Set<PropertyKey>(["run", "all", "first", "raw"]);

/**
 * A D1 binding (the control database or a shard), or a session on one, counting each statement run alone and each
 * batch as one round trip, whichever of them it goes through.
 */
function countingD1<T extends D1Database | D1DatabaseSession>(db: T, cost: Cost): T {
  const unwrapped = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, property) {
        if (property === "bind") return (...values: unknown[]) => wrap(target.bind(...values));
        const value = Reflect.get(target, property, target) as unknown;
        if (typeof value !== "function") return value;
        if (D1_ROUND_TRIPS.has(property)) cost.d1++;
        return value.bind(target);
      },
    });
    unwrapped.set(proxy, statement);
    return proxy;
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === "prepare") return (query: string) => wrap(target.prepare(query));
      if (property === "withSession") return (from: string) => countingD1((target as D1Database).withSession(from), cost);
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) => {
          cost.d1++;
          return target.batch(statements.map((statement) => unwrapped.get(statement) ?? statement));
        };
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * The idempotency objects, recording each call; `complete` and `release` only reach the object once `held` is run, so
 * a request that awaited one of them could not answer before it.
 */
function countingIdempotency(cost: Cost, held: (() => Promise<void>)[]) {
  return {
    idFromName: (name: string) => env.IDEMPOTENCY.idFromName(name),
    get(id: DurableObjectId) {
      const stub = env.IDEMPOTENCY.get(id);
      return {
        begin: async (...args: Parameters<typeof stub.begin>) => {
          const begun = await stub.begin(...args);
          cost.idempotency.push("begin");
          return begun;
        },
        complete: (...args: Parameters<typeof stub.complete>) =>
          new Promise<void>((resolve) =>
            held.push(async () => {
              await stub.complete(...args);
              cost.idempotency.push("complete");
              resolve();
            }),
          ),
        release: (...args: Parameters<typeof stub.release>) =>
          new Promise<void>((resolve) =>
            held.push(async () => {
              await stub.release(...args);
              cost.idempotency.push("release");
              resolve();
            }),
          ),
      };
    },
  };
}

/** One request through the whole service, what it cost before its response and what ran after it. */
async function measured(
  path: string,
  init: RequestInit,
): Promise<{ status: number; headers: Headers; body: string; awaited: Cost; total: Cost }> {
  const cost: Cost = { d1: 0, idempotency: [], processor: [], logged: 0 };
  // What the request leaves to run after its response, held until the response is in.
  const held: (() => Promise<void>)[] = [];
  const databases = ["DB", ...shardsOf(env).map((shard) => shard.binding)];
  const counted = {
    ...env,
    ...Object.fromEntries(databases.map((binding) => [binding, countingD1(shardD1(env, binding), cost)])),
    IDEMPOTENCY: countingIdempotency(cost, held) as unknown as Env["IDEMPOTENCY"],
    // A row reaches the queue only once `held` is run, so a request that awaited its send could not answer before it.
    REQUEST_LOG: {
      send: (...args: Parameters<Env["REQUEST_LOG"]["send"]>) =>
        new Promise<void>((resolve, reject) =>
          held.push(async () => {
            cost.logged++;
            await env.REQUEST_LOG.send(...args).then(() => resolve(), reject);
          }),
        ),
    },
    SANDBOX_PROCESSOR: {
      fetch: (request: Request) => {
        cost.processor.push(`${request.method} ${new URL(request.url).pathname}`);
        return env.SANDBOX_PROCESSOR!.fetch(request);
      },
    },
  } as unknown as Env;
  const executionCtx = createExecutionContext();
  const response = await createApp().fetch(new Request(`https://payment-connect.test${path}`, init), counted, executionCtx);
  const body = await response.text();
  const awaited = structuredClone(cost);
  while (held.length > 0) await Promise.all(held.splice(0).map((run) => run()));
  await waitOnExecutionContext(executionCtx);
  return { status: response.status, headers: response.headers, body, awaited, total: cost };
}

const chargeWith = (auth: Record<string, string>, body: unknown) =>
  measured("/v1/payments", jsonInit("POST", body, { ...auth, "Idempotency-Key": crypto.randomUUID() }));

/** A processor webhook, signed as the processor signs it, through the whole service. */
async function deliveredWebhook(event: unknown) {
  const body = JSON.stringify(event);
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = await hmacSha256Hex(env.PROCESSOR_WEBHOOK_SIGNING_KEY, `${timestamp}:${body}`);
  return measured("/webhooks/processor", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Authorization: webhookBasicAuth,
      "Finix-Signature": `timestamp=${timestamp}, sig=${signature}`,
    },
    body,
  });
}

describe("what a charge costs", () => {
  it("a returning buyer's token: 2 D1 round trips after auth, 1 awaited idempotency call, 2 processor calls", async () => {
    const { auth } = await chargeableTenant("Counted Coffee");
    const first = await chargeWith(auth, chargeBody(await cardToken()));
    expect(first.status).toBe(201);
    // A new buyer and a key this isolate has not checked yet: the key's lookup and its "last used" (written after the
    // response), the ledger row, the identity recorded before its instrument, the outcome.
    expect(first.awaited).toEqual({
      d1: 2 + 1 + 1 + 1,
      idempotency: ["begin"],
      processor: ["POST /identities", "POST /payment_instruments", "POST /transfers"],
      logged: 0,
    });
    expect(first.total.idempotency).toEqual(["begin", "complete"]);

    const returning = await chargeWith(auth, chargeBody(await cardToken()));
    expect(returning.status).toBe(201);
    // Where its writes left the shard, read from D1's answers to them: no round trip of its own.
    expect(returning.headers.get("X-D1-Bookmark")).toMatch(/^[0-9a-f]+(-[0-9a-f]+)*~DB_SHARD_[A-Z0-9_]+$/);
    expect(returning.awaited).toEqual({
      d1: 2,
      idempotency: ["begin"],
      processor: ["POST /payment_instruments", "POST /transfers"],
      logged: 0,
    });
    // After the answer, and only then, the request log's row: one message to its queue, nothing on D1 (src/requests).
    expect(returning.total).toEqual({ d1: 2, idempotency: ["begin", "complete"], processor: returning.awaited.processor, logged: 1 });
  });

  it("a stored instrument: 2 D1 round trips, 1 awaited idempotency call, 1 processor call; its lookup: 1 D1 round trip", async () => {
    const { auth } = await chargeableTenant("Counted Again");
    const first = await chargeWith(auth, chargeBody(await cardToken()));
    const { processorInstrumentId } = await lookup(auth, (JSON.parse(first.body) as { lcPaymentId: string }).lcPaymentId);

    const stored = await chargeWith(auth, { amountCents: 1200, currency: "USD", orderRef: "counted-stored", processorInstrumentId });
    expect(stored.status).toBe(201);
    expect(stored.awaited).toEqual({ d1: 2, idempotency: ["begin"], processor: ["POST /transfers"], logged: 0 });
    expect(stored.total.idempotency).toEqual(["begin", "complete"]);

    const { lcPaymentId } = JSON.parse(stored.body) as { lcPaymentId: string };
    const found = await measured(`/v1/payments/${lcPaymentId}`, { headers: auth });
    expect(found.status).toBe(200);
    expect(found.awaited).toEqual({ d1: 1, idempotency: [], processor: [], logged: 0 });
    expect(found.total).toEqual({ d1: 1, idempotency: [], processor: [], logged: 1 });
  });

  it("a replay: 1 idempotency call and nothing else before its answer", async () => {
    const { auth } = await chargeableTenant("Counted Replay");
    const init = jsonInit("POST", chargeBody(await cardToken()), { ...auth, "Idempotency-Key": "counted-replay" });
    const first = await measured("/v1/payments", init);
    const replay = await measured(
      "/v1/payments",
      jsonInit("POST", JSON.parse(init.body as string), { ...auth, "Idempotency-Key": "counted-replay" }),
    );
    expect(replay.body).toBe(first.body);
    expect(replay.awaited).toEqual({ d1: 0, idempotency: ["begin"], processor: [], logged: 0 });
    // After it: the request log's row.
    expect(replay.total).toEqual({ d1: 0, idempotency: ["begin"], processor: [], logged: 1 });
  });

  it("the processor's transfer.created of a sale it recorded: 1 D1 round trip, its receipt kept", async () => {
    // The sandbox's own delivery goes to a bin, so the one here is the first.
    await holdProcessorWebhooks("counted-created");
    const { auth } = await chargeableTenant("Counted Created");
    const charged = await chargeWith(auth, chargeBody(await cardToken()));
    const { lcPaymentId, processorTransferId } = JSON.parse(charged.body) as { lcPaymentId: string; processorTransferId: string };
    const before = await lookup(auth, lcPaymentId);

    // The transfer exactly as the processor has it: what its transfer.created after the sale carries.
    const created = transferEvent(await processorGet(`/transfers/${processorTransferId}`), "created");
    const received = await deliveredWebhook(created);
    expect(received.status).toBe(200);
    expect(JSON.parse(received.body)).toMatchObject({ outcome: "ignored" });
    // The receipt, written with the read of the payment that makes it "ignored": nothing else before or after the answer.
    expect(received.total).toEqual({ d1: 1, idempotency: [], processor: [], logged: 0 });
    expect(await lookup(auth, lcPaymentId)).toEqual(before);

    const again = await deliveredWebhook(created);
    expect(JSON.parse(again.body)).toMatchObject({ outcome: "duplicate" });
    expect(again.total.d1).toBe(1);
  });

  it("a transfer event no newer than what the payment holds: 1 D1 round trip and the payment untouched", async () => {
    const { auth } = await chargeableTenant("Counted Webhook");
    const charged = await chargeWith(auth, chargeBody(await cardToken()));
    const { lcPaymentId, processorTransferId } = JSON.parse(charged.body) as { lcPaymentId: string; processorTransferId: string };
    const before = await lookup(auth, lcPaymentId);

    // The transfer as the processor has it, a second older: a late delivery of a state the charge's own answer recorded.
    const transfer = await processorGet<{ updated_at: string }>(`/transfers/${processorTransferId}`);
    const late = { ...transfer, updated_at: new Date(Date.parse(transfer.updated_at) - 1000).toISOString() };
    const received = await deliveredWebhook(transferEvent(late, "created"));
    expect(received.status).toBe(200);
    expect(JSON.parse(received.body)).toMatchObject({ outcome: "ignored" });
    // The delivery's receipt, with the read of the payment it is about: no write to the payment.
    expect(received.total).toEqual({ d1: 1, idempotency: [], processor: [], logged: 0 });
    expect(await lookup(auth, lcPaymentId)).toEqual(before);
  });

  it("an in-person sale's transfer.updated once the reader's answer is recorded: 1 D1 round trip", async () => {
    await holdProcessorWebhooks("counted-in-person");
    const { auth } = await chargeableTenant("Counted Counter");
    const reader = await activeReader(auth);
    const started = await (await startSale(auth, saleBody(reader.lcReaderId))).json<Sale>();
    await waitingOnReader(reader.processorDeviceId);
    await buyer(reader.processorDeviceId, "approve");
    const { processorTransferId } = await finalPayment(auth, started.lcPaymentId);

    const received = await deliveredWebhook(transferEvent(await processorGet(`/transfers/${processorTransferId!}`), "updated"));
    expect(JSON.parse(received.body)).toMatchObject({ outcome: "ignored" });
    expect(received.total).toEqual({ d1: 1, idempotency: [], processor: [], logged: 0 });
  });
});
