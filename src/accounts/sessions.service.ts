import { and, desc, eq, gt, isNull, lt, ne } from "drizzle-orm";

import { tenantMoving } from "../db/tenancy";
import { base64Url, randomBytes, sha256Hex } from "../lib/crypto";
import { newId } from "../lib/ids";
import { ApiError } from "../lib/problem";
import { placedShard, placementFields, placementOf } from "../placement/shards";
import { tenantMoves } from "../placement/tenant-moves.schema";
import { tenantShards } from "../placement/tenant-shards.schema";
import type { RootContext } from "../platform/context";
import {
  dashboardPendingSignIns,
  type DashboardRole,
  dashboardSessions,
  dashboardSignInFailures,
  dashboardTotpFactors,
  dashboardUsers,
  type SessionRecord,
  type UserRecord,
} from "./accounts.schema";
import { auditStatement, failedSignInStatement, sessionAuditStatement } from "./audit.service";
import { decoyPasswordHash, MAX_PASSWORD_LENGTH, verifyPassword } from "./passwords";
import type { RequestOrigin } from "./request-meta";
import { beginSecondStep, findPendingSignIn, matchSecondFactor } from "./second-factor";
import { countAttempt, forgetFailures, THROTTLE_WINDOW_MS, type ThrottleKeys, throttleKeys, withdrawAttempt } from "./sign-in-throttle";

/** A session ends after this long without a request, and in any case this long after sign-in. */
export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 3600_000;
// "Last seen" moves at most once a minute, so browsing costs a read per page, not a write.
const LAST_SEEN_RESOLUTION_MS = 60_000;
// Ended sessions are kept a day past their absolute end (the audit log keeps sign-ins for good).
const ENDED_SESSION_RETENTION_MS = 24 * 3600_000;

export type SignedInSession = {
  sessionId: string;
  tenantId: string;
  userId: string;
  email: string;
  name: string;
  role: DashboardRole;
  csrfToken: string;
  /** The D1 binding holding the tenant's data, from the control database's map (`DB` for a tenant from before shards). */
  shard: string;
};

export type SignInResult =
  | { outcome: "signed-in"; token: string; session: SignedInSession }
  | { outcome: "second-factor"; pendingToken: string }
  | { outcome: "refused" }
  | { outcome: "throttled"; retryAt: Date };

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const tokenHash = (token: string) => sha256Hex(token);

/**
 * Checks an e-mail and password. Every refusal looks alike — an unknown e-mail costs a decoy hash and counts against
 * the same throttle — so the answer never tells whether an account exists; while the account or the address is over
 * its limit even the right password is refused.
 */
export async function signIn({
  ctx,
  input,
}: {
  ctx: RootContext;
  input: { email: string; password: string; origin: RequestOrigin };
}): Promise<SignInResult> {
  const email = normalizeEmail(input.email);
  const keys = await throttleKeys(email, input.origin.ipAddress);
  const auditFailure = (target: string) => failedSignInStatement(ctx, { email, target, origin: input.origin });

  const retryAt = await countAttempt(ctx, keys);
  if (retryAt) {
    await auditFailure("throttled");
    return { outcome: "throttled", retryAt };
  }
  const found = await ctx.control
    .select({ user: dashboardUsers, shard: tenantShards.shard, secondFactorSince: dashboardTotpFactors.enabledAt })
    .from(dashboardUsers)
    .leftJoin(tenantShards, eq(tenantShards.tenantId, dashboardUsers.tenantId))
    .leftJoin(dashboardTotpFactors, eq(dashboardTotpFactors.userId, dashboardUsers.id))
    .where(and(eq(dashboardUsers.email, email), isNull(dashboardUsers.removedAt)))
    .get();
  const password = input.password.slice(0, MAX_PASSWORD_LENGTH);
  const matches = await verifyPassword(password, found?.user.passwordHash ?? (await decoyPasswordHash()));
  if (!found || !matches) {
    await auditFailure("wrong password");
    return { outcome: "refused" };
  }
  const { user, shard, secondFactorSince } = found;
  // With an authenticator on, the right password only opens the second step; the account's failures stand until the
  // code is right too, so knowing the password does not buy more guesses at the code.
  if (secondFactorSince) {
    const pendingToken = await beginSecondStep(ctx, user.id, [withdrawAttempt(ctx, keys.account), withdrawAttempt(ctx, keys.address)]);
    return { outcome: "second-factor", pendingToken };
  }
  return startSession(ctx, { user, shard: placedShard(shard), keys, origin: input.origin });
}

/**
 * A new session for a user whose credentials were just checked: the row, the account's failures forgotten, the
 * address's attempt taken back and the sign-in audited, in one batch.
 */
