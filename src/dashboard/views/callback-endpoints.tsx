import type { FC } from "hono/jsx";

import type { CallbackEndpoint, RevealedSigningSecret, SigningSecretInfo } from "../../callbacks";
import { Badge, EmptyState, Time } from "./components/display";
import { ErrorSummary, Field, OneTimeSecret, PostButton, PostForm, Secret } from "./components/forms";
import { type Column, Table } from "./components/table";

export const OVERLAP_CHOICES = [
  { seconds: 86_400, label: "24 hours (recommended)" },
  { seconds: 3_600, label: "1 hour" },
  { seconds: 604_800, label: "7 days" },
  { seconds: 0, label: "None — retire the old secret now (it leaked)" },
] as const;

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

/** An endpoint's secrets with reveal and rotate, both behind the password; `actions` is where its forms post. */
export const SigningSecrets: FC<{
  secrets: SigningSecretInfo[];
  actions: string;
  revealed?: RevealedSigningSecret[] | undefined;
  secretError?: { action: "reveal" | "rotate"; message: string } | undefined;
}> = ({ secrets, actions, revealed, secretError }) => (
  <section class="card" aria-labelledby="secret-heading">
    <h2 id="secret-heading">Signing secret</h2>
    <p>
      Each callback carries <code>LC-Signature: t=…,v1=…</code>, an HMAC-SHA256 of <code>{"{t}.{body}"}</code> with this secret. During a
      rotation's overlap both the new and the old secret sign, so your receiver can switch without missing a callback.
    </p>
    {secrets.length === 0 ? (
      <EmptyState title="No signing secret yet">One is generated when you first save a callback URL.</EmptyState>
    ) : (
      <>
        <ul class="plain">
          {secrets.map((secret) => (
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
          <PostForm action={`${actions}/reveal`} class="stack">
            <h3>Reveal</h3>
            <PasswordField id="reveal" error={secretError?.action === "reveal" ? secretError.message : undefined} />
            <button type="submit" class="button secondary">
              Reveal secret
            </button>
          </PostForm>
          <PostForm action={`${actions}/rotate`} class="stack">
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

export type EndpointFormValues = { url?: string; description?: string; enabledEvents?: string };
export type EndpointFormErrors = Partial<Record<"url" | "enabledEvents", string>>;

const endpointPath = (endpoint: { id: string }) => `/dashboard/callbacks/endpoints/${endpoint.id}`;

/** On, off (the first endpoint's URL saved empty), disabled by the tenant, or disabled because its receiver answered 410. */
export const EndpointState: FC<{ endpoint: CallbackEndpoint }> = ({ endpoint }) =>
  endpoint.disabledReason === "gone" ? (
    <Badge tone="bad">Disabled — answered 410 Gone</Badge>
  ) : endpoint.disabledAt ? (
    <Badge tone="neutral">Disabled</Badge>
  ) : endpoint.url ? (
    <Badge tone="good">On</Badge>
  ) : (
    <Badge tone="neutral">Off</Badge>
  );

const eventsText = (endpoint: CallbackEndpoint) => endpoint.enabledEvents.join(", ");

const ENDPOINT_COLUMNS: Column<CallbackEndpoint>[] = [
  {
    header: "URL",
    cell: (endpoint) => (
      <>
        <a href={endpointPath(endpoint)} class="mono">
          {endpoint.url ?? "(no URL)"}
        </a>
        {endpoint.description ? <div class="muted small">{endpoint.description}</div> : null}
      </>
    ),
  },
  { header: "Events", class: "small", cell: (endpoint) => <code>{eventsText(endpoint)}</code> },
  { header: "Status", cell: (endpoint) => <EndpointState endpoint={endpoint} /> },
];

const EndpointFields: FC<{ values: EndpointFormValues; errors: EndpointFormErrors; eventTypes: readonly string[] }> = ({
  values,
  errors,
  eventTypes,
}) => (
  <>
    <Field
      name="url"
      id="endpoint-url"
      label="URL"
      inputmode="url"
      value={values.url}
      error={errors.url}
      required
      placeholder="https://example.com/payment-connect/callbacks"
      hint="An https URL on a public host."
    />
    <Field
      name="description"
      id="endpoint-description"
      label="Description (optional)"
      value={values.description}
      placeholder="Disputes desk"
    />
    <Field
      name="enabledEvents"
      id="endpoint-events"
      label="Event types"
      value={values.enabledEvents ?? "*"}
      error={errors.enabledEvents}
      required
      hint={`* for every type, or some of ${eventTypes.join(", ")}, separated by commas.`}
    />
  </>
);

/** Every endpoint of the tenant, each linking to its page, and the form that adds one. */
export const EndpointList: FC<{
  endpoints: CallbackEndpoint[];
  eventTypes: readonly string[];
  max: number;
  values?: EndpointFormValues | undefined;
  errors?: EndpointFormErrors | undefined;
  error?: string | undefined;
}> = ({ endpoints, eventTypes, max, values = {}, errors = {}, error }) => (
  <section class="card" aria-labelledby="endpoints-heading" id="endpoints">
    <h2 id="endpoints-heading">Endpoints</h2>
    <p>
      Each event goes to every endpoint that is on and takes its type, signed with that endpoint's own secret. The callback URL above is the
      first one. At most {max}.
    </p>
    {endpoints.length === 0 ? (
      <EmptyState title="No endpoints yet">Save a callback URL above, or add an endpoint below.</EmptyState>
    ) : (
      <Table rows={endpoints} columns={ENDPOINT_COLUMNS} rowAttributes={(endpoint) => ({ id: endpoint.id })} />
    )}
    <PostForm action="/dashboard/callbacks/endpoints" class="stack">
      <h3>Add an endpoint</h3>
      <ErrorSummary message={error} />
      <EndpointFields values={values} errors={errors} eventTypes={eventTypes} />
      <button type="submit" class="button">
        Add endpoint
      </button>
    </PostForm>
  </section>
);

export type EndpointPageProps = {
  endpoint: CallbackEndpoint;
  secrets: SigningSecretInfo[];
  eventTypes: readonly string[];
  createdSecret?: string;
  revealed?: RevealedSigningSecret[];
  secretError?: { action: "reveal" | "rotate"; message: string };
  values?: EndpointFormValues;
  errors?: EndpointFormErrors;
  error?: string;
};

/** One endpoint: its state, its settings, its secret (shown once when just created), a test event and deletion. */
export const EndpointPage: FC<EndpointPageProps> = ({
  endpoint,
  secrets,
  eventTypes,
  createdSecret,
  revealed,
  secretError,
  values,
  errors,
  error,
}) => (
  <>
    <p class="lead">
      <a href="/dashboard/callbacks#endpoints">← Callbacks</a>
    </p>
    {createdSecret ? (
      <OneTimeSecret
        id="new-endpoint-secret"
        title="The endpoint's signing secret"
        warning={
          <>
            <strong>Copy it into your receiver now.</strong> It verifies this endpoint's callbacks only; you can reveal it again below with
            your password.
          </>
        }
        label="Signing secret"
        value={createdSecret}
      />
    ) : null}
    {endpoint.disabledReason === "gone" ? (
      <p class="error-summary" role="alert">
        This endpoint answered <strong>410 Gone</strong> on <Time iso={endpoint.disabledAt} />, so it was disabled and receives nothing.
        Turn it back on below once the receiver is there again; replay what it missed from{" "}
        <a href="/dashboard/callbacks#deliveries">the delivery log</a>.
      </p>
    ) : null}
    <section class="card" aria-labelledby="endpoint-heading">
      <h2 id="endpoint-heading">
        Endpoint <EndpointState endpoint={endpoint} />
      </h2>
      <p class="mono small">{endpoint.id}</p>
      <p class="small" id="endpoint-deliveries">
        Its deliveries, with every other endpoint's, are in <a href="/dashboard/callbacks#deliveries">the delivery log</a> on the Callbacks
        page.
      </p>
      <ErrorSummary message={error} />
      <PostForm action={endpointPath(endpoint)} class="stack">
        <EndpointFields
          values={values ?? { url: endpoint.url ?? "", description: endpoint.description ?? "", enabledEvents: eventsText(endpoint) }}
          errors={errors ?? {}}
          eventTypes={eventTypes}
        />
        <div class="field">
          <label for="state">State</label>
          <select id="state" name="state">
            <option value="on" selected={endpoint.disabledAt === null}>
              On — receives its events
            </option>
            <option value="disabled" selected={endpoint.disabledAt !== null}>
              Disabled — receives nothing; deliveries not yet made are canceled
            </option>
          </select>
        </div>
        <button type="submit" class="button">
          Save endpoint
        </button>
      </PostForm>
      {endpoint.url && endpoint.disabledAt === null ? (
        <PostForm action={`${endpointPath(endpoint)}/test`} class="actions">
          <button type="submit" class="button secondary">
            Send test event
          </button>
          <span class="muted small">
            A signed <code>ping</code> to this endpoint only.
          </span>
        </PostForm>
      ) : null}
    </section>
    <SigningSecrets secrets={secrets} actions={`${endpointPath(endpoint)}/secrets`} revealed={revealed} secretError={secretError} />
    <section class="card" aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete</h2>
      <p>It receives nothing more and its secrets are erased. Events stay in the log and the events API.</p>
      <PostButton action={`${endpointPath(endpoint)}/delete`} class="button danger" confirm="Delete this endpoint?">
        Delete endpoint
      </PostButton>
    </section>
  </>
);
