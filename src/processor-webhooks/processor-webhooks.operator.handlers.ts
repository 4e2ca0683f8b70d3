import type { AppRouteHandler } from "../platform/types";
import type * as routes from "./processor-webhooks.operator.routes";
import { registerServiceWebhook } from "./registration";

export const registerProcessorWebhook: AppRouteHandler<typeof routes.registerProcessorWebhook> = async (c) => {
  const webhook = await registerServiceWebhook({ ctx: c.get("ctx") });
  c.header("Cache-Control", "no-store");
  return c.json({ id: webhook.id, url: webhook.url, enabled: webhook.enabled, secretSigningKey: webhook.secret_signing_key ?? null }, 201);
};
