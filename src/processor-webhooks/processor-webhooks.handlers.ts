import { readBodyWithin } from "../lib/bounded-body";
import { logEvent } from "../lib/log";
import { ApiError } from "../lib/problem";
import { afterResponse } from "../platform/after-response";
import type { AppRouteHandler } from "../platform/types";
import type * as routes from "./processor-webhooks.routes";
import { PROCESSOR_WEBHOOK_BODY_LIMIT_BYTES } from "./processor-webhooks.routes";
import { acceptProcessorWebhook } from "./processor-webhooks.service";
import { verifyProcessorSignature, verifyWebhookCredentials } from "./signature";

/** Credentials, then a body within the limit, then the signature over its bytes: each refusal before the next step; then it is kept. */
export const receiveWebhook: AppRouteHandler<typeof routes.receiveWebhook> = async (c) => {
  const credentialsOk = verifyWebhookCredentials(
    c.req.header("Authorization") ?? null,
    c.env.PROCESSOR_WEBHOOK_USERNAME,
    c.env.PROCESSOR_WEBHOOK_PASSWORD,
  );
  if (!credentialsOk) throw new ApiError("unauthorized", "Processor webhook credentials did not match.");
  const rawBody = await readBodyWithin(c.req.raw, PROCESSOR_WEBHOOK_BODY_LIMIT_BYTES);
  if (!rawBody) {
    throw new ApiError("payload-too-large", `A processor webhook body may be at most ${PROCESSOR_WEBHOOK_BODY_LIMIT_BYTES} bytes.`, {
      extensions: { maxBytes: PROCESSOR_WEBHOOK_BODY_LIMIT_BYTES },
    });
  }
  const text = new TextDecoder().decode(rawBody);
  // The processor's test POST on registration is empty and unsigned; it changes nothing.
  if (text.trim() === "" || text.trim() === "{}") return c.json({ received: true as const, outcome: "test" }, 200);

  const signed = await verifyProcessorSignature({
    header: c.req.header("Finix-Signature") ?? null,
    rawBody,
    signingKeys: c.env.PROCESSOR_WEBHOOK_SIGNING_KEY.split(",").map((key) => key.trim()),
  });
  if (!signed) throw new ApiError("unauthorized", "Finix-Signature is missing, stale or does not match the body.");

  const { outcome, entity, type, onShard } = await acceptProcessorWebhook({ ctx: c.get("ctx"), input: { rawBody: text } });
  // What it recorded is on the tenant's shard: its outbox is flushed once the response is ready.
  if (onShard) afterResponse(c, onShard.outbox.flush());
  logEvent("info", "processor webhook", { entity, type, outcome });
  return c.json({ received: true as const, outcome }, 200);
};
