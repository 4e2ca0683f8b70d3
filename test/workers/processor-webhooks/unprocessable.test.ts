import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createContext } from "../../../src/context";
import { tenants } from "../../../src/db/tenants.schema";
import { events } from "../../../src/outbox/events.schema";
import { payments } from "../../../src/payments/payments.schema";
import { tenantMoves } from "../../../src/placement/tenant-moves.schema";
import { tenantShards } from "../../../src/placement/tenant-shards.schema";
import { readMissedChanges } from "../../../src/processor-webhooks/missed-events.sweep";
import { processorWebhookReceipts } from "../../../src/processor-webhooks/processor-webhooks.schema";
import { APPLY_RETRY_AFTER_MS, retryFailedApplications } from "../../../src/processor-webhooks/processor-webhooks.service";
import { processorWatermarks } from "../../../src/processor-webhooks/watermarks.schema";
import { controlDb, shardOf } from "../support/db";
import { ADMIN_HEADERS, call, expectProblem, jsonInit, tenantWithKey } from "../support/http";
import { paymentId, seedPayments } from "../support/ledger";
import { achPayment, eventsFor, paymentStatus as status, seedMerchant, signedDelivery, transferEvent } from "../support/processor-webhooks";
import { moveRow } from "../support/seed";

// A signed processor webhook is never lost for its shape: one that cannot be applied is kept on the control database as
// `unprocessable` with its raw body and reason, listed for the operator, counted in /health/ready, and applied once by a
// reapply after the fix. The shapes here are refused by any schema the service may use: a transfer `state` it has never
// seen (the state is what it acts on), a transfer without its id.

type Receipt = {
  id: string;
  outcome: string;
  source: string;
  entity: string;
  type: string;
  resourceId: string | null;
  resourceState: string | null;
  tenantId: string | null;
  reappliedAtUtc: string | null;
  reason: { field: string; message: string }[] | null;
  rawBody: string | null;
};
type ReceiptPage = { data: Receipt[]; hasMore: boolean; nextCursor: string };

/** Every receipt the operator route lists with an outcome, its pages followed to the end. */
async function listed(outcome = "unprocessable"): Promise<Receipt[]> {
  const receipts: Receipt[] = [];
  let cursor = "";
  do {
    const response = await call(`/admin/processor-webhooks?outcome=${outcome}&limit=2${cursor ? `&cursor=${cursor}` : ""}`, {
      headers: ADMIN_HEADERS,
    });
    expect(response.status).toBe(200);
    const page = await response.json<ReceiptPage>();
    receipts.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor);
  return receipts;
}

const unprocessableCount = async () => {
  const response = await call("/health/ready");
  expect(response.status).toBe(200);
  return (await response.json<{ detail: { unprocessableProcessorWebhooks: number } }>()).detail.unprocessableProcessorWebhooks;
};

const reapply = async (body: Record<string, unknown> = {}) => {
  const response = await call("/admin/processor-webhooks/reapply", jsonInit("POST", body, ADMIN_HEADERS));
  expect(response.status).toBe(200);
  return response.json<{ data: { id: string; outcome: string; reason: unknown }[]; hasMore: boolean; nextCursor: string }>();
};

/** Every reapply page, as `npm run admin -- processor-webhooks reapply` follows them. */
async function reapplyAll() {
  const data: { id: string; outcome: string; reason: unknown }[] = [];
  let cursor = "";
  do {
    const page = await reapply({ limit: 2, ...(cursor ? { cursor } : {}) });
    data.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor);
  return data;
}

/** A receipt kept as an older version of the service would have left it: straight into the control database. */
async function storeUnprocessable(id: string, rawBody: string, reason: string) {
  await controlDb()
    .insert(processorWebhookReceipts)
    .values({
      id,
      tenantId: null,
      entity: "transfer",
      type: "updated",
      resourceId: JSON.parse(rawBody)._embedded.transfers[0].id,
      outcome: "unprocessable",
      receivedAt: new Date().toISOString(),
      source: "webhook",
      rawBody,
      reason,
    });
}

