import type { FC } from "hono/jsx";

import { describePermissions, PERMISSION_LEVELS, PERMISSION_RESOURCES } from "../../platform/permissions";
import type { ApiKeyRecord } from "../../tenants";
import { Badge, EmptyState, Time } from "./components/display";
import { ErrorSummary, Field, OneTimeSecret, PostForm } from "./components/forms";
import { ACTIONS_HEADER, type Column, Table } from "./components/table";

/** The create form as submitted, to show it again with its errors. */
export type KeyForm = { name: string; restricted: boolean; levels: Record<string, string>; nameError?: string; permissionsError?: string };

const RESOURCE_LABELS: Record<(typeof PERMISSION_RESOURCES)[number], string> = {
  payments: "Payments",
  refunds: "Refunds",
  disputes: "Disputes",
  payouts: "Payouts",
  terminal: "Terminal",
  onboarding: "Onboarding",
  events: "Events",
  callback_endpoints: "Callback endpoints",
  requests: "Request log",
};

const LEVEL_LABELS: Record<(typeof PERMISSION_LEVELS)[number], string> = { none: "None", read: "Read", write: "Write" };

const CreateKeyForm: FC<{ form: KeyForm | undefined }> = ({ form }) => (
  <PostForm action="/dashboard/keys" class="stack">
    <Field
      name="name"
      label="Key name"
      value={form?.name}
      error={form?.nameError}
      hint="Where the key will live, e.g. “Checkout server”."
      required
    />
    <fieldset class={form?.permissionsError ? "access has-error" : "access"} aria-describedby="access-hint">
      <legend>Access</legend>
      <p class="hint" id="access-hint">
        A key's access is fixed when it is made: to change it, create another key and revoke this one.
      </p>
      {form?.permissionsError ? <p class="field-error">{form.permissionsError}</p> : null}
      <label class="choice">
        <input type="radio" name="access" value="full" checked={!form?.restricted} /> Every permission, including resources added later
      </label>
      <label class="choice">
        <input type="radio" name="access" value="restricted" checked={form?.restricted} /> Restricted to the levels below (write implies
        read)
      </label>
      <div class="permission-grid">
        {PERMISSION_RESOURCES.map((resource) => (
          <div class="field">
            <label for={`permission-${resource}`}>{RESOURCE_LABELS[resource]}</label>
            <select id={`permission-${resource}`} name={`permission.${resource}`}>
              {PERMISSION_LEVELS.map((level) => (
                <option value={level} selected={(form?.levels[resource] ?? "none") === level}>
                  {LEVEL_LABELS[level]}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
    </fieldset>
    <button type="submit" class="button">
      Create key
    </button>
  </PostForm>
);

export const KeysPage: FC<{
  keys: ApiKeyRecord[];
  created?: { key: string; record: ApiKeyRecord };
  form?: KeyForm;
}> = ({ keys, created, form }) => (
  <>
    <p class="lead">
      Your server sends a key with every request, as <code>X-Api-Key</code> or <code>Authorization: Bearer</code>. Only a hash of each key
      is stored.
    </p>
    {created ? (
      <OneTimeSecret
        id="new-key"
        title={`Your new key “${created.record.name}” (${describePermissions(created.record.permissions)})`}
        warning={
          <>
            <strong>Copy it now: you will not see this key again.</strong> Store it in your server's secrets; if it is lost, create another
            and revoke this one.
          </>
        }
        label="Secret API key"
        value={created.key}
      />
    ) : null}
    <section class="card" aria-labelledby="create-heading">
      <h2 id="create-heading">Create a key</h2>
      <ErrorSummary message={form ? "The key was not created." : undefined} />
      <CreateKeyForm form={form} />
    </section>
    <section aria-labelledby="list-heading">
      <h2 id="list-heading">Keys</h2>
      {keys.length === 0 ? (
        <EmptyState title="No API keys yet">Create one above to start calling the API.</EmptyState>
      ) : (
        <Table rows={keys} columns={KEY_COLUMNS} rowAttributes={(key) => ({ id: key.id })} />
      )}
    </section>
  </>
);

const KEY_COLUMNS: Column<ApiKeyRecord>[] = [
  { header: "Name", cell: (key) => key.name || <span class="muted">(unnamed)</span> },
  {
    header: "Key",
    class: "mono",
    cell: (key) => (
      <>
        {key.displayPrefix}…{key.lastFour}
      </>
    ),
  },
  {
    header: "Access",
    cell: (key) => (key.permissions === null ? "Every permission" : <span class="mono">{describePermissions(key.permissions)}</span>),
  },
  { header: "Created", cell: (key) => <Time iso={key.createdAt} /> },
  { header: "Last used", cell: (key) => (key.lastUsedAt ? <Time iso={key.lastUsedAt} /> : <span class="muted">Never</span>) },
  {
    header: "Status",
    cell: (key) =>
      key.revokedAt ? (
        <Badge tone="bad">
          Revoked <Time iso={key.revokedAt} />
        </Badge>
      ) : (
        <Badge tone="good">Active</Badge>
      ),
  },
  {
    header: ACTIONS_HEADER,
    cell: (key) =>
      key.revokedAt ? null : (
        <a href={`/dashboard/keys/${key.id}/revoke`} aria-label={`Revoke ${key.name || key.displayPrefix}`}>
          Revoke…
        </a>
      ),
  },
];

export const RevokeKeyPage: FC<{ apiKey: ApiKeyRecord }> = ({ apiKey }) => (
  <>
    <section class="card danger-zone">
      <p>
        Revoke <strong>{apiKey.name || "(unnamed)"}</strong> (
        <span class="mono">
          {apiKey.displayPrefix}…{apiKey.lastFour}
        </span>
        )? Every request made with it will be refused with <code>401</code> from the moment you confirm. This cannot be undone.
      </p>
      <PostForm action={`/dashboard/keys/${apiKey.id}/revoke`} class="actions">
        <button type="submit" class="button danger">
          Revoke key
        </button>
        <a class="button secondary" href="/dashboard/keys">
          Cancel
        </a>
      </PostForm>
    </section>
  </>
);
