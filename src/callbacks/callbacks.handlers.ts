import type { OperatorTenantRouteHandler } from "../platform/types";
import { getArchivedDay } from "./archive";
import * as endpoints from "./callback-endpoints.service";
import type * as routes from "./callbacks.routes";
import { toArchivedEvent, toCallbackSettings, toDelivery, toEvent, toRevealedSigningSecrets } from "./callbacks.view";
import * as deliveries from "./deliveries.service";

export const getCallbackSettings: OperatorTenantRouteHandler<typeof routes.getCallbackSettings> = async (c) => {
  const { tenantId } = c.req.valid("param");
  const settings = await endpoints.getCallbackSettings({ ctx: c.get("ctx") });
  return c.json(toCallbackSettings(tenantId, settings), 200);
};

export const saveCallbackUrl: OperatorTenantRouteHandler<typeof routes.saveCallbackUrl> = async (c) => {
  const { tenantId } = c.req.valid("param");
  const settings = await endpoints.saveCallbackUrl({ ctx: c.get("ctx"), input: c.req.valid("json") });
  return c.json(toCallbackSettings(tenantId, settings), 200);
};

export const revealSigningSecrets: OperatorTenantRouteHandler<typeof routes.revealSigningSecrets> = async (c) => {
  const secrets = await endpoints.revealSigningSecrets({ ctx: c.get("ctx"), input: {} });
  c.header("Cache-Control", "no-store");
  return c.json(toRevealedSigningSecrets(secrets), 200);
};

export const rotateSigningSecret: OperatorTenantRouteHandler<typeof routes.rotateSigningSecret> = async (c) => {
  const secrets = await endpoints.rotateSigningSecret({
    ctx: c.get("ctx"),
    input: { ...c.req.valid("param"), ...c.req.valid("json") },
  });
  c.header("Cache-Control", "no-store");
  return c.json(toRevealedSigningSecrets(secrets), 200);
};

export const listEvents: OperatorTenantRouteHandler<typeof routes.listEvents> = async (c) => {
  const page = await deliveries.listEvents({ ctx: c.get("ctx"), input: c.req.valid("query") });
  return c.json({ ...page, data: page.data.map(toEvent) }, 200);
};

export const listDeliveries: OperatorTenantRouteHandler<typeof routes.listDeliveries> = async (c) => {
  const page = await deliveries.listDeliveries({ ctx: c.get("ctx"), input: c.req.valid("query") });
  return c.json({ ...page, data: page.data.map(toDelivery) }, 200);
};

export const replayEvent: OperatorTenantRouteHandler<typeof routes.replayEvent> = async (c) => {
  const delivery = await deliveries.replayEvent({ ctx: c.get("ctx"), input: { eventId: c.req.valid("param").eventId } });
  return c.json(toDelivery(delivery), 202);
};

export const replayFailedDeliveries: OperatorTenantRouteHandler<typeof routes.replayFailedDeliveries> = async (c) => {
  const result = await deliveries.replayFailedDeliveries({ ctx: c.get("ctx"), input: c.req.valid("json") });
  return c.json({ data: result.data.map(toDelivery), hasMore: result.hasMore }, 202);
};

export const getArchivedEvents: OperatorTenantRouteHandler<typeof routes.getArchivedEvents> = async (c) => {
  const { tenantId } = c.req.valid("param");
  const { day } = c.req.valid("query");
  const archived = await getArchivedDay({ ctx: c.get("ctx"), input: { day } });
  return c.json({ tenantId, day, data: archived.map(toArchivedEvent) }, 200);
};