async function startSession(
  ctx: RootContext,
  input: { user: UserRecord; shard: string; keys: ThrottleKeys; origin: RequestOrigin; auditTarget?: string },
): Promise<SignInResult & { outcome: "signed-in" }> {
  const { user, keys } = input;
  const token = base64Url(randomBytes(32));
  const now = ctx.clock.nowMs();
  const session: SessionRecord = {
    id: newId("ses"),
    tokenHash: await tokenHash(token),
    userId: user.id,
    tenantId: user.tenantId,
    csrfToken: base64Url(randomBytes(32)),
    createdAt: new Date(now).toISOString(),
    lastSeenAt: new Date(now).toISOString(),
    expiresAt: new Date(now + SESSION_ABSOLUTE_MS).toISOString(),
    revokedAt: null,
    ...input.origin,
  };
  await ctx.control.batch([
    ctx.control.insert(dashboardSessions).values(session),
    forgetFailures(ctx, keys.account),
    withdrawAttempt(ctx, keys.address),
    auditStatement(ctx, {
      tenantId: user.tenantId,
      actor: { userId: user.id, email: user.email },
      action: "sign_in.succeeded",
      target: input.auditTarget ?? null,
      origin: input.origin,
    }),
  ]);
  return {
    outcome: "signed-in",
    token,
    session: {
      sessionId: session.id,
      tenantId: user.tenantId,
      userId: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      csrfToken: session.csrfToken,
      shard: input.shard,
    },
  };
}

export type SecondStepResult = Exclude<SignInResult, { outcome: "second-factor" }> | { outcome: "expired" } | { outcome: "code-used" };

/**
 * The sign-in's second step: the code of the user's authenticator, or one of their recovery codes, for the pending
 * sign-in the browser's token names. Each attempt counts against the same throttle as a password; the pending sign-in
 * and the code are spent together, each once, and only then is there a session.
 */
export async function completeSignIn({
  ctx,
  input,
}: {
  ctx: RootContext;
  input: { pendingToken: string; code: string; origin: RequestOrigin };
}): Promise<SecondStepResult> {
  const pending = await findPendingSignIn(ctx, input.pendingToken);
  if (!pending) return { outcome: "expired" };
  const found = await ctx.control
    .select({ user: dashboardUsers, shard: tenantShards.shard })
    .from(dashboardUsers)
    .leftJoin(tenantShards, eq(tenantShards.tenantId, dashboardUsers.tenantId))
    .where(and(eq(dashboardUsers.id, pending.userId), isNull(dashboardUsers.removedAt)))
    .get();
  if (!found) return { outcome: "expired" };
  const { user, shard } = found;
  const keys = await throttleKeys(user.email, input.origin.ipAddress);
  const auditFailure = (target: string) => failedSignInStatement(ctx, { email: user.email, target, origin: input.origin });

  const retryAt = await countAttempt(ctx, keys);
  if (retryAt) {
    await auditFailure("throttled");
    return { outcome: "throttled", retryAt };
  }
  const use = await matchSecondFactor(ctx, user, input.code.slice(0, 64));
  if (use === "used") {
    await auditFailure("code already used");
    return { outcome: "code-used" };
  }
  if (!use) {
    await auditFailure("wrong code");
    return { outcome: "refused" };
  }
  const [spent, claimed] = (await ctx.control.batch([
    use.spend,
    ctx.control
      .update(dashboardPendingSignIns)
      .set({ usedAt: ctx.clock.nowIso() })
      .where(
        and(
          eq(dashboardPendingSignIns.id, pending.id),
          isNull(dashboardPendingSignIns.usedAt),
          gt(dashboardPendingSignIns.expiresAt, ctx.clock.nowIso()),
        ),
      )
      .returning({ id: dashboardPendingSignIns.id }),
  ])) as [unknown[], unknown[]];
  if (spent.length !== 1 || claimed.length !== 1) {
    await auditFailure("code already used");
    return { outcome: spent.length !== 1 ? "code-used" : "refused" };
  }
  return startSession(ctx, {
    user,
    shard: placedShard(shard),
    keys,
    origin: input.origin,
    auditTarget: use.kind === "recovery code" ? "with a recovery code" : "with an authenticator code",
  });
}

/** The live session a cookie's token names, or null: revoked, idle too long, past its absolute end, or its user removed. */
export async function resolveSession({
  ctx,
  input: { token },
}: {
  ctx: RootContext;
  input: { token: string };
}): Promise<SignedInSession | null> {
  const now = ctx.clock.nowMs();
  const row = await ctx.control
    .select({ session: dashboardSessions, user: dashboardUsers, ...placementFields })
    .from(dashboardSessions)
    .innerJoin(dashboardUsers, eq(dashboardUsers.id, dashboardSessions.userId))
    .leftJoin(tenantShards, eq(tenantShards.tenantId, dashboardSessions.tenantId))
    .leftJoin(tenantMoves, eq(tenantMoves.tenantId, dashboardSessions.tenantId))
    .where(
      and(
        eq(dashboardSessions.tokenHash, await tokenHash(token)),
        isNull(dashboardSessions.revokedAt),
        isNull(dashboardUsers.removedAt),
        gt(dashboardSessions.expiresAt, new Date(now).toISOString()),
        gt(dashboardSessions.lastSeenAt, new Date(now - SESSION_IDLE_MS).toISOString()),
      ),
    )
    .get();
  if (!row) return null;
  // A move pausing the tenant's writes: the page is refused (503) rather than served from, or written to, the old shard.
  if (row.pausedAt !== null) throw tenantMoving(row.session.tenantId);
  if (Date.parse(row.session.lastSeenAt) <= now - LAST_SEEN_RESOLUTION_MS) {
    await ctx.control
      .update(dashboardSessions)
      .set({ lastSeenAt: new Date(now).toISOString() })
      .where(eq(dashboardSessions.id, row.session.id));
  }
  const { session, user } = row;
  return {
    sessionId: session.id,
    tenantId: session.tenantId,
    userId: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    csrfToken: session.csrfToken,
    shard: placementOf(row).shard,
  };
}

