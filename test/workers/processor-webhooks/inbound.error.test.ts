import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { disputedPayment } from "../support/disputes";
import { call, expectProblem } from "../support/http";
import { processorGet } from "../support/payments";
import {
  achPayment,
  chunkedBody,
  eventsFor,
  paymentStatus as status,
  signedDelivery,
  transferEvent,
  webhookBasicAuth as basic,
} from "../support/processor-webhooks";
import { allShardD1s, tenantD1 } from "../support/shards";

const LIMIT_BYTES = 256 * 1024;
const TWO_MB = 2 * 1024 * 1024;

/** Receipts wherever they are: on a tenant's shard, or on the control database for a resource of no tenant. */
const receiptCount = async (resourceId?: string) => {
  let total = 0;
  for (const db of [env.DB, ...allShardD1s()]) {
    const query = resourceId
      ? db.prepare("SELECT COUNT(*) AS n FROM processor_webhook_receipts WHERE resource_id = ?").bind(resourceId)
      : db.prepare("SELECT COUNT(*) AS n FROM processor_webhook_receipts");
    total += (await query.first<{ n: number }>())!.n;
  }
  return total;
};

const paymentRow = async (tenantId: string, id: string) =>
  (await tenantD1(tenantId))
    .prepare("SELECT status, processor_state, processor_updated_at, failure_code, updated_at FROM payments WHERE id = ?")
    .bind(id)
    .first();

describe("POST /webhooks/processor with a body too large", () => {
  it("answers 413 to a 2 MB body, with or without Content-Length, and stops reading at the limit", async () => {
    const declared = await call("/webhooks/processor", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: basic },
      body: "x".repeat(TWO_MB),
    });
    expect((await expectProblem(declared, 413, "payload-too-large")).maxBytes).toBe(LIMIT_BYTES);

    const { body, pulled } = chunkedBody(TWO_MB);
    const chunked = await call("/webhooks/processor", { method: "POST", headers: { Authorization: basic }, body });
    expect((await expectProblem(chunked, 413, "payload-too-large")).maxBytes).toBe(LIMIT_BYTES);
    expect(pulled.chunks * 16 * 1024).toBeLessThanOrEqual(LIMIT_BYTES + 2 * 16 * 1024);
  });

  it("takes a signed body just under the limit", async () => {
    const event = { type: "updated", entity: "fee_profile", _embedded: { fee_profiles: [{ id: "FPlarge", padding: "" }] } };
    event._embedded.fee_profiles[0]!.padding = "x".repeat(LIMIT_BYTES - JSON.stringify(event).length);
    expect(JSON.stringify(event).length).toBe(LIMIT_BYTES);
    expect(await (await signedDelivery(event)).json()).toMatchObject({ outcome: "unhandled" });
  });
});

describe("POST /webhooks/processor with a signed body that does not fit the processor's schema", () => {
  it("refuses a transfer with only an id: 400, nothing recorded", async () => {
    const { tenant, id, transferId } = await achPayment("whonlyid");
    const before = await paymentRow(tenant.tenantId, id);
    const problem = await expectProblem(await signedDelivery(transferEvent({ id: transferId })), 400, "validation-failed");
    expect(problem.errors?.map((error) => error.field)).toEqual(
      expect.arrayContaining(["_embedded.transfers.0.state", "_embedded.transfers.0.updated_at"]),
    );
    expect(await receiptCount(transferId)).toBe(0);
    expect(await paymentRow(tenant.tenantId, id)).toEqual(before);
    expect(await status(tenant.auth, id)).toMatchObject({ status: "processing", processorState: "PENDING" });
  });

  it("refuses a state outside the processor's enum: the payment row is unchanged and no event is written", async () => {
    const { tenant, id, transferId, merchantId } = await achPayment("whhacked");
    const before = await paymentRow(tenant.tenantId, id);
    const hacked = transferEvent({ id: transferId, state: "HACKED", merchant: merchantId, updated_at: "2026-05-02T00:00:00.000Z" });
    const problem = await expectProblem(await signedDelivery(hacked), 400, "validation-failed");
    expect(problem.errors).toEqual([{ field: "_embedded.transfers.0.state", message: expect.stringContaining("SUCCEEDED") }]);
    expect(await paymentRow(tenant.tenantId, id)).toEqual(before);
    expect(await status(tenant.auth, id)).toMatchObject({ status: "processing", processorState: "PENDING" });
    expect(await eventsFor(id)).toEqual([]);
    expect(await receiptCount(transferId)).toBe(0);

    // The processor's retry of the same event, once it fits, is applied: the refusal recorded nothing to take it for a duplicate.
    const fixed = transferEvent({ id: transferId, state: "SUCCEEDED", merchant: merchantId, updated_at: "2026-05-02T00:00:00.000Z" });
    expect(await (await signedDelivery(fixed)).json()).toMatchObject({ outcome: "applied" });
  });

  it("refuses a compliance form without the merchant it belongs to", async () => {
    const form = {
      id: "CFnomerchant",
      type: "PCI_SAQ_A",
      state: "COMPLETE",
      created_at: "2026-05-01T00:00:00Z",
      updated_at: "2026-05-02T00:00:00Z",
    };
    const response = await signedDelivery({ type: "updated", entity: "compliance_form", _embedded: { compliance_forms: [form] } });
    const problem = await expectProblem(response, 400, "validation-failed");
    expect(problem.errors?.map((error) => error.field)).toEqual(["_embedded.compliance_forms.0.linked_to"]);
    expect(await receiptCount("CFnomerchant")).toBe(0);
  });

  it("refuses a consumed event without its resource, a body that is not an event, and one that is not JSON", async () => {
    const before = await receiptCount();
    const bare = await expectProblem(await signedDelivery({ type: "updated", entity: "transfer" }), 400, "validation-failed");
    expect(bare.errors?.map((error) => error.field)).toEqual(["_embedded"]);
    const empty = await signedDelivery({ type: "updated", entity: "dispute", _embedded: { disputes: [] } });
    await expectProblem(empty, 400, "validation-failed");
    for (const body of [[], "null", "42", '"transfer"', { entity: "transfer", type: 7 }]) {
      await expectProblem(await signedDelivery(body), 400, "validation-failed");
    }
    await expectProblem(await signedDelivery('{"type":"updated","entity":"transfer",'), 400, "malformed-json");
    expect(await receiptCount()).toBe(before);
  });
});

