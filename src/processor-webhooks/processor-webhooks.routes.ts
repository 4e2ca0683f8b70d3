import { createRoute } from "@hono/zod-openapi";
import { jsonContent, problemResponses, z } from "../platform/openapi";

export const PROCESSOR_WEBHOOK_PATH = "/webhooks/processor";

export const receiveWebhook = createRoute({
  method: "post",
  path: PROCESSOR_WEBHOOK_PATH,
  tags: ["Processor webhooks"],
  security: [{ ProcessorWebhook: [] }],
  operationId: "receiveProcessorWebhook",
  summary: "Inbound processor webhooks (called by the processor, not by tenants)",
  description:
    "Verified by the Basic credentials the webhook was registered with and by `Finix-Signature: timestamp=…, sig=…` " +
    "(HMAC-SHA256 over `{timestamp}:{rawBody}`; accepted up to 30 minutes old, so the processor's retries — up to 20.5 minutes " +
    "after the first attempt, possibly with its timestamp — are not dropped; at most 5 minutes in the future). An empty body is the " +
    "processor's test POST and is acknowledged. " +
    "Deliveries are de-duplicated; unknown events are acknowledged and recorded.",
  responses: {
    200: jsonContent(z.object({ received: z.literal(true), outcome: z.string() }).openapi("ProcessorWebhookAck"), "Acknowledged.", {
      received: true,
      outcome: "applied",
    }),
    ...problemResponses({
      400: "Body is not a processor event.",
      401: {
        description: "Bad credentials or signature.",
        examples: [{ slug: "unauthorized", detail: "Finix-Signature is missing, stale or does not match the body." }],
      },
      500: "Not applied; the processor retries.",
    }),
  },
});
