import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call } from "../support/http";
import {
  achPayment,
  eventsFor,
  paymentStatus as status,
  signedDelivery,
  transferEvent,
  webhookBasicAuth as basic,
} from "../support/processor-webhooks";

describe("POST /webhooks/processor", () => {
  it("acknowledges the processor's empty test POST", async () => {
    const response = await call("/webhooks/processor", { method: "POST", headers: { Authorization: basic }, body: "" });
    expect(response.status).toBe(200);
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
