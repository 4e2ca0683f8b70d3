import { database } from "../db/client";
import type { AppRouteHandler } from "../lib/types";
import * as endpoints from "./callback-endpoints.service";
import * as deliveries from "./deliveries.service";
import type * as routes from "./callbacks.routes";
import { toCallbackSettings, toDelivery, toEvent, toRevealedSigningSecrets } from "./callbacks.view";

export const getCallbackSettings: AppRouteHandler<typeof routes.getCallbackSettings> = async (c) => {
  const { tenantId } = c.req.valid("param");
  const settings = await endpoints.getCallbackSettings({ db: database(c.env), tenantId });
  return c.json(toCallbackSettings(tenantId, settings), 200);
};

export const saveCallbackUrl: AppRouteHandler<typeof routes.saveCallbackUrl> = async (c) => {
  const { tenantId } = c.req.valid("param");
  const settings = await endpoints.saveCallbackUrl({ db: database(c.env), env: c.env, tenantId, input: c.req.valid("json") });
  return c.json(toCallbackSettings(tenantId, settings), 200);
};

export const revealSigningSecrets: AppRouteHandler<typeof routes.revealSigningSecrets> = async (c) => {
  const secrets = await endpoints.revealSigningSecrets({ db: database(c.env), env: c.env, tenantId: c.req.valid("param").tenantId });
  c.header("Cache-Control", "no-store");
  return c.json(toRevealedSigningSecrets(secrets), 200);
};

export const rotateSigningSecret: AppRouteHandler<typeof routes.rotateSigningSecret> = async (c) => {
  const input = c.req.valid("json") ?? {};
  const secrets = await endpoints.rotateSigningSecret({ db: database(c.env), env: c.env, tenantId: c.req.valid("param").tenantId, input });
  c.header("Cache-Control", "no-store");
  return c.json(toRevealedSigningSecrets(secrets), 200);
};

export const listEvents: AppRouteHandler<typeof routes.listEvents> = async (c) => {
  const page = await deliveries.listEvents({ db: database(c.env), tenantId: c.req.valid("param").tenantId, input: c.req.valid("query") });
  return c.json({ ...page, data: page.data.map(toEvent) }, 200);
};

export const listDeliveries: AppRouteHandler<typeof routes.listDeliveries> = async (c) => {
  const page = await deliveries.listDeliveries({
    db: database(c.env),
    tenantId: c.req.valid("param").tenantId,
    input: c.req.valid("query"),
  });
  return c.json({ ...page, data: page.data.map(toDelivery) }, 200);
};

export const replayEvent: AppRouteHandler<typeof routes.replayEvent> = async (c) => {
  const { tenantId, eventId } = c.req.valid("param");
  const delivery = await deliveries.replayEvent({ db: database(c.env), env: c.env, tenantId, eventId });
  return c.json(toDelivery(delivery), 202);
};

export const replayFailedDeliveries: AppRouteHandler<typeof routes.replayFailedDeliveries> = async (c) => {
  const result = await deliveries.replayFailedDeliveries({
    db: database(c.env),
    env: c.env,
    tenantId: c.req.valid("param").tenantId,
    input: c.req.valid("json"),
  });
  return c.json({ data: result.data.map(toDelivery), hasMore: result.hasMore }, 202);
};