describe("a signed webhook whose transfer has a state the service has never seen", () => {
  it("is acknowledged 2xx, kept unprocessable with its raw body and reason, listed and counted; the payment waits", async () => {
    const { tenant, id, transferId, merchantId } = await achPayment("keptstate");
    const countBefore = await unprocessableCount();
    const event = transferEvent({ id: transferId, state: "ON_HOLD", merchant: merchantId, updated_at: "2026-05-02T00:00:00.000Z" });
    const rawBody = JSON.stringify(event);

    const response = await signedDelivery(rawBody);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: "unprocessable" });
    const kept = (await listed()).filter((receipt) => receipt.resourceId === transferId);
    expect(kept).toEqual([
      expect.objectContaining({
        outcome: "unprocessable",
        source: "webhook",
        entity: "transfer",
        type: "updated",
        resourceState: "ON_HOLD",
        rawBody,
        reason: [{ field: "_embedded.transfers.0.state", message: expect.any(String) }],
      }),
    ]);
    expect(await unprocessableCount()).toBe(countBefore + 1);
    expect(await status(tenant.auth, id)).toMatchObject({ status: "processing", processorState: "PENDING" });
    expect(await eventsFor(id)).toEqual([]);

    // The same delivery again is a duplicate of the kept one.
    expect(await (await signedDelivery(rawBody)).json()).toEqual({ received: true, outcome: "duplicate" });
    expect((await listed()).filter((receipt) => receipt.resourceId === transferId)).toHaveLength(1);
    expect(await unprocessableCount()).toBe(countBefore + 1);
  });

  it("is kept whatever else it lacks: a transfer without its id, a body that is not an event, one that is not JSON", async () => {
    const countBefore = await unprocessableCount();
    const noId = JSON.stringify(transferEvent({ state: "SUCCEEDED", updated_at: "2026-05-02T00:00:00.000Z", tags: { order: "keptnoid" } }));
    const notAnEvent = JSON.stringify({ entity: "transfer", type: 7, note: "keptnotanevent" });
    const notJson = '{"type":"updated","entity":"transfer","keptnotjson":';
    for (const body of [noId, notAnEvent, notJson]) {
      expect(await (await signedDelivery(body)).json()).toEqual({ received: true, outcome: "unprocessable" });
    }
    const kept = await listed();
    expect(kept.find((receipt) => receipt.rawBody === noId)).toMatchObject({
      resourceId: null,
      reason: expect.arrayContaining([expect.objectContaining({ field: "_embedded.transfers.0.id" })]),
    });
    expect(kept.find((receipt) => receipt.rawBody === notAnEvent)).toMatchObject({
      reason: [expect.objectContaining({ field: "type" })],
    });
    expect(kept.find((receipt) => receipt.rawBody === notJson)).toMatchObject({
      reason: [{ field: "(body)", message: expect.any(String) }],
    });
    expect(await unprocessableCount()).toBe(countBefore + 3);
  });

  it("is still refused unsigned, forged or over the limit, and nothing of it is kept", async () => {
    const countBefore = await unprocessableCount();
    const body = transferEvent({ id: "TRkeptforged", state: "ON_HOLD", updated_at: "2026-05-02T00:00:00.000Z" });
    await expectProblem(await signedDelivery(body, { key: "c".repeat(64) }), 401, "unauthorized");
    const unsigned = await call("/webhooks/processor", {
      method: "POST",
      headers: { Authorization: `Basic ${btoa(`${env.PROCESSOR_WEBHOOK_USERNAME}:${env.PROCESSOR_WEBHOOK_PASSWORD}`)}` },
      body: JSON.stringify(body),
    });
    await expectProblem(unsigned, 401, "unauthorized");
    const oversize = { ...body, padding: "x".repeat(256 * 1024) };
    await expectProblem(await signedDelivery(oversize), 413, "payload-too-large");
    expect(await unprocessableCount()).toBe(countBefore);
  });
});

