import type { Context } from "hono";

import { ApiError } from "../lib/problem";
import { describePermissions, type KeyPermissions, PERMISSION_RESOURCES } from "../platform/permissions";
import { issueApiKey, KeyPermissionsSchema, listApiKeys, revokeApiKey } from "../tenants";
import { auditSignedIn } from "./audit-request";
import { formFields } from "./forms";
import type { SignedInBindings } from "./types";
import { type KeyForm, KeysPage, RevokeKeyPage } from "./views/keys";

type SignedInContext = Context<SignedInBindings>;

const MAX_KEY_NAME_LENGTH = 100;
const KEYS = { title: "API keys" };

async function keysOf(c: SignedInContext) {
  return listApiKeys({ ctx: c.get("ctx") });
}

/** The key named in the path, of the session's tenant only: another tenant's id is a 404 like a missing one. */
async function ownKey(c: SignedInContext) {
  const keyId = c.req.param("keyId");
  const key = (await keysOf(c)).find((candidate) => candidate.id === keyId);
  if (!key) throw new ApiError("not-found", `No API key ${keyId}.`);
  return key;
}

export async function showKeys(c: SignedInContext) {
  return c.render(<KeysPage keys={await keysOf(c)} />, KEYS);
}

/** What the create form asks for: a name, and every permission or the levels chosen per resource (`permission.<resource>`). */
function readKeyForm(fields: Record<string, string>): { form: KeyForm; permissions?: KeyPermissions } {
  const name = fields.name?.trim() ?? "";
  const restricted = fields.access === "restricted";
  const levels = Object.fromEntries(PERMISSION_RESOURCES.map((resource) => [resource, fields[`permission.${resource}`] ?? "none"]));
  const form: KeyForm = { name, restricted, levels };
  if (name.length === 0 || name.length > MAX_KEY_NAME_LENGTH) {
    form.nameError = name.length === 0 ? "Give the key a name." : `At most ${MAX_KEY_NAME_LENGTH} characters.`;
  }
  if (!restricted) return { form, permissions: null };
  const parsed = KeyPermissionsSchema.safeParse(levels);
  if (parsed.success) return { form, permissions: parsed.data };
  form.permissionsError = "Give the key read or write access to at least one resource, or choose every permission.";
  return { form };
}

/** The new key is in this response's page only (not a redirect): it never sits in a URL or a page that can be fetched again. */
export async function createKey(c: SignedInContext) {
  const { form, permissions } = readKeyForm(await formFields(c));
  if (form.nameError || permissions === undefined) {
    c.status(400);
    return c.render(<KeysPage keys={await keysOf(c)} form={form} />, KEYS);
  }
  const created = await issueApiKey({ ctx: c.get("ctx"), input: { name: form.name, permissions } });
  await auditSignedIn(c, "key.issued", `${created.record.id} (${form.name}): ${describePermissions(permissions)}`);
  c.status(201);
  return c.render(<KeysPage keys={await keysOf(c)} created={created} />, KEYS);
}

export async function confirmRevokeKey(c: SignedInContext) {
  return c.render(<RevokeKeyPage apiKey={await ownKey(c)} />, { title: "Revoke API key" });
}

export async function revokeKey(c: SignedInContext) {
  const key = await ownKey(c);
  await revokeApiKey({ ctx: c.get("ctx"), input: { keyId: key.id } });
  await auditSignedIn(c, "key.revoked", `${key.id} (${key.name})`);
  return c.redirect("/dashboard/keys?notice=key-revoked", 303);
}
