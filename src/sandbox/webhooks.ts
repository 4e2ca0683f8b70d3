import { exports } from "cloudflare:workers";
import { hmacSha256Hex, hex, randomBytes } from "../lib/crypto";
import { logEvent } from "../lib/log";
import { base } from "./resources";
import type { Resource, SandboxState } from "./state";

export type WebhookRegistration = Resource & {
  url: string;
  enabled: boolean;
  enabled_events: { entity: string; types: string[] }[];
  authentication: { type: "NONE" | "BASIC" | "BEARER"; basic?: { username: string; password: string }; bearer?: { token: string } };
  secret_signing_key: string;
};

const PLURALS: Record<string, string> = {
  transfer: "transfers",
  merchant: "merchants",
  dispute: "disputes",
  compliance_form: "compliance_forms",
  onboarding_form: "onboarding_forms",
  settlement: "settlements",
  identity: "identities",
  device: "devices",
};

/** Retries after a failed delivery, as the processor documents: +1.5, +2, +3, +5, +9 minutes. */
export const WEBHOOK_RETRY_DELAYS_MS = [90_000, 120_000, 180_000, 300_000, 540_000];

export const SERVICE_WEBHOOK_ID = "WHsandboxPaymentConnectService";

/** Until the service registers its own, the sandbox sends every event to the service's inbound route. */
export function serviceWebhook(env: Env): WebhookRegistration {
  const now = new Date(0).toISOString();
  return {
    id: SERVICE_WEBHOOK_ID,
    created_at: now,
    updated_at: now,
    url: `${env.BASE_URL.replace(/\/$/, "")}/webhooks/processor`,
    enabled: true,
    enabled_events: [],
    authentication: { type: "BASIC", basic: { username: env.PROCESSOR_WEBHOOK_USERNAME, password: env.PROCESSOR_WEBHOOK_PASSWORD } },
    secret_signing_key: env.PROCESSOR_WEBHOOK_SIGNING_KEY.split(",")[0]!.trim(),
  };
}

export function registerWebhook(state: SandboxState, applicationId: string, body: Record<string, unknown>): WebhookRegistration {
  const webhook = {
    ...base("WH"),
    application: applicationId,
    url: String(body.url ?? ""),
    enabled: body.enabled !== false,
    enabled_events: (body.enabled_events as WebhookRegistration["enabled_events"]) ?? [],
    authentication: (body.authentication as WebhookRegistration["authentication"]) ?? { type: "NONE" },
    secret_signing_key: hex(randomBytes(32)),
  };
  return state.insert("webhook", webhook);
}

export function webhookBody(entity: string, type: string, resource: Resource): string {
  return JSON.stringify({ type, entity, occurred_at: new Date().toISOString(), _embedded: { [PLURALS[entity] ?? `${entity}s`]: [resource] } });
}

export function subscribes(webhook: WebhookRegistration, entity: string, type: string): boolean {
  if (!webhook.enabled) return false;
  if (webhook.enabled_events.length === 0) return true;
  return webhook.enabled_events.some((event) => event.entity === entity && event.types.includes(type));
}

/** POSTs one event with `Finix-Signature` and the registered credentials; true on 2xx. */
export async function deliverWebhook(env: Env, webhook: WebhookRegistration, rawBody: string): Promise<boolean> {
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = await hmacSha256Hex(webhook.secret_signing_key, `${timestamp}:${rawBody}`);
  const headers = new Headers({ "Content-Type": "application/json", "Finix-Signature": `timestamp=${timestamp}, sig=${signature}` });
  if (webhook.authentication.type === "BASIC" && webhook.authentication.basic) {
    headers.set("Authorization", `Basic ${btoa(`${webhook.authentication.basic.username}:${webhook.authentication.basic.password}`)}`);
  } else if (webhook.authentication.type === "BEARER" && webhook.authentication.bearer) {
    headers.set("Authorization", `Bearer ${webhook.authentication.bearer.token}`);
  }
  const request = new Request(webhook.url, { method: "POST", headers, body: rawBody, signal: AbortSignal.timeout(15_000) });
  // A Worker cannot reliably fetch its own public URL: deliveries to this service go through its own fetch handler.
  const toSelf = new URL(webhook.url).origin === new URL(env.BASE_URL).origin;
  try {
    const response = toSelf ? await exports.default.fetch(request) : await fetch(request);
    await response.body?.cancel();
    return response.ok;
  } catch (error) {
    logEvent("warn", "sandbox webhook delivery failed", { webhookId: webhook.id, error: String(error) });
    return false;
  }
}
