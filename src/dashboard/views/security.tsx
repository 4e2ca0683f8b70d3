import type { FC } from "hono/jsx";

import { type Enrolment, RECOVERY_CODE_COUNT, type TwoFactorStatus } from "../../accounts";
import { NewPasswordFields } from "./auth";
import { Badge, Time } from "./components/display";
import { ErrorSummary, Field, PostForm, Secret } from "./components/forms";
import { QrCode } from "./components/qr-code";

export type SecurityPageProps = {
  twoFactor: TwoFactorStatus;
  /** Right after "set up" (or a wrong first code): the secret to add to the app, and the form for its first code. */
  enrolment?: Enrolment | undefined;
  /** Right after the first code: the recovery codes, shown this once. */
  recoveryCodes?: string[] | undefined;
  passwordErrors?: { currentPassword?: string; password?: string; confirm?: string; form?: string } | undefined;
  twoFactorError?: string | undefined;
};

/** How this person signs in: their password, and the authenticator app as a second step. */
export const SecurityPage: FC<SecurityPageProps> = ({ twoFactor, enrolment, recoveryCodes, passwordErrors = {}, twoFactorError }) => (
  <>
    <p class="lead">How you sign in: your password and, once you turn it on, a code from an authenticator app on your phone.</p>
    {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} /> : null}
    <section class="card" aria-labelledby="password-heading">
      <h2 id="password-heading">Change password</h2>
      <ErrorSummary message={passwordErrors.form} />
      <PostForm action="/dashboard/security/password" class="stack">
        <Field
          name="currentPassword"
          id="current-password"
          label="Current password"
          type="password"
          error={passwordErrors.currentPassword}
          required
          autocomplete="current-password"
        />
        <NewPasswordFields errors={passwordErrors} label="New password" ids={{ password: "new-password", confirm: "confirm-password" }} />
        <p class="hint">Changing it signs you out everywhere else; this session stays.</p>
        <button type="submit" class="button">
          Change password
        </button>
      </PostForm>
    </section>
    <section class="card" aria-labelledby="two-factor-heading">
      <h2 id="two-factor-heading">Two-step sign-in</h2>
      <ErrorSummary message={twoFactorError} />
      {twoFactor.state === "on" ? (
        <TwoFactorOn twoFactor={twoFactor} />
      ) : enrolment ? (
        <EnrolmentSteps enrolment={enrolment} />
      ) : (
        <TwoFactorOff pending={twoFactor.state === "pending"} />
      )}
    </section>
  </>
);

const TwoFactorOff: FC<{ pending: boolean }> = ({ pending }) => (
  <>
    <p>
      <Badge tone="neutral">Off</Badge> After your password, sign-in can also ask for a six-digit code from an authenticator app (any app
      that takes a TOTP secret). Someone who learns your password still cannot sign in.
    </p>
    {pending ? <p class="muted small">A set-up was started but never confirmed with a code; setting up again starts afresh.</p> : null}
    <PostForm action="/dashboard/security/two-factor" class="stack">
      <Field name="password" id="two-factor-password" label="Your password" type="password" required autocomplete="current-password" />
      <button type="submit" class="button">
        Set up an authenticator
      </button>
    </PostForm>
  </>
);

const EnrolmentSteps: FC<{ enrolment: Enrolment }> = ({ enrolment }) => (
  <>
    <ol class="account-steps">
      <li>
        In your authenticator app, add an account and scan this code, or type in the key below (or paste the link into an app that takes
        one).
        <QrCode id="totp-qr" value={enrolment.uri} label="QR code of the otpauth:// link below, for your authenticator app to scan" />
        <Secret id="totp-secret" label="Key" value={enrolment.secret} />
        <Secret id="totp-uri" label="otpauth:// link" value={enrolment.uri} />
      </li>
      <li>Enter the six-digit code the app now shows for Payment Connect.</li>
    </ol>
    <PostForm action="/dashboard/security/two-factor/confirm" class="stack">
      <Field name="code" id="confirm-code" label="Code from the app" required autocomplete="one-time-code" />
      <button type="submit" class="button">
        Turn on two-step sign-in
      </button>
    </PostForm>
  </>
);

const TwoFactorOn: FC<{ twoFactor: TwoFactorStatus }> = ({ twoFactor }) => (
  <>
    <p>
      <Badge tone="good">On</Badge> since <Time iso={twoFactor.enabledAt} />. Sign-in asks for your authenticator's code after the password.
    </p>
    <p class={twoFactor.recoveryCodesLeft <= 2 ? "warning" : "muted"}>
      {twoFactor.recoveryCodesLeft} of {RECOVERY_CODE_COUNT} recovery codes left.
    </p>
    <h3>Turn it off</h3>
    <PostForm action="/dashboard/security/two-factor/disable" class="stack" confirm="Turn off two-step sign-in?">
      <Field name="password" id="disable-password" label="Your password" type="password" required autocomplete="current-password" />
      <Field name="code" id="disable-code" label="Code from the app, or a recovery code" required autocomplete="one-time-code" />
      <button type="submit" class="button danger">
        Turn off two-step sign-in
      </button>
    </PostForm>
  </>
);

/** Shown once: the table keeps only their hashes. Each works once, in place of the app's code. */
const RecoveryCodes: FC<{ codes: string[] }> = ({ codes }) => (
  <section class="card highlight" aria-labelledby="recovery-codes-heading">
    <h2 id="recovery-codes-heading">Two-step sign-in is on: your recovery codes</h2>
    <p class="warning">
      <strong>Store these now: they are shown only this once.</strong> If your phone is lost, each code signs you in once in place of the
      app's code.
    </p>
    <label for="recovery-codes">Recovery codes</label>
    <div class="secret-row">
      <textarea id="recovery-codes" class="mono recovery-codes" readonly rows={codes.length}>
        {codes.join("\n")}
      </textarea>
      <button type="button" class="button secondary" data-copy="recovery-codes">
        Copy
      </button>
    </div>
  </section>
);