export async function signOut({ ctx, input }: { ctx: RootContext; input: { session: SignedInSession; origin: RequestOrigin } }) {
  const { session } = input;
  await ctx.control.batch([
    ctx.control.update(dashboardSessions).set({ revokedAt: ctx.clock.nowIso() }).where(eq(dashboardSessions.id, session.sessionId)),
    sessionAuditStatement(ctx, session, { action: "sign_out", origin: input.origin }),
  ]);
}

/** A user's sessions that are still live, newest first. */
export async function listSessions({ ctx, input: { session } }: { ctx: RootContext; input: { session: SignedInSession } }) {
  const now = ctx.clock.nowMs();
  return ctx.control
    .select()
    .from(dashboardSessions)
    .where(
      and(
        eq(dashboardSessions.userId, session.userId),
        isNull(dashboardSessions.revokedAt),
        gt(dashboardSessions.expiresAt, new Date(now).toISOString()),
        gt(dashboardSessions.lastSeenAt, new Date(now - SESSION_IDLE_MS).toISOString()),
      ),
    )
    .orderBy(desc(dashboardSessions.createdAt))
    .all();
}

/**
 * Ends one of the user's own sessions, or (`sessionId` omitted) every other one. A session of someone else is
 * indistinguishable from a missing one.
 */
export async function revokeSessions({
  ctx,
  input: { session, sessionId, origin },
}: {
  ctx: RootContext;
  input: { session: SignedInSession; sessionId?: string; origin: RequestOrigin };
}): Promise<void> {
  const ofUser = eq(dashboardSessions.userId, session.userId);
  if (sessionId) {
    const own = await ctx.control
      .select({ id: dashboardSessions.id })
      .from(dashboardSessions)
      .where(and(ofUser, eq(dashboardSessions.id, sessionId)))
      .get();
    if (!own) throw new ApiError("not-found", `No session ${sessionId}.`);
  }
  const target = sessionId ? eq(dashboardSessions.id, sessionId) : ne(dashboardSessions.id, session.sessionId);
  await ctx.control.batch([
    ctx.control
      .update(dashboardSessions)
      .set({ revokedAt: ctx.clock.nowIso() })
      .where(and(ofUser, isNull(dashboardSessions.revokedAt), target)),
    sessionAuditStatement(ctx, session, { action: "session.revoked", target: sessionId ?? "all other sessions", origin }),
  ]);
}

/**
 * Asks for the password again before something as sensitive as revealing a secret. Failures count against the
 * account's sign-in throttle, so a borrowed session cannot guess the password at leisure.
 */
export async function confirmPassword({
  ctx,
  input: { session, password, origin },
}: {
  ctx: RootContext;
  input: { session: SignedInSession; password: string; origin: RequestOrigin };
}): Promise<"confirmed" | "refused" | "throttled"> {
  const keys = await throttleKeys(session.email, origin.ipAddress);
  if (await countAttempt(ctx, keys)) return "throttled";
  const user = await ctx.control.select().from(dashboardUsers).where(eq(dashboardUsers.id, session.userId)).get();
  if (!user || !(await verifyPassword(password.slice(0, MAX_PASSWORD_LENGTH), user.passwordHash))) return "refused";
  await ctx.control.batch([withdrawAttempt(ctx, keys.account), withdrawAttempt(ctx, keys.address)]);
  return "confirmed";
}

/** Sessions long past their end and throttle windows that have closed are of no further use; the cron clears them. */
export async function purgeEndedSignInState({ ctx }: { ctx: Pick<RootContext, "control" | "clock"> }): Promise<void> {
  const now = ctx.clock.nowMs();
  await ctx.control.batch([
    ctx.control.delete(dashboardSessions).where(lt(dashboardSessions.expiresAt, new Date(now - ENDED_SESSION_RETENTION_MS).toISOString())),
    ctx.control
      .delete(dashboardSignInFailures)
      .where(lt(dashboardSignInFailures.windowStartedAt, new Date(now - THROTTLE_WINDOW_MS).toISOString())),
    ctx.control.delete(dashboardPendingSignIns).where(lt(dashboardPendingSignIns.expiresAt, new Date(now).toISOString())),
  ]);
}
