import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";

import { insertSelectFields } from "../db/insert-select";
import { base64Url, randomBytes, sha256Hex } from "../lib/crypto";
import { newId } from "../lib/ids";
import { ApiError } from "../lib/problem";
import { publicUrl, type RootContext, type TenantContext } from "../platform/context";
import { getTenant } from "../tenants";
import { dashboardPasswordResets, dashboardSessions, dashboardUsers, type PasswordResetRecord, type UserRecord } from "./accounts.schema";
import { dashboardAuditLog } from "./audit.schema";
import { type AuditAction, auditStatement, sessionAuditStatement } from "./audit.service";
import { hashPassword } from "./passwords";
import type { RequestOrigin } from "./request-meta";
import { endPendingSignIns } from "./second-factor";
import { confirmPassword, normalizeEmail, type SignedInSession } from "./sessions.service";
import { forgetFailures, throttleKeys } from "./sign-in-throttle";
import { INVITE_LIFETIME_MS } from "./users.service";

/** A reset link lasts as long as an invitation: the operator hands both over the same way. */
export const RESET_LIFETIME_MS = INVITE_LIFETIME_MS;

/**
 * A signed-in person's new password: the current one first (counted against the sign-in throttle, so a borrowed
 * session cannot guess it), then the new hash, every other session of theirs ended and the change audited, in one batch.
 */
export async function changePassword({
  ctx,
  input: { session, currentPassword, newPassword, origin },
}: {
  ctx: RootContext;
  input: { session: SignedInSession; currentPassword: string; newPassword: string; origin: RequestOrigin };
}): Promise<"changed" | "refused" | "throttled"> {
  const checked = await confirmPassword({ ctx, input: { session, password: currentPassword, origin } });
  if (checked !== "confirmed") return checked;
  const passwordHash = await hashPassword(newPassword);
  const now = ctx.clock.nowIso();
  await ctx.control.batch([
    ctx.control.update(dashboardUsers).set({ passwordHash, updatedAt: now }).where(eq(dashboardUsers.id, session.userId)),
    ctx.control
      .update(dashboardSessions)
      .set({ revokedAt: now })
      .where(
        and(eq(dashboardSessions.userId, session.userId), isNull(dashboardSessions.revokedAt), ne(dashboardSessions.id, session.sessionId)),
      ),
    endPendingSignIns(ctx, session.userId),
    sessionAuditStatement(ctx, session, { action: "password.changed", target: "other sessions ended", origin }),
  ]);
  return "changed";
}

export const resetUrl = (ctx: Pick<RootContext, "publicOrigin">, token: string) => publicUrl(ctx, `/dashboard/reset/${token}`);

/**
 * The operator's one-time link that lets a user of the tenant choose a new password (72 hours, like an invitation).
 * Only an existing user of that tenant gets one: an unknown e-mail, a removed user or another tenant's user is a 404,
 * so a mistyped e-mail never makes an account. The user's role is theirs; the link cannot change it.
 */
export async function createPasswordReset({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { email: string; origin: RequestOrigin };
}): Promise<{ reset: PasswordResetRecord; user: UserRecord; url: string }> {
  const tenantId = ctx.tenant.id;
  await getTenant({ ctx });
  const email = normalizeEmail(input.email);
  const user = await ctx.control
    .select()
    .from(dashboardUsers)
    .where(and(eq(dashboardUsers.tenantId, tenantId), eq(dashboardUsers.email, email), isNull(dashboardUsers.removedAt)))
    .get();
  if (!user) throw new ApiError("not-found", `No dashboard user ${email} in tenant ${tenantId}.`);
  const token = base64Url(randomBytes(32));
  const now = ctx.clock.nowMs();
  const reset: PasswordResetRecord = {
    id: newId("pwr"),
    tenantId,
    userId: user.id,
    tokenHash: await sha256Hex(token),
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + RESET_LIFETIME_MS).toISOString(),
    usedAt: null,
  };
  await ctx.control.batch([
    ctx.control.insert(dashboardPasswordResets).values(reset),
    auditStatement(ctx, {
      tenantId,
      actor: { userId: null, email: "operator" },
      action: "password_reset.issued",
      target: `${email} (${user.role})`,
      origin: input.origin,
    }),
  ]);
  return { reset, user, url: resetUrl(ctx, token) };
}

const openReset = (ctx: Pick<RootContext, "clock">) =>
  and(isNull(dashboardPasswordResets.usedAt), gt(dashboardPasswordResets.expiresAt, ctx.clock.nowIso()));

/** The reset a link names and its user, while it can be used; used, expired, unknown, or its user removed: null. */
export async function findOpenReset({
  ctx,
  input: { token },
}: {
  ctx: RootContext;
  input: { token: string };
}): Promise<{ reset: PasswordResetRecord; user: UserRecord } | null> {
  const found = await ctx.control
    .select({ reset: dashboardPasswordResets, user: dashboardUsers })
    .from(dashboardPasswordResets)
    .innerJoin(dashboardUsers, eq(dashboardUsers.id, dashboardPasswordResets.userId))
    .where(and(eq(dashboardPasswordResets.tokenHash, await sha256Hex(token)), openReset(ctx), isNull(dashboardUsers.removedAt)))
    .get();
  return found ?? null;
}

/**
 * Sets the new password and ends every session the user had, in one batch with spending the link — each statement
 * conditional on the link still being open, so it works once even when submitted twice at once. The account's sign-in
 * failures are forgotten: the person locked out by them can sign in at once.
 */
export async function usePasswordReset({
  ctx,
  input,
}: {
  ctx: RootContext;
  input: { token: string; password: string; origin: RequestOrigin };
}): Promise<"reset" | "unusable"> {
  const found = await findOpenReset({ ctx, input: { token: input.token } });
  if (!found) return "unusable";
  const { reset, user } = found;
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.nowIso();
  const stillOpen = and(eq(dashboardPasswordResets.id, reset.id), openReset(ctx));
  const linkOpen = sql`EXISTS (SELECT 1 FROM ${dashboardPasswordResets} WHERE ${stillOpen})`;
  // The audit row first, while the link is still open: of two submissions at once, only the one that used it is recorded.
  const [, updated] = await ctx.control.batch([
    ctx.control.insert(dashboardAuditLog).select(
      ctx.control
        .select(
          insertSelectFields(dashboardAuditLog, {
            id: newId("aud"),
            tenantId: user.tenantId,
            actorUserId: user.id,
            actorEmail: user.email,
            action: "password_reset.used" satisfies AuditAction,
            target: `${user.role}, every session ended`,
            ipAddress: input.origin.ipAddress,
            userAgent: input.origin.userAgent,
            createdAt: now,
          }),
        )
        .from(dashboardPasswordResets)
        .where(stillOpen),
    ),
    ctx.control
      .update(dashboardUsers)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(dashboardUsers.id, user.id), isNull(dashboardUsers.removedAt), linkOpen))
      .returning({ id: dashboardUsers.id }),
    ctx.control
      .update(dashboardSessions)
      .set({ revokedAt: now })
      .where(and(eq(dashboardSessions.userId, user.id), isNull(dashboardSessions.revokedAt), linkOpen)),
    forgetFailures(ctx, (await throttleKeys(user.email, input.origin.ipAddress)).account),
    endPendingSignIns(ctx, user.id),
    ctx.control.update(dashboardPasswordResets).set({ usedAt: now }).where(stillOpen),
  ]);
  return updated.length === 1 ? "reset" : "unusable";
}
