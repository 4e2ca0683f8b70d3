import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { processorWebhookReceipts as receipts } from "../../../src/processor-webhooks/processor-webhooks.schema";
import { shardOf } from "../support/db";
import { ADMIN_HEADERS, call } from "../support/http";
import { lookup, type Payment } from "../support/payments";
import { eventsFor } from "../support/processor-webhooks";
import { bankToken, charge, chargeableTenant, chargeBody, control } from "../support/sandbox";

// The sandbox's own webhooks, faulted on their way to the service by its delivery fault knobs: what the service makes
// of the processor sending a webhook twice, or late, end to end (real bodies, signatures and the binding). The same
// cases as hand-made deliveries are in inbound.happy.test.ts.

type Delivery = { type: string; resourceId: string; status: string; lastResponseStatus: number | null; body: string };

async function achPayment(name: string) {
  const tenant = await chargeableTenant(name);
  const payment = await (await charge(tenant.auth, chargeBody(await bankToken(), { amountCents: 6_100 }))).json<Payment>();
  expect(payment.status).toBe("processing");
  const settle = (outcome: "succeed" | "return") => control("settle-ach", { id: payment.processorTransferId, outcome });
  return { ...tenant, payment, settle };
}

/** The sandbox's deliveries of the transfer's `transfer.updated`, as it sent them. */
async function updatesSent(transferId: string): Promise<Delivery[]> {
  const response = await call("/sandbox/control/webhook-deliveries", { headers: ADMIN_HEADERS });
  const { result } = await response.json<{ result: Delivery[] }>();
  return result.filter((delivery) => delivery.resourceId === transferId && delivery.type === "updated");
}

const updateReceipts = async (tenantId: string, transferId: string) =>
  (
    await (
      await shardOf(tenantId)
    )
      .select({ resourceState: receipts.resourceState, outcome: receipts.outcome })
      .from(receipts)
      .where(and(eq(receipts.resourceId, transferId), eq(receipts.type, "updated")))
      .orderBy(asc(receipts.receivedAt))
  ).map((receipt) => [receipt.resourceState, receipt.outcome]);

const paymentCallbacks = async (lcPaymentId: string) =>
  (await eventsFor(lcPaymentId)).filter((event) => event.type === "transfer.updated").map((event) => JSON.parse(event.payload).status);

describe("processor webhooks the sandbox delivers faulted", () => {
  it("a transfer.updated sent twice, the same bytes: both answered 2xx, applied once, one callback", async () => {
    const { auth, tenantId, payment, settle } = await achPayment("Twice Told Co");
    await control("fault", { operation: "WEBHOOK transfer.updated", kind: "duplicate", times: 1 });
    await settle("succeed");

    const sent = await updatesSent(payment.processorTransferId);
    expect(sent.map((delivery) => [delivery.status, delivery.lastResponseStatus])).toEqual([
      ["delivered", 200],
      ["delivered", 200],
    ]);
    expect(sent[1]!.body).toBe(sent[0]!.body);
    expect(await lookup(auth, payment.lcPaymentId)).toMatchObject({ status: "succeeded", processorState: "SUCCEEDED" });
    expect(await updateReceipts(tenantId, payment.processorTransferId)).toEqual([["SUCCEEDED", "applied"]]);
    expect(await paymentCallbacks(payment.lcPaymentId)).toEqual(["succeeded"]);
  });

  it("a transfer.updated held back until after a later one: the later state stands, the late one changes nothing", async () => {
    const { auth, tenantId, payment, settle } = await achPayment("Late Word Co");
    await control("fault", { operation: "WEBHOOK transfer.updated", kind: "delay", delayMs: 60_000, times: 1 });
    await settle("succeed");
    expect((await lookup(auth, payment.lcPaymentId)).status).toBe("processing");
    await settle("return");
    expect(await lookup(auth, payment.lcPaymentId)).toMatchObject({ status: "failed", failureCode: "INSUFFICIENT_FUNDS" });

    await control("advance-clock", { seconds: 60 });
    const sent = await updatesSent(payment.processorTransferId);
    expect(
      sent.map((delivery) => [JSON.parse(delivery.body)._embedded.transfers[0].state, delivery.status, delivery.lastResponseStatus]),
    ).toEqual([
      ["SUCCEEDED", "delivered", 200],
      ["FAILED", "delivered", 200],
    ]);
    expect(await lookup(auth, payment.lcPaymentId)).toMatchObject({
      status: "failed",
      processorState: "FAILED",
      failureCode: "INSUFFICIENT_FUNDS",
    });
    expect(await updateReceipts(tenantId, payment.processorTransferId)).toEqual([
      ["FAILED", "applied"],
      ["SUCCEEDED", "ignored"],
    ]);
    expect(await paymentCallbacks(payment.lcPaymentId)).toEqual(["failed"]);
  });
});
