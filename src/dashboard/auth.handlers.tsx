import type { Context } from "hono";
import { z } from "zod";
import {
  acceptInvite,
  findOpenInvite,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  requestOrigin,
  resolveSession,
  signIn as checkCredentials,
  signOut as endSession,
} from "../accounts";
import { getTenant } from "../tenants";
import { fieldErrors, formFields, safeNextPath } from "./forms";
import { clearSessionCookie, readSessionCookie, setSessionCookie } from "./session-cookie";
import type { DashboardBindings, SignedInBindings } from "./types";
import { InvitePage, SignInPage } from "./views/auth";
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
    const minutes = Math.max(1, Math.ceil((result.retryAt.getTime() - c.get("ctx").clock.nowMs()) / 60_000));
    c.header("Retry-After", String(minutes * 60));
    c.status(429);
    return c.render(
      <SignInPage
        formToken={publicFormToken(c)}
        email={email}
        next={next}
        error={`Too many attempts. Wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`}
      />,
      SIGN_IN,
    );
  }
  if (result.outcome === "refused") {
    c.status(401);
    return c.render(<SignInPage formToken={publicFormToken(c)} email={email} next={next} error={REFUSED} />, SIGN_IN);
  }
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
  const tenant = await getTenant({ ctx: c.get("ctx"), input: { tenantId: invite.tenantId } });
  return c.render(<InvitePage formToken={publicFormToken(c)} token={token} email={invite.email} tenantName={tenant.name} />, INVITATION);
}

const AcceptInviteForm = z
  .object({
    name: z.string().trim().min(1, "Enter your name.").max(100, "At most 100 characters."),
    password: z
      .string()
      .min(MIN_PASSWORD_LENGTH, `At least ${MIN_PASSWORD_LENGTH} characters.`)
      .max(MAX_PASSWORD_LENGTH, `At most ${MAX_PASSWORD_LENGTH} characters.`),
    confirm: z.string(),
  })
  .refine((form) => form.password === form.confirm, { path: ["confirm"], message: "The two passwords differ." });

export async function acceptInvitation(c: DashboardContext) {
  const token = c.req.param("token") ?? "";
  const ctx = c.get("ctx");
  const invite = await findOpenInvite({ ctx, input: { token } });
  if (!invite) return UNUSABLE(c);
  const form = await formFields(c);
  const parsed = AcceptInviteForm.safeParse(form);
  if (!parsed.success) {
    const tenant = await getTenant({ ctx, input: { tenantId: invite.tenantId } });
    c.status(400);
    return c.render(
      <InvitePage
        formToken={publicFormToken(c)}
        token={token}
        email={invite.email}
        tenantName={tenant.name}
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
