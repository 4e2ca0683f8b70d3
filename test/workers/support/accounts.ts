import { and, asc, eq, isNull, sql } from "drizzle-orm";

import { dashboardTotpFactors, dashboardUsers } from "../../../src/accounts/accounts.schema";
import { dashboardAuditLog } from "../../../src/accounts/audit.schema";
import { base32Decode, hotp, totpStep } from "../../../src/accounts/totp";
import { DashboardBrowser, PASSWORD } from "./dashboard";
import { controlDb } from "./db";

/** The authenticator's code for a step (default: the current one), from the key the enrolment page showed. */
export const codeAt = (secret: string, step = totpStep(Date.now())) => hotp(base32Decode(secret), step);

/**
 * The code an authenticator shows next: one step after the last one the service accepted, which it takes while that
 * step is at most one ahead of its clock (a code the test used a moment ago is never taken again).
 */
export async function nextCode(secret: string, email: string): Promise<string> {
  const db = controlDb();
  const user = db
    .select({ id: dashboardUsers.id })
    .from(dashboardUsers)
    .where(and(eq(dashboardUsers.email, email), isNull(dashboardUsers.removedAt)));
  const factor = await db.query.dashboardTotpFactors.findFirst({
    columns: { lastUsedStep: true },
    where: eq(dashboardTotpFactors.userId, user),
  });
  return codeAt(secret, Math.max(factor!.lastUsedStep + 1, totpStep(Date.now()) - 1));
}

export const secretIn = (html: string) => /id="totp-secret"[^>]*value="([A-Z2-7]+)"/.exec(html)?.[1];
export const recoveryCodesIn = (html: string) =>
  /<textarea id="recovery-codes"[^>]*>([^<]*)<\/textarea>/
    .exec(html)?.[1]
    ?.split("\n")
    .map((code) => code.trim())
    .filter(Boolean) ?? [];

/** Turns on two-step sign-in from the security page as a person does: password, the key into the app, its first code. */
export async function enableTotp(browser: DashboardBrowser, password = PASSWORD): Promise<{ secret: string; recoveryCodes: string[] }> {
  await browser.open("/dashboard/security");
  const started = await browser.post("/dashboard/security/two-factor", { password });
  if (started.status !== 200) throw new Error(`start: ${started.status}`);
  const secret = secretIn(await started.text());
  if (!secret) throw new Error("no secret on the enrolment page");
  const confirmed = await browser.post("/dashboard/security/two-factor/confirm", { code: await codeAt(secret) });
  const html = await confirmed.text();
  if (confirmed.status !== 200) throw new Error(`confirm: ${confirmed.status} ${html.slice(0, 300)}`);
  return { secret, recoveryCodes: recoveryCodesIn(html) };
}

/** Signs in with the password, then the code step; answers the second step's response. */
export async function signInWithCode(
  browser: DashboardBrowser,
  email: string,
  code: string | (() => Promise<string>),
  password = PASSWORD,
) {
  const first = await browser.signIn(email, password);
  if (first.headers.get("Location") !== "/dashboard/sign-in/code")
    throw new Error(`password step: ${first.status} ${first.headers.get("Location")}`);
  await browser.open("/dashboard/sign-in/code");
  return browser.post("/dashboard/sign-in/code", { code: typeof code === "string" ? code : await code() });
}

export const auditActions = (tenantId: string) =>
  controlDb()
    .select({ action: dashboardAuditLog.action, target: dashboardAuditLog.target })
    .from(dashboardAuditLog)
    .where(eq(dashboardAuditLog.tenantId, tenantId))
    .orderBy(asc(dashboardAuditLog.createdAt), sql`rowid`);

/**
 * For tests that sign in several people or hash many passwords (PBKDF2 at 100,000 iterations each): seconds on a
 * loaded two-core machine, past Vitest's default 5 s.
 */
export const SLOW_MS = 20_000;
