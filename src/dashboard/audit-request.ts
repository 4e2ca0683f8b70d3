import type { Context } from "hono";

import { type AuditAction, requestOrigin, sessionAuditStatement } from "../accounts";
import type { SignedInBindings } from "./types";

/** The audit row for what the signed-in person just did through this request. */
export function auditSignedIn(c: Context<SignedInBindings>, action: AuditAction, target?: string | null) {
  return sessionAuditStatement(c.get("ctx"), c.get("session"), { action, target, origin: requestOrigin(c) });
}
