import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { processorWebhookReceipts } from "../../src/processor-webhooks/processor-webhooks.schema";
import { controlDb } from "./support/db";
import { ADMIN_HEADERS, call, expectProblem, jsonInit, tenantWithKey } from "./support/http";
import {
  approvedMerchant,
  bankFields,
  buyerInstrument,
  conformance,
  control,
  eventually,
  processor,
  PROCESSOR_HEADERS,
  sale,
} from "./support/sandbox-binding";

/** Computed here with WebCrypto directly, independently of the sandbox's and the service's signing code. */
async function expectedSignature(key: string, timestamp: string, rawBody: string): Promise<string> {
  const encoder = new TextEncoder();
  const cryptoKey = await crypto.subtle.importKey("raw", encoder.encode(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", cryptoKey, encoder.encode(`${timestamp}:${rawBody}`));
  return [...new Uint8Array(mac)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The sandbox's request bin, at the service's origin (the sandbox delivers `/sandbox/*` URLs there to itself). */
const inboxUrl = (name: string, query = "") => `${env.BASE_URL}/sandbox/inbox/${name}${query}`;
const inbox = (name: string) => control.readInbox(name);

const receiptsFor = (resourceId: string) =>
  controlDb()
    .select({ entity: processorWebhookReceipts.entity, type: processorWebhookReceipts.type, outcome: processorWebhookReceipts.outcome })
    .from(processorWebhookReceipts)
    .where(eq(processorWebhookReceipts.resourceId, resourceId));

// Order matters in this describe: its first test runs before any webhook is registered.
describe("sandbox webhooks reaching the service", () => {
  it("go to the service's own inbound route through the binding, signed with its configured key, until one is registered", async () => {
    const { merchantId } = await approvedMerchant();
    const pending = await sale(merchantId, await buyerInstrument(bankFields("123456789")), 5000);
    await control.settleAch(pending.body.id, "succeed");
    // Receipts are written only after the service verified credentials and Finix-Signature; BASE_URL is not listening in tests.
    const receipts = await receiptsFor(pending.body.id);
    expect(receipts.map((r) => `${r.entity}.${r.type}`).sort()).toEqual(["transfer.created", "transfer.updated"]);
  });

  it("register with the processor's empty test POST, then deliver signed events to subscribed URLs only", async () => {
    const created = await processor("POST", "/webhooks", {
      url: inboxUrl("signed"),
      authentication: { type: "BASIC", basic: { username: "hook-user", password: "hook-pass" } },
      enabled_events: [{ entity: "transfer", types: ["created", "updated"] }],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ enabled: true, authentication: { type: "BASIC" }, url: inboxUrl("signed") });
    expect(created.body.id).toMatch(/^WH/);
    expect(created.body.secret_signing_key).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(created.body)).not.toContain("hook-pass");
    const [testPost] = await inbox("signed");
    expect(testPost).toMatchObject({ method: "POST", body: "" });
    expect(testPost!.headers.authorization).toBe(`Basic ${btoa("hook-user:hook-pass")}`);

    const { merchantId } = await approvedMerchant();
    const sold = await sale(merchantId, await buyerInstrument(), 1234);
    const [event] = (
      await eventually(
        () => inbox("signed"),
        (requests) => requests.length >= 2,
      )
    ).slice(1);
    const header = event!.headers["finix-signature"]!;
    const { timestamp, sig } = Object.fromEntries(header.split(",").map((part) => part.trim().split("=") as [string, string]));
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(300);
    expect(sig).toBe(await expectedSignature(created.body.secret_signing_key, timestamp!, event!.body));
    expect(event!.headers.authorization).toBe(`Basic ${btoa("hook-user:hook-pass")}`);
    expect(event!.headers["content-type"]).toBe("application/json");

    const body = JSON.parse(event!.body);
    expect(body).toMatchObject({
      type: "created",
      entity: "transfer",
      _embedded: { transfers: [{ id: sold.body.id, state: "SUCCEEDED", amount: 1234 }] },
    });
    expect(Number.isNaN(Date.parse(body.occurred_at))).toBe(false);
    expect(conformance("GET", "/transfers/{transfer_id}", 200, body._embedded.transfers[0])).toEqual([]);
    // merchant.created/updated happened too, but this webhook subscribed to transfers only.
    expect((await inbox("signed")).map((request) => JSON.parse(request.body || "{}").entity).filter(Boolean)).toEqual(["transfer"]);
    // With a webhook registered, the service's route no longer gets events by default.
    expect(await receiptsFor(sold.body.id)).toEqual([]);
  });

  it("reach the service's real route through the binding once its signing key is pinned", async () => {
    const webhook = await processor("POST", "/webhooks", {
      url: `${env.BASE_URL}/webhooks/processor`,
      authentication: { type: "BASIC", basic: { username: env.PROCESSOR_WEBHOOK_USERNAME, password: env.PROCESSOR_WEBHOOK_PASSWORD } },
      enabled_events: [{ entity: "transfer", types: ["updated"] }],
    });
    expect(webhook.body.enabled).toBe(true);
    await control.setWebhookSecret(webhook.body.id, env.PROCESSOR_WEBHOOK_SIGNING_KEY);
    const { merchantId } = await approvedMerchant();
    const pending = await sale(merchantId, await buyerInstrument(bankFields("123456789")), 700);
    await control.settleAch(pending.body.id, "succeed");
    expect(await receiptsFor(pending.body.id)).toMatchObject([{ entity: "transfer", type: "updated" }]);
    await processor("PUT", `/webhooks/${webhook.body.id}`, { enabled: false });
  });
});

describe("the sandbox at the service's origin", () => {
  it("serves its pages, its REST API and the CORS-open token endpoint through /sandbox", async () => {
    expect((await call("/sandbox")).status).toBe(200);
    expect(await (await call("/sandbox/checkout")).text()).toContain('src="/sandbox/finix.js"');
    const identity = await call("/sandbox/processor/identities", {
      method: "POST",
      headers: { ...PROCESSOR_HEADERS, "Content-Type": "application/json" },
      body: JSON.stringify({ entity: { first_name: "Proxied" } }),
    });
    expect(identity.status).toBe(201);
    const body = await identity.json<{ id: string; _links: { self: { href: string } } }>();
    expect(body._links.self.href).toBe(`https://payment-connect.test/sandbox/processor/identities/${body.id}`);
    const tokens = `/sandbox/processor/applications/${env.PROCESSOR_APPLICATION_ID}/tokens`;
    const preflight = await call(tokens, { method: "OPTIONS", headers: { Origin: "https://shop.example" } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBe("*");
  });

  it("links the hosted onboarding form at the service's origin", async () => {
    const { auth } = await tenantWithKey();
    const form = await (
      await call("/v1/onboarding", jsonInit("POST", { returnUrl: "https://merchant.example/back" }, auth))
    ).json<{
      onboardingUrl: string;
    }>();
    expect(form.onboardingUrl.startsWith(`${env.BASE_URL}/sandbox/onboarding?`)).toBe(true);
    const page = await call(new URL(form.onboardingUrl).pathname + new URL(form.onboardingUrl).search);
    expect(page.status).toBe(200);
  });

  it("answers 404 for the whole /sandbox surface outside built-in mode", async () => {
    const { createApp } = await import("../../src/app");
    const live = await createApp().fetch(
      new Request("https://payment-connect.test/sandbox/checkout"),
      { ...env, PROCESSOR_BASE_URL: "https://finix.live-payments-api.com" },
      { waitUntil() {}, passThroughOnException() {}, props: {} },
    );
    expect(live.status).toBe(404);
    expect(live.headers.get("Content-Type")).toBe("application/problem+json");
  });

  it("is the processor client's target for PROCESSOR_BASE_URL=builtin, which needs the binding", async () => {
    const { processorConfig, BUILTIN_SANDBOX_BASE_URL } = await import("../../src/context");
    const { SANDBOX_PROCESSOR: _unbound, ...unbound } = env;
    expect(() => processorConfig(unbound)).toThrow(/SANDBOX_PROCESSOR service binding/);
    const config = processorConfig(env);
    const answer = await config.fetch(
      new Request(`${BUILTIN_SANDBOX_BASE_URL}/identities?limit=1`, {
        headers: { ...PROCESSOR_HEADERS, "Finix-Version": config.apiVersion },
      }),
    );
    expect(answer.status).toBe(200);
  });

  it("answers 404 for the whole /sandbox surface without the binding", async () => {
    const { createApp } = await import("../../src/app");
    const { SANDBOX_PROCESSOR: _unbound, ...unbound } = env;
    const response = await createApp().fetch(
      new Request("https://payment-connect.test/sandbox/control/reset", { method: "POST", headers: ADMIN_HEADERS }),
      unbound,
      { waitUntil() {}, passThroughOnException() {}, props: {} },
    );
    await expectProblem(response, 404, "not-found");
  });
});
