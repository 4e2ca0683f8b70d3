import { and, eq, gt, isNotNull, isNull, lt } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";

import { base64Url, configuredHmacKey, hmacSha256Hex, openSecret, randomBytes, sealingKey, sealSecret, sha256Hex } from "../lib/crypto";
import { newId } from "../lib/ids";
import type { RootContext } from "../platform/context";
import { dashboardPendingSignIns, dashboardRecoveryCodes, dashboardTotpFactors, type UserRecord } from "./accounts.schema";
import { base32Decode, matchTotp } from "./totp";

/** How long the code step of a sign-in waits after the right password: enough to open the app, not to linger. */
export const PENDING_SIGN_IN_MS = 5 * 60_000;

// Authenticator secrets are sealed under their own key, derived from the key material callback secrets use.
const PURPOSE = "payment-connect dashboard authenticator secrets v1";

function totpSecretsKey(env: Pick<Env, "CALLBACK_SECRETS_KEY">): Promise<CryptoKey> {
  const material = env.CALLBACK_SECRETS_KEY;
  if (!material) throw new Error("CALLBACK_SECRETS_KEY is not set; authenticator secrets cannot be stored or read.");
  return sealingKey(material, PURPOSE);
}

// The ciphertext opens only on its own user's row.
const associatedData = (userId: string) => `totp/${userId}`;

export async function sealTotpSecret(env: Pick<Env, "CALLBACK_SECRETS_KEY">, userId: string, secretBase32: string): Promise<string> {
  return sealSecret(await totpSecretsKey(env), associatedData(userId), secretBase32);
}

export async function openTotpSecret(env: Pick<Env, "CALLBACK_SECRETS_KEY">, userId: string, sealed: string): Promise<string> {
  return openSecret(await totpSecretsKey(env), associatedData(userId), sealed);
}

const RECOVERY_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

/** `xxxxx-xxxxx` from an alphabet without look-alikes (no l, o, 0, 1): 50 random bits, easy to copy by hand. */
export function newRecoveryCode(): string {
  const chars = Array.from(randomBytes(10), (byte) => RECOVERY_ALPHABET[byte & 31]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** A recovery code as typed (any case, spaces or dash) in the one form it is stored by. */
const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");

/** Keyed by the pepper and the user: a leaked table cannot be brute-forced offline, nor a hash moved to another user. */
export async function recoveryCodeHash(env: Pick<Env, "KEY_PEPPER">, userId: string, code: string): Promise<string> {
  return hmacSha256Hex(await configuredHmacKey(env.KEY_PEPPER), `dashboard-recovery-code\n${userId}\n${normalizeRecoveryCode(code)}`);
}

/** The pending sign-in after a right password: a random token for the browser, its hash stored, batched with `also`. */
export async function beginSecondStep(
  ctx: Pick<RootContext, "control" | "clock">,
  userId: string,
  also: BatchItem<"sqlite">[],
): Promise<string> {
  const token = base64Url(randomBytes(32));
  const now = ctx.clock.nowMs();
  await ctx.control.batch([
    ctx.control.insert(dashboardPendingSignIns).values({
      id: newId("psi"),
      tokenHash: await sha256Hex(token),
      userId,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + PENDING_SIGN_IN_MS).toISOString(),
      usedAt: null,
    }),
    ...also,
  ]);
  return token;
}

/** The pending sign-in a token names while it can still be completed, or null (used, expired, unknown). */
export async function findPendingSignIn(ctx: Pick<RootContext, "control" | "clock">, token: string) {
  const pending = await ctx.control
    .select()
    .from(dashboardPendingSignIns)
    .where(
      and(
        eq(dashboardPendingSignIns.tokenHash, await sha256Hex(token)),
        isNull(dashboardPendingSignIns.usedAt),
        gt(dashboardPendingSignIns.expiresAt, ctx.clock.nowIso()),
      ),
    )
    .get();
  return pending ?? null;
}

export type SecondFactorUse = { kind: "authenticator" | "recovery code"; spend: BatchItem<"sqlite"> };

/**
 * Checks a code against the user's authenticator (six digits) or their unused recovery codes (anything else). A match
 * comes with the statement that spends it — the authenticator's step moved on, or the recovery code marked used — each
 * conditional on not being spent already, so a code raced twice works once: whoever runs it and sees no row changed lost.
 * An authenticator code already spent answers "used": the person waits for the next one rather than retyping it.
 */
export async function matchSecondFactor(
  ctx: Pick<RootContext, "control" | "clock" | "env">,
  user: Pick<UserRecord, "id">,
  code: string,
): Promise<SecondFactorUse | "used" | null> {
  const typed = code.replace(/\s/g, "");
  if (/^\d{6}$/.test(typed)) {
    const factor = await ctx.control
      .select()
      .from(dashboardTotpFactors)
      .where(and(eq(dashboardTotpFactors.userId, user.id), isNotNull(dashboardTotpFactors.enabledAt)))
      .get();
    if (!factor) return null;
    const secret = base32Decode(await openTotpSecret(ctx.env, user.id, factor.secretSealed));
    const step = await matchTotp(secret, typed, ctx.clock.nowMs(), factor.lastUsedStep);
    if (typeof step !== "number") return step;
    return {
      kind: "authenticator",
      spend: ctx.control
        .update(dashboardTotpFactors)
        .set({ lastUsedStep: step })
        .where(and(eq(dashboardTotpFactors.userId, user.id), lt(dashboardTotpFactors.lastUsedStep, step)))
        .returning({ userId: dashboardTotpFactors.userId }),
    };
  }
  const codeHash = await recoveryCodeHash(ctx.env, user.id, typed);
  const unused = and(
    eq(dashboardRecoveryCodes.userId, user.id),
    eq(dashboardRecoveryCodes.codeHash, codeHash),
    isNull(dashboardRecoveryCodes.usedAt),
  );
  const found = await ctx.control
    .select({ usedAt: dashboardRecoveryCodes.usedAt })
    .from(dashboardRecoveryCodes)
    .where(and(eq(dashboardRecoveryCodes.userId, user.id), eq(dashboardRecoveryCodes.codeHash, codeHash)))
    .get();
  if (!found) return null;
  if (found.usedAt !== null) return "used";
  return {
    kind: "recovery code",
    spend: ctx.control
      .update(dashboardRecoveryCodes)
      .set({ usedAt: ctx.clock.nowIso() })
      .where(unused)
      .returning({ userId: dashboardRecoveryCodes.userId }),
  };
}

/** Ends the user's sign-ins still waiting for a code: a new password means the old one opened nothing still open. */
export function endPendingSignIns(ctx: Pick<RootContext, "control" | "clock">, userId: string) {
  return ctx.control
    .update(dashboardPendingSignIns)
    .set({ usedAt: ctx.clock.nowIso() })
    .where(and(eq(dashboardPendingSignIns.userId, userId), isNull(dashboardPendingSignIns.usedAt)));
}
