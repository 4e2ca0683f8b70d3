import type { FC } from "hono/jsx";

import { MIN_PASSWORD_LENGTH } from "../../accounts";
import { ErrorSummary, Field, PostForm } from "./components/forms";

export const SignInPage: FC<{ formToken: string; email?: string; error?: string; next?: string | undefined }> = ({
  formToken,
  email,
  error,
  next,
}) => (
  <>
    <ErrorSummary message={error} />
    <PostForm action={next ? `/dashboard/sign-in?next=${encodeURIComponent(next)}` : "/dashboard/sign-in"} class="stack" token={formToken}>
      <Field name="email" label="E-mail" type="email" value={email} required autocomplete="username" />
      <Field name="password" label="Password" type="password" required autocomplete="current-password" />
      <button type="submit" class="button">
        Sign in
      </button>
    </PostForm>
    <p class="muted small">
      No account yet? The people who run this service send the first invitation; your account's owners invite everyone else.
    </p>
  </>
);

/**
 * A new password typed twice, as every form that sets one asks for it (invitation, reset link, change of password);
 * `ids` where the page has other password fields.
 */
export const NewPasswordFields: FC<{
  errors: { password?: string | undefined; confirm?: string | undefined };
  label?: string;
  ids?: { password: string; confirm: string };
}> = ({ errors, label = "Password", ids = { password: "password", confirm: "confirm" } }) => (
  <>
    <Field
      name="password"
      id={ids.password}
      label={label}
      type="password"
      hint={`At least ${MIN_PASSWORD_LENGTH} characters. A passphrase of a few words is easy to remember and hard to guess.`}
      error={errors.password}
      required
      autocomplete="new-password"
    />
    <Field
      name="confirm"
      id={ids.confirm}
      label={`${label} again`}
      type="password"
      error={errors.confirm}
      required
      autocomplete="new-password"
    />
  </>
);

export type InviteFormErrors = { name?: string; password?: string; confirm?: string };

export const InvitePage: FC<{
  formToken: string;
  token: string;
  email: string;
  tenantName: string;
  name?: string | undefined;
  errors?: InviteFormErrors;
}> = ({ formToken, token, email, tenantName, name, errors = {} }) => (
  <>
    <p>
      You are invited to the <strong>{tenantName}</strong> dashboard as <strong>{email}</strong>. Choose your name and a password; you then
      sign in with this e-mail and that password.
    </p>
    <ErrorSummary message={Object.keys(errors).length > 0 ? "Please correct the fields marked below." : undefined} />
    <PostForm action={`/dashboard/invite/${token}`} class="stack" token={formToken}>
      <Field name="name" label="Your name" value={name} error={errors.name} required autocomplete="name" />
      <NewPasswordFields errors={errors} />
      <button type="submit" class="button">
        Set password
      </button>
    </PostForm>
  </>
);

/** The second step of signing in: the authenticator's code, or one of the recovery codes (which works once). */
export const SecondStepPage: FC<{ formToken: string; error?: string; next?: string | undefined }> = ({ formToken, error, next }) => (
  <>
    <p>Your password was right. Now enter the six-digit code your authenticator app shows for Payment Connect.</p>
    <ErrorSummary message={error} />
    <PostForm
      action={next ? `/dashboard/sign-in/code?next=${encodeURIComponent(next)}` : "/dashboard/sign-in/code"}
      class="stack"
      token={formToken}
    >
      <Field
        name="code"
        label="Code"
        hint="No phone at hand? Enter one of your recovery codes instead (like abcde-23456); each works once."
        required
        autocomplete="one-time-code"
      />
      <button type="submit" class="button">
        Sign in
      </button>
    </PostForm>
    <p class="muted small">
      This step lasts a few minutes. <a href="/dashboard/sign-in">Start again</a> if it ran out.
    </p>
  </>
);

export type ResetFormErrors = { password?: string; confirm?: string };

/** The operator's reset link: a new password for the account it names, keeping everything else about it. */
export const ResetPage: FC<{ formToken: string; token: string; email: string; errors?: ResetFormErrors }> = ({
  formToken,
  token,
  email,
  errors = {},
}) => (
  <>
    <p>
      Choose a new password for <strong>{email}</strong>. Setting it signs this account out everywhere; you then sign in with it.
    </p>
    <ErrorSummary message={Object.keys(errors).length > 0 ? "Please correct the fields marked below." : undefined} />
    <PostForm action={`/dashboard/reset/${token}`} class="stack" token={formToken}>
      <NewPasswordFields errors={errors} label="New password" />
      <button type="submit" class="button">
        Set new password
      </button>
    </PostForm>
  </>
);
