import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { payments } from "../../../src/payments/payments.schema";
import { processorWebhookReceipts as receipts } from "../../../src/processor-webhooks/processor-webhooks.schema";
import { controlDb, shardOf } from "../support/db";
import { call } from "../support/http";
import { lookup, type Payment, processorGet } from "../support/payments";
import {
  achPayment,
  eventsFor,
  holdProcessorWebhooks,
  paymentStatus as status,
  signedDelivery,
  transferEvent,
  webhookBasicAuth as basic,
} from "../support/processor-webhooks";
import { cardToken, charge, chargeableTenant, chargeBody } from "../support/sandbox";

const receiptOutcomes = async (tenantId: string, resourceId: string) =>
  (await shardOf(tenantId))
    .select({ type: receipts.type, outcome: receipts.outcome })
    .from(receipts)
    .where(eq(receipts.resourceId, resourceId))
    .orderBy(asc(receipts.receivedAt), asc(receipts.type));

describe("POST /webhooks/processor", () => {
  it("acknowledges the processor's empty test POST", async () => {
    const response = await call("/webhooks/processor", { method: "POST", headers: { Authorization: basic }, body: "" });
    expect(response.status).toBe(200);
  });

  it("settles an ACH payment on transfer.updated and writes one transfer.updated event", async () => {
    const { tenant, id, transferId, merchantId } = await achPayment("whsettle");
    const response = await signedDelivery(
      transferEvent({
        id: transferId,
        state: "SUCCEEDED",
        type: "DEBIT",
        idempotency_id: id,
        merchant: merchantId,
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
    const { id, transferId, merchantId } = await achPayment("whdup");
    const event = transferEvent({ id: transferId, state: "SUCCEEDED", merchant: merchantId, updated_at: "2026-05-02T00:00:00.000Z" });
    expect(await (await signedDelivery(event)).json()).toMatchObject({ outcome: "applied" });
    expect(await (await signedDelivery(event)).json()).toMatchObject({ outcome: "duplicate" });
    expect(await eventsFor(id)).toHaveLength(1);
  });

  it("never moves a payment backwards on out-of-order delivery", async () => {
    const { tenant, id, transferId, merchantId } = await achPayment("whorder");
    await signedDelivery(
      transferEvent({ id: transferId, state: "SUCCEEDED", merchant: merchantId, updated_at: "2026-05-03T00:00:00.000Z" }),
    );
    const late = await signedDelivery(
      transferEvent({ id: transferId, state: "PENDING", merchant: merchantId, updated_at: "2026-05-02T00:00:00.000Z" }),
    );
    expect(await late.json()).toMatchObject({ outcome: "ignored" });
    expect(await status(tenant.auth, id)).toMatchObject({ status: "succeeded", processorState: "SUCCEEDED" });
  });

  it("fails a settled ACH payment that is returned later", async () => {
    const { tenant, id, transferId, merchantId } = await achPayment("whreturn");
    await signedDelivery(
      transferEvent({ id: transferId, state: "SUCCEEDED", merchant: merchantId, updated_at: "2026-05-02T00:00:00.000Z" }),
    );
    await signedDelivery(
      transferEvent({
        id: transferId,
        state: "FAILED",
        merchant: merchantId,
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
    const receipt = await controlDb().query.processorWebhookReceipts.findFirst({ where: eq(receipts.resourceId, "FP1") });
    expect(receipt?.outcome).toBe("unhandled");
  });
});

// Once a sale's answer is recorded, its transfer.created is answered from the receipt's one statement: anything newer
// than what the ledger holds still takes the whole path.
describe("POST /webhooks/processor after a sale the service recorded", () => {
  it("records the sale's transfer.created as ignored, then applies the processor's later FAILED", async () => {
    // The sandbox's own deliveries go to a bin, so each delivery here is the first of its kind.
    await holdProcessorWebhooks("recorded-sale");
    const { auth, tenantId } = await chargeableTenant("Recorded Sale");
    const charged = await charge(auth, chargeBody(await cardToken()));
    const { lcPaymentId, processorTransferId } = await charged.json<Payment>();
    const transfer = await processorGet<{ updated_at: string }>(`/transfers/${processorTransferId}`);

    const created = await signedDelivery(transferEvent(transfer, "created"));
    expect(await created.json()).toMatchObject({ outcome: "ignored" });
    expect(await lookup(auth, lcPaymentId)).toMatchObject({ status: "succeeded", processorState: "SUCCEEDED" });

    const failed = await signedDelivery(
      transferEvent({
        ...transfer,
        state: "FAILED",
        failure_code: "INSUFFICIENT_FUNDS",
        failure_message: "R01",
        updated_at: new Date(Date.parse(transfer.updated_at) + 1000).toISOString(),
      }),
    );
    expect(await failed.json()).toMatchObject({ outcome: "applied" });
    expect(await lookup(auth, lcPaymentId)).toMatchObject({
      status: "failed",
      processorState: "FAILED",
      failureCode: "INSUFFICIENT_FUNDS",
    });
    expect(JSON.parse((await eventsFor(lcPaymentId)).at(-1)!.payload)).toMatchObject({ type: "transfer.updated", status: "failed" });
    expect(await receiptOutcomes(tenantId, processorTransferId)).toEqual([
      { type: "created", outcome: "ignored" },
      { type: "updated", outcome: "applied" },
    ]);
  });

  it("applies the transfer.created of a transfer the ledger has not recorded yet, found by its idempotency_id", async () => {
    const { tenant, id, transferId, merchantId } = await achPayment("whunrecorded");
    // As when the webhook beats the charge's answer: the ledger row exists, the processor's transfer id not yet.
    await (await shardOf(tenant.tenantId)).update(payments).set({ processorTransferId: null }).where(eq(payments.id, id));
    const created = await signedDelivery(
      transferEvent(
        {
          id: transferId,
          state: "SUCCEEDED",
          type: "DEBIT",
          idempotency_id: id,
          merchant: merchantId,
          updated_at: "2026-05-02T00:00:00.000Z",
        },
        "created",
      ),
    );
    expect(await created.json()).toMatchObject({ outcome: "applied" });
    expect(await status(tenant.auth, id)).toMatchObject({ status: "succeeded", processorState: "SUCCEEDED" });
    expect(await receiptOutcomes(tenant.tenantId, transferId)).toEqual([{ type: "created", outcome: "applied" }]);
  });

  it("applies a newer transfer.created of a recorded transfer: its instant, not its type, decides", async () => {
    const { tenant, id, transferId, merchantId } = await achPayment("whnewercreated");
    await (
      await shardOf(tenant.tenantId)
    )
      .update(payments)
      .set({ processorUpdatedAtUs: Date.parse("2026-05-01T00:00:00.000Z") * 1000 })
      .where(eq(payments.id, id));
    const event = (state: string, updatedAt: string) =>
      transferEvent({ id: transferId, state, type: "DEBIT", merchant: merchantId, updated_at: updatedAt }, "created");

    expect(await (await signedDelivery(event("SUCCEEDED", "2026-05-01T00:00:00.000Z"))).json()).toMatchObject({ outcome: "ignored" });
    expect(await status(tenant.auth, id)).toMatchObject({ status: "processing", processorState: "PENDING" });
    expect(await (await signedDelivery(event("SUCCEEDED", "2026-05-01T00:00:00.001Z"))).json()).toMatchObject({ outcome: "applied" });
    expect(await status(tenant.auth, id)).toMatchObject({ status: "succeeded", processorState: "SUCCEEDED" });
  });
});
