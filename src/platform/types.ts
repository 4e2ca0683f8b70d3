import type { RouteConfig, RouteHandler } from "@hono/zod-openapi";
import type { AppContext } from "./context";
import type { KeyPermissions } from "./permissions";

/**
 * `shard`: the D1 binding holding the tenant's data (`DB`, the control database, for a tenant from before shards);
 * `permissions`: what the key may do (null: everything).
 */
export type AuthenticatedTenant = { tenantId: string; apiKeyId: string; shard: string; permissions: KeyPermissions };

/** The request's Idempotency-Key and the fingerprint that defines "the same request" under it. */
export type IdempotencyScope = { key: string; fingerprint: string };

/** Every request's variables; `tenant` is there only once `requireTenant` has run. */
export type AppBindings = {
  Bindings: Env;
  Variables: {
    traceId: string;
    ctx: AppContext;
    tenant?: AuthenticatedTenant;
    idempotency: IdempotencyScope | null;
  };
};

/** A route behind `requireTenant` (every /v1 route but /v1/meta, `src/app.ts`): the tenant is known. */
export type TenantBindings = {
  Bindings: Env;
  Variables: AppBindings["Variables"] & { tenant: AuthenticatedTenant };
};

export type AppRouteHandler<R extends RouteConfig> = RouteHandler<R, AppBindings>;

export type TenantRouteHandler<R extends RouteConfig> = RouteHandler<R, TenantBindings>;
