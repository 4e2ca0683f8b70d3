import type { FC } from "hono/jsx";

import type { InviteRecord, SessionRecord, UserRecord } from "../../accounts";
import { Badge, EmptyState, Time } from "./components/display";
import { ErrorSummary, Field, OneTimeSecret, PostButton, PostForm } from "./components/forms";
import { useSignedIn } from "./components/session";
import { ACTIONS_HEADER, type Column, Table } from "./components/table";

export const TeamPage: FC<{
  users: UserRecord[];
  invites: InviteRecord[];
  created?: { email: string; url: string; expiresAt: string } | undefined;
  emailError?: string | undefined;
  email?: string | undefined;
  error?: string | undefined;
}> = ({ users, invites, created, emailError, email, error }) => (
  <>
    <ErrorSummary message={error} />
    {created ? (
      <OneTimeSecret
        id="invite-url"
        title={`Invitation for ${created.email}`}
        warning={
          <>
            <strong>Send this link to them yourself: it is shown only now.</strong> It works once, until <Time iso={created.expiresAt} />.
          </>
        }
        label="Invitation link"
        value={created.url}
      />
    ) : null}
    <section class="card" aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite a teammate</h2>
      <PostForm action="/dashboard/team/invites" class="inline-form">
        <Field name="email" label="E-mail" type="email" value={email} error={emailError} required />
        <div class="field">
          <label for="role">Role</label>
          <select id="role" name="role">
            <option value="member">Member — payments, keys and callbacks</option>
            <option value="owner">Owner — also the team and the audit log</option>
          </select>
        </div>
        <button type="submit" class="button">
          Create invitation
        </button>
      </PostForm>
    </section>
    <section aria-labelledby="members-heading">
      <h2 id="members-heading">People</h2>
      <Table rows={users} columns={userColumns(useSignedIn().userId)} />
    </section>
    <section aria-labelledby="invites-heading">
      <h2 id="invites-heading">Open invitations</h2>
      {invites.length === 0 ? <EmptyState title="No open invitations" /> : <Table rows={invites} columns={INVITE_COLUMNS} />}
    </section>
  </>
);

export const AccountPage: FC<{ sessions: SessionRecord[] }> = ({ sessions }) => (
  <>
    <p class="lead">
      Where you are signed in. A session ends after 30 minutes without use and 12 hours after sign-in at the latest; end one here if a
      device is lost.
    </p>
    <Table rows={sessions} columns={sessionColumns(useSignedIn().sessionId)} />
    {sessions.length > 1 ? (
      <PostButton action="/dashboard/account/sessions/revoke-others" formClass="actions" class="button secondary">
        Sign out everywhere else
      </PostButton>
    ) : null}
  </>
);

/** The owner can remove anyone but themselves. */
const userColumns = (currentUserId: string): Column<UserRecord>[] => [
  { header: "Name", cell: (user) => user.name },
  { header: "E-mail", cell: (user) => user.email },
  { header: "Role", cell: (user) => user.role },
  { header: "Since", cell: (user) => <Time iso={user.createdAt} /> },
  {
    header: ACTIONS_HEADER,
    cell: (user) =>
      user.id === currentUserId ? (
        <span class="muted">you</span>
      ) : (
        <PostButton action={`/dashboard/team/users/${user.id}/remove`} confirm={`Remove ${user.email}? They are signed out at once.`}>
          Remove
        </PostButton>
      ),
  },
];

const INVITE_COLUMNS: Column<InviteRecord>[] = [
  { header: "E-mail", cell: (invite) => invite.email },
  { header: "Role", cell: (invite) => invite.role },
  { header: "Expires", cell: (invite) => <Time iso={invite.expiresAt} /> },
  {
    header: ACTIONS_HEADER,
    cell: (invite) => <PostButton action={`/dashboard/team/invites/${invite.id}/revoke`}>Withdraw</PostButton>,
  },
];

/** Where a session lives; the current one cannot be ended from here (sign out does that). */
const sessionColumns = (currentSessionId: string): Column<SessionRecord>[] => [
  { header: "Signed in", cell: (row) => <Time iso={row.createdAt} /> },
  { header: "Last active", cell: (row) => <Time iso={row.lastSeenAt} /> },
  { header: "From", class: "small", cell: (row) => <From ipAddress={row.ipAddress} userAgent={row.userAgent} /> },
  {
    header: ACTIONS_HEADER,
    cell: (row) =>
      row.id === currentSessionId ? (
        <Badge tone="good">This session</Badge>
      ) : (
        <PostButton action={`/dashboard/account/sessions/${row.id}/revoke`}>End</PostButton>
      ),
  },
];

const From: FC<{ ipAddress: string | null; userAgent: string | null }> = ({ ipAddress, userAgent }) => (
  <>
    <span class="mono">{ipAddress}</span>
    <br />
    <span class="muted">{userAgent}</span>
  </>
);
