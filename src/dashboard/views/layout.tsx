import { raw } from "hono/html";
import type { Child, FC } from "hono/jsx";
import type { SignedInSession } from "../../accounts";
import { formatTime } from "./format";

export type Section = "overview" | "payments" | "disputes" | "payouts" | "keys" | "callbacks" | "team" | "audit" | "account";

type NavItem = { section: Section; href: string; label: string; ownerOnly?: boolean };

/** The navigation, by group: a new page is one line here and one section name above; nothing else in the layout changes. */
const NAV: { group: string; items: NavItem[] }[] = [
  {
    group: "Money",
    items: [
      { section: "overview", href: "/dashboard", label: "Overview" },
      { section: "payments", href: "/dashboard/payments", label: "Payments" },
      { section: "disputes", href: "/dashboard/disputes", label: "Disputes" },
      { section: "payouts", href: "/dashboard/payouts", label: "Payouts" },
    ],
  },
  {
    group: "Developers",
    items: [
      { section: "keys", href: "/dashboard/keys", label: "API keys" },
      { section: "callbacks", href: "/dashboard/callbacks", label: "Callbacks" },
    ],
  },
  {
    group: "Settings",
    items: [
      { section: "team", href: "/dashboard/team", label: "Team", ownerOnly: true },
      { section: "audit", href: "/dashboard/audit", label: "Audit log", ownerOnly: true },
      { section: "account", href: "/dashboard/account", label: "Your sessions" },
    ],
  },
];

/** Fixed messages a redirect can ask a page to show (`?notice=`): nothing from the URL is ever echoed. */
export const NOTICES = {
  "key-revoked": "The key was revoked. Requests with it now get 401.",
  "callbacks-saved": "The callback URL was saved.",
  "callbacks-off": "Callbacks are off. Events are still recorded and can be replayed later.",
  "test-event-sent": "A ping event was recorded and is on its way; watch the delivery log below.",
  replayed: "Queued for delivery again; the new deliveries are in the log.",
  "replayed-more-remain": "A first batch was queued again; more failed deliveries remain — replay again to continue.",
  "nothing-to-replay": "No failed deliveries since then: nothing was replayed.",
  "invite-revoked": "The invitation was withdrawn.",
  "user-removed": "The user was removed and signed out everywhere.",
  "session-revoked": "The session was ended.",
  "sessions-revoked": "Every other session was ended.",
  "password-set": "Your password is set. Sign in to continue.",
  "signed-out": "You are signed out.",
  "session-ended": "Your session ended. Sign in again to continue.",
  refunded: "The refund was accepted.",
  "refund-in-progress": "This refund was already submitted and is still with the processor: reload to see its outcome.",
  "evidence-uploaded": "The evidence file was stored and is on its way to the processor.",
  "evidence-known": "That file is already part of this dispute's evidence: nothing was stored twice.",
  "dispute-submitted": "Your response was submitted. The dispute takes no more evidence.",
  "onboarding-started": "Your onboarding form is ready: continue to it below.",
} as const;
export type Notice = keyof typeof NOTICES;

export const noticeFrom = (value: string | undefined): Notice | undefined =>
  value && Object.hasOwn(NOTICES, value) ? (value as Notice) : undefined;

