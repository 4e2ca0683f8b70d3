import { and, asc, desc, eq, gt, inArray, isNull, lte, or, type SQL, sql } from "drizzle-orm";

import { boundList } from "../db/bound-list";
import type { Database } from "../db/client";
import { insertSelectFields } from "../db/insert-select";
import { assertTenantExists } from "../db/tenancy";
import { tenants } from "../db/tenants.schema";
import { newId } from "../lib/ids";
import { logEvent } from "../lib/log";
import { afterCursor, cursorScope, type Page, pageOf } from "../lib/pagination";
import { ApiError } from "../lib/problem";
import { EVENT_TYPES } from "../outbox/event-types";
import type { ShardContext, TenantContext } from "../platform/context";
import { type CallbackEndpointRecord, callbackEndpoints, callbackSigningSecrets } from "./callback-endpoints.schema";
import { callbackUrlPolicy, parseCallbackUrl } from "./callback-url-policy";
import { callbackDeliveries } from "./deliveries.schema";
import { generateSigningSecret, openSigningSecret, sealSigningSecret } from "./signing-secrets";

export const DEFAULT_PREVIOUS_SECRET_TTL_SECONDS = 24 * 3600;
export const MAX_CALLBACK_ENDPOINTS = 16;
export const ALL_EVENT_TYPES = "*";

export type SigningSecretInfo = { id: string; createdAt: string; expiresAt: string | null };
export type RevealedSigningSecret = SigningSecretInfo & { secret: string };
export type CallbackSettings = {
  url: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  signingSecrets: SigningSecretInfo[];
};
export type CallbackEndpoint = Omit<CallbackEndpointRecord, "enabledEvents" | "deletedAt"> & { enabledEvents: string[] };
export type EndpointChanges = { url?: string; description?: string | null; enabledEvents?: string[]; disabled?: boolean };

type SecretsEnv = Pick<Env, "CALLBACK_SECRETS_KEY">;

// As one comparison, so a lookup by endpoint is one range of its index, not an OR over two indexes.
const NEVER_EXPIRES = "9999-12-31T23:59:59.999Z";
const activeAt = (now: string) => gt(sql`coalesce(${callbackSigningSecrets.expiresAt}, ${NEVER_EXPIRES})`, now);
const live = isNull(callbackEndpoints.deletedAt);

/** Whether an endpoint is sent callbacks: it has a URL and is neither disabled nor deleted. */
export const receiving = and(sql`${callbackEndpoints.url} IS NOT NULL`, isNull(callbackEndpoints.disabledAt), live);

/** The tenant's first endpoint (its oldest live one): the dashboard's and the operator's "callback URL". */
const firstEndpointId = (db: Database, tenantId: string) =>
  db
    .select({ id: callbackEndpoints.id })
    .from(callbackEndpoints)
    .where(and(eq(callbackEndpoints.tenantId, tenantId), live))
    .orderBy(asc(callbackEndpoints.createdAt), asc(callbackEndpoints.id))
    .limit(1);

/** The tenant's first endpoint, undefined when it has none; an unknown tenant is a 404. */
async function firstEndpoint(db: Database, tenantId: string): Promise<CallbackEndpointRecord | undefined> {
  await assertTenantExists(db, tenantId);
  return db
    .select()
    .from(callbackEndpoints)
    .where(inArray(callbackEndpoints.id, firstEndpointId(db, tenantId)))
    .get();
}

const toEndpoint = ({ enabledEvents, deletedAt: _deletedAt, ...row }: CallbackEndpointRecord): CallbackEndpoint => ({
  ...row,
  enabledEvents: JSON.parse(enabledEvents) as string[],
});

