import type { AppRouteHandler } from "../platform/types";
import type * as routes from "./accounts.operator.routes";
import { requestOrigin } from "./request-meta";
import { createPasswordReset } from "./passwords.service";
import { createInvite } from "./users.service";

export const inviteOwner: AppRouteHandler<typeof routes.inviteOwner> = async (c) => {
  const { invite, url } = await createInvite({
    ctx: c.get("ctx"),
    input: { ...c.req.valid("param"), ...c.req.valid("json"), role: "owner", invitedBy: null, origin: requestOrigin(c) },
  });
  c.header("Cache-Control", "no-store");
  return c.json(
    { id: invite.id, tenantId: invite.tenantId, email: invite.email, role: invite.role, expiresAtUtc: invite.expiresAt, inviteUrl: url },
    201,
  );
};

export const resetPassword: AppRouteHandler<typeof routes.resetPassword> = async (c) => {
  const { reset, user, url } = await createPasswordReset({
    ctx: c.get("ctx"),
    input: { ...c.req.valid("param"), ...c.req.valid("json"), origin: requestOrigin(c) },
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
