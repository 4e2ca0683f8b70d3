import type { FC } from "hono/jsx";

import type { CallbackEndpoint, CallbackSettings, DeliveryRecord, DeliveryStatus, RevealedSigningSecret } from "../../callbacks";
import { type EndpointFormErrors, type EndpointFormValues, EndpointList, SigningSecrets } from "./callback-endpoints";
import { Badge, Time, type Tone } from "./components/display";
import { ErrorSummary, Field, FilterSelect, PostButton, PostForm } from "./components/forms";
import { FilteredList, filterQuery } from "./components/list";
import { ACTIONS_HEADER, type Column } from "./components/table";

const DELIVERY_TONES: Record<DeliveryStatus, Tone> = {
  delivered: "good",
  failed: "bad",
  pending: "warn",
  canceled: "neutral",
};

const DELIVERY_STATUSES = ["pending", "delivered", "failed", "canceled"] as const satisfies readonly DeliveryStatus[];

export type DeliveryFilters = { status?: DeliveryStatus | undefined; eventId?: string | undefined };

export type CallbacksPageProps = {
  settings: CallbackSettings;
  endpoints: CallbackEndpoint[];
  eventTypes: readonly string[];
  maxEndpoints: number;
  endpointValues?: EndpointFormValues;
  endpointErrors?: EndpointFormErrors;
  endpointError?: string;
  deliveries: { data: DeliveryRecord[]; nextCursor: string };
  filters: DeliveryFilters;
  revealed?: RevealedSigningSecret[];
  urlValue?: string;
  urlError?: string;
  secretError?: { action: "reveal" | "rotate"; message: string };
  error?: string;
};

const DeliveryLog: FC<CallbacksPageProps> = ({ deliveries, filters, settings, endpoints }) => {
  const pending = deliveries.data.some((delivery) => delivery.status === "pending");
  const emptyText = settings.url ? "Send a test event to see one here." : "Save a callback URL first; events are delivered from then on.";
  return (
    <section aria-labelledby="log-heading" id="deliveries" data-refresh={pending ? "3000" : undefined}>
      <h2 id="log-heading">Delivery log</h2>
      <FilteredList
        path="/dashboard/callbacks"
        filters={filters}
        rows={deliveries.data}
        columns={deliveryColumns(settings, endpoints)}
        rowAttributes={(delivery) => ({ id: delivery.id, "data-status": delivery.status })}
        empty={{ title: "No deliveries yet", text: emptyText }}
        emptyFiltered={{ title: "No deliveries match these filters", text: emptyText }}
        cursor={deliveries.nextCursor}
        more="Older deliveries →"
      >
        <FilterSelect name="status" label="Status" values={DELIVERY_STATUSES} selected={filters.status} />
        <Field name="eventId" label="Event id" value={filters.eventId} placeholder="event_…" />
      </FilteredList>
      {pending ? (
        <p class="muted small">
          Some deliveries are still pending. <a href={`/dashboard/callbacks?${filterQuery(filters).toString()}`}>Refresh</a>
        </p>
      ) : null}
    </section>
  );
};

/** A delivery's attempts unfold from its row; a replay is offered while the tenant has a URL to send it to. */
const deliveryColumns = (settings: CallbackSettings, endpoints: CallbackEndpoint[]): Column<DeliveryRecord>[] => [
  {
    header: "Created",
    cell: (delivery) => (
      <>
        <Time iso={delivery.createdAt} />
        {delivery.origin === "replay" ? <span class="muted small"> (replay)</span> : null}
      </>
    ),
  },
  {
    header: "Event",
    cell: (delivery) => (
      <>
        <code>{delivery.eventType}</code>
        <br />
        <span class="mono small">{delivery.eventId}</span>
      </>
    ),
  },
  {
    header: "Endpoint",
    class: "small",
    cell: (delivery) => {
      const endpoint = endpoints.find((candidate) => candidate.id === delivery.endpointId);
      return endpoint ? (
        <a href={`/dashboard/callbacks/endpoints/${endpoint.id}`}>{endpoint.description ?? endpoint.url ?? endpoint.id}</a>
      ) : (
        <span class="muted">deleted</span>
      );
    },
  },
  { header: "Status", cell: (delivery) => <Badge tone={DELIVERY_TONES[delivery.status]}>{delivery.status}</Badge> },
  {
    header: "Attempts",
    cell: (delivery) =>
      delivery.attempts.length === 0 ? (
        <span class="muted">none yet</span>
      ) : (
        <details>
          <summary>
            {delivery.attempts.length} attempt{delivery.attempts.length === 1 ? "" : "s"}
          </summary>
          <ol class="attempts">
            {delivery.attempts.map((attempt) => (
              <li>
                <Time iso={attempt.attemptedAt} /> — {attempt.statusCode ? `HTTP ${attempt.statusCode}` : "no response"} in{" "}
                {attempt.durationMs} ms
                {attempt.error ? <span class="field-error"> {attempt.error}</span> : null}
                {attempt.nextAttemptAt ? (
                  <span class="muted">
                    {" "}
                    · next attempt <Time iso={attempt.nextAttemptAt} />
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
        </details>
      ),
  },
  {
    header: ACTIONS_HEADER,
    cell: (delivery) =>
      settings.url ? <PostButton action={`/dashboard/callbacks/events/${delivery.eventId}/replay`}>Replay</PostButton> : null,
  },
];

export const CallbacksPage: FC<CallbacksPageProps> = (props) => {
  const { settings, urlValue, urlError, error } = props;
  return (
    <>
      <p class="lead">
        Signed <code>POST</code> requests to your server when something happens later: an ACH payment settles, a dispute opens, your
        readiness changes.
      </p>
      <ErrorSummary message={error} />
      <section class="card" aria-labelledby="url-heading">
        <h2 id="url-heading">Callback URL {settings.url ? <Badge tone="good">On</Badge> : <Badge tone="neutral">Off</Badge>}</h2>
        <PostForm action="/dashboard/callbacks" class="inline-form">
          <Field
            name="url"
            label="URL"
            type="text"
            inputmode="url"
            value={urlValue ?? settings.url ?? ""}
            error={urlError}
            placeholder="https://example.com/payment-connect/callbacks"
            hint="An https URL on a public host. Save it empty to turn callbacks off."
          />
          <button type="submit" class="button">
            Save
          </button>
        </PostForm>
        {settings.url ? (
          <PostForm action="/dashboard/callbacks/test" class="actions">
            <button type="submit" class="button secondary">
              Send test event
            </button>
            <span class="muted small">
              A signed <code>ping</code> event, delivered like any other.
            </span>
          </PostForm>
        ) : null}
      </section>
      <SigningSecrets
        secrets={settings.signingSecrets}
        actions="/dashboard/callbacks/secrets"
        revealed={props.revealed}
        secretError={props.secretError}
      />
      <EndpointList
        endpoints={props.endpoints}
        eventTypes={props.eventTypes}
        max={props.maxEndpoints}
        values={props.endpointValues}
        errors={props.endpointErrors}
        error={props.endpointError}
      />
      <DeliveryLog {...props} />
      {settings.url ? (
        <section class="card" aria-labelledby="replay-heading">
          <h2 id="replay-heading">Replay failed deliveries</h2>
          <PostForm action="/dashboard/callbacks/replay-failed" class="inline-form">
            <Field name="since" label="Failed since (UTC)" type="datetime-local" required />
            <button type="submit" class="button secondary">
              Replay all failed
            </button>
          </PostForm>
        </section>
      ) : null}
    </>
  );
};