/** A tenant's callback settings: its first endpoint's URL and secrets, never their values. No endpoint reads as "off". */
export async function getCallbackSettings({ ctx }: { ctx: Pick<TenantContext, "db" | "clock" | "tenant"> }): Promise<CallbackSettings> {
  const tenantId = ctx.tenant.id;
  const { db } = ctx;
  const endpoint = await firstEndpoint(db, tenantId);
  if (!endpoint) return { url: null, createdAt: null, updatedAt: null, signingSecrets: [] };
  const secrets = await activeSecretRows(db, [endpoint.id], ctx.clock.nowIso());
  return {
    url: endpoint.url,
    createdAt: endpoint.createdAt,
    updatedAt: endpoint.updatedAt,
    signingSecrets: secrets.map(({ id, createdAt, expiresAt }) => ({ id, createdAt, expiresAt })),
  };
}

/**
 * Sets the first endpoint's URL, creating it if the tenant has none; an empty URL turns it off and cancels its deliveries
 * not yet made (replay brings them back). A URL turns a disabled first endpoint back on. The first save generates the
 * signing secret; later saves keep it.
 */
export async function saveCallbackUrl({
  ctx,
  input,
}: {
  ctx: Pick<TenantContext, "db" | "env" | "publicOrigin" | "clock" | "tenant">;
  input: { url: string };
}): Promise<CallbackSettings> {
  const tenantId = ctx.tenant.id;
  const { db, env } = ctx;
  await assertTenantExists(db, tenantId);
  const now = ctx.clock.nowIso();
  const first = inArray(callbackEndpoints.id, firstEndpointId(db, tenantId));
  const requested = input.url.trim();
  if (requested === "") {
    await db.batch([
      db
        .update(callbackDeliveries)
        .set({ status: "canceled", nextAttemptAt: null })
        .where(
          and(
            eq(callbackDeliveries.tenantId, tenantId),
            eq(callbackDeliveries.status, "pending"),
            inArray(callbackDeliveries.endpointId, firstEndpointId(db, tenantId)),
          ),
        ),
      db.update(callbackEndpoints).set({ url: null, updatedAt: now }).where(first),
    ]);
    logEvent("info", "callbacks turned off", { tenantId });
    return getCallbackSettings({ ctx });
  }

  const url = parseCallbackUrl(requested, callbackUrlPolicy(ctx));
  const secretId = newId("sigkey");
  const sealed = await sealSigningSecret(env, { tenantId, secretId }, generateSigningSecret());
  await db.batch([
    // Only when the tenant has no endpoint: otherwise the next statement sets the first one's URL.
    db.insert(callbackEndpoints).select(
      db
        .select(insertSelectFields(callbackEndpoints, { id: newId("cbe"), tenantId: tenants.id, url, createdAt: now, updatedAt: now }))
        .from(tenants)
        .where(
          and(
            eq(tenants.id, tenantId),
            sql`NOT EXISTS (SELECT 1 FROM ${callbackEndpoints} WHERE ${callbackEndpoints.tenantId} = ${tenantId} AND ${callbackEndpoints.deletedAt} IS NULL)`,
          ),
        ),
    ),
    db.update(callbackEndpoints).set({ url, disabledAt: null, disabledReason: null, updatedAt: now }).where(first),
    // Only when the endpoint has no current secret (its first save): a URL change must not change the secret.
    insertCurrentSecret(
      db,
      { id: secretId, sealed, now },
      and(
        first,
        sql`NOT EXISTS (SELECT 1 FROM ${callbackSigningSecrets} WHERE ${callbackSigningSecrets.endpointId} = ${callbackEndpoints.id} AND ${callbackSigningSecrets.expiresAt} IS NULL)`,
      )!,
    ),
  ]);
  logEvent("info", "callback url saved", { tenantId, host: new URL(url).host });
  return getCallbackSettings({ ctx });
}

/** The statement giving each endpoint `where` selects a current signing secret (one that does not expire), `sealed`. */
function insertCurrentSecret(db: Database, secret: { id: string; sealed: string; now: string }, where: SQL) {
  return db.insert(callbackSigningSecrets).select(
    db
      .select(
        insertSelectFields(callbackSigningSecrets, {
          id: secret.id,
          tenantId: callbackEndpoints.tenantId,
          endpointId: callbackEndpoints.id,
          secretCiphertext: secret.sealed,
          createdAt: secret.now,
          expiresAt: null,
        }),
      )
      .from(callbackEndpoints)
      .where(where),
  );
}

