import type { Context } from "hono";
import type { JSX } from "hono/jsx/jsx-runtime";
import { z } from "zod";

import {
  acceptInvite,
  completeSignIn,
  findOpenInvite,
  findOpenReset,
  requestOrigin,
  resolveSession,
  signIn as checkCredentials,
  signOut as endSession,
  usePasswordReset,
} from "../accounts";
import { CODE_ALREADY_USED, fieldErrors, formFields, newPasswordFields, safeNextPath, typedTwice } from "./forms";
import {
  clearPendingCookie,
  clearSessionCookie,
  readPendingCookie,
  readSessionCookie,
  setPendingCookie,
  setSessionCookie,
} from "./session-cookie";
import type { DashboardBindings, SignedInBindings } from "./types";
import { InvitePage, ResetPage, SecondStepPage, SignInPage } from "./views/auth";
import { showMessage } from "./views/message";
import { publicFormToken } from "./web.middleware";

type DashboardContext = Context<DashboardBindings>;

const SIGN_IN = { title: "Sign in" };
const INVITATION = { title: "Accept your invitation" };

// One message for every refusal, so the page never tells whether an account exists.
const REFUSED = "That e-mail and password do not match an account. Check both and try again.";

/** Someone already signed in goes straight on; everyone else gets the form. */
export async function showSignIn(c: DashboardContext) {
  const token = readSessionCookie(c);
  if (token && (await resolveSession({ ctx: c.get("ctx"), input: { token } }))) return c.redirect(safeNextPath(c.req.query("next")), 303);
  return c.render(<SignInPage formToken={publicFormToken(c)} next={c.req.query("next")} />, SIGN_IN);
}

export async function signIn(c: DashboardContext) {
  const form = await formFields(c);
  const email = (form.email ?? "").slice(0, 254);
  const next = c.req.query("next");
  const result = await checkCredentials({
    ctx: c.get("ctx"),
    input: { email, password: form.password ?? "", origin: requestOrigin(c) },
  });
  if (result.outcome === "throttled") {
    return tooManyAttempts(c, result.retryAt, SIGN_IN, (error) => (
      <SignInPage formToken={publicFormToken(c)} email={email} next={next} error={error} />
    ));
  }
  if (result.outcome === "refused") {
    c.status(401);
    return c.render(<SignInPage formToken={publicFormToken(c)} email={email} next={next} error={REFUSED} />, SIGN_IN);
  }
  if (result.outcome === "second-factor") {
    setPendingCookie(c, result.pendingToken);
    return c.redirect(next ? `/dashboard/sign-in/code?next=${encodeURIComponent(next)}` : "/dashboard/sign-in/code", 303);
  }
  setSessionCookie(c, result.token);
  return c.redirect(safeNextPath(next), 303);
}

/** A 429 with `Retry-After`, the page saying how many minutes to wait. */
function tooManyAttempts(c: DashboardContext, retryAt: Date, title: { title: string }, page: (error: string) => JSX.Element) {
  const minutes = Math.max(1, Math.ceil((retryAt.getTime() - c.get("ctx").clock.nowMs()) / 60_000));
  c.header("Retry-After", String(minutes * 60));
  c.status(429);
  return c.render(page(`Too many attempts. Wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`), title);
}

const SECOND_STEP = { title: "Enter your code" };

/** The second step of a sign-in with an authenticator; without a pending sign-in there is nothing to complete. */
export function showSecondStep(c: DashboardContext) {
  if (!readPendingCookie(c)) return c.redirect("/dashboard/sign-in?notice=sign-in-expired", 303);
  return c.render(<SecondStepPage formToken={publicFormToken(c)} next={c.req.query("next")} />, SECOND_STEP);
}

export async function submitSecondStep(c: DashboardContext) {
  const next = c.req.query("next");
  const pendingToken = readPendingCookie(c);
  if (!pendingToken) return c.redirect("/dashboard/sign-in?notice=sign-in-expired", 303);
  const form = await formFields(c);
  const result = await completeSignIn({
    ctx: c.get("ctx"),
    input: { pendingToken, code: form.code ?? "", origin: requestOrigin(c) },
  });
  if (result.outcome === "expired") {
    clearPendingCookie(c);
    return c.redirect("/dashboard/sign-in?notice=sign-in-expired", 303);
  }
  if (result.outcome === "throttled") {
    return tooManyAttempts(c, result.retryAt, SECOND_STEP, (error) => (
      <SecondStepPage formToken={publicFormToken(c)} next={next} error={error} />
    ));
  }
  if (result.outcome === "refused" || result.outcome === "code-used") {
    c.status(401);
    return c.render(
      <SecondStepPage
        formToken={publicFormToken(c)}
        next={next}
        error={
          result.outcome === "code-used"
            ? CODE_ALREADY_USED
            : "That code did not work. Enter the code your authenticator shows now, or an unused recovery code."
        }
      />,
      SECOND_STEP,
    );
  }
  clearPendingCookie(c);
  setSessionCookie(c, result.token);
  return c.redirect(safeNextPath(next), 303);
}