/** A small deterministic generator, so a failing mutation can be replayed from its seed. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { below: (n: number) => Math.floor(next() * n), pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]! };
}

const HOSTILE_VALUES: unknown[] = [
  null,
  "",
  "HACKED",
  "x".repeat(300),
  0,
  -1,
  1.5,
  2 ** 53,
  1e308,
  true,
  {},
  [],
  [{}],
  { id: 1 },
  "2026-13-45T99:00:00Z",
  "2026-05-02T00:00:00",
  "2099-01-01T00:00:00Z",
  "'; DROP TABLE payments; --",
  "\u0000",
  "SUCCEEDED",
  "FAILED",
  "REVERSAL",
  "SETTLEMENT_MERCHANT",
];

const TRANSFER_STATES = ["PENDING", "SUCCEEDED", "FAILED", "CANCELED", "UNKNOWN"];

describe("POST /webhooks/processor with mutations of the processor's own events", () => {
  it("never answers 5xx, and records nothing of what it refuses", async () => {
    const { auth, tenantId, merchantId, payment, processorDisputeId } = await disputedPayment({ name: "Fuzzed Webhooks Co" });
    const transfer = await processorGet(`/transfers/${payment.processorTransferId}`);
    const dispute = await processorGet(`/disputes/${processorDisputeId}`);
    const merchant = await processorGet(`/merchants/${merchantId}`);
    const [form] = (await processorGet(`/compliance_forms?linked_to=${merchantId}&limit=1`))._embedded.compliance_forms;
    const stamps = { created_at: "2026-05-01T00:00:00Z", updated_at: new Date().toISOString() };
    const events: { entity: string; key: string; resource: Record<string, unknown>; types: string[] }[] = [
      { entity: "transfer", key: "transfers", resource: transfer, types: ["created", "updated"] },
      { entity: "dispute", key: "disputes", resource: dispute, types: ["created", "updated"] },
      { entity: "merchant", key: "merchants", resource: merchant, types: ["created", "updated", "underwritten"] },
      { entity: "compliance_form", key: "compliance_forms", resource: form, types: ["created", "updated"] },
      {
        entity: "evidence",
        key: "evidences",
        resource: { id: "DFfuzzed", dispute: processorDisputeId, merchant: merchantId, state: "PENDING", ...stamps },
        types: ["created", "updated"],
      },
      {
        entity: "settlement",
        key: "settlements",
        resource: {
          id: "STfuzzed",
          merchant_id: merchantId,
          currency: "USD",
          status: "PENDING",
          total_amount: 1,
          net_amount: 1,
          ...stamps,
        },
        types: ["created", "updated", "accruing_started"],
      },
      {
        entity: "onboarding_form",
        key: "onboarding_forms",
        resource: { id: "obf_fuzzed", status: "COMPLETED", identity_id: "IDfuzzed", ...stamps },
        types: ["updated"],
      },
    ];

    const rng = random(20260521);
    const answers: Record<number, number> = {};
    for (let round = 0; round < 210; round++) {
      const base = events[round % events.length]!;
      const resource: Record<string, unknown> = structuredClone(base.resource);
      const event: Record<string, unknown> = { type: rng.pick(base.types), entity: base.entity, _embedded: { [base.key]: [resource] } };
      for (let mutation = 1 + rng.below(3); mutation > 0; mutation--) {
        const keys = Object.keys(resource);
        const choice = rng.below(10);
        // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- the fuzzer drops a random field
        if (choice < 3) delete resource[rng.pick(keys)];
        else if (choice < 8)
          resource[rng.pick([...keys, "state", "type", "subtype", "merchant", "tags", "amount"])] = rng.pick(HOSTILE_VALUES);
        else
          event[rng.pick(["type", "entity", "_embedded", "occurred_at"])] = rng.pick([
            ...HOSTILE_VALUES,
            "transfer",
            "dispute",
            "merchant",
          ]);
      }
      const text = JSON.stringify(event);
      const body = rng.below(12) === 0 ? text.slice(0, rng.below(text.length)) : text;
      const receiptsBefore = await receiptCount();
      const response = await signedDelivery(body);
      answers[response.status] = (answers[response.status] ?? 0) + 1;
      if (response.status >= 500) throw new Error(`round ${round}: ${response.status} ${await response.text()} for ${body.slice(0, 2000)}`);
      if (response.status === 400) expect(await receiptCount(), `round ${round} recorded a refused body`).toBe(receiptsBefore);
      await response.body?.cancel();
    }
    expect(answers[200]).toBeGreaterThan(0);
    expect(answers[400]).toBeGreaterThan(0);

    const consumed = await (
      await tenantD1(tenantId)
    )
      .prepare("SELECT resource_state FROM processor_webhook_receipts WHERE entity = 'transfer' AND resource_id = ?")
      .bind(payment.processorTransferId)
      .all<{ resource_state: string }>();
    for (const { resource_state } of consumed.results) expect(TRANSFER_STATES).toContain(resource_state);
    const { processorState } = await status(auth, payment.lcPaymentId);
    expect(TRANSFER_STATES).toContain(processorState);
  }, 60_000);
});