describe("POST /admin/processor-webhooks/reapply", () => {
  it("applies a kept receipt whose body fits today's schema exactly once, however many reapplies run at once", async () => {
    const { tenant, id, transferId, merchantId } = await achPayment("keptfits");
    const rawBody = JSON.stringify(
      transferEvent({ id: transferId, state: "SUCCEEDED", merchant: merchantId, updated_at: "2026-05-02T00:00:00.000Z" }),
    );
    const receiptId = "pwh_keptfitsbyanolderversion";
    await storeUnprocessable(receiptId, rawBody, JSON.stringify([{ field: "_embedded.transfers.0.device", message: "Expected string" }]));
    expect((await listed()).map((receipt) => receipt.id)).toContain(receiptId);

    const runs = await Promise.all([reapplyAll(), reapplyAll(), reapplyAll()]);

    const taken = runs.flat().filter((result) => result.id === receiptId);
    expect(taken).toEqual([{ id: receiptId, outcome: "applied", reason: null }]);
    expect(await status(tenant.auth, id)).toMatchObject({ status: "succeeded", processorState: "SUCCEEDED" });
    expect((await eventsFor(id)).map((event) => event.type)).toEqual(["transfer.updated"]);
    expect((await listed()).map((receipt) => receipt.id)).not.toContain(receiptId);
    expect((await listed("applied")).find((receipt) => receipt.id === receiptId)).toMatchObject({
      tenantId: tenant.tenantId,
      reappliedAtUtc: expect.any(String),
    });

    // Done once: later runs leave it, and the processor's redelivery of it changes nothing.
    expect((await reapplyAll()).map((result) => result.id)).not.toContain(receiptId);
    expect(await (await signedDelivery(rawBody)).json()).toMatchObject({ outcome: "duplicate" });
    expect((await eventsFor(id)).map((event) => event.type)).toEqual(["transfer.updated"]);
  });

  it("applies one for a tenant whose data is still on the control database, where the kept receipt is its receipt too", async () => {
    const tenant = await tenantWithKey();
    // As a deployment from before shards holds it: no tenant_shards row, no shard copy of its row.
    const placed = await shardOf(tenant.tenantId);
    await controlDb().delete(tenantShards).where(eq(tenantShards.tenantId, tenant.tenantId));
    await placed.delete(tenants).where(eq(tenants.id, tenant.tenantId));
    const id = paymentId(1, "keptcontrol");
    await seedPayments(tenant.tenantId, [
      { id, status: "processing", method: "ach", amountCents: 5000, createdAt: "2026-05-01T00:00:00.000Z" },
    ]);
    await controlDb()
      .update(payments)
      .set({ processorState: "PENDING", processorUpdatedAt: "2026-05-01T00:00:00.000Z" })
      .where(eq(payments.id, id));
    const merchantId = await seedMerchant(tenant.tenantId);
    const transferId = `TR${id.replace(/[^A-Za-z0-9]/g, "")}`;
    const rawBody = JSON.stringify(
      transferEvent({ id: transferId, state: "SUCCEEDED", merchant: merchantId, updated_at: "2026-05-02T00:00:00.000Z" }),
    );
    const receiptId = "pwh_keptcontrolbyanolderversion";
    await storeUnprocessable(receiptId, rawBody, "[]");

    const taken = (await Promise.all([reapplyAll(), reapplyAll()])).flat().filter((result) => result.id === receiptId);

    expect(taken).toEqual([{ id: receiptId, outcome: "applied", reason: null }]);
    expect(await status(tenant.auth, id)).toMatchObject({ status: "succeeded" });
    expect(await controlDb().select({ type: events.type }).from(events).where(eq(events.subjectId, id))).toEqual([
      { type: "transfer.updated" },
    ]);
    expect((await listed("applied")).find((receipt) => receipt.id === receiptId)).toMatchObject({ tenantId: tenant.tenantId });
  });

  it("keeps one that still does not fit unprocessable with its new reason", async () => {
    const { tenant, id, transferId, merchantId } = await achPayment("keptstill");
    const rawBody = JSON.stringify(
      transferEvent({ id: transferId, state: "ON_HOLD", merchant: merchantId, updated_at: "2026-05-02T00:00:00.000Z" }),
    );
    const receiptId = "pwh_keptstillbyanolderversion";
    await storeUnprocessable(receiptId, rawBody, JSON.stringify([{ field: "(applying)", message: "Error: an older reason" }]));

    const results = (await reapplyAll()).filter((result) => result.id === receiptId);

    expect(results).toEqual([
      { id: receiptId, outcome: "unprocessable", reason: [{ field: "_embedded.transfers.0.state", message: expect.any(String) }] },
    ]);
    expect((await listed()).find((receipt) => receipt.id === receiptId)).toMatchObject({
      reason: [{ field: "_embedded.transfers.0.state", message: expect.any(String) }],
      reappliedAtUtc: expect.any(String),
    });
    expect(await status(tenant.auth, id)).toMatchObject({ status: "processing" });
  });

  it("refuses a cursor it did not issue", async () => {
    const response = await call("/admin/processor-webhooks/reapply", jsonInit("POST", { cursor: "forged.cursor" }, ADMIN_HEADERS));
    await expectProblem(response, 400, "invalid-cursor");
  });
});

/** The tenant's writes paused as a move's delta pauses them, until the row is deleted. */
async function pauseForMove(tenantId: string) {
  await controlDb()
    .insert(tenantMoves)
    .values(moveRow({ tenantId, step: "delta", pausedAt: new Date().toISOString() }));
}