export async function signOut(c: Context<SignedInBindings>) {
  await endSession({ ctx: c.get("ctx"), input: { session: c.get("session"), origin: requestOrigin(c) } });
  clearSessionCookie(c);
  return c.redirect("/dashboard/sign-in?notice=signed-out", 303);
}

const UNUSABLE = (c: DashboardContext) =>
  showMessage(c, 404, {
    title: "This invitation cannot be used",
    message:
      "The link has expired, was already used or was withdrawn. Ask whoever invited you for a new one — or, if you already set a password, sign in.",
  });

export async function showInvite(c: DashboardContext) {
  const token = c.req.param("token") ?? "";
  const invite = await findOpenInvite({ ctx: c.get("ctx"), input: { token } });
  if (!invite) return UNUSABLE(c);
  return c.render(
    <InvitePage formToken={publicFormToken(c)} token={token} email={invite.email} tenantName={invite.tenantName} />,
    INVITATION,
  );
}

const AcceptInviteForm = z
  .object({ name: z.string().trim().min(1, "Enter your name.").max(100, "At most 100 characters."), ...newPasswordFields })
  .refine(...typedTwice);

export async function acceptInvitation(c: DashboardContext) {
  const token = c.req.param("token") ?? "";
  const ctx = c.get("ctx");
  const invite = await findOpenInvite({ ctx, input: { token } });
  if (!invite) return UNUSABLE(c);
  const form = await formFields(c);
  const parsed = AcceptInviteForm.safeParse(form);
  if (!parsed.success) {
    c.status(400);
    return c.render(
      <InvitePage
        formToken={publicFormToken(c)}
        token={token}
        email={invite.email}
        tenantName={invite.tenantName}
        name={form.name}
        errors={fieldErrors(parsed.error)}
      />,
      INVITATION,
    );
  }
  const outcome = await acceptInvite({
    ctx,
    input: { token, name: parsed.data.name, password: parsed.data.password, origin: requestOrigin(c) },
  });
  if (outcome === "unusable") return UNUSABLE(c);
  return c.redirect("/dashboard/sign-in?notice=password-set", 303);
}

const RESET = { title: "Choose a new password" };

const UNUSABLE_RESET = (c: DashboardContext) =>
  showMessage(c, 404, {
    title: "This link cannot be used",
    message:
      "The link has expired or was already used. Ask the people who run this service for a new one — or, if you set a password with it, sign in.",
  });

const ResetForm = z.object(newPasswordFields).refine(...typedTwice);

export async function showReset(c: DashboardContext) {
  const token = c.req.param("token") ?? "";
  const found = await findOpenReset({ ctx: c.get("ctx"), input: { token } });
  if (!found) return UNUSABLE_RESET(c);
  return c.render(<ResetPage formToken={publicFormToken(c)} token={token} email={found.user.email} />, RESET);
}

/** Sets the new password once; every session the user had ends, and they sign in with it (and their authenticator, if on). */
export async function resetPassword(c: DashboardContext) {
  const token = c.req.param("token") ?? "";
  const ctx = c.get("ctx");
  const found = await findOpenReset({ ctx, input: { token } });
  if (!found) return UNUSABLE_RESET(c);
  const parsed = ResetForm.safeParse(await formFields(c));
  if (!parsed.success) {
    c.status(400);
    return c.render(
      <ResetPage formToken={publicFormToken(c)} token={token} email={found.user.email} errors={fieldErrors(parsed.error)} />,
      RESET,
    );
  }
  const outcome = await usePasswordReset({ ctx, input: { token, password: parsed.data.password, origin: requestOrigin(c) } });
  if (outcome === "unusable") return UNUSABLE_RESET(c);
  return c.redirect("/dashboard/sign-in?notice=password-reset", 303);
}
