import { and, asc, desc, eq, getTableColumns, gt, isNull, type SQL, sql } from "drizzle-orm";

import { insertSelectFields } from "../db/insert-select";
import { tenants } from "../db/tenants.schema";
import { base64Url, randomBytes, sha256Hex } from "../lib/crypto";
import { newId } from "../lib/ids";
import { ApiError } from "../lib/problem";
import { publicUrl, type RootContext, type TenantContext } from "../platform/context";
import { getTenant } from "../tenants";
import {
  dashboardInvites,
  type DashboardRole,
  dashboardSessions,
  dashboardUsers,
  type InviteRecord,
  type UserRecord,
} from "./accounts.schema";
import { auditStatement, OPERATOR_ACTOR, sessionAuditStatement } from "./audit.service";
import { hashPassword } from "./passwords";
import type { RequestOrigin } from "./request-meta";
import { normalizeEmail, type SignedInSession } from "./sessions.service";

/** How long an invitation link works: long enough to reach someone over a weekend, short enough not to linger. */
export const INVITE_LIFETIME_MS = 72 * 3600_000;

export const inviteUrl = (ctx: Pick<RootContext, "publicOrigin">, token: string) => publicUrl(ctx, `/dashboard/invite/${token}`);

/**
 * A one-time invitation to the context's tenant (the operator's for the first owner, an owner's for a teammate). The
 * link carries a random token shown only here; the table keeps its SHA-256. The operator may also invite an existing
 * user: the link then sets a new password.
 */
export async function createInvite({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { email: string; role: DashboardRole; invitedBy: SignedInSession | null; origin: RequestOrigin };
}): Promise<{ invite: InviteRecord; url: string }> {
  const tenantId = ctx.tenant.id;
  await getTenant({ ctx });
  const email = normalizeEmail(input.email);
  const member = await ctx.control
    .select({ id: dashboardUsers.id, role: dashboardUsers.role })
    .from(dashboardUsers)
    .where(and(eq(dashboardUsers.tenantId, tenantId), eq(dashboardUsers.email, email), isNull(dashboardUsers.removedAt)))
    .get();
  // From the operator, an existing user's e-mail is how a locked-out owner gets a new password; an owner just sees them listed.
  if (member && input.invitedBy) throw new ApiError("conflict", `${email} already belongs to this tenant's dashboard.`);
  const token = base64Url(randomBytes(32));
  const now = ctx.clock.nowMs();
  const invite: InviteRecord = {
    id: newId("inv"),
    tenantId,
    email,
    // A password reset keeps the user's role: the operator's invitation makes owners, not promotions.
    role: member?.role ?? input.role,
    tokenHash: await sha256Hex(token),
    invitedBy: input.invitedBy?.userId ?? null,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + INVITE_LIFETIME_MS).toISOString(),
    acceptedAt: null,
    revokedAt: null,
  };
  const actor = input.invitedBy ? { userId: input.invitedBy.userId, email: input.invitedBy.email } : OPERATOR_ACTOR;
  await ctx.control.batch([
    ctx.control.insert(dashboardInvites).values(invite),
    auditStatement(ctx, {
      tenantId,
      actor,
      action: "invite.created",
      target: `${email} (${invite.role})`,
      origin: input.origin,
    }),
  ]);
  return { invite, url: inviteUrl(ctx, token) };
}

/**
 * The invitation a link names, with the name of the tenant it joins, while it can still be accepted; every other case
 * (used, withdrawn, expired, unknown) is null.
 */
export async function findOpenInvite({
  ctx,
  input: { token },
}: {
  ctx: RootContext;
  input: { token: string };
}): Promise<(InviteRecord & { tenantName: string }) | null> {
  const invite = await ctx.control
    .select({ ...getTableColumns(dashboardInvites), tenantName: tenants.name })
    .from(dashboardInvites)
    .innerJoin(tenants, eq(tenants.id, dashboardInvites.tenantId))
    .where(
      and(
        eq(dashboardInvites.tokenHash, await sha256Hex(token)),
        isNull(dashboardInvites.acceptedAt),
        isNull(dashboardInvites.revokedAt),
        gt(dashboardInvites.expiresAt, ctx.clock.nowIso()),
      ),
    )
    .get();
  return invite ?? null;
}

/**
 * Creates the invited user with the password they chose. One batch both creates the user and spends the invitation,
 * each conditional on the invitation still being open, so a link works once even when submitted twice at once.
 */
export async function acceptInvite({
  ctx,
  input,
}: {
  ctx: RootContext;
  input: { token: string; name: string; password: string; origin: RequestOrigin };
}): Promise<"accepted" | "unusable"> {
  const invite = await findOpenInvite({ ctx, input: { token: input.token } });
  if (!invite) return "unusable";
  const existing = await ctx.control
    .select()
    .from(dashboardUsers)
    .where(and(eq(dashboardUsers.email, invite.email), isNull(dashboardUsers.removedAt)))
    .get();
  if (existing && existing.tenantId !== invite.tenantId) return "unusable";
  const now = ctx.clock.nowIso();
  const stillOpen = and(
    eq(dashboardInvites.id, invite.id),
    isNull(dashboardInvites.acceptedAt),
    isNull(dashboardInvites.revokedAt),
    gt(dashboardInvites.expiresAt, now),
  );
  const passwordHash = await hashPassword(input.password);
  if (existing) return resetPassword(ctx, { invite, user: existing, name: input.name, passwordHash, stillOpen, origin: input.origin });
  const userId = newId("usr");
  const [created] = await ctx.control.batch([
    ctx.control
      .insert(dashboardUsers)
      .select(
        ctx.control
          .select(
            insertSelectFields(dashboardUsers, {
              id: userId,
              tenantId: dashboardInvites.tenantId,
              email: dashboardInvites.email,
              name: input.name,
              role: dashboardInvites.role,
              passwordHash,
              createdAt: now,
              updatedAt: now,
            }),
          )
          .from(dashboardInvites)
          .where(stillOpen),
      )
      .returning({ id: dashboardUsers.id }),
    ctx.control.update(dashboardInvites).set({ acceptedAt: now }).where(stillOpen),
    auditStatement(ctx, {
      tenantId: invite.tenantId,
      actor: { userId, email: invite.email },
      action: "invite.accepted",
      target: invite.role,
      origin: input.origin,
    }),
  ]);
  return created.length === 1 ? "accepted" : "unusable";
}

