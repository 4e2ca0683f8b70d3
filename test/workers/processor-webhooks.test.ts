import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { hmacSha256Hex } from "../../src/lib/crypto";
import { call, expectProblem, tenantWithKey } from "./helpers";
import { paymentId, seedPayments } from "./support/ledger";

const basic = `Basic ${btoa(`${env.PROCESSOR_WEBHOOK_USERNAME}:${env.PROCESSOR_WEBHOOK_PASSWORD}`)}`;

async function signedDelivery(body: unknown, options: { timestamp?: number; key?: string; authorization?: string } = {}) {
  const rawBody = typeof body === "string" ? body : JSON.stringify(body);
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const sig = await hmacSha256Hex(options.key ?? env.PROCESSOR_WEBHOOK_SIGNING_KEY, `${timestamp}:${rawBody}`);
  return call("/webhooks/processor", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Authorization: options.authorization ?? basic,
      "Finix-Signature": `timestamp=${timestamp}, sig=${sig}`,
    },
    body: rawBody,
  });
}

function transferEvent(transfer: Record<string, unknown>, type = "updated") {
  return { type, entity: "transfer", occurred_at: new Date().toISOString(), _embedded: { transfers: [transfer] } };
}

async function achPayment(prefix: string) {
  const tenant = await tenantWithKey();
  const id = paymentId(1, prefix);
  await seedPayments(tenant.tenantId, [
    { id, status: "processing", method: "ach", amountCents: 5000, createdAt: "2026-05-01T00:00:00.000Z" },
  ]);
  await env.DB.prepare("UPDATE payments SET processor_state = 'PENDING', processor_updated_at = '2026-05-01T00:00:00.000Z' WHERE id = ?")
    .bind(id)
    .run();
  const transferId = `TR${id.replace(/[^A-Za-z0-9]/g, "")}`;
  return { tenant, id, transferId };
}

const status = async (auth: Record<string, string>, id: string) =>
  await (await call(`/v1/payments/${id}`, { headers: auth })).json<{ status: string; processorState: string }>();
const eventsFor = async (id: string) =>
  (
    await env.DB.prepare("SELECT type, payload FROM events WHERE subject_id = ? ORDER BY created_at")
      .bind(id)
      .all<{ type: string; payload: string }>()
  ).results;

