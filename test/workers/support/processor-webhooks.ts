import { env } from "cloudflare:workers";
import { asc, eq } from "drizzle-orm";

import { tenants } from "../../../src/db/tenants.schema";
import { hmacSha256Hex } from "../../../src/lib/crypto";
import { events } from "../../../src/outbox/events.schema";
import { payments } from "../../../src/payments/payments.schema";
import { controlDb, rowsOnEveryShard, shardOf } from "./db";
import { ADMIN_HEADERS, call, issueKey, jsonInit, tenantWithKey } from "./http";
import { paymentId, seedPayments } from "./ledger";

// Helpers shared by the processor webhook tests (test/workers/processor-webhooks/, test/workers/disputes/).

/** The Basic credentials the processor sends with each webhook. */
export const webhookBasicAuth = `Basic ${btoa(`${env.PROCESSOR_WEBHOOK_USERNAME}:${env.PROCESSOR_WEBHOOK_PASSWORD}`)}`;

/**
 * Holds every processor webhook off the service for the rest of the file: once the platform registers a webhook of its
 * own, the sandbox sends its events there (a request bin) instead of to the service. Answers the bin's name.
 */
export async function holdProcessorWebhooks(inbox: string): Promise<string> {
  const processorAuth = {
    Authorization: `Basic ${btoa(`${env.PROCESSOR_USERNAME}:${env.PROCESSOR_PASSWORD}`)}`,
    "Finix-Version": "2022-02-01",
  };
  const registered = await call(
    "/sandbox/processor/webhooks",
    jsonInit("POST", { url: `/sandbox/inbox/${inbox}`, authentication: { type: "NONE" } }, processorAuth),
  );
  if (registered.status !== 201) throw new Error(`webhook registration: ${registered.status} ${await registered.text()}`);
  return inbox;
}

export async function signedDelivery(body: unknown, options: { timestamp?: number; key?: string; authorization?: string } = {}) {
  const rawBody = typeof body === "string" ? body : JSON.stringify(body);
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const sig = await hmacSha256Hex(options.key ?? env.PROCESSOR_WEBHOOK_SIGNING_KEY, `${timestamp}:${rawBody}`);
  return call("/webhooks/processor", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Authorization: options.authorization ?? webhookBasicAuth,
      "Finix-Signature": `timestamp=${timestamp}, sig=${sig}`,
    },
    body: rawBody,
  });
}

export function transferEvent(transfer: Record<string, unknown>, type = "updated") {
  return { type, entity: "transfer", occurred_at: new Date().toISOString(), _embedded: { transfers: [transfer] } };
}

/**
 * Gives a tenant a processor merchant of its own, as onboarding leaves it (the control database's map, which routes the
 * merchant's webhooks, and the shard's copy), and files its seeded ledger rows under it.
 */
export async function seedMerchant(tenantId: string, merchantId = `MU${tenantId.replace(/[^A-Za-z0-9]/g, "").slice(-20)}`) {
  const db = await shardOf(tenantId);
  await controlDb().update(tenants).set({ processorMerchantId: merchantId }).where(eq(tenants.id, tenantId));
  await db.batch([
    db.update(tenants).set({ processorMerchantId: merchantId }).where(eq(tenants.id, tenantId)),
    db.update(payments).set({ processorMerchantId: merchantId }).where(eq(payments.tenantId, tenantId)),
  ]);
  return merchantId;
}

/** A tenant placed in `region`, with one live key. */
export async function tenantInRegion(region: string) {
  const created = await call("/admin/tenants", jsonInit("POST", { name: `Tenant in ${region}`, region }, ADMIN_HEADERS));
  if (created.status !== 201) throw new Error(`tenant in ${region}: ${created.status} ${await created.text()}`);
  const { id: tenantId } = await created.json<{ id: string }>();
  const { key, id: keyId } = await issueKey(tenantId);
  return { tenantId, key, keyId, auth: { "X-Api-Key": key } };
}

/** A tenant (in the region given, else the default) with a seeded ACH payment awaiting its processor's word, and its merchant. */
export async function achPayment(prefix: string, options: { region?: string } = {}) {
  const tenant = options.region ? await tenantInRegion(options.region) : await tenantWithKey();
  const id = paymentId(1, prefix);
  await seedPayments(tenant.tenantId, [
    { id, status: "processing", method: "ach", amountCents: 5000, createdAt: "2026-05-01T00:00:00.000Z" },
  ]);
  await (
    await shardOf(tenant.tenantId)
  )
    .update(payments)
    .set({ processorState: "PENDING", processorUpdatedAt: "2026-05-01T00:00:00.000Z" })
    .where(eq(payments.id, id));
  const merchantId = await seedMerchant(tenant.tenantId);
  const transferId = `TR${id.replace(/[^A-Za-z0-9]/g, "")}`;
  return { tenant, id, transferId, merchantId };
}

export const paymentStatus = async (auth: Record<string, string>, id: string) =>
  await (await call(`/v1/payments/${id}`, { headers: auth })).json<{ status: string; processorState: string }>();
/** The events about a subject, wherever its tenant's shard is. */
export const eventsFor = (id: string) =>
  rowsOnEveryShard((db) =>
    db.select({ type: events.type, payload: events.payload }).from(events).where(eq(events.subjectId, id)).orderBy(asc(events.createdAt)),
  );

/** A body of `total` bytes sent chunked (no Content-Length), counting the 16 KiB chunks pulled from it. */
export function chunkedBody(total: number) {
  const chunk = new TextEncoder().encode("x".repeat(16 * 1024));
  const pulled = { chunks: 0 };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled.chunks * chunk.byteLength >= total) {
          controller.close();
          return;
        }
        pulled.chunks++;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { body, pulled };
}
