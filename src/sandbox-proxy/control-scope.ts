import type { Context } from "hono";

import { ApiError } from "../lib/problem";
import { requireOperator } from "../platform/operator";
import { assertGranted } from "../platform/permissions";
import type { AppBindings } from "../platform/types";
import { API_KEY_PREFIX, authenticateTenant, getTenant } from "../tenants";

/**
 * Tells the sandbox Worker whom a control call acts for: `operator`, or `merchant <MU…>` (bare `merchant` for a tenant
 * with no processor merchant yet). The sandbox enforces it; only this service sets it (see packages/sandbox-processor).
 */
export const SANDBOX_SCOPE_HEADER = "x-sandbox-scope";

const NO_CREDENTIALS =
  "Sandbox controls need credentials: `Authorization: Bearer <ADMIN_SECRET>` for every control, or a tenant's API key " +
  "(`X-Api-Key` or `Authorization: Bearer lc_live_…`) for its own processor merchant's resources.";

const done = async () => {};

/**
 * Authenticates a `/sandbox/control/*` caller with the service's own checks: the operator's secret may do anything;
 * a tenant's key is scoped to the tenant's processor merchant, and needs `payments:write` — the controls settle,
 * dispute and return its payments, as the processor would.
 */
export async function controlScope(c: Context<AppBindings, string>): Promise<string> {
  const headers = c.req.raw.headers;
  const bearer = headers.get("Authorization")?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  if (headers.has("X-Api-Key") || bearer?.startsWith(API_KEY_PREFIX)) {
    const { tenant: key, ctx } = await authenticateTenant(c);
    assertGranted(key.permissions, "payments:write");
    const tenant = await getTenant({ ctx });
    return tenant.processorMerchantId ? `merchant ${tenant.processorMerchantId}` : "merchant";
  }
  if (!headers.has("Authorization")) {
    throw new ApiError("unauthorized", NO_CREDENTIALS, { headers: { "WWW-Authenticate": 'Bearer realm="payment-connect"' } });
  }
  await requireOperator(c, done);
  return "operator";
}
