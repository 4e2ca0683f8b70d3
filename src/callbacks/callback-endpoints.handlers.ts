import type { TenantRouteHandler } from "../platform/types";
import type * as routes from "./callback-endpoints.routes";
import * as endpoints from "./callback-endpoints.service";
import { toCallbackEndpoint } from "./callbacks.view";

export const listCallbackEndpoints: TenantRouteHandler<typeof routes.listCallbackEndpoints> = async (c) => {
  const page = await endpoints.listCallbackEndpoints({
    ctx: c.get("ctx"),
    input: c.req.valid("query"),
  });
  return c.json({ ...page, data: page.data.map(toCallbackEndpoint) }, 200);
};

export const createCallbackEndpoint: TenantRouteHandler<typeof routes.createCallbackEndpoint> = async (c) => {
  const { endpoint, secret } = await endpoints.createCallbackEndpoint({
    ctx: c.get("ctx"),
    input: c.req.valid("json"),
  });
  c.header("Cache-Control", "no-store");
  return c.json({ ...toCallbackEndpoint(endpoint), secret }, 201);
};

export const getCallbackEndpoint: TenantRouteHandler<typeof routes.getCallbackEndpoint> = async (c) => {
  const endpoint = await endpoints.getCallbackEndpoint({
    ctx: c.get("ctx"),
    input: { endpointId: c.req.valid("param").id },
  });
  return c.json(toCallbackEndpoint(endpoint), 200);
};

export const updateCallbackEndpoint: TenantRouteHandler<typeof routes.updateCallbackEndpoint> = async (c) => {
  const endpoint = await endpoints.updateCallbackEndpoint({
    ctx: c.get("ctx"),
    input: { endpointId: c.req.valid("param").id, changes: c.req.valid("json") },
  });
  return c.json(toCallbackEndpoint(endpoint), 200);
};

export const deleteCallbackEndpoint: TenantRouteHandler<typeof routes.deleteCallbackEndpoint> = async (c) => {
  const { id } = c.req.valid("param");
  await endpoints.deleteCallbackEndpoint({ ctx: c.get("ctx"), input: { endpointId: id } });
  return c.json({ id, deleted: true as const }, 200);
};
