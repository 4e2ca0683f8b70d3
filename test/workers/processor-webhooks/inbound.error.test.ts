import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { payments } from "../../../src/payments/payments.schema";
import { processorWebhookReceipts as receipts } from "../../../src/processor-webhooks/processor-webhooks.schema";
import { controlDb, everyShard, shardOf } from "../support/db";
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
import { cardToken, charge, chargeBody } from "../support/sandbox";

const LIMIT_BYTES = 256 * 1024;
const TWO_MB = 2 * 1024 * 1024;

/** Receipts wherever they are: on a tenant's shard, or on the control database for a resource of no tenant. */
const receiptCount = async (resourceId?: string) => {
  let total = 0;
  for (const db of [controlDb(), ...everyShard()]) {
    total += await db.$count(receipts, resourceId ? eq(receipts.resourceId, resourceId) : undefined);
  }
  return total;
};

const paymentRow = async (tenantId: string, id: string) =>
  (await shardOf(tenantId)).query.payments.findFirst({
    columns: { status: true, processorState: true, processorUpdatedAt: true, failureCode: true, updatedAt: true },
    where: eq(payments.id, id),
  });

/** The control database's unprocessable receipt of a resource, as the operator's route lists it. */
const kept = async (resourceId: string) =>
  await controlDb().query.processorWebhookReceipts.findFirst({
    columns: { outcome: true, rawBody: true, reason: true },
    where: and(eq(receipts.resourceId, resourceId), eq(receipts.outcome, "unprocessable")),
  });

const acknowledgedAs = async (response: Response) => {
  expect(response.status).toBe(200);
  return (await response.json<{ outcome: string }>()).outcome;
};

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

  it("keeps a signed body at the limit that does not fit whole, in its receipt", async () => {
    const event = transferEvent({ id: "TRlargeunfit", state: "ON_HOLD", updated_at: "2026-05-02T00:00:00.000Z", padding: "" });
    event._embedded.transfers[0]!.padding = "x".repeat(LIMIT_BYTES - JSON.stringify(event).length);
    const rawBody = JSON.stringify(event);
    expect(rawBody.length).toBe(LIMIT_BYTES);
    expect(await (await signedDelivery(rawBody)).json()).toMatchObject({ outcome: "unprocessable" });
    expect((await kept("TRlargeunfit"))!.rawBody).toBe(rawBody);
  });
});

