import { createMiddleware } from "hono/factory";

import { timingSafeEqualStrings } from "../lib/crypto";
import { ApiError } from "../lib/problem";
import { type problemResponses, z } from "./openapi";
import type { AppBindings } from "./types";

/** Operator routes are guarded by the admin secret; an unset secret locks them rather than opening them. */
export const requireOperator = createMiddleware<AppBindings>(async (c, next) => {
  const match = c.req.header("Authorization")?.match(/^Bearer\s+(\S+)\s*$/i);
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- a secret the deployment never set is undefined at run time
  const secret = c.env.ADMIN_SECRET ?? "";
  if (!match?.[1] || secret.length === 0 || !timingSafeEqualStrings(match[1], secret)) {
    throw new ApiError("unauthorized", "The operator API requires `Authorization: Bearer <ADMIN_SECRET>`.", {
      headers: { "WWW-Authenticate": 'Bearer realm="payment-connect-admin"' },
    });
  }
  await next();
});

/** What every operator route shares in its OpenAPI definition; `tag` names its group in the reference. */
export const operatorRoute = (tag: `Operator: ${string}`) => ({ tags: [tag], security: [{ AdminSecret: [] }] });

export const OPERATOR_PROBLEMS = {
  401: {
    description: "Missing or wrong admin secret.",
    examples: [{ slug: "unauthorized", detail: "The operator API requires `Authorization: Bearer <ADMIN_SECRET>`." }],
  },
  500: "Unexpected failure; the body carries only a traceId to quote.",
} as const satisfies Parameters<typeof problemResponses>[0];

/** The 404 of an operator route under `/admin/tenants/{tenantId}` for a tenant that does not exist. */
export const TENANT_NOT_FOUND = {
  404: { description: "No such tenant.", examples: [{ slug: "not-found", detail: "No tenant ten_3kTq9Wc2Zb7pLx0aYf4Rn." }] },
} as const satisfies Parameters<typeof problemResponses>[0];

export const TenantParams = z.object({
  tenantId: z
    .string()
    .regex(/^ten_[A-Za-z0-9]+$/)
    .openapi({ param: { name: "tenantId", in: "path" } }),
});
