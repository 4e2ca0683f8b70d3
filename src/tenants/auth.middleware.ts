import type { Context } from "hono";
import { createMiddleware } from "hono/factory";

import { unknownTenant } from "../db/tenancy";
import { logEvent } from "../lib/log";
import { ApiError } from "../lib/problem";
import { afterResponse } from "../platform/after-response";
import type { TenantContext } from "../platform/context";
import { enterTenant } from "../platform/enter-tenant";
import { TenantParams } from "../platform/operator";
import type { AppBindings, AuthenticatedTenant } from "../platform/types";
import { API_KEY_PREFIX } from "./api-keys";
import { authenticateApiKey, tenantShard } from "./tenants.service";

const UNAUTHORIZED_DETAIL = "A valid API key is required: send it as `X-Api-Key: <key>` or `Authorization: Bearer <key>`.";
const CHALLENGE = { "WWW-Authenticate": 'Bearer realm="payment-connect"' };

/**
 * The key in `X-Api-Key` or `Authorization: Bearer`. Both naming different keys is refused whatever either is worth:
 * answering by their validity would let one valid key test others.
 */
function presentedKey(headers: Headers): string | null {
  const apiKey = headers.get("X-Api-Key")?.trim() || null;
  const bearer = headers.get("Authorization")?.match(/^Bearer\s+(\S+)\s*$/i)?.[1] ?? null;
  if (apiKey !== null && bearer?.startsWith(API_KEY_PREFIX) && bearer !== apiKey) {
    throw new ApiError(
      "conflicting-api-keys",
      "`X-Api-Key` and `Authorization: Bearer` name different API keys; send one key, in either header.",
    );
  }
  return apiKey ?? bearer;
}

/**
 * The request's tenant, also set on the request (its log line names it), and the tenant's context the request entered.
 * Missing, malformed, unknown and revoked keys get the same 401 so the response reveals nothing about the key.
 */
export async function authenticateTenant(c: Context<AppBindings>): Promise<{ tenant: AuthenticatedTenant; ctx: TenantContext }> {
  const key = presentedKey(c.req.raw.headers);
  const tenant = key
    ? await authenticateApiKey({ ctx: c.get("ctx"), input: { presentedKey: key, afterResponse: (work) => afterResponse(c, work) } })
    : null;
  if (!tenant) throw new ApiError("unauthorized", UNAUTHORIZED_DETAIL, { headers: CHALLENGE });

  const { success } = await c.env.API_RATE_LIMITER.limit({ key: tenant.apiKeyId });
  if (!success) {
    logEvent("warn", "rate limited", { traceId: c.get("traceId"), tenantId: tenant.tenantId });
    throw new ApiError("rate-limited", "Too many requests for this API key; retry after a short wait.", {
      headers: { "Retry-After": "10" },
    });
  }
  c.set("tenant", tenant);
  return { tenant, ctx: enterTenant(c, { id: tenant.tenantId, shard: tenant.shard }) };
}

export const requireTenant = createMiddleware<AppBindings>(async (c, next) => {
  await authenticateTenant(c);
  await next();
});

/**
 * An operator route under `/admin/tenants/{tenantId}/` works on that tenant's shard; an unknown tenant is a 404 before
 * anything else is read. A malformed id is left to the route's own validation.
 */
export const routeToOperatorTenant = createMiddleware<AppBindings>(async (c, next) => {
  const tenantId = c.req.param("tenantId") ?? "";
  if (TenantParams.shape.tenantId.safeParse(tenantId).success) {
    const shard = await tenantShard({ ctx: c.get("ctx"), input: { tenantId } });
    if (shard === null) throw unknownTenant(tenantId);
    enterTenant(c, { id: tenantId, shard });
  }
  await next();
});
