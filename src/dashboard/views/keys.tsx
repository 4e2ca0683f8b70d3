import type { FC } from "hono/jsx";
import type { ApiKeyRecord } from "../../tenants";
import { Badge, EmptyState, Time } from "./components/display";
import { ErrorSummary, Field, OneTimeSecret, PostForm } from "./components/forms";
import { ACTIONS_HEADER, Table, type Column } from "./components/table";

const CreateKeyForm: FC<{ name?: string | undefined; error?: string | undefined }> = ({ name, error }) => (
  <PostForm action="/dashboard/keys" class="inline-form">
    <Field name="name" label="Key name" value={name} error={error} hint="Where the key will live, e.g. “Checkout server”." required />
    <button type="submit" class="button">
      Create key
    </button>
  </PostForm>
);

export const KeysPage: FC<{
  keys: ApiKeyRecord[];
  created?: { key: string; record: ApiKeyRecord };
  nameError?: string;
  name?: string;
}> = ({ keys, created, nameError, name }) => (
  <>
    <p class="lead">
      Your server sends a key with every request, as <code>X-Api-Key</code> or <code>Authorization: Bearer</code>. Only a hash of each key
      is stored.
    </p>
    {created ? (
      <OneTimeSecret
        id="new-key"
        title={`Your new key “${created.record.name}”`}
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
      <ErrorSummary message={nameError ? "The key was not created." : undefined} />
      <CreateKeyForm name={name} error={nameError} />
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
