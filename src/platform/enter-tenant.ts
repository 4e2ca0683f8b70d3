import type { Context } from "hono";

import type { TenantContext, TenantPlace } from "./context";
import type { AppBindings } from "./types";

/**
 * The one way a request becomes a tenant's (its key, its dashboard session, an operator route naming it, a link a
 * browser follows): the rest of it runs on the tenant's shard, and its outbox is the one flushed with the response.
 */
export function enterTenant(c: Context<AppBindings>, tenant: TenantPlace): TenantContext {
  const ctx = c.get("ctx").forTenant(tenant);
  c.set("ctx", ctx);
  return ctx;
}
