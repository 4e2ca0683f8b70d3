import { describePermissions } from "../platform/permissions";
import type { OperatorTenantRouteHandler } from "../platform/types";
import { issueApiKey, type issueKeyRoute, revokeApiKey, type revokeKeyRoute, toApiKey } from "../tenants";
import type * as routes from "./accounts.operator.routes";
import { operatorAuditStatement } from "./audit.service";
import { createPasswordReset } from "./passwords.service";
import { requestOrigin } from "./request-meta";
import { createInvite } from "./users.service";

export const inviteOwner: OperatorTenantRouteHandler<typeof routes.inviteOwner> = async (c) => {
  const { invite, url } = await createInvite({
    ctx: c.get("ctx"),
    input: { ...c.req.valid("json"), role: "owner", invitedBy: null, origin: requestOrigin(c) },
  });
  c.header("Cache-Control", "no-store");
  return c.json(
    { id: invite.id, tenantId: invite.tenantId, email: invite.email, role: invite.role, expiresAtUtc: invite.expiresAt, inviteUrl: url },
    201,
  );
};

/** A key as the audit log names it: its id and, when it has one, its name (an operator's key may have none). */
const keyLabel = (key: { id: string; name: string }) => (key.name ? `${key.id} (${key.name})` : key.id);

/**
 * The tenants capability's operator key routes, served here so that each key the operator issues or revokes is in the
 * tenant's audit log as the dashboard's own are (same action, same details; the actor is the operator).
 */
export const issueKey: OperatorTenantRouteHandler<typeof issueKeyRoute> = async (c) => {
  const ctx = c.get("ctx");
  const { key, record } = await issueApiKey({ ctx, input: c.req.valid("json") });
  await operatorAuditStatement(ctx, {
    action: "key.issued",
    target: `${keyLabel(record)}: ${describePermissions(record.permissions)}`,
    origin: requestOrigin(c),
  });
  c.header("Cache-Control", "no-store");
  return c.json({ ...toApiKey(record), key }, 201);
};

export const revokeKey: OperatorTenantRouteHandler<typeof revokeKeyRoute> = async (c) => {
  const ctx = c.get("ctx");
  const before = ctx.clock.nowIso();
  const key = await revokeApiKey({ ctx, input: { keyId: c.req.valid("param").keyId } });
  // Revoking a revoked key answers it unchanged, and records nothing again.
  if (key.revokedAt !== null && key.revokedAt >= before) {
    await operatorAuditStatement(ctx, {
      action: "key.revoked",
      target: keyLabel(key),
      origin: requestOrigin(c),
    });
  }
  return c.json(toApiKey(key), 200);
};

export const resetPassword: OperatorTenantRouteHandler<typeof routes.resetPassword> = async (c) => {
  const { reset, user, url } = await createPasswordReset({
    ctx: c.get("ctx"),
    input: { ...c.req.valid("json"), origin: requestOrigin(c) },
  });
  c.header("Cache-Control", "no-store");
  return c.json(
    {
      id: reset.id,
      tenantId: reset.tenantId,
      userId: user.id,
      email: user.email,
      role: user.role,
      expiresAtUtc: reset.expiresAt,
      resetUrl: url,
    },
    201,
  );
};
