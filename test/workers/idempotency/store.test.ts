import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_RETENTION_MS, type IdempotencyStore } from "../../../src/idempotency/idempotency.durable-object";
import { requestFingerprint, withIdempotency } from "../../../src/idempotency/idempotency.service";

const stubNamed = (name: string) => env.IDEMPOTENCY.get(env.IDEMPOTENCY.idFromName(name));
const response = { status: 201, body: '{"ok":true}', contentType: "application/json" };

describe("IdempotencyStore", () => {
  it("marks a key in flight, then replays its stored response", async () => {
    const store = stubNamed("store-replay");
    const now = Date.now();
    expect(await store.begin("k1", "fp", now)).toEqual({ outcome: "started", attempt: 1 });
    expect(await store.begin("k1", "fp", now + 1000)).toEqual({
      outcome: "in-flight",
      startedAtMs: now,
      leaseEndsAtMs: now + IDEMPOTENCY_LEASE_MS,
    });
    await store.complete("k1", "fp", response);
    expect(await store.begin("k1", "fp")).toEqual({ outcome: "replay", response });
    expect(await store.begin("k1", "other")).toEqual({ outcome: "fingerprint-mismatch" });
  });

  it("lets a retry take over a key whose request crashed once the lease lapses", async () => {
    const store = stubNamed("store-lease");
    const now = Date.now();
    expect(await store.begin("k", "fp", now)).toMatchObject({ outcome: "started", attempt: 1 });
    expect(await store.begin("k", "fp", now + IDEMPOTENCY_LEASE_MS - 1)).toMatchObject({ outcome: "in-flight" });
    expect(await store.begin("k", "fp", now + IDEMPOTENCY_LEASE_MS + 1)).toEqual({ outcome: "started", attempt: 2 });
  });

  it("frees a released key for a retry", async () => {
    const store = stubNamed("store-release");
    await store.begin("k", "fp");
    await store.release("k", "fp");
    expect(await store.begin("k", "fp")).toMatchObject({ outcome: "started", attempt: 1 });
  });

  it("keeps keys 24 hours, then the alarm deletes them", async () => {
    const store = stubNamed("store-expiry");
    await store.begin("k", "fp");
    await store.complete("k", "fp", response);
    const count = () =>
      runInDurableObject(
        store,
        (_: IdempotencyStore, state) => state.storage.sql.exec("SELECT COUNT(*) AS n FROM idempotency_keys").one().n,
      );
    const alarm = await runInDurableObject(store, (_: IdempotencyStore, state) => state.storage.getAlarm());
    expect(alarm).toBeGreaterThanOrEqual(Date.now() + IDEMPOTENCY_RETENTION_MS - 60_000);
    expect(await runDurableObjectAlarm(store)).toBe(true);
    expect(await count()).toBe(1);
    await runInDurableObject(store, (_: IdempotencyStore, state) =>
      state.storage.sql.exec("UPDATE idempotency_keys SET expires_at = ?", Date.now() - 1),
    );
    expect(await runDurableObjectAlarm(store)).toBe(true);
    expect(await count()).toBe(0);
  });
});

describe("withIdempotency", () => {
  const run = (
    key: string,
    fingerprint: string,
    execute: () => Promise<Response>,
    afterResponse = (work: () => Promise<unknown>): unknown => work(),
  ) => withIdempotency({ env, tenantId: "ten_idem", key, fingerprint, traceId: "t", execute, afterResponse });

  it("executes once across 50 concurrent requests with one key", async () => {
    let executions = 0;
    const fingerprint = await requestFingerprint("POST", "/x", { a: 1 });
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        run("concurrent", fingerprint, async () => {
          executions++;
          await new Promise((resolve) => setTimeout(resolve, 50));
          return new Response('{"done":1}', { status: 201, headers: { "Content-Type": "application/json" } });
        }).catch((error: unknown) => (error as { slug?: string }).slug),
      ),
    );
    expect(executions).toBe(1);
    expect(results.filter((r) => r instanceof Response)).toHaveLength(1);
    expect(results.filter((r) => r === "idempotency-key-in-flight")).toHaveLength(49);
  });

  it("stores the answer after the response: a retry before it lands is in flight, never a second execution", async () => {
    let executions = 0;
    const execute = async () => new Response(`{"n":${++executions}}`, { status: 201, headers: { "Content-Type": "application/json" } });
    const deferred: (() => Promise<unknown>)[] = [];
    const first = await run("stored-after", "fp", execute, (work) => {
      deferred.push(work);
    });
    expect(first.status).toBe(201);
    expect(deferred).toHaveLength(1);
    const early = await run("stored-after", "fp", execute).catch((error: unknown) => (error as { slug?: string }).slug);
    expect(early).toBe("idempotency-key-in-flight");
    await deferred[0]!();
    const replay = await run("stored-after", "fp", execute);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await replay.text()).toBe('{"n":1}');
    expect(executions).toBe(1);
  });

  it("does not store a 5xx, so the retry executes again", async () => {
    let executions = 0;
    const execute = async () => new Response("{}", { status: ++executions === 1 ? 502 : 201 });
    expect((await run("retry-after-5xx", "fp", execute)).status).toBe(502);
    expect((await run("retry-after-5xx", "fp", execute)).status).toBe(201);
    expect((await run("retry-after-5xx", "fp", execute)).headers.get("Idempotent-Replayed")).toBe("true");
    expect(executions).toBe(2);
  });

  it("fingerprints ignore key order but not values", async () => {
    expect(await requestFingerprint("POST", "/p", { a: 1, b: { c: 2, d: 3 } })).toBe(
      await requestFingerprint("POST", "/p", { b: { d: 3, c: 2 }, a: 1 }),
    );
    expect(await requestFingerprint("POST", "/p", { a: 1 })).not.toBe(await requestFingerprint("POST", "/p", { a: 2 }));
    expect(await requestFingerprint("POST", "/p", { a: 1 })).not.toBe(await requestFingerprint("POST", "/q", { a: 1 }));
  });
});
