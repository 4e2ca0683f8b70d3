import type { Context } from "hono";
import { z } from "zod";

import { changePassword, confirmTotpEnrolment, disableTotp, requestOrigin, startTotpEnrolment, twoFactorStatus } from "../accounts";
import { CODE_ALREADY_USED, fieldErrors, formFields, newPasswordFields, typedTwice } from "./forms";
import type { SignedInBindings } from "./types";
import { SecurityPage, type SecurityPageProps } from "./views/security";

type SignedInContext = Context<SignedInBindings>;

const TITLE = { title: "Sign-in security" };
// confirmPassword says "throttled" without a time: the window is 15 minutes at most.
const THROTTLED = "Too many attempts. Wait up to 15 minutes and try again.";
const WRONG_PASSWORD = "That is not your current password.";

async function renderSecurity(
  c: SignedInContext,
  extra: Omit<SecurityPageProps, "twoFactor"> = {},
  status: 200 | 400 | 401 | 409 | 429 = 200,
) {
  const twoFactor = await twoFactorStatus({ ctx: c.get("ctx"), input: { userId: c.get("session").userId } });
  c.status(status);
  return c.render(<SecurityPage twoFactor={twoFactor} {...extra} />, TITLE);
}

export const showSecurity = (c: SignedInContext) => renderSecurity(c);

const ChangePasswordForm = z
  .object({
    currentPassword: z.string({ error: "Enter your current password." }).min(1, "Enter your current password."),
    ...newPasswordFields,
  })
  .refine(...typedTwice);

/** The current password again (throttled like sign-in), the new one under the invitation's rules; other sessions end. */
export async function changeOwnPassword(c: SignedInContext) {
  const parsed = ChangePasswordForm.safeParse(await formFields(c));
  if (!parsed.success) return renderSecurity(c, { passwordErrors: fieldErrors(parsed.error) }, 400);
  const outcome = await changePassword({
    ctx: c.get("ctx"),
    input: {
      session: c.get("session"),
      currentPassword: parsed.data.currentPassword,
      newPassword: parsed.data.password,
      origin: requestOrigin(c),
    },
  });
  if (outcome === "refused") return renderSecurity(c, { passwordErrors: { currentPassword: WRONG_PASSWORD } }, 401);
  if (outcome === "throttled") return renderSecurity(c, { passwordErrors: { form: THROTTLED } }, 429);
  return c.redirect("/dashboard/security?notice=password-changed", 303);
}

/** Set-up starts with the password; the answer shows the new secret, which is off until its first code. */
export async function startTwoFactor(c: SignedInContext) {
  const form = await formFields(c);
  const result = await startTotpEnrolment({
    ctx: c.get("ctx"),
    input: { session: c.get("session"), password: form.password ?? "", origin: requestOrigin(c) },
  });
  if (result.outcome === "started") return renderSecurity(c, { enrolment: result.enrolment });
  const refusals = {
    refused: [401, WRONG_PASSWORD],
    throttled: [429, THROTTLED],
    "already-on": [409, "Two-step sign-in is already on."],
  } as const;
  const [status, message] = refusals[result.outcome];
  return renderSecurity(c, { twoFactorError: message }, status);
}

export async function confirmTwoFactor(c: SignedInContext) {
  const form = await formFields(c);
  const result = await confirmTotpEnrolment({
    ctx: c.get("ctx"),
    input: { session: c.get("session"), code: form.code ?? "", origin: requestOrigin(c) },
  });
  if (result.outcome === "no-enrolment") {
    return renderSecurity(c, { twoFactorError: "There is no set-up waiting for a code: start again." }, 409);
  }
  if (result.outcome === "wrong-code") {
    const error = "That code did not match. Check the app shows Payment Connect's code and enter the current one.";
    return renderSecurity(c, { enrolment: result.enrolment, twoFactorError: error }, 400);
  }
  return renderSecurity(c, { recoveryCodes: result.recoveryCodes });
}

export async function disableTwoFactor(c: SignedInContext) {
  const form = await formFields(c);
  const outcome = await disableTotp({
    ctx: c.get("ctx"),
    input: { session: c.get("session"), password: form.password ?? "", code: form.code ?? "", origin: requestOrigin(c) },
  });
  if (outcome === "disabled") return c.redirect("/dashboard/security?notice=two-factor-off", 303);
  const refusals = {
    refused: [401, WRONG_PASSWORD],
    "wrong-code": [401, "That code did not work: enter the app's current code or an unused recovery code."],
    "code-used": [401, CODE_ALREADY_USED],
    throttled: [429, THROTTLED],
    "not-on": [409, "Two-step sign-in is already off."],
  } as const;
  const [status, message] = refusals[outcome];
  return renderSecurity(c, { twoFactorError: message }, status);
}