/** `*` alone, or known types once each; an unknown type is named in a 422. */
function checkEnabledEvents(requested: string[]): string[] {
  const unique = [...new Set(requested)];
  unique.forEach((type, index) => {
    if (type !== ALL_EVENT_TYPES && !(EVENT_TYPES as readonly string[]).includes(type)) {
      throw new ApiError("unknown-event-type", `enabledEvents names ${JSON.stringify(type)}, which is not an event type.`, {
        extensions: { errors: [{ field: `enabledEvents[${index}]`, message: `must be "*" or one of ${EVENT_TYPES.join(", ")}` }] },
      });
    }
  });
  return unique.includes(ALL_EVENT_TYPES) ? [ALL_EVENT_TYPES] : unique;
}

/**
 * A new endpoint with its own signing secret, returned here and only here. At most MAX_CALLBACK_ENDPOINTS per tenant,
 * counted in the insert itself so concurrent creations cannot pass the limit together.
 */
export async function createCallbackEndpoint({
  ctx,
  input,
}: {
  ctx: Pick<TenantContext, "db" | "env" | "publicOrigin" | "clock" | "tenant">;
  input: { url: string; description?: string | null; enabledEvents?: string[]; disabled?: boolean };
}): Promise<{ endpoint: CallbackEndpoint; secret: string }> {
  const tenantId = ctx.tenant.id;
  const { db, env } = ctx;
  const url = parseCallbackUrl(input.url.trim(), callbackUrlPolicy(ctx));
  const enabledEvents = checkEnabledEvents(input.enabledEvents ?? [ALL_EVENT_TYPES]);
  const now = ctx.clock.nowIso();
  const id = newId("cbe");
  const secretId = newId("sigkey");
  const secret = generateSigningSecret();
  const sealed = await sealSigningSecret(env, { tenantId, secretId }, secret);
  const [inserted] = await db.batch([
    db
      .insert(callbackEndpoints)
      .select(
        db
          .select(
            insertSelectFields(callbackEndpoints, {
              id,
              tenantId: tenants.id,
              url,
              description: input.description ?? null,
              enabledEvents: JSON.stringify(enabledEvents),
              disabledAt: input.disabled ? now : null,
              disabledReason: input.disabled ? "tenant" : null,
              createdAt: now,
              updatedAt: now,
            }),
          )
          .from(tenants)
          .where(
            and(
              eq(tenants.id, tenantId),
              sql`(SELECT count(*) FROM ${callbackEndpoints} WHERE ${callbackEndpoints.tenantId} = ${tenantId} AND ${callbackEndpoints.deletedAt} IS NULL) < ${MAX_CALLBACK_ENDPOINTS}`,
            ),
          ),
      )
      .returning(),
    insertCurrentSecret(db, { id: secretId, sealed, now }, eq(callbackEndpoints.id, id)),
  ]);
  const [row] = inserted;
  if (!row) {
    throw new ApiError(
      "callback-endpoint-limit-reached",
      `A tenant has at most ${MAX_CALLBACK_ENDPOINTS} callback endpoints; delete one before adding another.`,
      { extensions: { maxEndpoints: MAX_CALLBACK_ENDPOINTS } },
    );
  }
  logEvent("info", "callback endpoint created", { tenantId, endpointId: id, host: new URL(url).host });
  return { endpoint: toEndpoint(row), secret };
}

/** The tenant's live endpoints, newest first. */
export async function listCallbackEndpoints({
  ctx,
  input,
}: {
  ctx: Pick<TenantContext, "db" | "env" | "tenant">;
  input: { limit: number; cursor?: string | undefined };
}): Promise<Page<CallbackEndpoint>> {
  const tenantId = ctx.tenant.id;
  const scope = cursorScope(ctx, "callback-endpoints-cursor", { tenantId });
  const rows = await ctx.db
    .select()
    .from(callbackEndpoints)
    .where(and(eq(callbackEndpoints.tenantId, tenantId), live, await afterCursor(callbackEndpoints, input.cursor, scope)))
    .orderBy(desc(callbackEndpoints.createdAt), desc(callbackEndpoints.id))
    .limit(input.limit + 1)
    .all();
  return pageOf(rows.map(toEndpoint), input.limit, scope);
}

