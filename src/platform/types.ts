import type { OpenAPIHono, RouteConfig, RouteHandler } from "@hono/zod-openapi";
import type { AppContext } from "./context";

export type AuthenticatedTenant = { tenantId: string; apiKeyId: string };

/** The request's Idempotency-Key and the fingerprint that defines "the same request" under it. */
export type IdempotencyScope = { key: string; fingerprint: string };

export type AppBindings = {
  Bindings: Env;
  Variables: {
    traceId: string;
    ctx: AppContext;
    tenant: AuthenticatedTenant;
    idempotency: IdempotencyScope | null;
  };
};

export type AppOpenAPI = OpenAPIHono<AppBindings>;

export type AppRouteHandler<R extends RouteConfig> = RouteHandler<R, AppBindings>;
