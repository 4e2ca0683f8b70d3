import { createMiddleware } from "hono/factory";
import { timingSafeEqualStrings } from "../lib/crypto";
import { ApiError } from "../lib/problem";
import type { AppBindings } from "../lib/types";

/** Operator routes are guarded by the admin secret; an unset secret locks them rather than opening them. */
export const requireAdmin = createMiddleware<AppBindings>(async (c, next) => {
  const match = c.req.header("Authorization")?.match(/^Bearer\s+(\S+)\s*$/i);
  const secret = c.env.ADMIN_SECRET ?? "";
  if (!match?.[1] || secret.length === 0 || !timingSafeEqualStrings(match[1], secret)) {
    throw new ApiError("unauthorized", "The operator API requires `Authorization: Bearer <ADMIN_SECRET>`.", {
      headers: { "WWW-Authenticate": 'Bearer realm="payment-connect-admin"' },
    });
  }
  await next();
});