describe("a webhook whose applying fails", () => {
  it("is kept unprocessable with the error, answered 2xx, and applied by a reapply once the cause is gone", async () => {
    const { tenant, id, transferId, merchantId } = await achPayment("keptmoving");
    // The tenant's writes are paused by a move: routing it to its shard fails.
    await pauseForMove(tenant.tenantId);
    const rawBody = JSON.stringify(
      transferEvent({ id: transferId, state: "SUCCEEDED", merchant: merchantId, updated_at: "2026-05-02T00:00:00.000Z" }),
    );

    expect(await (await signedDelivery(rawBody)).json()).toEqual({ received: true, outcome: "unprocessable" });
    const [kept] = (await listed()).filter((receipt) => receipt.resourceId === transferId);
    expect(kept).toMatchObject({ rawBody, reason: [{ field: "(applying)", message: expect.stringContaining("moving") }] });

    await controlDb().delete(tenantMoves).where(eq(tenantMoves.tenantId, tenant.tenantId));
    expect((await reapplyAll()).filter((result) => result.id === kept!.id)).toEqual([{ id: kept!.id, outcome: "applied", reason: null }]);
    expect(await status(tenant.auth, id)).toMatchObject({ status: "succeeded" });
  });

  it("is applied by the cron once the cause is gone, with no operator, and a shape that does not fit is left to the operator", async () => {
    const { tenant, id, transferId, merchantId } = await achPayment("keptcron");
    await pauseForMove(tenant.tenantId);
    const fits = JSON.stringify(
      transferEvent({ id: transferId, state: "SUCCEEDED", merchant: merchantId, updated_at: "2026-05-04T00:00:00.000Z" }),
    );
    const unfit = JSON.stringify(
      transferEvent({ id: transferId, state: "ON_HOLD", merchant: merchantId, updated_at: "2026-05-04T00:00:01.000Z" }),
    );
    expect(await (await signedDelivery(fits)).json()).toEqual({ received: true, outcome: "unprocessable" });
    expect(await (await signedDelivery(unfit)).json()).toEqual({ received: true, outcome: "unprocessable" });
    const cronAt = (ms: number) => retryFailedApplications({ ctx: createContext(env, { nowMs: Date.now() + ms }) });

    // Still paused at the cron's next turn: tried again, still kept, the payment untouched.
    await cronAt(APPLY_RETRY_AFTER_MS + 1_000);
    await controlDb().delete(tenantMoves).where(eq(tenantMoves.tenantId, tenant.tenantId));
    expect(await status(tenant.auth, id)).toMatchObject({ status: "processing" });
    // Within a minute of its last try it waits; after it, it is applied.
    await cronAt(APPLY_RETRY_AFTER_MS + 2_000);
    expect(await status(tenant.auth, id)).toMatchObject({ status: "processing" });
    await cronAt(2 * APPLY_RETRY_AFTER_MS + 3_000);
    expect(await status(tenant.auth, id)).toMatchObject({ status: "succeeded" });
    expect((await eventsFor(id)).map((event) => event.type)).toEqual(["transfer.updated"]);
    const kept = (await listed()).filter((receipt) => receipt.resourceId === transferId);
    expect(kept).toEqual([
      expect.objectContaining({ resourceState: "ON_HOLD", reason: [expect.objectContaining({ field: "_embedded.transfers.0.state" })] }),
    ]);
  });
});

describe("the sweep of missed changes", () => {
  it("keeps a resource that does not fit, once, and moves the feed on past it", async () => {
    const { tenant, id, transferId, merchantId } = await achPayment("keptswept");
    const unfit = { id: "TRkeptsweptunfit", state: "ON_HOLD", merchant: merchantId, updated_at: "2026-05-03T00:00:00.000Z" };
    const fit = { id: transferId, state: "SUCCEEDED", merchant: merchantId, updated_at: "2026-05-03T00:00:00.000Z" };
    const readFeed = async () => {
      const ctx = createContext(env);
      // The processor's feed, as a stand-in that sends what the sandbox never would.
      const processor = { ...ctx.processor, listTransfers: () => Promise.resolve({ items: [unfit, fit], nextCursor: null }) };
      await readMissedChanges({
        ctx: Object.create(ctx, { processor: { value: processor } }) as typeof ctx,
        input: { resource: "transfer" },
      });
    };

    await readFeed();
    await readFeed();

    expect((await listed()).filter((receipt) => receipt.resourceId === unfit.id)).toEqual([
      expect.objectContaining({
        source: "sweep",
        entity: "transfer",
        type: "updated",
        rawBody: JSON.stringify(unfit),
        reason: [{ field: "transfer.state", message: expect.any(String) }],
      }),
    ]);
    expect(await status(tenant.auth, id)).toMatchObject({ status: "succeeded" });
    const watermark = await controlDb().query.processorWatermarks.findFirst({
      columns: { afterCursor: true },
      where: eq(processorWatermarks.resource, "transfer"),
    });
    expect(watermark).toEqual({ afterCursor: null });
  });
});
