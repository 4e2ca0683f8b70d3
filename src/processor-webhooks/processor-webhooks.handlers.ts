import { logEvent } from "../lib/log";
import { ApiError } from "../lib/problem";
import type { AppRouteHandler } from "../platform/types";
import type * as routes from "./processor-webhooks.routes";
import { receiveProcessorWebhook, type ProcessorWebhook } from "./processor-webhooks.service";
import { verifyProcessorSignature, verifyWebhookCredentials } from "./signature";

export const receiveWebhook: AppRouteHandler<typeof routes.receiveWebhook> = async (c) => {
  const rawBody = await c.req.text();
  const credentialsOk = verifyWebhookCredentials(
    c.req.header("Authorization") ?? null,
    c.env.PROCESSOR_WEBHOOK_USERNAME,
    c.env.PROCESSOR_WEBHOOK_PASSWORD,
  );
  if (!credentialsOk) throw new ApiError("unauthorized", "Processor webhook credentials did not match.");
  // The processor's test POST on registration is empty and unsigned; it changes nothing.
  if (rawBody.trim() === "" || rawBody.trim() === "{}") return c.json({ received: true as const, outcome: "test" }, 200);

  const signed = await verifyProcessorSignature({
    header: c.req.header("Finix-Signature") ?? null,
    rawBody,
    signingKeys: c.env.PROCESSOR_WEBHOOK_SIGNING_KEY.split(",").map((key) => key.trim()),
  });
  if (!signed) throw new ApiError("unauthorized", "Finix-Signature is missing, stale or does not match the body.");

  let webhook: ProcessorWebhook;
  try {
    webhook = JSON.parse(rawBody) as ProcessorWebhook;
  } catch {
    throw new ApiError("malformed-json", "The webhook body is not JSON.");
  }
  if (typeof webhook?.entity !== "string" || typeof webhook.type !== "string") {
    throw new ApiError("validation-failed", "A processor event has `entity` and `type`.");
  }
  const outcome = await receiveProcessorWebhook({ ctx: c.get("ctx"), input: webhook });
  logEvent("info", "processor webhook", { entity: webhook.entity, type: webhook.type, outcome });
  return c.json({ received: true as const, outcome }, 200);
};
