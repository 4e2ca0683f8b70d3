import { listShards as reportShards } from "../placement/shards-report";
import type { AppRouteHandler, OperatorTenantRouteHandler } from "../platform/types";
import type * as routes from "./tenants.operator.routes";
import * as tenantsService from "./tenants.service";
import { toApiKey, toTenant } from "./tenants.view";

export const createTenant: AppRouteHandler<typeof routes.createTenant> = async (c) => {
  const tenant = await tenantsService.createTenant({ ctx: c.get("ctx"), input: c.req.valid("json") });
  return c.json(toTenant(tenant), 201);
};

export const updateTenant: OperatorTenantRouteHandler<typeof routes.updateTenant> = async (c) => {
  const tenant = await tenantsService.updateTenant({ ctx: c.get("ctx"), input: c.req.valid("json") });
  return c.json(toTenant(tenant), 200);
};

export const listTenants: AppRouteHandler<typeof routes.listTenants> = async (c) => {
  const page = await tenantsService.listTenants({ ctx: c.get("ctx"), input: c.req.valid("query") });
  return c.json({ ...page, data: page.data.map(toTenant) }, 200);
};

export const listKeys: OperatorTenantRouteHandler<typeof routes.listKeys> = async (c) => {
  const keys = await tenantsService.listApiKeys({ ctx: c.get("ctx") });
  return c.json({ data: keys.map(toApiKey) }, 200);
};

export const listShards: AppRouteHandler<typeof routes.listShards> = async (c) => c.json({ data: await reportShards(c.get("ctx")) }, 200);
