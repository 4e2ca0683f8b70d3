import type { Context } from "hono";
import { auditStatement, requestOrigin, type AuditAction } from "../accounts";
import type { SignedInBindings } from "./types";

/** The audit row for what the signed-in person just did through this request. */
export function auditSignedIn(c: Context<SignedInBindings>, action: AuditAction, target?: string | null) {
  const session = c.get("session");
  return auditStatement(c.get("ctx"), {
    tenantId: session.tenantId,
    actor: { userId: session.userId, email: session.email },
    action,
    target,
    origin: requestOrigin(c),
  });
}
