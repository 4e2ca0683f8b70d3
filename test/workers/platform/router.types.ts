import { createRoute } from "@hono/zod-openapi";

import { createRouter, jsonContent, withRoutes, z } from "../../../src/platform/openapi";
import type { AppRouteHandler, TenantBindings, TenantRouteHandler } from "../../../src/platform/types";

// Type-level checks, compiled by `npx tsc -p .` and never run: a router registers each route with the handler of the
// same name, whose answers are the route's, and a handler that reads the tenant only behind requireTenant.
const routes = {
  getThing: createRoute({
    method: "get",
    path: "/v1/things",
    responses: { 200: jsonContent(z.object({ tenantId: z.string() }), "The thing.") },
  }),
};
const tenantHandlers: { getThing: TenantRouteHandler<typeof routes.getThing> } = {
  getThing: (c) => c.json({ tenantId: c.get("tenant").tenantId }, 200),
};
const anonymousHandlers: { getThing: AppRouteHandler<typeof routes.getThing> } = {
  getThing: (c) => c.json({ tenantId: "none" }, 200),
};

export function routerChecks() {
  withRoutes(createRouter<TenantBindings>(), routes, tenantHandlers, ["getThing"]);
  withRoutes(createRouter(), routes, anonymousHandlers, ["getThing"]);
  // @ts-expect-error -- the handler reads the tenant, on a router that is not behind requireTenant
  withRoutes(createRouter(), routes, tenantHandlers, ["getThing"]);
  // @ts-expect-error -- a name with no route
  withRoutes(createRouter(), routes, anonymousHandlers, ["getThings"]);
  // @ts-expect-error -- a handler answering what its route does not document
  withRoutes(createRouter(), routes, { getThing: (c) => c.json({ tenant: 1 }, 200) }, ["getThing"]);
}
