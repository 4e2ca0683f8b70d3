import { z } from "zod";

import { createWebhook, updateWebhook } from "../../resources/webhooks";
import { jsonBody, list, pageRequest, resource, type RestContext } from "./http";

const Authentication = z.discriminatedUnion("type", [
  z.object({ type: z.literal("NONE") }),
  z.object({ type: z.literal("BASIC"), basic: z.object({ username: z.string().min(1), password: z.string().min(1) }) }),
  z.object({ type: z.literal("BEARER"), bearer: z.object({ token: z.string().min(1) }) }),
]);

const EnabledEvents = z.array(z.object({ entity: z.string().min(1), types: z.array(z.string().min(1)) }));

const CreateWebhookBody = z.object({
  url: z.string().min(1).max(120),
  authentication: Authentication.optional(),
  enabled: z.boolean().optional(),
  enabled_events: EnabledEvents.optional(),
});

const UpdateWebhookBody = CreateWebhookBody.partial();

export async function create(c: RestContext) {
  const { body } = await jsonBody(c, CreateWebhookBody);
  return resource(c, "webhook", await createWebhook(c.env.sandbox, body), 201);
}

export async function get(c: RestContext) {
  return resource(c, "webhook", c.env.sandbox.store.get("webhook", c.req.param("webhook_id")!));
}

export async function index(c: RestContext) {
  const page = pageRequest(c);
  return list(c, "webhook", c.env.sandbox.store.list("webhook", [], page), page);
}

export async function update(c: RestContext) {
  const { body } = await jsonBody(c, UpdateWebhookBody);
  return resource(c, "webhook", updateWebhook(c.env.sandbox, c.req.param("webhook_id")!, body));
}
