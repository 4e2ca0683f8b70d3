import { and, desc, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { boundList } from "../db/bound-list";
import { insertSelectFields } from "../db/insert-select";
import type { Database } from "../db/client";
import type { AppContext } from "../platform/context";
import { newId } from "../lib/ids";
import { logEvent } from "../lib/log";
import { ApiError } from "../lib/problem";
import { assertTenantExists } from "../db/tenancy";
import { callbackEndpoints, callbackSigningSecrets } from "./callback-endpoints.schema";
import { callbackUrlPolicy, parseCallbackUrl } from "./callback-url-policy";
import { callbackDeliveries } from "./deliveries.schema";
import { generateSigningSecret, openSigningSecret, sealSigningSecret } from "./signing-secrets";

export const DEFAULT_PREVIOUS_SECRET_TTL_SECONDS = 24 * 3600;

export type SigningSecretInfo = { id: string; createdAt: string; expiresAt: string | null };
export type RevealedSigningSecret = SigningSecretInfo & { secret: string };
export type CallbackSettings = {
  url: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  signingSecrets: SigningSecretInfo[];
};

type SecretsEnv = Pick<Env, "CALLBACK_SECRETS_KEY">;

const activeAt = (now: string) => or(isNull(callbackSigningSecrets.expiresAt), gt(callbackSigningSecrets.expiresAt, now));

/** A tenant's callback settings; never the secrets themselves. A tenant that never registered reads as "off". */
export async function getCallbackSettings({
  ctx,
  input: { tenantId },
}: {
  ctx: Pick<AppContext, "db" | "clock">;
  input: { tenantId: string };
}): Promise<CallbackSettings> {
  const { db } = ctx;
  await assertTenantExists(db, tenantId);
  const endpoint = await db.select().from(callbackEndpoints).where(eq(callbackEndpoints.tenantId, tenantId)).get();
  if (!endpoint) return { url: null, createdAt: null, updatedAt: null, signingSecrets: [] };
  const secrets = await activeSecretRows(db, [tenantId], ctx.clock.nowIso());
  return {
    url: endpoint.url,
    createdAt: endpoint.createdAt,
    updatedAt: endpoint.updatedAt,
    signingSecrets: secrets.map(({ id, createdAt, expiresAt }) => ({ id, createdAt, expiresAt })),
  };
}

/**
 * Sets the callback URL; an empty URL turns callbacks off and cancels deliveries not yet made (replay brings
 * them back). The first save generates the signing secret; later saves keep it.
 */
export async function saveCallbackUrl({
  ctx,
  input: { tenantId, ...input },
}: {
  ctx: Pick<AppContext, "db" | "env" | "publicOrigin" | "clock">;
  input: { tenantId: string; url: string };
}): Promise<CallbackSettings> {
  const { db, env } = ctx;
  await assertTenantExists(db, tenantId);
  const now = ctx.clock.nowIso();
  const requested = input.url.trim();
  if (requested === "") {
    await db.batch([
      db.update(callbackEndpoints).set({ url: null, updatedAt: now }).where(eq(callbackEndpoints.tenantId, tenantId)),
      db
        .update(callbackDeliveries)
        .set({ status: "canceled", nextAttemptAt: null })
        .where(and(eq(callbackDeliveries.tenantId, tenantId), eq(callbackDeliveries.status, "pending"))),
    ]);
    logEvent("info", "callbacks turned off", { tenantId });
    return getCallbackSettings({ ctx, input: { tenantId } });
  }

  const url = parseCallbackUrl(requested, callbackUrlPolicy(ctx));
  const secretId = newId("sigkey");
  const sealed = await sealSigningSecret(env, { tenantId, secretId }, generateSigningSecret());
  await db.batch([
    db
      .insert(callbackEndpoints)
      .values({ id: newId("cbe"), tenantId, url, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: callbackEndpoints.tenantId, set: { url, updatedAt: now } }),
    // Only when the endpoint has no current secret (its first save): a URL change must not change the secret.
    db.insert(callbackSigningSecrets).select(
      db
        .select(
          insertSelectFields(callbackSigningSecrets, {
            id: secretId,
            tenantId: callbackEndpoints.tenantId,
            endpointId: callbackEndpoints.id,
            secretCiphertext: sealed,
            createdAt: now,
            expiresAt: null,
          }),
        )
        .from(callbackEndpoints)
        .where(
          and(
            eq(callbackEndpoints.tenantId, tenantId),
            sql`NOT EXISTS (SELECT 1 FROM ${callbackSigningSecrets} WHERE ${callbackSigningSecrets.endpointId} = ${callbackEndpoints.id} AND ${callbackSigningSecrets.expiresAt} IS NULL)`,
          ),
        ),
    ),
  ]);
  logEvent("info", "callback url saved", { tenantId, host: new URL(url).host });
  return getCallbackSettings({ ctx, input: { tenantId } });
}

/** The deliberate exception to "secrets are never returned": the tenant copies it into its receiver. */
export async function revealSigningSecrets({
  ctx,
  input: { tenantId },
}: {
  ctx: AppContext;
  input: { tenantId: string };
}): Promise<RevealedSigningSecret[]> {
  const { db, env } = ctx;
  await requireEndpoint(db, tenantId);
  const secrets = await activeSigningSecrets({ db, env, tenantId, now: ctx.clock.nowIso() });
  logEvent("info", "callback signing secrets revealed", { tenantId, secretIds: secrets.map((secret) => secret.id) });
  return secrets;
}

/**
 * Makes a new current secret. Every other secret stops signing after `previousSecretTtlSeconds` (at the latest),
 * so a receiver can switch without missing a callback; 0 retires them at once (a leaked secret).
 */
export async function rotateSigningSecret({
  ctx,
  input: { tenantId, ...input },
}: {
  ctx: AppContext;
  input: { tenantId: string; previousSecretTtlSeconds?: number };
}): Promise<RevealedSigningSecret[]> {
  const { db, env } = ctx;
  const endpoint = await requireEndpoint(db, tenantId);
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
  logEvent("info", "callback signing secret rotated", { tenantId, secretId, previousExpiresAt });
  return activeSigningSecrets({ db, env, tenantId, now });
}

/** The secrets that sign a callback sent at `now`, current first. */
export async function activeSigningSecrets({
  db,
  env,
  tenantId,
  now,
}: {
  db: Database;
  env: SecretsEnv;
  tenantId: string;
  now: string;
}): Promise<RevealedSigningSecret[]> {
  return (await activeSigningSecretsByTenant({ db, env, tenantIds: [tenantId], now })).get(tenantId) ?? [];
}

/** Each tenant's secrets that sign a callback sent at `now`, current first, read with one query whatever the number of tenants. */
export async function activeSigningSecretsByTenant({
  db,
  env,
  tenantIds,
  now,
}: {
  db: Database;
  env: SecretsEnv;
  tenantIds: string[];
  now: string;
}): Promise<Map<string, RevealedSigningSecret[]>> {
  const byTenant = new Map<string, RevealedSigningSecret[]>(tenantIds.map((tenantId) => [tenantId, []]));
  if (tenantIds.length === 0) return byTenant;
  const rows = await activeSecretRows(db, tenantIds, now);
  const secrets = await Promise.all(
    rows.map(async ({ id, tenantId, createdAt, expiresAt, secretCiphertext }) => ({
      tenantId,
      secret: { id, createdAt, expiresAt, secret: await openSigningSecret(env, { tenantId, secretId: id }, secretCiphertext) },
    })),
  );
  for (const { tenantId, secret } of secrets) byTenant.get(tenantId)?.push(secret);
  return byTenant;
}

function activeSecretRows(db: Database, tenantIds: string[], now: string) {
  return db
    .select()
    .from(callbackSigningSecrets)
    .where(and(inArray(callbackSigningSecrets.tenantId, boundList(tenantIds)), activeAt(now)))
    .orderBy(sql`${callbackSigningSecrets.expiresAt} IS NOT NULL`, desc(callbackSigningSecrets.createdAt))
    .all();
}

async function requireEndpoint(db: Database, tenantId: string) {
  await assertTenantExists(db, tenantId);
  const endpoint = await db.select().from(callbackEndpoints).where(eq(callbackEndpoints.tenantId, tenantId)).get();
  if (!endpoint) throw new ApiError("not-found", `Tenant ${tenantId} has never registered a callback URL.`);
  return endpoint;
}
