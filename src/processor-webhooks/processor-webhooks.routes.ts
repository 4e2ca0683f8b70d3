import { createRoute, z } from "@hono/zod-openapi";

import * as openapi from "../platform/openapi";

export const PROCESSOR_WEBHOOK_PATH = "/webhooks/processor";

/**
 * One resource per delivery: a few KiB, a transfer with line-item data some tens. A delivery refused for its size is lost
 * once the processor's retries run out, so the limit leaves ample room.
 */
export const PROCESSOR_WEBHOOK_BODY_LIMIT_BYTES = 256 * 1024;

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
    "processor's test POST and is acknowledged. The credentials are checked before the body is read, and the body may be at most " +
    `${PROCESSOR_WEBHOOK_BODY_LIMIT_BYTES} bytes. A signed body is never refused for its shape: an event the service consumes ` +
    "whose resource fits the processor's schema is applied; one that cannot be applied (a body that is not JSON or not an event, a " +
    "resource that does not fit — a transfer `state` the service has never seen, a missing id —, a tenant that cannot take it, an " +
    "error applying it) is kept with its raw body and reason as `unprocessable` for the operator (`GET /admin/processor-webhooks`, " +
    "`POST /admin/processor-webhooks/reapply`). Deliveries are de-duplicated; events of other entities are acknowledged and recorded.",
  responses: {
    200: openapi.jsonContent(
      z
        .object({
          received: z.literal(true),
          outcome: z.string().openapi({
            description:
              "`applied`, `ignored` (nothing to change, or no tenant here), `unhandled` (an event the service does not consume), " +
              "`duplicate`, `unprocessable` (kept, not applied), or `test` (the registration's empty POST).",
          }),
        })
        .openapi("ProcessorWebhookAck"),
      "Acknowledged: applied, recorded, or kept.",
      { received: true, outcome: "applied" },
    ),
    ...openapi.problemResponses({
      401: {
        description: "Bad credentials or signature.",
        examples: [{ slug: "unauthorized", detail: "Finix-Signature is missing, stale or does not match the body." }],
      },
      413: {
        description: "The body is over the limit (refused while it is read, whatever Content-Length says).",
        examples: [
          {
            slug: "payload-too-large",
            detail: `A processor webhook body may be at most ${PROCESSOR_WEBHOOK_BODY_LIMIT_BYTES} bytes.`,
            extensions: { maxBytes: PROCESSOR_WEBHOOK_BODY_LIMIT_BYTES },
          },
        ],
      },
      500: "Not kept (the control database failed); the processor retries.",
    }),
  },
});