export async function getCallbackEndpoint({
  ctx,
  input: { endpointId },
}: {
  ctx: Pick<TenantContext, "db" | "tenant">;
  input: { endpointId: string };
}): Promise<CallbackEndpoint> {
  const tenantId = ctx.tenant.id;
  return toEndpoint(await requireEndpoint(ctx.db, tenantId, endpointId));
}

/** An endpoint's active signing secrets, never their values: what the dashboard lists beside reveal and rotate. */
export async function listSigningSecrets({
  ctx,
  input: { endpointId },
}: {
  ctx: Pick<TenantContext, "db" | "clock" | "tenant">;
  input: { endpointId: string };
}): Promise<SigningSecretInfo[]> {
  const tenantId = ctx.tenant.id;
  await requireEndpoint(ctx.db, tenantId, endpointId);
  const rows = await activeSecretRows(ctx.db, [endpointId], ctx.clock.nowIso());
  return rows.map(({ id, createdAt, expiresAt }) => ({ id, createdAt, expiresAt }));
}

/**
 * Changes what is given. Disabling cancels the endpoint's deliveries not yet made (as turning callbacks off does; replay
 * brings them back once it is enabled again); enabling clears why it was disabled, a 410 included.
 */
export async function updateCallbackEndpoint({
  ctx,
  input: { endpointId, changes },
}: {
  ctx: Pick<TenantContext, "db" | "env" | "publicOrigin" | "clock" | "tenant">;
  input: { endpointId: string; changes: EndpointChanges };
}): Promise<CallbackEndpoint> {
  const tenantId = ctx.tenant.id;
  const { db } = ctx;
  const current = await requireEndpoint(db, tenantId, endpointId);
  const now = ctx.clock.nowIso();
  const url = changes.url === undefined ? undefined : parseCallbackUrl(changes.url.trim(), callbackUrlPolicy(ctx));
  const enabledEvents = changes.enabledEvents === undefined ? undefined : JSON.stringify(checkEnabledEvents(changes.enabledEvents));
  const disabling = changes.disabled === true && current.disabledAt === null;
  const [[updated]] = await db.batch([
    db
      .update(callbackEndpoints)
      .set({
        ...(url === undefined ? {} : { url }),
        ...(changes.description === undefined ? {} : { description: changes.description }),
        ...(enabledEvents === undefined ? {} : { enabledEvents }),
        ...(changes.disabled === undefined
          ? {}
          : changes.disabled
            ? { disabledAt: current.disabledAt ?? now, disabledReason: current.disabledReason ?? "tenant" }
            : { disabledAt: null, disabledReason: null }),
        updatedAt: now,
      })
      .where(and(eq(callbackEndpoints.id, endpointId), eq(callbackEndpoints.tenantId, tenantId), live))
      .returning(),
    ...(disabling ? [cancelPendingDeliveries(db, tenantId, endpointId)] : []),
  ]);
  if (!updated) throw endpointNotFound(endpointId);
  logEvent("info", "callback endpoint updated", { tenantId, endpointId, fields: Object.keys(changes) });
  return toEndpoint(updated);
}

/**
 * Gone for the tenant, as at Stripe: no more deliveries (those not yet made are canceled) and its secrets are erased. The
 * row stays, marked deleted, so the operator can still read its deliveries.
 */
