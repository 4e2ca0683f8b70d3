import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { hmacSha256Hex } from "../../../src/lib/crypto";
import { call, expectProblem } from "../support/http";
import {
  achPayment,
  chunkedBody,
  paymentStatus as status,
  signedDelivery,
  transferEvent,
  webhookBasicAuth as basic,
} from "../support/processor-webhooks";

describe("POST /webhooks/processor with what it cannot trust", () => {
  it("refuses wrong or missing credentials before reading the body: a 2 MB body is a 401 with its chunks left unread", async () => {
    for (const authorization of [`Basic ${btoa("processor-webhook:wrong")}`, null]) {
      const { body, pulled } = chunkedBody(2 * 1024 * 1024);
      const response = await call("/webhooks/processor", {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(authorization ? { Authorization: authorization } : {}) },
        body,
      });
      await expectProblem(response, 401, "unauthorized");
      // The runtime may buffer the first of the 128 chunks on its own; the handler reads none.
      expect(pulled.chunks).toBeLessThanOrEqual(1);
    }
  });

  it("refuses wrong credentials, a bad signature, a stale timestamp and a tampered body", async () => {
    const body = transferEvent({ id: "TRnothing", state: "SUCCEEDED", updated_at: new Date().toISOString() });
    await expectProblem(await signedDelivery(body, { authorization: `Basic ${btoa("processor-webhook:wrong")}` }), 401, "unauthorized");
    await expectProblem(await signedDelivery(body, { key: "b".repeat(64) }), 401, "unauthorized");
    // Older than the window that admits the processor's own retries (30 minutes), or too far in the future.
    await expectProblem(await signedDelivery(body, { timestamp: Math.floor(Date.now() / 1000) - 30 * 60 - 1 }), 401, "unauthorized");
    await expectProblem(await signedDelivery(body, { timestamp: Math.floor(Date.now() / 1000) + 301 }), 401, "unauthorized");
    const timestamp = Math.floor(Date.now() / 1000);
    const sig = await hmacSha256Hex(env.PROCESSOR_WEBHOOK_SIGNING_KEY, `${timestamp}:${JSON.stringify(body)}`);
    const tampered = await call("/webhooks/processor", {
      method: "POST",
      headers: { Authorization: basic, "Finix-Signature": `timestamp=${timestamp}, sig=${sig}` },
      body: JSON.stringify({ ...body, type: "created" }),
    });
    await expectProblem(tampered, 401, "unauthorized");
  });

  it("ignores a transfer whose merchant is not the payment's", async () => {
    const { tenant, id, transferId } = await achPayment("whmerchant");
    const response = await signedDelivery(
      transferEvent({ id: transferId, state: "SUCCEEDED", merchant: "MUsomeoneelse", updated_at: "2026-05-02T00:00:00.000Z" }),
    );
    expect(await response.json()).toMatchObject({ outcome: "ignored" });
    expect(await status(tenant.auth, id)).toMatchObject({ status: "processing" });
  });
});

describe("POST /admin/processor/webhook without the admin secret", () => {
  it("is an operator route", async () => {
    await expectProblem(await call("/admin/processor/webhook", { method: "POST" }), 401, "unauthorized");
  });
});
