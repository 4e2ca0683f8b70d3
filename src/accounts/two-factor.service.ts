import { and, count, eq, isNotNull, isNull } from "drizzle-orm";

import { randomBytes } from "../lib/crypto";
import { newId } from "../lib/ids";
import type { RootContext } from "../platform/context";
import { dashboardRecoveryCodes, dashboardTotpFactors } from "./accounts.schema";
import { sessionAuditStatement } from "./audit.service";
import type { RequestOrigin } from "./request-meta";
import { matchSecondFactor, newRecoveryCode, openTotpSecret, recoveryCodeHash, sealTotpSecret } from "./second-factor";
import { confirmPassword, type SignedInSession } from "./sessions.service";
import { countAttempt, throttleKeys, withdrawAttempt } from "./sign-in-throttle";
import { base32Decode, base32Encode, matchTotp, otpauthUri, TOTP_SECRET_BYTES } from "./totp";

export const RECOVERY_CODE_COUNT = 10;
const ISSUER = "Payment Connect";

export type TwoFactorStatus = { state: "off" | "pending" | "on"; enabledAt: string | null; recoveryCodesLeft: number };

/** What the security page shows: whether an authenticator is on (or waiting for its first code), and the recovery codes left. */
export async function twoFactorStatus({
  ctx,
  input: { userId },
}: {
  ctx: RootContext;
  input: { userId: string };
}): Promise<TwoFactorStatus> {
  const [[factor], [codes]] = await ctx.control.batch([
    ctx.control
      .select({ enabledAt: dashboardTotpFactors.enabledAt })
      .from(dashboardTotpFactors)
      .where(eq(dashboardTotpFactors.userId, userId)),
    ctx.control
      .select({ left: count() })
      .from(dashboardRecoveryCodes)
      .where(and(eq(dashboardRecoveryCodes.userId, userId), isNull(dashboardRecoveryCodes.usedAt))),
  ]);
  if (!factor) return { state: "off", enabledAt: null, recoveryCodesLeft: 0 };
  return {
    state: factor.enabledAt ? "on" : "pending",
    enabledAt: factor.enabledAt,
    recoveryCodesLeft: factor.enabledAt ? (codes?.left ?? 0) : 0,
  };
}

/** The secret as an authenticator app takes it: typed in (base32) or read from the `otpauth://` URI. */
export type Enrolment = { secret: string; uri: string };

const enrolmentOf = (session: SignedInSession, secret: string): Enrolment => ({
  secret,
  uri: otpauthUri({ secret, account: session.email, issuer: ISSUER }),
});

/**
 * Starts turning the authenticator on, after the password again (throttled like sign-in): a new secret, sealed at rest,
 * not yet asked for at sign-in. Starting again replaces a secret that was never confirmed; one that is on stays.
 */
export async function startTotpEnrolment({
  ctx,
  input: { session, password, origin },
}: {
  ctx: RootContext;
  input: { session: SignedInSession; password: string; origin: RequestOrigin };
}): Promise<{ outcome: "started"; enrolment: Enrolment } | { outcome: "refused" | "throttled" | "already-on" }> {
  const checked = await confirmPassword({ ctx, input: { session, password, origin } });
  if (checked !== "confirmed") return { outcome: checked };
  const secret = base32Encode(randomBytes(TOTP_SECRET_BYTES));
  const secretSealed = await sealTotpSecret(ctx.env, session.userId, secret);
  const now = ctx.clock.nowIso();
  const written = await ctx.control
    .insert(dashboardTotpFactors)
    .values({ userId: session.userId, secretSealed, createdAt: now, enabledAt: null, lastUsedStep: 0 })
    .onConflictDoUpdate({
      target: dashboardTotpFactors.userId,
      set: { secretSealed, createdAt: now, lastUsedStep: 0 },
      setWhere: isNull(dashboardTotpFactors.enabledAt),
    })
    .returning({ userId: dashboardTotpFactors.userId });
  if (written.length === 0) return { outcome: "already-on" };
  return { outcome: "started", enrolment: enrolmentOf(session, secret) };
}

/**
 * Turns the authenticator on with its first code, and answers the recovery codes — shown this once; only their keyed
 * hashes are kept. A wrong code leaves it off and answers the enrolment again, to try once more.
 */
