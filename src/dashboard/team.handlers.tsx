import type { Context } from "hono";
import { z } from "zod";

import {
  createInvite,
  DASHBOARD_ROLES,
  listSessions,
  listTeam,
  removeUser,
  requestOrigin,
  revokeInvite,
  revokeSessions,
} from "../accounts";
import { ApiError } from "../lib/problem";
import { fieldErrors, formFields } from "./forms";
import type { SignedInBindings } from "./types";
import { AccountPage, TeamPage } from "./views/team";

type SignedInContext = Context<SignedInBindings>;

async function renderTeam(
  c: SignedInContext,
  extra: { created?: { email: string; url: string; expiresAt: string }; emailError?: string; email?: string; error?: string } = {},
  status: 200 | 201 | 400 | 409 = 200,
) {
  const { users, invites } = await listTeam({ ctx: c.get("ctx") });
  c.status(status);
  return c.render(<TeamPage users={users} invites={invites} {...extra} />, { title: "Team" });
}

export const showTeam = (c: SignedInContext) => renderTeam(c);

const InviteForm = z.object({
  email: z.email("Enter an e-mail address.").max(254, "At most 254 characters."),
  role: z.enum(DASHBOARD_ROLES),
});

/** The link is shown in this response only; the owner passes it on (the service sends no e-mail). */
export async function inviteTeammate(c: SignedInContext) {
  const form = await formFields(c);
  const parsed = InviteForm.safeParse({ ...form, email: form.email?.trim() });
  if (!parsed.success) return renderTeam(c, { email: form.email, emailError: fieldErrors(parsed.error).email ?? "Choose a role." }, 400);
  try {
    const { invite, url } = await createInvite({
      ctx: c.get("ctx"),
      input: { ...parsed.data, invitedBy: c.get("session"), origin: requestOrigin(c) },
    });
    return await renderTeam(c, { created: { email: invite.email, url, expiresAt: invite.expiresAt } }, 201);
  } catch (error) {
    if (error instanceof ApiError && error.slug === "conflict") return renderTeam(c, { email: form.email, emailError: error.message }, 409);
    throw error;
  }
}

export async function withdrawInvite(c: SignedInContext) {
  await revokeInvite({
    ctx: c.get("ctx"),
    input: { session: c.get("session"), inviteId: c.req.param("inviteId") ?? "", origin: requestOrigin(c) },
  });
  return c.redirect("/dashboard/team?notice=invite-revoked", 303);
}

export async function removeTeammate(c: SignedInContext) {
  try {
    await removeUser({
      ctx: c.get("ctx"),
      input: { session: c.get("session"), userId: c.req.param("userId") ?? "", origin: requestOrigin(c) },
    });
  } catch (error) {
    if (error instanceof ApiError && error.slug === "conflict") return renderTeam(c, { error: error.message }, 409);
    throw error;
  }
  return c.redirect("/dashboard/team?notice=user-removed", 303);
}

export async function showAccount(c: SignedInContext) {
  const sessions = await listSessions({ ctx: c.get("ctx"), input: { session: c.get("session") } });
  return c.render(<AccountPage sessions={sessions} />, { title: "Your sessions" });
}

export async function endSession(c: SignedInContext) {
  const sessionId = c.req.param("sessionId") ?? "";
  await revokeSessions({ ctx: c.get("ctx"), input: { session: c.get("session"), sessionId, origin: requestOrigin(c) } });
  return c.redirect("/dashboard/account?notice=session-revoked", 303);
}

export async function endOtherSessions(c: SignedInContext) {
  await revokeSessions({ ctx: c.get("ctx"), input: { session: c.get("session"), origin: requestOrigin(c) } });
  return c.redirect("/dashboard/account?notice=sessions-revoked", 303);
}