describe("POST /webhooks/processor", () => {
  it("acknowledges the processor's empty test POST", async () => {
    const response = await call("/webhooks/processor", { method: "POST", headers: { Authorization: basic }, body: "" });
    expect(response.status).toBe(200);
  });

  it("refuses wrong credentials, a bad signature, a stale timestamp and a tampered body", async () => {
    const body = transferEvent({ id: "TRnothing", state: "SUCCEEDED", updated_at: new Date().toISOString() });
    await expectProblem(await signedDelivery(body, { authorization: `Basic ${btoa("processor-webhook:wrong")}` }), 401, "unauthorized");
    await expectProblem(await signedDelivery(body, { key: "b".repeat(64) }), 401, "unauthorized");
    await expectProblem(await signedDelivery(body, { timestamp: Math.floor(Date.now() / 1000) - 301 }), 401, "unauthorized");
    const timestamp = Math.floor(Date.now() / 1000);
    const sig = await hmacSha256Hex(env.PROCESSOR_WEBHOOK_SIGNING_KEY, `${timestamp}:${JSON.stringify(body)}`);
    const tampered = await call("/webhooks/processor", {
      method: "POST",
      headers: { Authorization: basic, "Finix-Signature": `timestamp=${timestamp}, sig=${sig}` },
      body: JSON.stringify({ ...body, type: "created" }),
    });
    await expectProblem(tampered, 401, "unauthorized");
  });

  it("settles an ACH payment on transfer.updated and writes one transfer.updated event", async () => {
    const { tenant, id, transferId } = await achPayment("whsettle");
    const response = await signedDelivery(
      transferEvent({
        id: transferId,
        state: "SUCCEEDED",
        type: "DEBIT",
        idempotency_id: id,
        merchant: "MUseeded",
        updated_at: "2026-05-02T00:00:00.000Z",
      }),
    );
    expect(await response.json()).toEqual({ received: true, outcome: "applied" });
    expect(await status(tenant.auth, id)).toMatchObject({ status: "succeeded", processorState: "SUCCEEDED" });
    const events = await eventsFor(id);
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.payload)).toMatchObject({
      type: "transfer.updated",
      lcPaymentId: id,
      orderRef: `order-${id}`,
      status: "succeeded",
      processorTransferId: transferId,
      processorState: "SUCCEEDED",
    });
  });

  it("ignores a duplicate delivery", async () => {
    const { id, transferId } = await achPayment("whdup");
    const event = transferEvent({ id: transferId, state: "SUCCEEDED", merchant: "MUseeded", updated_at: "2026-05-02T00:00:00.000Z" });
    expect(await (await signedDelivery(event)).json()).toMatchObject({ outcome: "applied" });
    expect(await (await signedDelivery(event)).json()).toMatchObject({ outcome: "duplicate" });
    expect(await eventsFor(id)).toHaveLength(1);
  });

  it("never moves a payment backwards on out-of-order delivery", async () => {
    const { tenant, id, transferId } = await achPayment("whorder");
    await signedDelivery(
      transferEvent({ id: transferId, state: "SUCCEEDED", merchant: "MUseeded", updated_at: "2026-05-03T00:00:00.000Z" }),
    );
    const late = await signedDelivery(
      transferEvent({ id: transferId, state: "PENDING", merchant: "MUseeded", updated_at: "2026-05-02T00:00:00.000Z" }),
    );
    expect(await late.json()).toMatchObject({ outcome: "ignored" });
    expect(await status(tenant.auth, id)).toMatchObject({ status: "succeeded", processorState: "SUCCEEDED" });
  });

  it("fails a settled ACH payment that is returned later", async () => {
    const { tenant, id, transferId } = await achPayment("whreturn");
    await signedDelivery(
      transferEvent({ id: transferId, state: "SUCCEEDED", merchant: "MUseeded", updated_at: "2026-05-02T00:00:00.000Z" }),
    );
    await signedDelivery(
      transferEvent({
        id: transferId,
        state: "FAILED",
        merchant: "MUseeded",
        failure_code: "INSUFFICIENT_FUNDS",
        failure_message: "R01",
        updated_at: "2026-05-06T00:00:00.000Z",
      }),
    );
    const payment = await (await call(`/v1/payments/${id}`, { headers: tenant.auth })).json<{ status: string; failureCode: string }>();
    expect(payment).toMatchObject({ status: "failed", failureCode: "INSUFFICIENT_FUNDS" });
    expect((await eventsFor(id)).map((e) => JSON.parse(e.payload).status)).toEqual(["succeeded", "failed"]);
  });

  it("ignores a transfer whose merchant is not the payment's", async () => {
    const { tenant, id, transferId } = await achPayment("whmerchant");
    const response = await signedDelivery(
      transferEvent({ id: transferId, state: "SUCCEEDED", merchant: "MUsomeoneelse", updated_at: "2026-05-02T00:00:00.000Z" }),
    );
    expect(await response.json()).toMatchObject({ outcome: "ignored" });
    expect(await status(tenant.auth, id)).toMatchObject({ status: "processing" });
  });

  it("marks a payment disputed on dispute.created and emits dispute.created", async () => {
    const tenant = await tenantWithKey();
    const id = paymentId(1, "whdispute");
    await seedPayments(tenant.tenantId, [{ id, status: "succeeded", amountCents: 888888, createdAt: "2026-05-01T00:00:00.000Z" }]);
    const transferId = `TR${id.replace(/[^A-Za-z0-9]/g, "")}`;
    const response = await signedDelivery({
      type: "created",
      entity: "dispute",
      _embedded: {
        disputes: [
          {
            id: "DIdispute1",
            transfer: transferId,
            state: "PENDING",
            reason: "FRAUD",
            amount: 888888,
            respond_by: "2026-05-20T00:00:00Z",
            updated_at: "2026-05-05T00:00:00Z",
          },
        ],
      },
    });
    expect(await response.json()).toMatchObject({ outcome: "applied" });
    expect(await status(tenant.auth, id)).toMatchObject({ status: "disputed" });
    const [event] = await eventsFor(id);
    expect(event?.type).toBe("dispute.created");
    expect(JSON.parse(event!.payload)).toMatchObject({
      lcPaymentId: id,
      status: "disputed",
      dispute: { processorDisputeId: "DIdispute1", respondBy: "2026-05-20T00:00:00Z" },
    });
  });

  it("acknowledges and records an unknown event", async () => {
    const response = await signedDelivery({
      type: "updated",
      entity: "fee_profile",
      _embedded: { fee_profiles: [{ id: "FP1", updated_at: "2026-05-01T00:00:00Z" }] },
    });
    expect(await response.json()).toMatchObject({ outcome: "unhandled" });
    const receipt = await env.DB.prepare("SELECT outcome FROM processor_webhook_receipts WHERE resource_id = 'FP1'").first<{
      outcome: string;
    }>();
    expect(receipt?.outcome).toBe("unhandled");
  });
});