export async function deleteCallbackEndpoint({
  ctx,
  input: { endpointId },
}: {
  ctx: Pick<TenantContext, "db" | "clock" | "tenant">;
  input: { endpointId: string };
}): Promise<void> {
  const tenantId = ctx.tenant.id;
  const { db } = ctx;
  const now = ctx.clock.nowIso();
  const [deleted] = await db.batch([
    db
      .update(callbackEndpoints)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(eq(callbackEndpoints.id, endpointId), eq(callbackEndpoints.tenantId, tenantId), live))
      .returning({ id: callbackEndpoints.id }),
    cancelPendingDeliveries(db, tenantId, endpointId),
    db
      .delete(callbackSigningSecrets)
      .where(and(eq(callbackSigningSecrets.endpointId, endpointId), eq(callbackSigningSecrets.tenantId, tenantId))),
  ]);
  if (deleted.length === 0) throw endpointNotFound(endpointId);
  logEvent("info", "callback endpoint deleted", { tenantId, endpointId });
}

/** Disables an endpoint whose receiver answered 410 Gone (Standard Webhooks), and cancels what it was still owed. */
export async function disableGoneEndpoints(
  { db, clock }: Pick<ShardContext, "db" | "clock">,
  gone: { tenantId: string; endpointId: string }[],
): Promise<{ tenantId: string; endpointId: string; url: string | null }[]> {
  if (gone.length === 0) return [];
  const now = clock.nowIso();
  const endpointIds = [...new Set(gone.map((endpoint) => endpoint.endpointId))];
  const [disabled] = await db.batch([
    db
      .update(callbackEndpoints)
      .set({ disabledAt: now, disabledReason: "gone", updatedAt: now })
      .where(and(inArray(callbackEndpoints.id, boundList(endpointIds)), isNull(callbackEndpoints.disabledAt)))
      .returning({ tenantId: callbackEndpoints.tenantId, endpointId: callbackEndpoints.id, url: callbackEndpoints.url }),
    db
      .update(callbackDeliveries)
      .set({ status: "canceled", nextAttemptAt: null })
      .where(and(inArray(callbackDeliveries.endpointId, boundList(endpointIds)), eq(callbackDeliveries.status, "pending"))),
  ]);
  for (const endpoint of disabled) logEvent("warn", "callback endpoint disabled: its receiver answered 410 Gone", endpoint);
  return disabled;
}

const cancelPendingDeliveries = (db: Database, tenantId: string, endpointId: string) =>
  db
    .update(callbackDeliveries)
    .set({ status: "canceled", nextAttemptAt: null })
    .where(
      and(
        eq(callbackDeliveries.tenantId, tenantId),
        eq(callbackDeliveries.endpointId, endpointId),
        eq(callbackDeliveries.status, "pending"),
      ),
    );

/** The deliberate exception to "secrets are never returned": the tenant copies it into its receiver. */
export async function revealSigningSecrets({
  ctx,
  input: { endpointId },
}: {
  ctx: TenantContext;
  input: { endpointId?: string };
}): Promise<RevealedSigningSecret[]> {
  const tenantId = ctx.tenant.id;
  const { db, env } = ctx;
  const endpoint = await requireSecretsEndpoint(db, tenantId, endpointId);
  const secrets = await activeSigningSecrets({ db, env, endpointId: endpoint.id, now: ctx.clock.nowIso() });
  logEvent("info", "callback signing secrets revealed", {
    tenantId,
    endpointId: endpoint.id,
    secretIds: secrets.map((secret) => secret.id),
  });
  return secrets;
}

/**
 * Makes a new current secret for one endpoint (the first one unless named). Every other secret of it stops signing
 * after `previousSecretTtlSeconds` (at the latest), so a receiver can switch without missing a callback; 0 retires them
 * at once (a leaked secret).
 */
