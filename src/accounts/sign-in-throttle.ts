import { and, eq, gt, sql } from "drizzle-orm";

import { sha256Hex } from "../lib/crypto";
import type { RootContext } from "../platform/context";
import { dashboardSignInFailures } from "./accounts.schema";

export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

export type ThrottleKeys = { account: string; address: string };

/** Keyed by the e-mail as typed (hashed), so an address that has no account is throttled exactly like one that has. */
export async function throttleKeys(email: string, ipAddress: string): Promise<ThrottleKeys> {
  return { account: `account:${await sha256Hex(email)}`, address: `address:${ipAddress}` };
}

/** One attempt more for the key, returning its count: a window that has ended starts again at one. */
function countOne(ctx: Pick<RootContext, "control" | "clock">, key: string) {
  const now = ctx.clock.nowIso();
  const windowOpenedAfter = new Date(ctx.clock.nowMs() - THROTTLE_WINDOW_MS).toISOString();
  const expired = sql`${dashboardSignInFailures.windowStartedAt} <= ${windowOpenedAfter}`;
  return ctx.control
    .insert(dashboardSignInFailures)
    .values({ throttleKey: key, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: dashboardSignInFailures.throttleKey,
      set: {
        failures: sql`CASE WHEN ${expired} THEN 1 ELSE ${dashboardSignInFailures.failures} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${expired} THEN ${now} ELSE ${dashboardSignInFailures.windowStartedAt} END`,
      },
    })
    .returning({ failures: dashboardSignInFailures.failures, windowStartedAt: dashboardSignInFailures.windowStartedAt });
}

/**
 * Counts an attempt on the account and the address before its password is checked, and says until when they are
 * refused (null: this attempt may be checked). Counting first, in one upsert per key, is what stops simultaneous
 * attempts from all reading a count under the limit.
 */
export async function countAttempt(ctx: Pick<RootContext, "control" | "clock">, keys: ThrottleKeys): Promise<Date | null> {
  const [[account], [address]] = await ctx.control.batch([countOne(ctx, keys.account), countOne(ctx, keys.address)]);
  const blocking = [
    account!.failures > MAX_FAILURES_PER_ACCOUNT ? account!.windowStartedAt : null,
    address!.failures > MAX_FAILURES_PER_ADDRESS ? address!.windowStartedAt : null,
  ].filter((start) => start !== null);
  if (blocking.length === 0) return null;
  return new Date(Date.parse(blocking.sort().at(-1)!) + THROTTLE_WINDOW_MS);
}

/** Takes back an attempt whose password was right, so that only failures count towards the limits. */
export function withdrawAttempt(ctx: Pick<RootContext, "control">, key: string) {
  return ctx.control
    .update(dashboardSignInFailures)
    .set({ failures: sql`${dashboardSignInFailures.failures} - 1` })
    .where(and(eq(dashboardSignInFailures.throttleKey, key), gt(dashboardSignInFailures.failures, 0)));
}

export function forgetFailures(ctx: Pick<RootContext, "control">, key: string) {
  return ctx.control.delete(dashboardSignInFailures).where(eq(dashboardSignInFailures.throttleKey, key));
}
