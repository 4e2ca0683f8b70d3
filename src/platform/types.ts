import type { RouteConfig, RouteHandler } from "@hono/zod-openapi";

import type { RootContext, TenantContext } from "./context";
import type { KeyPermissions } from "./permissions";

/**
 * `shard`: the D1 binding holding the tenant's data (`DB`, the control database, for a tenant from before shards);
 * `permissions`: what the key may do (null: everything).
 */
export type AuthenticatedTenant = { tenantId: string; apiKeyId: string; shard: string; permissions: KeyPermissions };

/** The request's Idempotency-Key and the fingerprint that defines "the same request" under it. */
export type IdempotencyScope = { key: string; fingerprint: string };

/**
 * Every request's variables; `tenant` is there only once `requireTenant` has run. `ctx` is the root context until the
 * request enters a tenant (`enterTenant`): only the bindings of a route behind a tenant guard type it as the tenant's.
 */
export type AppBindings = {
  Bindings: Env;
  Variables: {
    traceId: string;
    ctx: RootContext;
    tenant?: AuthenticatedTenant;
    idempotency: IdempotencyScope | null;
  };
};

/** A route behind `requireTenant` (every /v1 route but /v1/meta, `src/app.ts`): the tenant is known, its context entered. */
export type TenantBindings = {
  Bindings: Env;
  Variables: AppBindings["Variables"] & { tenant: AuthenticatedTenant; ctx: TenantContext };
};

/** An operator route under `/admin/tenants/{tenantId}/`, behind `routeToOperatorTenant`: the tenant's context is entered. */
export type OperatorTenantBindings = {
  Bindings: Env;
  Variables: AppBindings["Variables"] & { ctx: TenantContext };
};

export type AppRouteHandler<R extends RouteConfig> = RouteHandler<R, AppBindings>;

export type TenantRouteHandler<R extends RouteConfig> = RouteHandler<R, TenantBindings>;

export type OperatorTenantRouteHandler<R extends RouteConfig> = RouteHandler<R, OperatorTenantBindings>;