/**
 * An invitation to an existing user's e-mail: a new password, every old session ended, in one batch with spending the
 * link. The role stays the user's, whatever the invitation said when it was made.
 */
async function resetPassword(
  ctx: RootContext,
  input: { invite: InviteRecord; user: UserRecord; name: string; passwordHash: string; stillOpen: SQL | undefined; origin: RequestOrigin },
): Promise<"accepted" | "unusable"> {
  const now = ctx.clock.nowIso();
  const linkOpen = sql`EXISTS (SELECT 1 FROM ${dashboardInvites} WHERE ${input.stillOpen})`;
  const [updated] = await ctx.control.batch([
    ctx.control
      .update(dashboardUsers)
      .set({ name: input.name, passwordHash: input.passwordHash, updatedAt: now })
      .where(and(eq(dashboardUsers.id, input.user.id), linkOpen))
      .returning({ id: dashboardUsers.id }),
    ctx.control
      .update(dashboardSessions)
      .set({ revokedAt: now })
      .where(and(eq(dashboardSessions.userId, input.user.id), isNull(dashboardSessions.revokedAt), linkOpen)),
    ctx.control.update(dashboardInvites).set({ acceptedAt: now }).where(input.stillOpen),
    auditStatement(ctx, {
      tenantId: input.user.tenantId,
      actor: { userId: input.user.id, email: input.user.email },
      action: "invite.accepted",
      target: `${input.user.role}, new password`,
      origin: input.origin,
    }),
  ]);
  return updated.length === 1 ? "accepted" : "unusable";
}

/** The tenant's users and its invitations still open. */
export async function listTeam({ ctx }: { ctx: TenantContext }) {
  const tenantId = ctx.tenant.id;
  const [users, invites] = await ctx.control.batch([
    ctx.control
      .select()
      .from(dashboardUsers)
      .where(and(eq(dashboardUsers.tenantId, tenantId), isNull(dashboardUsers.removedAt)))
      .orderBy(asc(dashboardUsers.createdAt)),
    ctx.control
      .select()
      .from(dashboardInvites)
      .where(
        and(
          eq(dashboardInvites.tenantId, tenantId),
          isNull(dashboardInvites.acceptedAt),
          isNull(dashboardInvites.revokedAt),
          gt(dashboardInvites.expiresAt, ctx.clock.nowIso()),
        ),
      )
      .orderBy(desc(dashboardInvites.createdAt)),
  ]);
  return { users, invites };
}

/** Withdraws an open invitation of the owner's own tenant; another tenant's is a 404 like a missing one. */
export async function revokeInvite({
  ctx,
  input: { session, inviteId, origin },
}: {
  ctx: RootContext;
  input: { session: SignedInSession; inviteId: string; origin: RequestOrigin };
}): Promise<void> {
  const invite = await ctx.control
    .select()
    .from(dashboardInvites)
    .where(and(eq(dashboardInvites.id, inviteId), eq(dashboardInvites.tenantId, session.tenantId), isNull(dashboardInvites.acceptedAt)))
    .get();
  if (!invite) throw new ApiError("not-found", `No open invitation ${inviteId}.`);
  await ctx.control.batch([
    ctx.control.update(dashboardInvites).set({ revokedAt: ctx.clock.nowIso() }).where(eq(dashboardInvites.id, inviteId)),
    sessionAuditStatement(ctx, session, { action: "invite.revoked", target: invite.email, origin }),
  ]);
}

/** Removes a teammate and ends their sessions at once; owners cannot remove themselves, so a tenant keeps an owner. */
export async function removeUser({
  ctx,
  input: { session, userId, origin },
}: {
  ctx: RootContext;
  input: { session: SignedInSession; userId: string; origin: RequestOrigin };
}): Promise<void> {
  const user = await ctx.control
    .select()
    .from(dashboardUsers)
    .where(and(eq(dashboardUsers.id, userId), eq(dashboardUsers.tenantId, session.tenantId), isNull(dashboardUsers.removedAt)))
    .get();
  if (!user) throw new ApiError("not-found", `No user ${userId}.`);
  if (user.id === session.userId) throw new ApiError("conflict", "You cannot remove yourself.");
  const now = ctx.clock.nowIso();
  await ctx.control.batch([
    ctx.control.update(dashboardUsers).set({ removedAt: now, updatedAt: now }).where(eq(dashboardUsers.id, userId)),
    ctx.control
      .update(dashboardSessions)
      .set({ revokedAt: now })
      .where(and(eq(dashboardSessions.userId, userId), isNull(dashboardSessions.revokedAt))),
    sessionAuditStatement(ctx, session, { action: "user.removed", target: user.email, origin }),
  ]);
}
