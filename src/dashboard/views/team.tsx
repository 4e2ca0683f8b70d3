import type { FC } from "hono/jsx";
import { AUDIT_ACTIONS, type AuditEntry } from "../audit.service";
import type { InviteRecord, UserRecord } from "../users.service";
import type { SessionRecord, SignedInSession } from "../sessions.service";
import { Badge, CsrfField, EmptyState, ErrorSummary, Field, Layout, Secret, Time, type Notice } from "./layout";

export const TeamPage: FC<{
  session: SignedInSession;
  users: UserRecord[];
  invites: InviteRecord[];
  created?: { email: string; url: string; expiresAt: string } | undefined;
  emailError?: string | undefined;
  email?: string | undefined;
  error?: string | undefined;
  notice?: Notice | undefined;
}> = ({ session, users, invites, created, emailError, email, error, notice }) => (
  <Layout title="Team" section="team" session={session} notice={notice}>
    <ErrorSummary message={error} />
    {created ? (
      <section class="card highlight" aria-labelledby="invite-link-heading">
        <h2 id="invite-link-heading">Invitation for {created.email}</h2>
        <p class="warning">
          <strong>Send this link to them yourself: it is shown only now.</strong> It works once, until <Time iso={created.expiresAt} />.
        </p>
        <Secret id="invite-url" label="Invitation link" value={created.url} />
      </section>
    ) : null}
    <section class="card" aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite a teammate</h2>
      <form method="post" action="/dashboard/team/invites" class="inline-form">
        <CsrfField token={session.csrfToken} />
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
      </form>
    </section>
    <section aria-labelledby="members-heading">
      <h2 id="members-heading">People</h2>
      <div class="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">Since</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr>
                <td>{user.name}</td>
                <td>{user.email}</td>
                <td>{user.role}</td>
                <td>
                  <Time iso={user.createdAt} />
                </td>
                <td>
                  {user.id === session.userId ? (
                    <span class="muted">you</span>
                  ) : (
                    <form
                      method="post"
                      action={`/dashboard/team/users/${user.id}/remove`}
                      data-confirm={`Remove ${user.email}? They are signed out at once.`}
                    >
                      <CsrfField token={session.csrfToken} />
                      <button type="submit" class="button secondary small">
                        Remove
                      </button>
                    </form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
    <section aria-labelledby="invites-heading">
      <h2 id="invites-heading">Open invitations</h2>
      {invites.length === 0 ? (
        <EmptyState title="No open invitations" />
      ) : (
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Role</th>
                <th scope="col">Expires</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {invites.map((invite) => (
                <tr>
                  <td>{invite.email}</td>
                  <td>{invite.role}</td>
                  <td>
                    <Time iso={invite.expiresAt} />
                  </td>
                  <td>
                    <form method="post" action={`/dashboard/team/invites/${invite.id}/revoke`}>
                      <CsrfField token={session.csrfToken} />
                      <button type="submit" class="button secondary small">
                        Withdraw
                      </button>
                    </form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  </Layout>
);

export const AuditPage: FC<{ session: SignedInSession; entries: AuditEntry[]; nextCursor: string | null }> = ({
  session,
  entries,
  nextCursor,
}) => (
  <Layout title="Audit log" section="audit" session={session}>
    <p class="lead">Who did what to this account, when, and from where.</p>
    {entries.length === 0 ? (
      <EmptyState title="Nothing recorded yet" />
    ) : (
      <div class="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Details</th>
              <th scope="col">From</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr data-action={entry.action}>
                <td>
                  <Time iso={entry.createdAt} />
                </td>
                <td>{entry.actorEmail}</td>
                <td>
                  {entry.action === "sign_in.failed" ? (
                    <Badge tone="bad">{AUDIT_ACTIONS[entry.action]}</Badge>
                  ) : (
                    (AUDIT_ACTIONS[entry.action as keyof typeof AUDIT_ACTIONS] ?? entry.action)
                  )}
                </td>
                <td class="small">{entry.target ?? ""}</td>
                <td class="small">
                  <span class="mono">{entry.ipAddress}</span>
                  <br />
                  <span class="muted">{entry.userAgent}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    )}
    {nextCursor ? (
      <p>
        <a href={`/dashboard/audit?cursor=${encodeURIComponent(nextCursor)}`}>Older entries →</a>
      </p>
    ) : null}
  </Layout>
);

export const AccountPage: FC<{ session: SignedInSession; sessions: SessionRecord[]; notice?: Notice | undefined }> = ({
  session,
  sessions,
  notice,
}) => (
  <Layout title="Your sessions" section="account" session={session} notice={notice}>
    <p class="lead">
      Where you are signed in. A session ends after 30 minutes without use and 12 hours after sign-in at the latest; end one here if a
      device is lost.
    </p>
    <div class="table-wrap">
      <table>
        <thead>
          <tr>
            <th scope="col">Signed in</th>
            <th scope="col">Last active</th>
            <th scope="col">From</th>
            <th scope="col">
              <span class="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((row) => (
            <tr>
              <td>
                <Time iso={row.createdAt} />
              </td>
              <td>
                <Time iso={row.lastSeenAt} />
              </td>
              <td class="small">
                <span class="mono">{row.ipAddress}</span>
                <br />
                <span class="muted">{row.userAgent}</span>
              </td>
              <td>
                {row.id === session.sessionId ? (
                  <Badge tone="good">This session</Badge>
                ) : (
                  <form method="post" action={`/dashboard/account/sessions/${row.id}/revoke`}>
                    <CsrfField token={session.csrfToken} />
                    <button type="submit" class="button secondary small">
                      End
                    </button>
                  </form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
    {sessions.length > 1 ? (
      <form method="post" action="/dashboard/account/sessions/revoke-others" class="actions">
        <CsrfField token={session.csrfToken} />
        <button type="submit" class="button secondary">
          Sign out everywhere else
        </button>
      </form>
    ) : null}
  </Layout>
);