export async function rotateSigningSecret({
  ctx,
  input: { endpointId, ...input },
}: {
  ctx: TenantContext;
  input: { endpointId?: string; previousSecretTtlSeconds?: number };
}): Promise<RevealedSigningSecret[]> {
  const tenantId = ctx.tenant.id;
  const { db, env } = ctx;
  const endpoint = await requireSecretsEndpoint(db, tenantId, endpointId);
  const now = ctx.clock.nowIso();
  const previousExpiresAt = new Date(
    Date.parse(now) + (input.previousSecretTtlSeconds ?? DEFAULT_PREVIOUS_SECRET_TTL_SECONDS) * 1000,
  ).toISOString();
  const secretId = newId("sigkey");
  const sealed = await sealSigningSecret(env, { tenantId, secretId }, generateSigningSecret());
  const ofEndpoint = eq(callbackSigningSecrets.endpointId, endpoint.id);
  await db.batch([
    db.delete(callbackSigningSecrets).where(and(ofEndpoint, lte(callbackSigningSecrets.expiresAt, now))),
    db
      .update(callbackSigningSecrets)
      .set({ expiresAt: previousExpiresAt })
      .where(and(ofEndpoint, or(isNull(callbackSigningSecrets.expiresAt), gt(callbackSigningSecrets.expiresAt, previousExpiresAt)))),
    db
      .insert(callbackSigningSecrets)
      .values({ id: secretId, tenantId, endpointId: endpoint.id, secretCiphertext: sealed, createdAt: now, expiresAt: null }),
  ]);
  logEvent("info", "callback signing secret rotated", { tenantId, endpointId: endpoint.id, secretId, previousExpiresAt });
  return activeSigningSecrets({ db, env, endpointId: endpoint.id, now });
}

/** The secrets that sign a callback to one endpoint sent at `now`, current first. */
export async function activeSigningSecrets({
  db,
  env,
  endpointId,
  now,
}: {
  db: Database;
  env: SecretsEnv;
  endpointId: string;
  now: string;
}): Promise<RevealedSigningSecret[]> {
  return (await activeSigningSecretsByEndpoint({ db, env, endpointIds: [endpointId], now })).get(endpointId) ?? [];
}

/** Each endpoint's secrets that sign a callback sent at `now`, current first, read with one query whatever the number of endpoints. */
export async function activeSigningSecretsByEndpoint({
  db,
  env,
  endpointIds,
  now,
}: {
  db: Database;
  env: SecretsEnv;
  endpointIds: string[];
  now: string;
}): Promise<Map<string, RevealedSigningSecret[]>> {
  const byEndpoint = new Map<string, RevealedSigningSecret[]>(endpointIds.map((endpointId) => [endpointId, []]));
  if (endpointIds.length === 0) return byEndpoint;
  const rows = await activeSecretRows(db, endpointIds, now);
  const secrets = await Promise.all(
    rows.map(async ({ id, tenantId, endpointId, createdAt, expiresAt, secretCiphertext }) => ({
      endpointId,
      secret: { id, createdAt, expiresAt, secret: await openSigningSecret(env, { tenantId, secretId: id }, secretCiphertext) },
    })),
  );
  for (const { endpointId, secret } of secrets) byEndpoint.get(endpointId)?.push(secret);
  return byEndpoint;
}

function activeSecretRows(db: Database, endpointIds: string[], now: string) {
  return db
    .select()
    .from(callbackSigningSecrets)
    .where(and(inArray(callbackSigningSecrets.endpointId, boundList(endpointIds)), activeAt(now)))
    .orderBy(sql`${callbackSigningSecrets.expiresAt} IS NOT NULL`, desc(callbackSigningSecrets.createdAt))
    .all();
}

const endpointNotFound = (endpointId: string) => new ApiError("not-found", `No callback endpoint ${endpointId}.`);

async function requireEndpoint(db: Database, tenantId: string, endpointId: string) {
  const endpoint = await db
    .select()
    .from(callbackEndpoints)
    .where(and(eq(callbackEndpoints.id, endpointId), eq(callbackEndpoints.tenantId, tenantId), live))
    .get();
  if (!endpoint) throw endpointNotFound(endpointId);
  return endpoint;
}

/** The named endpoint, or the first one for the single-URL surfaces (the operator's …/callbacks/secrets). */
async function requireSecretsEndpoint(db: Database, tenantId: string, endpointId: string | undefined) {
  if (endpointId) return requireEndpoint(db, tenantId, endpointId);
  const endpoint = await firstEndpoint(db, tenantId);
  if (!endpoint) throw new ApiError("not-found", `Tenant ${tenantId} has never registered a callback URL.`);
  return endpoint;
}
