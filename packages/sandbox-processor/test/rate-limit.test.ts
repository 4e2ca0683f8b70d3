import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";

import { sandboxProcessorFetch } from "../src/worker/object";
import { approvedMerchant, buyerInstrument, control, processor, PROCESSOR_HEADERS, SANDBOX_ORIGIN } from "./support/sandbox-processor";

const processorFetch = sandboxProcessorFetch(env);

function rawSale(merchant: string, source: string, idempotencyId: string) {
  return processorFetch(
    new Request(`${SANDBOX_ORIGIN}/transfers`, {
      method: "POST",
      headers: { ...PROCESSOR_HEADERS, "Content-Type": "application/json" },
      body: JSON.stringify({ merchant, source, amount: 1000, currency: "USD", idempotency_id: idempotencyId }),
    }),
  );
}

async function transfersWith(idempotencyId: string): Promise<number> {
  return (await processor("GET", `/transfers?idempotency_id=${idempotencyId}`)).body._embedded.transfers.length;
}

afterEach(async () => {
  await control.configure({ rateLimit: { readsPerSecond: null, writesPerSecond: null } });
});

describe("the rate limit per credential", () => {
  it("is off by default: a burst of writes is answered in full", async () => {
    const { merchantId } = await approvedMerchant();
    const source = await buyerInstrument();
    expect((await control.configure({})).rateLimit).toEqual({ readsPerSecond: null, writesPerSecond: null });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => rawSale(merchantId, source, `unlimited-${i}`)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(201));
  });

  it("answers writes over it 429 TOO_MANY_REQUESTS in the processor's error shape, applying nothing; reads go on", async () => {
    const { merchantId } = await approvedMerchant();
    const source = await buyerInstrument();
    await control.configure({ rateLimit: { writesPerSecond: 3 } });

    const ids = Array.from({ length: 10 }, (_, i) => `limited-${i}`);
    const answers = await Promise.all(ids.map((id) => rawSale(merchantId, source, id)));
    const refused = ids.filter((_, i) => answers[i]!.status === 429);
    const created = ids.filter((_, i) => answers[i]!.status === 201);
    // Ten writes at once fit in at most two of the sandbox's one-second windows: at most six are let through.
    expect(created.length + refused.length).toBe(10);
    expect(created.length).toBeGreaterThanOrEqual(3);
    expect(created.length).toBeLessThanOrEqual(6);

    const tooMany = answers.find((answer) => answer.status === 429)!;
    expect(tooMany.headers.get("Retry-After")).toBeNull();
    expect(await tooMany.json()).toMatchObject({
      total: 1,
      _embedded: { errors: [{ code: "TOO_MANY_REQUESTS", message: expect.stringContaining("3 a second") }] },
    });
    for (const id of refused) expect(await transfersWith(id)).toBe(0);
    for (const id of created) expect(await transfersWith(id)).toBe(1);
  });

  it("limits reads apart from writes, and is lifted with null", async () => {
    await control.configure({ rateLimit: { readsPerSecond: 2 } });
    const statuses = (
      await Promise.all(Array.from({ length: 8 }, () => processor("GET", "/identities?limit=1", undefined, { validateAs: "skip" })))
    ).map((answer) => answer.status);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(4);
    expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);

    await control.configure({ rateLimit: { readsPerSecond: null } });
    const after = await Promise.all(Array.from({ length: 8 }, () => processor("GET", "/identities?limit=1")));
    expect(after.map((answer) => answer.status)).toEqual(Array(8).fill(200));
  });
});
