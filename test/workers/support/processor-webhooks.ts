import { env } from "cloudflare:workers";
import { hmacSha256Hex } from "../../../src/lib/crypto";
import { ADMIN_HEADERS, call, issueKey, jsonInit, tenantWithKey } from "./http";
import { paymentId, seedPayments } from "./ledger";
import { rowsOnAnyShard, tenantD1 } from "./shards";

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
  const db = await tenantD1(tenantId);
  const setMerchant = "UPDATE tenants SET processor_merchant_id = ? WHERE id = ?";
  await env.DB.prepare(setMerchant).bind(merchantId, tenantId).run();
  await db.batch([
    db.prepare(setMerchant).bind(merchantId, tenantId),
    db.prepare("UPDATE payments SET processor_merchant_id = ? WHERE tenant_id = ?").bind(merchantId, tenantId),
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
    await tenantD1(tenant.tenantId)
  )
    .prepare("UPDATE payments SET processor_state = 'PENDING', processor_updated_at = '2026-05-01T00:00:00.000Z' WHERE id = ?")
    .bind(id)
    .run();
  const merchantId = await seedMerchant(tenant.tenantId);
  const transferId = `TR${id.replace(/[^A-Za-z0-9]/g, "")}`;
  return { tenant, id, transferId, merchantId };
}

export const paymentStatus = async (auth: Record<string, string>, id: string) =>
  await (await call(`/v1/payments/${id}`, { headers: auth })).json<{ status: string; processorState: string }>();
/** The events about a subject, wherever its tenant's shard is. */
export const eventsFor = async (id: string) =>
  await rowsOnAnyShard<{ type: string; payload: string }>("SELECT type, payload FROM events WHERE subject_id = ? ORDER BY created_at", id);

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