const Document: FC<{ title: string; children: Child }> = ({ title, children }) => (
  <>
    {raw("<!doctype html>")}
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} · Payment Connect`}</title>
        <link rel="icon" href="/assets/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="/assets/dashboard.css" />
        <script src="/assets/dashboard.js" defer></script>
      </head>
      {children}
    </html>
  </>
);

/** The frame of every signed-in page: skip link, navigation, who is signed in, sign-out, the page's notice. */
export const Layout: FC<{ title: string; section?: Section; session: SignedInSession; notice?: Notice | undefined; children: Child }> = ({
  title,
  section,
  session,
  notice,
  children,
}) => (
  <Document title={title}>
    <body>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <div class="shell">
        <header class="sidebar">
          <a class="brand" href="/dashboard">
            Payment Connect
          </a>
          <nav aria-label="Dashboard">
            {NAV.map(({ group, items }) => (
              <div class="nav-group">
                <p class="nav-heading">{group}</p>
                <ul>
                  {items
                    .filter((item) => !item.ownerOnly || session.role === "owner")
                    .map((item) => (
                      <li>
                        <a href={item.href} aria-current={item.section === section ? "page" : undefined}>
                          {item.label}
                        </a>
                      </li>
                    ))}
                </ul>
              </div>
            ))}
          </nav>
          <div class="whoami">
            <p>
              <span class="muted">Signed in as</span>
              <br />
              <strong>{session.name}</strong>
              <br />
              <span class="muted small">
                {session.email} · {session.role}
              </span>
            </p>
            <form method="post" action="/dashboard/sign-out">
              <CsrfField token={session.csrfToken} />
              <button type="submit" class="button secondary small">
                Sign out
              </button>
            </form>
          </div>
        </header>
        <main id="main" tabindex={-1}>
          <h1>{title}</h1>
          {notice ? (
            <p class="notice" role="status">
              {NOTICES[notice]}
            </p>
          ) : null}
          {children}
        </main>
      </div>
    </body>
  </Document>
);

/** Pages before sign-in (sign-in, invitation, errors without a session): centred, no navigation. */
export const BarePage: FC<{ title: string; children: Child }> = ({ title, children }) => (
  <Document title={title}>
    <body class="bare">
      <main id="main" class="card narrow">
        <p class="brand">Payment Connect</p>
        <h1>{title}</h1>
        {children}
      </main>
    </body>
  </Document>
);

export const CsrfField: FC<{ token: string }> = ({ token }) => <input type="hidden" name="_csrf" value={token} />;

export const ErrorSummary: FC<{ message: string | undefined }> = ({ message }) =>
  message ? (
    <p class="error-summary" role="alert">
      {message}
    </p>
  ) : null;

/** A labelled input with its hint and field-level error tied to it for assistive technology. */
export const Field: FC<{
  name: string;
  id?: string;
  label: string;
  type?: string;
  value?: string | undefined;
  hint?: string;
  error?: string | undefined;
  required?: boolean;
  autocomplete?: string;
  placeholder?: string;
  inputmode?: "decimal" | "email" | "url";
}> = ({ name, id = name, label, type = "text", value, hint, error, required, autocomplete, placeholder, inputmode }) => {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div class={error ? "field has-error" : "field"}>
      <label for={id}>{label}</label>
      {hint ? (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p class="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        required={required}
        autocomplete={autocomplete}
        placeholder={placeholder}
        inputmode={inputmode}
        aria-invalid={error ? "true" : undefined}
        aria-describedby={describedBy}
      />
    </div>
  );
};

export const EmptyState: FC<{ title: string; children?: Child }> = ({ title, children }) => (
  <div class="empty">
    <p class="empty-title">{title}</p>
    {children ? <p>{children}</p> : null}
  </div>
);

/** A secret or key in a read-only box with a copy button (the script enhances it; without it, the text can be selected). */
export const Secret: FC<{ id: string; label: string; value: string }> = ({ id, label, value }) => (
  <div class="secret">
    <label for={id}>{label}</label>
    <div class="secret-row">
      <input id={id} class="mono" type="text" readonly value={value} />
      <button type="button" class="button secondary" data-copy={id}>
        Copy
      </button>
    </div>
  </div>
);

/** One column of a `Table`: its header, what a row shows in it, and how its cells are set (`num` right-aligns numbers). */
export type Column<Row> = { header: Child; cell: (row: Row) => Child; class?: "num" | "mono" | "small" };

/** A column of buttons or links, headed for screen readers only. */
export const ACTIONS_HEADER = <span class="visually-hidden">Actions</span>;

/** Every list in the dashboard: a scrolling wrapper, one header row, one row per item (`rowAttributes` names a row for links and scripts). */
export function Table<Row>({
  columns,
  rows,
  rowAttributes,
}: {
  columns: Column<Row>[];
  rows: readonly Row[];
  rowAttributes?: (row: Row) => Record<string, string>;
}) {
  return (
    <div class="table-wrap">
      <table>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" class={column.class === "num" ? "num" : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr {...rowAttributes?.(row)}>
              {columns.map((column) => (
                <td class={column.class}>{column.cell(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A record's id, linking to its page in the dashboard. */
export const RecordLink: FC<{ section: "payments" | "payouts" | "disputes"; id: string }> = ({ section, id }) => (
  <a class="mono" href={`/dashboard/${section}/${id}`}>
    {id}
  </a>
);

/** A list filter's drop-down: "Any" first, then each value, the chosen one selected. */
export const FilterSelect: FC<{
  name: string;
  label: string;
  values: readonly string[];
  selected: string | undefined;
  display?: (value: string) => string;
}> = ({ name, label, values, selected, display = (value) => value }) => (
  <div class="field">
    <label for={name}>{label}</label>
    <select id={name} name={name}>
      <option value="">Any</option>
      {values.map((value) => (
        <option value={value} selected={selected === value}>
          {display(value)}
        </option>
      ))}
    </select>
  </div>
);

/** The link to a list's next page: its filters kept, the cursor added; none on the last page (cursor ""). */
export const NextPageLink: FC<{ path: string; query?: URLSearchParams; cursor: string; children: Child }> = ({
  path,
  query = new URLSearchParams(),
  cursor,
  children,
}) =>
  cursor ? (
    <p>
      <a href={`${path}?${new URLSearchParams([...query, ["cursor", cursor]]).toString()}`}>{children}</a>
    </p>
  ) : null;

export const Time: FC<{ iso: string | null | undefined }> = ({ iso }) => (iso ? <time datetime={iso}>{formatTime(iso)}</time> : <>—</>);

export const Badge: FC<{ tone: "good" | "bad" | "warn" | "neutral"; children: Child }> = ({ tone, children }) => (
  <span class={`badge ${tone}`}>{children}</span>
);
