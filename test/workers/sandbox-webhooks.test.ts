import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  conformance,
  approvedMerchant,
  bankFields,
  buyerInstrument,
  control,
  eventually,
  processor,
  sale,
} from "./support/sandbox-processor";

/** Computed here with WebCrypto directly, independently of the sandbox's and the service's signing code. */
async function expectedSignature(key: string, timestamp: string, rawBody: string): Promise<string> {
  const encoder = new TextEncoder();
  const cryptoKey = await crypto.subtle.importKey("raw", encoder.encode(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", cryptoKey, encoder.encode(`${timestamp}:${rawBody}`));
  return [...new Uint8Array(mac)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

const inboxUrl = (name: string, query = "") => `${env.BASE_URL}/sandbox/control/inbox/${name}${query}`;
const inbox = (name: string) => control.readInbox(name);

type Delivery = Awaited<ReturnType<typeof control.listDeliveries>>[number];

async function receiptFor(resourceId: string) {
  return env.DB.prepare("SELECT entity, type, outcome FROM processor_webhook_receipts WHERE resource_id = ?")
    .bind(resourceId)
    .all<{ entity: string; type: string; outcome: string }>();
}

// Order matters in this file: the first test runs before any webhook is registered.
describe("sandbox webhooks", () => {
  it("go to the service's own inbound route, in-process and signed with its configured key, until one is registered", async () => {
    const { merchantId } = await approvedMerchant();
    const pending = await sale(merchantId, await buyerInstrument(bankFields("123456789")), 5000);
    await control.settleAch(pending.body.id, "succeed");
    // Receipts are written only after the service verified credentials and Finix-Signature; BASE_URL is not listening in tests.
    const receipts = await receiptFor(pending.body.id);
    expect(receipts.results.map((r) => `${r.entity}.${r.type}`).sort()).toEqual(["transfer.created", "transfer.updated"]);
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
    expect((await receiptFor(sold.body.id)).results).toEqual([]);
  });

  it("send Bearer credentials, list and update webhooks", async () => {
    const bearer = await processor("POST", "/webhooks", {
      url: inboxUrl("bearer"),
      authentication: { type: "BEARER", bearer: { token: "t0ken" } },
      enabled_events: [{ entity: "merchant", types: ["underwritten"] }],
    });
    expect((await inbox("bearer"))[0]!.headers.authorization).toBe("Bearer t0ken");
    await approvedMerchant();
    const delivered = await eventually(
      () => inbox("bearer"),
      (requests) => requests.length >= 2,
    );
    expect(JSON.parse(delivered[1]!.body)).toMatchObject({
      entity: "merchant",
      type: "underwritten",
      _embedded: { merchants: [{ onboarding_state: "APPROVED" }] },
    });

    expect((await processor("GET", `/webhooks/${bearer.body.id}`)).body.url).toBe(inboxUrl("bearer"));
    expect((await processor("GET", "/webhooks")).body._embedded.webhooks.map((w: { id: string }) => w.id)).toContain(bearer.body.id);
    const disabled = await processor("PUT", `/webhooks/${bearer.body.id}`, { enabled: false });
    expect(disabled.body.enabled).toBe(false);
  });

  it("reach the service's real route in-process once its signing key is pinned", async () => {
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
    expect((await receiptFor(pending.body.id)).results).toMatchObject([{ entity: "transfer", type: "updated" }]);
    await processor("PUT", `/webhooks/${webhook.body.id}`, { enabled: false });
  });

  it("are retried at +1.5, +2, +3, +5 and +9 minutes, then dropped", async () => {
    const failing = await processor("POST", "/webhooks", {
      url: inboxUrl("down", "?status=500"),
      enabled_events: [{ entity: "settlement", types: ["created"] }],
    });
    expect(failing.body.enabled).toBe(false);
    await processor("PUT", `/webhooks/${failing.body.id}`, { enabled: true });
    const { merchantId } = await approvedMerchant();
    await sale(merchantId, await buyerInstrument(), 999);
    const settlement = await control.closeSettlement(merchantId);

    const delivery = async (): Promise<Delivery> =>
      (await control.listDeliveries(failing.body.id)).find((d) => d.resourceId === settlement!.id)!;
    expect(await delivery()).toMatchObject({ status: "pending", attempts: 1, lastResponseStatus: 500 });
    for (const [retry, waitSeconds] of [90, 120, 180, 300, 540].entries()) {
      const before = await delivery();
      const { now } = await control.advanceClock(waitSeconds - 1);
      expect((Date.parse(before.nextAttemptAt!) - Date.parse(now)) / 1000).toBeCloseTo(1, 0);
      await control.advanceClock(1);
      expect((await delivery()).attempts).toBe(retry + 2);
    }
    expect(await delivery()).toMatchObject({ status: "dropped", attempts: 6, nextAttemptAt: null });
    expect((await inbox("down")).filter((request) => request.body.includes(settlement!.id as string))).toHaveLength(6);
  });

  it("go over the network for URLs on other origins", async () => {
    const remote = await processor("POST", "/webhooks", { url: "https://receiver.invalid/finix", enabled: false });
    await processor("PUT", `/webhooks/${remote.body.id}`, { enabled: true, enabled_events: [{ entity: "dispute", types: ["created"] }] });
    const { merchantId } = await approvedMerchant();
    const sold = await sale(merchantId, await buyerInstrument(), 888888);
    await control.openDispute(sold.body.id);
    const [delivery] = await control.listDeliveries(remote.body.id);
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, lastResponseStatus: null });
    expect(delivery!.lastError).toBeTruthy();
  });
});
