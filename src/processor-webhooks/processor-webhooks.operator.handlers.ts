import type { AppRouteHandler } from "../platform/types";
import { listFeedLags } from "./missed-events.sweep";
import type * as routes from "./processor-webhooks.operator.routes";
import { listProcessorWebhookReceipts, reapplyUnprocessableWebhooks } from "./processor-webhooks.service";
import { toFeedView, toReceiptView } from "./processor-webhooks.view";
import { registerServiceWebhook } from "./registration";

export const registerProcessorWebhook: AppRouteHandler<typeof routes.registerProcessorWebhook> = async (c) => {
  const webhook = await registerServiceWebhook({ ctx: c.get("ctx") });
  c.header("Cache-Control", "no-store");
  return c.json({ id: webhook.id, url: webhook.url, enabled: webhook.enabled, secretSigningKey: webhook.secret_signing_key ?? null }, 201);
};

export const listProcessorWebhooks: AppRouteHandler<typeof routes.listProcessorWebhooks> = async (c) => {
  const page = await listProcessorWebhookReceipts({ ctx: c.get("ctx"), input: c.req.valid("query") });
  c.header("Cache-Control", "no-store");
  return c.json({ ...page, data: page.data.map(toReceiptView) }, 200);
};

export const reapplyProcessorWebhooks: AppRouteHandler<typeof routes.reapplyProcessorWebhooks> = async (c) => {
  const { limit = 20, cursor } = c.req.valid("json");
  return c.json(await reapplyUnprocessableWebhooks({ ctx: c.get("ctx"), input: { limit, ...(cursor ? { cursor } : {}) } }), 200);
};

export const listProcessorFeeds: AppRouteHandler<typeof routes.listProcessorFeeds> = async (c) => {
  const feeds = await listFeedLags({ ctx: c.get("ctx") });
  c.header("Cache-Control", "no-store");
  return c.json({ data: feeds.map(toFeedView) }, 200);
};
