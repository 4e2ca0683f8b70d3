import type { OpenAPIHono, RouteConfig, RouteHandler } from "@hono/zod-openapi";

export type AuthenticatedTenant = { tenantId: string; apiKeyId: string };

export type AppBindings = {
  Bindings: Env;
  Variables: {
    traceId: string;
    tenant: AuthenticatedTenant;
  };
};

export type AppOpenAPI = OpenAPIHono<AppBindings>;

export type AppRouteHandler<R extends RouteConfig> = RouteHandler<R, AppBindings>;
