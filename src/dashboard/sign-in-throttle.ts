import { inArray, sql } from "drizzle-orm";
import type { AppContext } from "../platform/context";
import { sha256Hex } from "../lib/crypto";
import { dashboardSignInFailures } from "./dashboard.schema";

export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

export type ThrottleKeys = { account: string; address: string };

/** Keyed by the e-mail as typed (hashed), so an address that has no account is throttled exactly like one that has. */
export async function throttleKeys(email: string, ipAddress: string): Promise<ThrottleKeys> {
  return { account: `account:${await sha256Hex(email)}`, address: `address:${ipAddress}` };
}

/** When the account or the address may try again, or null if neither is over its limit in the current window. */
export async function blockedUntil(ctx: Pick<AppContext, "db" | "clock">, keys: ThrottleKeys): Promise<Date | null> {
  const windowOpenedAfter = new Date(ctx.clock.nowMs() - THROTTLE_WINDOW_MS).toISOString();
  const rows = await ctx.db
    .select()
    .from(dashboardSignInFailures)
    .where(inArray(dashboardSignInFailures.throttleKey, [keys.account, keys.address]))
    .all();
  const blocking = rows.filter(
    (row) =>
      row.windowStartedAt > windowOpenedAfter &&
      row.failures >= (row.throttleKey === keys.account ? MAX_FAILURES_PER_ACCOUNT : MAX_FAILURES_PER_ADDRESS),
  );
  if (blocking.length === 0) return null;
  const latestStart = blocking
    .map((row) => row.windowStartedAt)
    .sort()
    .at(-1)!;
  return new Date(Date.parse(latestStart) + THROTTLE_WINDOW_MS);
}

/** One failure more for the account and the address: a window that has ended starts again at one. */
export function countFailure(ctx: Pick<AppContext, "db" | "clock">, key: string) {
  const now = ctx.clock.nowIso();
  const windowOpenedAfter = new Date(ctx.clock.nowMs() - THROTTLE_WINDOW_MS).toISOString();
  const expired = sql`${dashboardSignInFailures.windowStartedAt} <= ${windowOpenedAfter}`;
  return ctx.db
    .insert(dashboardSignInFailures)
    .values({ throttleKey: key, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: dashboardSignInFailures.throttleKey,
      set: {
        failures: sql`CASE WHEN ${expired} THEN 1 ELSE ${dashboardSignInFailures.failures} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${expired} THEN ${now} ELSE ${dashboardSignInFailures.windowStartedAt} END`,
      },
    });
}

export function forgetFailures(ctx: Pick<AppContext, "db">, key: string) {
  return ctx.db.delete(dashboardSignInFailures).where(inArray(dashboardSignInFailures.throttleKey, [key]));
}
