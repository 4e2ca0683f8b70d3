import type { FC } from "hono/jsx";

import { REQUEST_LOG_RETENTION_DAYS, type RequestLogRecord } from "../../requests";
import type { ApiKeyRecord } from "../../tenants";
import { Badge, RecordLink, Time, type Tone } from "./components/display";
import { Field, FilterSelect } from "./components/forms";
import { FilteredList, filterQuery } from "./components/list";
import type { Column } from "./components/table";

export type RequestFilters = {
  traceId?: string | undefined;
  status?: string | undefined;
  path?: string | undefined;
  key?: string | undefined;
  listen?: "shown" | undefined;
};

const STATUS_TONES: Record<string, Tone> = { "2": "good", "3": "neutral", "4": "warn", "5": "bad" };

const StatusBadge: FC<{ status: number }> = ({ status }) => <Badge tone={STATUS_TONES[String(status)[0]!] ?? "neutral"}>{status}</Badge>;

/** A key as the keys page names it, in full or in short (its name, else its visible part); one not listed by its id. */
function keyLabel(keys: ApiKeyRecord[], keyId: string, short = false): string {
  const key = keys.find((candidate) => candidate.id === keyId);
  if (!key) return keyId;
  const visible = `${key.displayPrefix}…${key.lastFour}`;
  if (short) return key.name || visible;
  return `${key.name || "(unnamed)"} (${visible})`;
}

const requestColumns = (keys: ApiKeyRecord[]): Column<RequestLogRecord>[] => [
  { header: "Received", cell: (request) => <Time iso={request.at} /> },
  { header: "Status", cell: (request) => <StatusBadge status={request.status} /> },
  {
    header: "Request",
    cell: (request) => (
      <a class="request-line" href={`/dashboard/requests/${request.id}`}>
        <span class="request-method">{request.method}</span> <span class="mono">{request.path}</span>
      </a>
    ),
  },
  { header: "Duration", class: "num", cell: (request) => `${request.durationMs} ms` },
  { header: "Trace ID", cell: (request) => <span class="mono request-trace">{request.traceId}</span> },
  { header: "Key", cell: (request) => keyLabel(keys, request.apiKeyId, true) },
];

export const RequestsPage: FC<{
  requests: RequestLogRecord[];
  nextCursor: string;
  filters: RequestFilters;
  filterError?: string | undefined;
  keys: ApiKeyRecord[];
}> = ({ requests, nextCursor, filters, filterError, keys }) => (
  <>
    <p class="lead">
      Every <code>/v1</code> request made with your keys in the last {REQUEST_LOG_RETENTION_DAYS} days, newest first, a moment after its
      answer. Find a failing one by the <code>traceId</code> its error carries (every response has it as <code>X-Trace-Id</code>). Bodies
      are never stored.
    </p>
    {filters.listen === "shown" ? null : (
      <p class="hint" id="listen-hidden">
        The polls of <code>npm run listen</code> (<code>payment-connect listen</code>, a <code>GET /v1/events</code> every 2 seconds) are
        hidden: <a href={`/dashboard/requests?${filterQuery({ ...filters, listen: "shown" }).toString()}`}>show them</a>.
      </p>
    )}
    <FilteredList
      path="/dashboard/requests"
      filters={filters}
      filterError={filterError}
      rows={requests}
      columns={requestColumns(keys)}
      rowAttributes={(request) => ({ "data-status": String(request.status) })}
      empty={{ title: "No requests yet", text: "Requests appear here once your server calls the API with one of your keys." }}
      emptyFiltered={{ title: "No requests match", text: "Check the trace ID, or widen the filters." }}
      cursor={nextCursor}
      more="Older requests →"
    >
      <Field name="traceId" label="Trace ID" value={filters.traceId} placeholder="an error's traceId" />
      <Field name="status" label="Status" value={filters.status} placeholder="4xx, 5xx or 404" />
      <Field name="path" label="Path starts with" value={filters.path} placeholder="/v1/payments" />
      <FilterSelect
        name="key"
        label="API key"
        values={keys.map((key) => key.id)}
        selected={filters.key}
        display={(keyId) => keyLabel(keys, keyId)}
      />
      <div class="field checkbox">
        <input id="listen" name="listen" type="checkbox" value="shown" checked={filters.listen === "shown"} />
        <label for="listen">Show listen's polls</label>
      </div>
    </FilteredList>
  </>
);

/** The record a request's path names, when the dashboard has a page for it. */
function subjectOf(path: string): { section: "payments" | "payouts" | "disputes"; id: string } | null {
  const match = /^\/v1\/(payments|payouts|disputes)\/((?:lcpay|lcpo|lcdsp)_[A-Za-z0-9]+)(?:\/|$)/.exec(path);
  return match ? { section: match[1] as "payments" | "payouts" | "disputes", id: match[2]! } : null;
}

export const RequestPage: FC<{ request: RequestLogRecord; keys: ApiKeyRecord[] }> = ({ request, keys }) => {
  const subject = subjectOf(request.path);
  return (
    <>
      <p>
        <a href="/dashboard/requests">← All requests</a>
      </p>
      <section class="card request-detail">
        <dl class="facts">
          <dt>Received</dt>
          <dd>
            <Time iso={request.at} /> <span class="muted small mono">{request.at}</span>
          </dd>
          <dt>Request</dt>
          <dd class="mono">
            {request.method} {request.path}
          </dd>
          <dt>Query</dt>
          <dd class="mono">{request.query === "" ? <span class="muted">none</span> : request.query}</dd>
          <dt>Status</dt>
          <dd>
            <StatusBadge status={request.status} />
          </dd>
          <dt>Duration</dt>
          <dd>{request.durationMs} ms</dd>
          <dt>Trace ID</dt>
          <dd class="mono">{request.traceId}</dd>
          <dt>Idempotency-Key</dt>
          <dd class="mono">{request.idempotencyKey ?? <span class="muted">none</span>}</dd>
          <dt>API key</dt>
          <dd>{keyLabel(keys, request.apiKeyId)}</dd>
          {subject ? (
            <>
              <dt>About</dt>
              <dd>
                <RecordLink section={subject.section} id={subject.id} />
              </dd>
            </>
          ) : null}
        </dl>
        <p class="muted small">Bodies and headers are not stored; the query's secrets, if any, are shown as [REDACTED].</p>
        <p class="actions">
          <a href={`/dashboard/requests?${filterQuery({ traceId: request.traceId }).toString()}`}>Every request of this trace</a>
          <a href={`/dashboard/requests?${filterQuery({ key: request.apiKeyId }).toString()}`}>Requests with this key</a>
        </p>
      </section>
    </>
  );
};