export async function confirmTotpEnrolment({
  ctx,
  input: { session, code, origin },
}: {
  ctx: RootContext;
  input: { session: SignedInSession; code: string; origin: RequestOrigin };
}): Promise<
  { outcome: "enabled"; recoveryCodes: string[] } | { outcome: "wrong-code"; enrolment: Enrolment } | { outcome: "no-enrolment" }
> {
  const pending = and(eq(dashboardTotpFactors.userId, session.userId), isNull(dashboardTotpFactors.enabledAt));
  const factor = await ctx.control.select().from(dashboardTotpFactors).where(pending).get();
  if (!factor) return { outcome: "no-enrolment" };
  const secret = await openTotpSecret(ctx.env, session.userId, factor.secretSealed);
  const step = await matchTotp(base32Decode(secret), code.replace(/\s/g, ""), ctx.clock.nowMs(), 0);
  if (typeof step !== "number") return { outcome: "wrong-code", enrolment: enrolmentOf(session, secret) };
  const now = ctx.clock.nowIso();
  // The secret confirmed is the one the code was checked against: a restart in between leaves it off.
  const enabled = await ctx.control
    .update(dashboardTotpFactors)
    .set({ enabledAt: now, lastUsedStep: step })
    .where(and(pending, eq(dashboardTotpFactors.secretSealed, factor.secretSealed)))
    .returning({ userId: dashboardTotpFactors.userId });
  if (enabled.length === 0) return { outcome: "no-enrolment" };
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const rows = await Promise.all(
    recoveryCodes.map(async (recoveryCode) => ({
      id: newId("rcc"),
      userId: session.userId,
      codeHash: await recoveryCodeHash(ctx.env, session.userId, recoveryCode),
      createdAt: now,
      usedAt: null,
    })),
  );
  await ctx.control.batch([
    ctx.control.delete(dashboardRecoveryCodes).where(eq(dashboardRecoveryCodes.userId, session.userId)),
    ctx.control.insert(dashboardRecoveryCodes).values(rows),
    sessionAuditStatement(ctx, session, {
      action: "two_factor.enabled",
      target: `authenticator, ${RECOVERY_CODE_COUNT} recovery codes`,
      origin,
    }),
  ]);
  return { outcome: "enabled", recoveryCodes };
}

/**
 * Turns the authenticator off: the password and a code (the authenticator's or a recovery code), each attempt counted
 * against the sign-in throttle, so a borrowed session can neither guess its way in nor quietly switch it off.
 */
export async function disableTotp({
  ctx,
  input: { session, password, code, origin },
}: {
  ctx: RootContext;
  input: { session: SignedInSession; password: string; code: string; origin: RequestOrigin };
}): Promise<"disabled" | "refused" | "wrong-code" | "code-used" | "throttled" | "not-on"> {
  const checked = await confirmPassword({ ctx, input: { session, password, origin } });
  if (checked !== "confirmed") return checked;
  const on = await ctx.control
    .select({ userId: dashboardTotpFactors.userId })
    .from(dashboardTotpFactors)
    .where(and(eq(dashboardTotpFactors.userId, session.userId), isNotNull(dashboardTotpFactors.enabledAt)))
    .get();
  if (!on) return "not-on";
  const keys = await throttleKeys(session.email, origin.ipAddress);
  if (await countAttempt(ctx, keys)) return "throttled";
  const use = await matchSecondFactor(ctx, { id: session.userId }, code.slice(0, 64));
  if (use === "used") return "code-used";
  if (!use) return "wrong-code";
  const [spent] = (await ctx.control.batch([use.spend, withdrawAttempt(ctx, keys.account), withdrawAttempt(ctx, keys.address)])) as [
    unknown[],
    ...unknown[],
  ];
  if (spent.length !== 1) return "code-used";
  await ctx.control.batch([
    ctx.control.delete(dashboardTotpFactors).where(eq(dashboardTotpFactors.userId, session.userId)),
    ctx.control.delete(dashboardRecoveryCodes).where(eq(dashboardRecoveryCodes.userId, session.userId)),
    sessionAuditStatement(ctx, session, { action: "two_factor.disabled", target: `confirmed with ${use.kind}`, origin }),
  ]);
  return "disabled";
}
