import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import type { IdempotencyStore } from "../../../src/idempotency/idempotency.durable-object";
import { IDEMPOTENCY_SHARDS } from "../../../src/idempotency/idempotency.service";
import { payments } from "../../../src/payments/payments.schema";
import { shardOf } from "../support/db";
import { call, expectProblem, jsonInit } from "../support/http";
import { crashedRequestLease, paymentCount, processorTransfersFor } from "../support/payments";
import { buyer, cardToken, charge, chargeableTenant, chargeBody, control } from "../support/sandbox";

describe("Idempotency-Key on POST /v1/payments", () => {
  it("replays the original status and body byte for byte", async () => {
    const { auth } = await chargeableTenant();
    const body = chargeBody(await cardToken());
    const first = await charge(auth, body, "order-77");
    const firstText = await first.text();
    const replay = await charge(auth, body, "order-77");
    expect(replay.status).toBe(first.status);
    expect(await replay.text()).toBe(firstText);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
  });

  it("replays a decline too", async () => {
    const { auth } = await chargeableTenant();
    const body = chargeBody(await cardToken("4000000000000002"));
    const first = await charge(auth, body, "declined-1");
    const replay = await charge(auth, body, "declined-1");
    expect(first.status).toBe(402);
    expect(replay.status).toBe(402);
    expect(await replay.text()).toBe(await first.text());
  });

  it("answers 409 for the same key with a different body", async () => {
    const { auth } = await chargeableTenant();
    const body = chargeBody(await cardToken());
    await charge(auth, body, "order-78");
    await expectProblem(await charge(auth, { ...body, amountCents: 2501 }, "order-78"), 409, "idempotency-key-reused");
  });

  it("50 parallel requests with one key make exactly one processor transfer", async () => {
    const { auth, tenantId } = await chargeableTenant();
    const body = chargeBody(await cardToken());
    await control("fault", { operation: "POST /transfers", kind: "latency", latencyMs: 200, times: 1 });
    const responses = await Promise.all(Array.from({ length: 50 }, () => charge(auth, body, "burst-key")));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const created = await Promise.all(responses.filter((r) => r.status === 201).map((r) => r.json<{ lcPaymentId: string }>()));
    expect(new Set(created.map((c) => c.lcPaymentId)).size).toBe(1);
    expect(await paymentCount(tenantId)).toBe(1);
    expect(await processorTransfersFor(created[0]!.lcPaymentId)).toBe(1);
  });

  it("tells a retry during the first request to come back within one processor call's bound, not the crash lease", async () => {
    const { auth, tenantId } = await chargeableTenant();
    const callBoundSeconds = Math.ceil(Number(env.PROCESSOR_TIMEOUT_MS) / 1000);
    const body = chargeBody(await cardToken());
    // The first request waits on the processor for as long as it may; the retries arrive meanwhile.
    await control("fault", { operation: "POST /transfers", kind: "latency", latencyMs: Number(env.PROCESSOR_TIMEOUT_MS) - 300, times: 1 });
    const responses = await Promise.all(Array.from({ length: 5 }, () => charge(auth, body, "retry-after-live")));
    const refused = responses.filter((response) => response.status === 409);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const response of refused) {
      const problem = await expectProblem(response, 409, "idempotency-key-in-flight");
      const retryAfter = Number(response.headers.get("Retry-After"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(callBoundSeconds);
      expect(problem.retryAfterSeconds).toBe(retryAfter);
    }

    // A request that began 100 s ago and never finished (20 s left on its lease): still one bound, not the 20 s.
    const crashedBody = chargeBody(await cardToken());
    await crashedRequestLease(tenantId, "/v1/payments", "retry-after-crashed", crashedBody, 20_000);
    const crashed = await charge(auth, crashedBody, "retry-after-crashed");
    await expectProblem(crashed, 409, "idempotency-key-in-flight");
    expect(Number(crashed.headers.get("Retry-After"))).toBeLessThanOrEqual(callBoundSeconds);
  });
});

describe("the idempotency rule past the key's retention", () => {
  /** Forgets every key the tenant's idempotency objects hold, as 24 hours would. */
  async function expireIdempotencyKeys(tenantId: string) {
    for (let shard = 0; shard < IDEMPOTENCY_SHARDS; shard++) {
      const store = env.IDEMPOTENCY.get(env.IDEMPOTENCY.idFromName(`${tenantId}:${shard}`));
      await runInDurableObject(store, (_: IdempotencyStore, state) => state.storage.sql.exec("DELETE FROM idempotency_keys"));
    }
  }

  it("still refuses another request under a charge's key, and resumes the same one without a second transfer", async () => {
    const { auth, tenantId } = await chargeableTenant("Retention Roasters");
    const body = chargeBody(await cardToken());
    const first = await charge(auth, body, "retention-key");
    expect(first.status).toBe(201);
    const { lcPaymentId } = await first.json<{ lcPaymentId: string }>();
    await expireIdempotencyKeys(tenantId);

    await expectProblem(await charge(auth, { ...body, orderRef: "another-order" }, "retention-key"), 409, "idempotency-key-reused");
    await expectProblem(
      await charge(auth, { ...body, buyer: { ...buyer, email: "other@example.com" } }, "retention-key"),
      409,
      "idempotency-key-reused",
    );
    const again = await charge(auth, body, "retention-key");
    expect(again.status).toBe(201);
    expect((await again.json<{ lcPaymentId: string }>()).lcPaymentId).toBe(lcPaymentId);
    expect(await (await shardOf(tenantId)).$count(payments, eq(payments.tenantId, tenantId))).toBe(1);
  });

  it("does not keep a validation failure under the key, so the corrected request runs", async () => {
    const { auth } = await chargeableTenant("Corrected Coffee");
    const body = chargeBody(await cardToken());
    await expectProblem(await charge(auth, { ...body, currency: "EUR" }, "corrected-key"), 400, "validation-failed");
    const corrected = await charge(auth, body, "corrected-key");
    expect(corrected.status).toBe(201);
    expect(corrected.headers.get("Idempotent-Replayed")).toBeNull();
  });

  it("refuses a refund key reused for a different refund of the same payment", async () => {
    const { auth, tenantId } = await chargeableTenant("Refund Retention");
    const { lcPaymentId } = await (await charge(auth, chargeBody(await cardToken()))).json<{ lcPaymentId: string }>();
    const refund = (amountCents: number) =>
      call(`/v1/payments/${lcPaymentId}/refund`, jsonInit("POST", { amountCents }, { ...auth, "Idempotency-Key": "refund-retention" }));
    expect((await refund(500)).status).toBe(200);
    await expireIdempotencyKeys(tenantId);
    await expectProblem(await refund(700), 409, "idempotency-key-reused");
    expect((await (await refund(500)).json<{ amountRefundedCents: number }>()).amountRefundedCents).toBe(500);
  });
});
