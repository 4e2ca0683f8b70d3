import type { FC } from "hono/jsx";

import { AUDIT_ACTIONS, type AuditEntry, OPERATOR_ACTOR, SERVICE_ACTOR } from "../../accounts";
import { auditDetails, shortUserAgent } from "./audit-format";
import { Badge, Time } from "./components/display";
import { FilterSelect } from "./components/forms";
import { FilteredList } from "./components/list";
import type { Column } from "./components/table";

export type AuditUser = { id: string; email: string; name: string; removedAt: string | null };
export type AuditFilters = { action?: string | undefined; user?: string | undefined };

const ACTION_LABELS = AUDIT_ACTIONS as Partial<Record<string, string>>;
const OPERATOR_LABEL = "The operator (Payment Connect support)";

/** The "who" filter's choices: each user (removed ones too, their entries stay), then the operator and the service. */
export const auditActorChoices = (users: AuditUser[]) => [
  ...users.map((user) => ({ value: user.id, label: `${user.name} <${user.email}>${user.removedAt ? " (removed)" : ""}` })),
  { value: "operator", label: OPERATOR_LABEL },
  { value: "service", label: `${SERVICE_ACTOR.email} (automatic)` },
];

export const AuditPage: FC<{
  entries: AuditEntry[];
  users: AuditUser[];
  filters: AuditFilters;
  filterError?: string | undefined;
  nextCursor: string;
}> = ({ entries, users, filters, filterError, nextCursor }) => {
  const actors = auditActorChoices(users);
  const actorLabels = new Map(actors.map((actor) => [actor.value, actor.label]));
  return (
    <>
      <p class="lead">Who did what to this account, when, and from where.</p>
      <div class="audit-log">
        <FilteredList
          path="/dashboard/audit"
          filters={filters}
          filterError={filterError}
          rows={entries}
          columns={AUDIT_COLUMNS}
          rowAttributes={(entry) => ({ "data-action": entry.action })}
          empty={{ title: "Nothing recorded yet", text: "Sign-ins, keys, callbacks, refunds and disputes are recorded here." }}
          emptyFiltered={{ title: "No entries match these filters", text: "Clear the filters to see the whole log." }}
          cursor={nextCursor}
          more="Older entries →"
        >
          <FilterSelect
            name="action"
            label="Action"
            values={Object.keys(AUDIT_ACTIONS)}
            selected={filters.action}
            display={(action) => ACTION_LABELS[action] ?? action}
          />
          <FilterSelect
            name="user"
            label="User"
            values={actors.map((actor) => actor.value)}
            selected={filters.user}
            display={(value) => actorLabels.get(value) ?? value}
          />
        </FilteredList>
      </div>
    </>
  );
};

/** Who acted: a person by e-mail, or the operator or the service, said so. */
const Who: FC<{ entry: AuditEntry }> = ({ entry }) => {
  if (entry.actorUserId === null && entry.actorEmail === OPERATOR_ACTOR.email) return <>{OPERATOR_LABEL}</>;
  if (entry.actorUserId === null && entry.actorEmail === SERVICE_ACTOR.email) return <>{SERVICE_ACTOR.email}</>;
  return <span class="audit-who">{entry.actorEmail}</span>;
};

/** The address and the browser in short; the whole User-Agent is the browser's tooltip. */
const From: FC<{ ipAddress: string; userAgent: string }> = ({ ipAddress, userAgent }) => (
  <>
    {ipAddress ? <span class="mono">{ipAddress}</span> : null}
    {ipAddress ? <br /> : null}
    <span class="muted" title={userAgent}>
      {shortUserAgent(userAgent)}
    </span>
  </>
);

const AUDIT_COLUMNS: Column<AuditEntry>[] = [
  { header: "When", cell: (entry) => <Time iso={entry.createdAt} /> },
  { header: "Who", cell: (entry) => <Who entry={entry} /> },
  {
    header: "What",
    cell: (entry) =>
      entry.action === "sign_in.failed" ? (
        <Badge tone="bad">{AUDIT_ACTIONS[entry.action]}</Badge>
      ) : (
        (ACTION_LABELS[entry.action] ?? entry.action)
      ),
  },
  { header: "Details", class: "small", cell: (entry) => <span class="audit-details">{auditDetails(entry.target)}</span> },
  { header: "From", class: "small", cell: (entry) => <From ipAddress={entry.ipAddress} userAgent={entry.userAgent} /> },
];
