import type { FC } from "hono/jsx";
import { MIN_PASSWORD_LENGTH, type SignedInSession } from "../../accounts";
import { BarePage, CsrfField, ErrorSummary, Field, Layout, NOTICES, type Notice } from "./layout";

export const SignInPage: FC<{ formToken: string; email?: string; error?: string; next?: string; notice?: Notice | undefined }> = ({
  formToken,
  email,
  error,
  next,
  notice,
}) => (
  <BarePage title="Sign in">
    {notice ? (
      <p class="notice" role="status">
        {NOTICES[notice]}
      </p>
    ) : null}
    <ErrorSummary message={error} />
    <form method="post" action={next ? `/dashboard/sign-in?next=${encodeURIComponent(next)}` : "/dashboard/sign-in"} class="stack">
      <CsrfField token={formToken} />
      <Field name="email" label="E-mail" type="email" value={email} required autocomplete="username" />
      <Field name="password" label="Password" type="password" required autocomplete="current-password" />
      <button type="submit" class="button">
        Sign in
      </button>
    </form>
    <p class="muted small">
      No account yet? The people who run this service send the first invitation; your account's owners invite everyone else.
    </p>
  </BarePage>
);

export type InviteFormErrors = { name?: string; password?: string; confirm?: string };

export const InvitePage: FC<{
  formToken: string;
  token: string;
  email: string;
  tenantName: string;
  name?: string;
  errors?: InviteFormErrors;
}> = ({ formToken, token, email, tenantName, name, errors = {} }) => (
  <BarePage title="Accept your invitation">
    <p>
      You are invited to the <strong>{tenantName}</strong> dashboard as <strong>{email}</strong>. Choose your name and a password; you then
      sign in with this e-mail and that password.
    </p>
    <ErrorSummary message={Object.keys(errors).length > 0 ? "Please correct the fields marked below." : undefined} />
    <form method="post" action={`/dashboard/invite/${token}`} class="stack">
      <CsrfField token={formToken} />
      <Field name="name" label="Your name" value={name} error={errors.name} required autocomplete="name" />
      <Field
        name="password"
        label="Password"
        type="password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters. A passphrase of a few words is easy to remember and hard to guess.`}
        error={errors.password}
        required
        autocomplete="new-password"
      />
      <Field name="confirm" label="Password again" type="password" error={errors.confirm} required autocomplete="new-password" />
      <button type="submit" class="button">
        Set password
      </button>
    </form>
  </BarePage>
);

/** A plain message page: an error, a refusal, a link that no longer works. With a session it keeps the navigation. */
export const MessagePage: FC<{ title: string; message: string; session?: SignedInSession | undefined }> = ({ title, message, session }) =>
  session ? (
    <Layout title={title} session={session}>
      <p>{message}</p>
      <p>
        <a href="/dashboard">Back to the overview</a>
      </p>
    </Layout>
  ) : (
    <BarePage title={title}>
      <p>{message}</p>
      <p>
        <a href="/dashboard/sign-in">Go to sign-in</a>
      </p>
    </BarePage>
  );