describe("POST /webhooks/processor with a signed body that does not fit the processor's schema", () => {
  it("keeps a transfer with only an id unprocessable: 200, the payment untouched, no receipt on the shard", async () => {
    const { tenant, id, transferId } = await achPayment("whonlyid");
    const before = await paymentRow(tenant.tenantId, id);
    expect(await acknowledgedAs(await signedDelivery(transferEvent({ id: transferId })))).toBe("unprocessable");
    const reason = JSON.parse((await kept(transferId))!.reason!) as { field: string }[];
    expect(reason.map((error) => error.field)).toEqual(
      expect.arrayContaining(["_embedded.transfers.0.state", "_embedded.transfers.0.updated_at"]),
    );
    expect(await receiptCount(transferId)).toBe(1);
    expect(await paymentRow(tenant.tenantId, id)).toEqual(before);
    expect(await status(tenant.auth, id)).toMatchObject({ status: "processing", processorState: "PENDING" });
  });

  it("keeps a state outside the processor's enum: the payment row is unchanged and no event is written", async () => {
    const { tenant, id, transferId, merchantId } = await achPayment("whhacked");
    const before = await paymentRow(tenant.tenantId, id);
    const hacked = transferEvent({ id: transferId, state: "HACKED", merchant: merchantId, updated_at: "2026-05-02T00:00:00.000Z" });
    expect(await acknowledgedAs(await signedDelivery(hacked))).toBe("unprocessable");
    expect(JSON.parse((await kept(transferId))!.reason!)).toEqual([
      { field: "_embedded.transfers.0.state", message: expect.stringContaining("SUCCEEDED") },
    ]);
    expect(await paymentRow(tenant.tenantId, id)).toEqual(before);
    expect(await status(tenant.auth, id)).toMatchObject({ status: "processing", processorState: "PENDING" });
    expect(await eventsFor(id)).toEqual([]);

    // The processor's next event of the transfer, once it fits, is applied: the kept one is no receipt of it.
    const fixed = transferEvent({ id: transferId, state: "SUCCEEDED", merchant: merchantId, updated_at: "2026-05-02T00:00:00.000Z" });
    expect(await (await signedDelivery(fixed)).json()).toMatchObject({ outcome: "applied" });
  });

  it("keeps a compliance form without the merchant it belongs to", async () => {
    const form = {
      id: "CFnomerchant",
      type: "PCI_SAQ_A",
      state: "COMPLETE",
      created_at: "2026-05-01T00:00:00Z",
      updated_at: "2026-05-02T00:00:00Z",
    };
    const response = await signedDelivery({ type: "updated", entity: "compliance_form", _embedded: { compliance_forms: [form] } });
    expect(await acknowledgedAs(response)).toBe("unprocessable");
    expect(JSON.parse((await kept("CFnomerchant"))!.reason!)).toEqual([
      { field: "_embedded.compliance_forms.0.linked_to", message: expect.any(String) },
    ]);
  });

  it("keeps a consumed event without its resource, a body that is not an event, and one that is not JSON, each once", async () => {
    const bodies: unknown[] = [
      { type: "updated", entity: "transfer" },
      { type: "updated", entity: "dispute", _embedded: { disputes: [] } },
      [],
      "null",
      "42",
      '"transfer"',
      { entity: "transfer", type: 7 },
      '{"type":"updated","entity":"transfer",',
    ];
    const keptCount = () => controlDb().$count(receipts, eq(receipts.outcome, "unprocessable"));
    const keptBefore = await keptCount();
    for (const body of bodies) expect(await acknowledgedAs(await signedDelivery(body))).toBe("unprocessable");
    for (const body of bodies) expect(await acknowledgedAs(await signedDelivery(body))).toBe("duplicate");
    expect((await keptCount()) - keptBefore).toBe(bodies.length);
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
  it("never answers 5xx, and keeps every body it cannot apply", async () => {
    const { auth, tenantId, merchantId, payment, processorDisputeId } = await disputedPayment({ name: "Fuzzed Webhooks Co" });
    const transfer = await processorGet(`/transfers/${payment.processorTransferId}`);
    const hold = await (await charge(auth, chargeBody(await cardToken(), { capture: false }))).json<{ processorAuthorizationId: string }>();
    const authorization = await processorGet(`/authorizations/${hold.processorAuthorizationId}`);
    const dispute = await processorGet(`/disputes/${processorDisputeId}`);
    const merchant = await processorGet(`/merchants/${merchantId}`);
    const [form] = (await processorGet(`/compliance_forms?linked_to=${merchantId}&limit=1`))._embedded.compliance_forms;
    const stamps = { created_at: "2026-05-01T00:00:00Z", updated_at: new Date().toISOString() };
    const events: { entity: string; key: string; resource: Record<string, unknown>; types: string[] }[] = [
      { entity: "transfer", key: "transfers", resource: transfer, types: ["created", "updated"] },
      { entity: "dispute", key: "disputes", resource: dispute, types: ["created", "updated"] },
      { entity: "authorization", key: "authorizations", resource: authorization, types: ["created", "updated"] },
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
    const outcomes: Record<string, number> = {};
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
      if (response.status !== 200)
        throw new Error(`round ${round}: ${response.status} ${await response.text()} for ${body.slice(0, 2000)}`);
      const { outcome } = await response.json<{ outcome: string }>();
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      if (outcome === "unprocessable") expect(await receiptCount(), `round ${round} kept nothing`).toBe(receiptsBefore + 1);
    }
    expect(outcomes.unprocessable).toBeGreaterThan(0);
    expect(Object.keys(outcomes).length).toBeGreaterThan(1);

    const consumed = await (
      await shardOf(tenantId)
    )
      .select({ resourceState: receipts.resourceState })
      .from(receipts)
      .where(and(eq(receipts.entity, "transfer"), eq(receipts.resourceId, payment.processorTransferId!)));
    for (const { resourceState } of consumed) expect(TRANSFER_STATES).toContain(resourceState);
    const { processorState } = await status(auth, payment.lcPaymentId);
    expect(TRANSFER_STATES).toContain(processorState);
  }, 60_000);
});
