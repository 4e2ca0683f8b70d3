import { publicUrl, type RootContext } from "../platform/context";
import type { Webhook } from "../processor";
import { PROCESSOR_WEBHOOK_PATH } from "./processor-webhooks.routes";

/** The processor events the service consumes; anything else it would only acknowledge. */
export const CONSUMED_PROCESSOR_EVENTS = [
  { entity: "transfer", types: ["created", "updated"] },
  { entity: "authorization", types: ["created", "updated"] },
  { entity: "dispute", types: ["created", "updated"] },
  { entity: "evidence", types: ["created", "updated"] },
  { entity: "settlement", types: ["created", "updated", "accruing_started"] },
  { entity: "merchant", types: ["created", "updated", "underwritten"] },
  { entity: "compliance_form", types: ["created", "updated"] },
  { entity: "onboarding_form", types: ["updated"] },
];

/**
 * Registers this service's inbound route with the processor, authenticated with the configured Basic
 * credentials. The returned `secret_signing_key` must be stored as PROCESSOR_WEBHOOK_SIGNING_KEY.
 */
export function registerServiceWebhook({ ctx }: { ctx: RootContext }): Promise<Webhook> {
  const { env } = ctx;
  return ctx.processor.createWebhook({
    url: publicUrl(ctx, PROCESSOR_WEBHOOK_PATH),
    authentication: { type: "BASIC", basic: { username: env.PROCESSOR_WEBHOOK_USERNAME, password: env.PROCESSOR_WEBHOOK_PASSWORD } },
    enabled_events: CONSUMED_PROCESSOR_EVENTS,
  });
}
