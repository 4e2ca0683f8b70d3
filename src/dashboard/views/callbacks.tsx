import type { FC } from "hono/jsx";
import type { CallbackSettings, DeliveryRecord, DeliveryStatus, RevealedSigningSecret } from "../../callbacks";
import { Badge, EmptyState, Time, type Tone } from "./components/display";
import { ErrorSummary, Field, FilterSelect, PostButton, PostForm, Secret } from "./components/forms";
import { FilteredList, filterQuery } from "./components/list";
import { ACTIONS_HEADER, type Column } from "./components/table";

export const OVERLAP_CHOICES = [
  { seconds: 86_400, label: "24 hours (recommended)" },
  { seconds: 3_600, label: "1 hour" },
  { seconds: 604_800, label: "7 days" },
  { seconds: 0, label: "None — retire the old secret now (it leaked)" },
] as const;

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
  deliveries: { data: DeliveryRecord[]; nextCursor: string };
  filters: DeliveryFilters;
  revealed?: RevealedSigningSecret[];
  urlValue?: string;
  urlError?: string;
  secretError?: { action: "reveal" | "rotate"; message: string };
  error?: string;
};

const PasswordField: FC<{ id: string; error?: string | undefined }> = ({ id, error }) => (
  <Field
    id={`${id}-password`}
    name="password"
    label="Your password"
    type="password"
    error={error}
    required
    autocomplete="current-password"
    hint="Asked again before a secret is shown."
  />
);

const SigningSecrets: FC<CallbacksPageProps> = ({ settings, revealed, secretError }) => (
  <section class="card" aria-labelledby="secret-heading">
    <h2 id="secret-heading">Signing secret</h2>
    <p>
      Each callback carries <code>LC-Signature: t=…,v1=…</code>, an HMAC-SHA256 of <code>{"{t}.{body}"}</code> with this secret. During a
      rotation's overlap both the new and the old secret sign, so your receiver can switch without missing a callback.
    </p>
    {settings.signingSecrets.length === 0 ? (
      <EmptyState title="No signing secret yet">One is generated when you first save a callback URL.</EmptyState>
    ) : (
      <>
        <ul class="plain">
          {settings.signingSecrets.map((secret) => (
            <li>
              <span class="mono">{secret.id}</span> — created <Time iso={secret.createdAt} />
              {secret.expiresAt ? (
                <>
                  , signs until <Time iso={secret.expiresAt} /> <Badge tone="warn">previous</Badge>
                </>
              ) : (
                <>
                  {" "}
                  <Badge tone="good">current</Badge>
                </>
              )}
            </li>
          ))}
        </ul>
        {revealed ? (
          <div class="revealed" aria-live="polite">
            {revealed.map((secret, index) => (
              <Secret
                id={`secret-${index}`}
                label={
                  secret.expiresAt
                    ? `Previous secret (signs until ${secret.expiresAt.slice(0, 16).replace("T", " ")} UTC)`
                    : "Current secret"
                }
                value={secret.secret}
              />
            ))}
          </div>
        ) : null}
        <div class="grid-2">
          <PostForm action="/dashboard/callbacks/secrets/reveal" class="stack">
            <h3>Reveal</h3>
            <PasswordField id="reveal" error={secretError?.action === "reveal" ? secretError.message : undefined} />
            <button type="submit" class="button secondary">
              Reveal secret
            </button>
          </PostForm>
          <PostForm action="/dashboard/callbacks/secrets/rotate" class="stack">
            <h3>Rotate</h3>
            <div class="field">
              <label for="overlap">Keep the old secret signing for</label>
              <select id="overlap" name="overlapSeconds">
                {OVERLAP_CHOICES.map((choice) => (
                  <option value={String(choice.seconds)}>{choice.label}</option>
                ))}
              </select>
            </div>
            <PasswordField id="rotate" error={secretError?.action === "rotate" ? secretError.message : undefined} />
            <button type="submit" class="button secondary">
              Rotate secret
            </button>
          </PostForm>
        </div>
      </>
    )}
  </section>
);

const DeliveryLog: FC<CallbacksPageProps> = ({ deliveries, filters, settings }) => {
  const pending = deliveries.data.some((delivery) => delivery.status === "pending");
  const emptyText = settings.url ? "Send a test event to see one here." : "Save a callback URL first; events are delivered from then on.";
  return (
    <section aria-labelledby="log-heading" id="deliveries" data-refresh={pending ? "3000" : undefined}>
      <h2 id="log-heading">Delivery log</h2>
      <FilteredList
        path="/dashboard/callbacks"
        filters={filters}
        rows={deliveries.data}
        columns={deliveryColumns(settings)}
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
const deliveryColumns = (settings: CallbackSettings): Column<DeliveryRecord>[] => [
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
      <SigningSecrets {...props} />
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
