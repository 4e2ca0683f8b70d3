import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";

import { sandboxProcessorFetch } from "../src/worker/object";
import { call, jsonInit } from "./support/http";
import { approvedMerchant, buyerInstrument, control, processor, PROCESSOR_HEADERS, SANDBOX_ORIGIN } from "./support/sandbox-processor";

const processorFetch = sandboxProcessorFetch(env);

function rawSale(merchant: string, source: string, idempotencyId: string, timeoutMs = 2000) {
  return processorFetch(
    new Request(`${SANDBOX_ORIGIN}/transfers`, {
      method: "POST",
      headers: { ...PROCESSOR_HEADERS, "Content-Type": "application/json" },
      body: JSON.stringify({ merchant, source, amount: 1000, currency: "USD", idempotency_id: idempotencyId }),
      signal: AbortSignal.timeout(timeoutMs),
    }),
  );
}

async function transfersWith(idempotencyId: string): Promise<number> {
  return (await processor("GET", `/transfers?idempotency_id=${idempotencyId}`)).body._embedded.transfers.length;
}

async function world() {
  const { merchantId } = await approvedMerchant();
  return { merchantId, source: await buyerInstrument() };
}

afterEach(async () => {
  await control.clearFaults();
});

describe("fault knobs", () => {
  it("add latency to the chosen operation only, for the given number of calls", async () => {
    const identity = await processor("POST", "/identities", { entity: { first_name: "Slow" } }, { requestOutsideSpec: "buyer identity" });
    await control.addFault({ operation: "GET /identities/{identity_id}", kind: "latency", latencyMs: 300, times: 1 });
    let started = Date.now();
    await processor("GET", "/identities?limit=1");
    expect(Date.now() - started).toBeLessThan(300);
    started = Date.now();
    expect((await processor("GET", `/identities/${identity.body.id}`)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    started = Date.now();
    await processor("GET", `/identities/${identity.body.id}`);
    expect(Date.now() - started).toBeLessThan(300);
  });

  it("answer 5xx before applying (error) or after applying (error-after)", async () => {
    const { merchantId, source } = await world();
    await control.addFault({ operation: "POST /transfers", kind: "error", status: 503, times: 1 });
    const before = await rawSale(merchantId, source, "fault-error");
    expect(before.status).toBe(503);
    expect(await before.json()).toMatchObject({ total: 1, _embedded: { errors: [{ code: "SERVER_ERROR" }] } });
    expect(await transfersWith("fault-error")).toBe(0);

    await control.addFault({ operation: "POST /transfers", kind: "error-after", times: 1 });
    expect((await rawSale(merchantId, source, "fault-error-after")).status).toBe(500);
    expect(await transfersWith("fault-error-after")).toBe(1);
  });

  it("hang until the caller gives up (timeout, timeout-after)", async () => {
    const { merchantId, source } = await world();
    await control.addFault({ operation: "POST /transfers", kind: "timeout", times: 1 });
    const started = Date.now();
    const hung = await rawSale(merchantId, source, "fault-timeout", 250).catch((error: unknown) => error);
    expect(hung).toBeInstanceOf(DOMException);
    expect((hung as DOMException).name).toBe("TimeoutError");
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(await transfersWith("fault-timeout")).toBe(0);

    await control.addFault({ operation: "POST /transfers", kind: "timeout-after", times: 1 });
    await expect(rawSale(merchantId, source, "fault-timeout-after", 250)).rejects.toMatchObject({ name: "TimeoutError" });
    expect(await transfersWith("fault-timeout-after")).toBe(1);
  });

  it("drop the connection like a reset socket (drop, drop-after)", async () => {
    const { merchantId, source } = await world();
    await control.addFault({ operation: "POST /transfers", kind: "drop", times: 1 });
    await expect(rawSale(merchantId, source, "fault-drop")).rejects.toBeInstanceOf(TypeError);
    expect(await transfersWith("fault-drop")).toBe(0);
    await control.addFault({ operation: "POST /transfers", kind: "drop-after", times: 1 });
    await expect(rawSale(merchantId, source, "fault-drop-after")).rejects.toBeInstanceOf(TypeError);
    expect(await transfersWith("fault-drop-after")).toBe(1);
    expect((await rawSale(merchantId, source, "fault-drop-after")).status).toBe(201);
  });

  it("last until cleared without a count, match any placeholder name or every operation, and can be removed one by one", async () => {
    const { merchantId, source } = await world();
    const parent = (await rawSale(merchantId, source, "parent").then((r) => r.json())) as { id: string };
    const fault = await control.addFault({ operation: "POST /transfers/{id}/reversals", kind: "error" });
    for (let i = 0; i < 3; i++)
      expect((await processor("POST", `/transfers/${parent.id}/reversals`, { refund_amount: 1 }, { validateAs: "skip" })).status).toBe(500);
    expect(await control.listFaults()).toMatchObject([
      { id: fault.id, operation: "POST /transfers/{id}/reversals", kind: "error", phase: "before", remaining: null },
    ]);
    expect(await control.removeFault(fault.id)).toEqual({ removed: true });
    expect((await processor("POST", `/transfers/${parent.id}/reversals`, { refund_amount: 1 })).status).toBe(201);

    await control.addFault({ operation: "*", kind: "error", status: 502 });
    expect((await processor("GET", "/webhooks", undefined, { validateAs: "skip" })).status).toBe(502);
    expect(await control.clearFaults()).toEqual({ removed: 1 });
    expect((await processor("GET", "/webhooks")).status).toBe(200);
  });

  it("are set and listed over HTTP with the control vocabulary", async () => {
    const set = await call("/sandbox/control/fault", jsonInit("POST", { operation: "GET /transfers", kind: "drop-after", times: 2 }));
    expect(set.status).toBe(200);
    expect(((await set.json()) as { result: { kind: string; phase: string; remaining: number } }).result).toMatchObject({
      kind: "drop",
      phase: "after",
      remaining: 2,
    });
    const listed = (await (await call("/sandbox/control/faults")).json()) as { result: unknown[] };
    expect(listed.result).toHaveLength(1);
    const refused = await call("/sandbox/control/fault", jsonInit("POST", { operation: "GET /transfers", kind: "explode" }));
    expect(refused.status).toBe(400);
    expect((await call("/sandbox/control/no-such-action", jsonInit("POST", {}))).status).toBe(404);
  });
});
