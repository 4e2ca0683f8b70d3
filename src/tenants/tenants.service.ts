import { and, desc, eq, getTableColumns, isNull, lt, or } from "drizzle-orm";

import { drizzleOf } from "../db/client";
import { tenantMoving, unknownTenant } from "../db/tenancy";
import { type TenantRecord, tenants } from "../db/tenants.schema";
import { newId } from "../lib/ids";
import { afterCursor, cursorScope, type Page, pageOf } from "../lib/pagination";
import { ApiError } from "../lib/problem";
import { isLegacyControlShard, placeInRegion, placementFields, placementOf, tenantPlacement } from "../placement/shards";
import { tenantMoves } from "../placement/tenant-moves.schema";
import { tenantShards } from "../placement/tenant-shards.schema";
import type { RootContext, ShardContext, TenantContext } from "../platform/context";
import type { KeyPermissions } from "../platform/permissions";
import type { AuthenticatedTenant } from "../platform/types";
import { displayParts, generateApiKey, hashApiKey, isWellFormedApiKey } from "./api-keys";
import { type ApiKeyRecord, apiKeys } from "./tenants.schema";

/** "Last used" is kept to the minute: enough for a person deciding whether a key is still in use, and one write a minute per key. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * How long an isolate trusts a key it looked up in D1 without looking again: a key revoked through another isolate keeps
 * working there at most this long (revoked through this one, it stops at once).
 */
export const KEY_CHECK_TTL_MS = 5_000;
const CHECKED_KEYS_MAX = 1_000;

type CheckedKey = AuthenticatedTenant & { checkedAtMs: number; lastUsedAtMs: number };

/** Keys this isolate found live in D1, by their hash, oldest check first. */
const checkedKeys = new Map<string, CheckedKey>();

function forgetKey(apiKeyId: string): void {
  for (const [keyHash, checked] of checkedKeys) if (checked.apiKeyId === apiKeyId) checkedKeys.delete(keyHash);
}

/** A tenant with the region its data lives in; null for a tenant from before shards, whose data is still in the control database. */
export type PlacedTenant = TenantRecord & { region: string | null };

const placedTenantFields = { ...getTableColumns(tenants), region: tenantShards.region };

/**
 * Placed on the open shard of its region with the most room. The shard gets its own copy of the tenant row first (its
 * tables reference it, and the charge gate reads it beside the ledger), so the map never names a shard without it.
 */
export async function createTenant({ ctx, input }: { ctx: RootContext; input: { name: string; region?: string } }): Promise<PlacedTenant> {
  const region = input.region ?? ctx.env.DEFAULT_REGION;
  const shard = await placeInRegion(ctx.control, ctx.env, region);
  const now = ctx.clock.nowIso();
  const tenant: TenantRecord = {
    id: newId("ten"),
    name: input.name,
    feeBasisPoints: null,
    feeFixedCents: null,
    processorMerchantId: null,
    chargesEnabled: false,
    createdAt: now,
    updatedAt: now,
  };
  await drizzleOf(shard.d1).insert(tenants).values(tenant);
  await ctx.control.batch([
    ctx.control.insert(tenants).values(tenant),
    ctx.control.insert(tenantShards).values({ tenantId: tenant.id, region, shard: shard.binding, placedAt: now }),
  ]);
  return { ...tenant, region };
}

/** Newest first, keyset-paginated on (createdAt, id) like the other operator lists. */
export async function listTenants({
  ctx,
  input,
}: {
  ctx: RootContext;
  input: { limit: number; cursor?: string };
}): Promise<Page<PlacedTenant>> {
  // The operator's list spans every tenant, so its cursor is bound to no one tenant.
  const scope = cursorScope(ctx, "tenants-cursor");
  const rows = await ctx.control
    .select(placedTenantFields)
    .from(tenants)
    .leftJoin(tenantShards, eq(tenantShards.tenantId, tenants.id))
    .where(await afterCursor(tenants, input.cursor, scope))
    .orderBy(desc(tenants.createdAt), desc(tenants.id))
    .limit(input.limit + 1)
    .all();
  return pageOf(rows, input.limit, scope);
}

/** The context's tenant as the control database has it, with its region. */
export async function getTenant({ ctx }: { ctx: TenantContext }): Promise<PlacedTenant> {
  const tenant = await ctx.control
    .select(placedTenantFields)
    .from(tenants)
    .leftJoin(tenantShards, eq(tenantShards.tenantId, tenants.id))
    .where(eq(tenants.id, ctx.tenant.id))
    .get();
  if (!tenant) throw unknownTenant(ctx.tenant.id);
  return tenant;
}

export async function updateTenant({
  ctx,
  input: changes,
}: {
  ctx: TenantContext;
  input: { name?: string; feeBasisPoints?: number | null; feeFixedCents?: number | null };
}): Promise<PlacedTenant> {
  const tenantId = ctx.tenant.id;
  const set = { ...changes, updatedAt: ctx.clock.nowIso() };
  // The shard's copy is the one charges read the fee from: written first, so the operator never sees a fee not yet charged.
  if (!isLegacyControlShard(ctx.shard)) await ctx.db.update(tenants).set(set).where(eq(tenants.id, tenantId));
  await ctx.control.update(tenants).set(set).where(eq(tenants.id, tenantId));
  return getTenant({ ctx });
}

/**
 * The binding of the shard holding a tenant's data (`DB` for a tenant from before shards), or null for no such tenant.
 * A tenant paused by a move is refused (503 tenant-moving): serving it from the old shard would lose the write.
 */
export async function tenantShard({ ctx, input: { tenantId } }: { ctx: RootContext; input: { tenantId: string } }): Promise<string | null> {
  const placement = await tenantPlacement(ctx.control, tenantId);
  if (placement?.moving) throw tenantMoving(tenantId);
  return placement?.shard ?? null;
}

/** Keys and merchants of the tenant this isolate trusts: a move pausing the tenant forgets them here, so this isolate looks again at once. */
export function forgetTenantKeys(tenantId: string): void {
  for (const [keyHash, checked] of checkedKeys) if (checked.tenantId === tenantId) checkedKeys.delete(keyHash);
  for (const [merchantId, owner] of checkedMerchants) if (owner.tenantId === tenantId) checkedMerchants.delete(merchantId);
}

/** A tenant and the binding of the shard holding its data. */
export type TenantOnShard = { tenantId: string; shard: string };

/** Merchants this isolate found in the control database's merchant → tenant map, oldest check first. */
const checkedMerchants = new Map<string, TenantOnShard & { checkedAtMs: number }>();

/**
 * The tenant a processor merchant belongs to and its shard, from the control database (the map is unique), or null for
 * a merchant of no tenant here. One look-up per processor event, so it is trusted per isolate as long as a key is.
 */
export async function merchantTenant({
  ctx,
  input: { merchantId },
}: {
  ctx: RootContext;
  input: { merchantId: string };
}): Promise<TenantOnShard | null> {
  const now = ctx.clock.nowMs();
  const checked = checkedMerchants.get(merchantId);
  if (checked && now - checked.checkedAtMs < KEY_CHECK_TTL_MS) return { tenantId: checked.tenantId, shard: checked.shard };
  checkedMerchants.delete(merchantId);
  const row = await ctx.control
    .select({ tenantId: tenants.id, ...placementFields })
    .from(tenants)
    .leftJoin(tenantShards, eq(tenantShards.tenantId, tenants.id))
    .leftJoin(tenantMoves, eq(tenantMoves.tenantId, tenants.id))
    .where(eq(tenants.processorMerchantId, merchantId))
    .get();
  if (!row) return null;
  const placement = placementOf(row);
  // The processor retries a 503: applied to the old shard now, the event would be lost with it after the flip.
  if (placement.moving) throw tenantMoving(row.tenantId);
  const found = { tenantId: row.tenantId, shard: placement.shard };
  rememberMerchant(merchantId, found, now);
  return found;
}

function rememberMerchant(merchantId: string, owner: TenantOnShard, checkedAtMs: number): void {
  checkedMerchants.delete(merchantId);
  if (checkedMerchants.size >= CHECKED_KEYS_MAX) checkedMerchants.delete(checkedMerchants.keys().next().value!);
  checkedMerchants.set(merchantId, { ...owner, checkedAtMs });
}

/**
 * Maps a processor merchant to the tenant whose shard `ctx` is on, in the control database — before the shard names
 * the merchant, so its events route there from then on — and in this isolate, which is about to hear from it.
 */
export async function mapMerchantToTenant({
  ctx,
  input: { tenantId, merchantId },
}: {
  ctx: ShardContext;
  input: { tenantId: string; merchantId: string };
}): Promise<void> {
  await ctx.control.update(tenants).set({ processorMerchantId: merchantId, updatedAt: ctx.clock.nowIso() }).where(eq(tenants.id, tenantId));
  rememberMerchant(merchantId, { tenantId, shard: ctx.shard }, ctx.clock.nowMs());
}

/**
 * Returns the plaintext key exactly once; only its peppered hash is stored. Its permissions are fixed here: a key the
 * isolates have cached can never hold permissions it no longer has (narrowing one is a new key and a revocation).
 */
export async function issueApiKey({
  ctx,
  input: { name = "", permissions = null },
}: {
  ctx: TenantContext;
  input: { name?: string; permissions?: KeyPermissions };
}) {
  await getTenant({ ctx });
  const key = generateApiKey();
  const record: ApiKeyRecord = {
    id: newId("key"),
    tenantId: ctx.tenant.id,
    keyHash: await hashApiKey(key, ctx.env.KEY_PEPPER),
    name,
    permissions,
    ...displayParts(key),
    createdAt: ctx.clock.nowIso(),
    revokedAt: null,
    lastUsedAt: null,
  };
  await ctx.control.insert(apiKeys).values(record);
  return { key, record };
}

export async function listApiKeys({ ctx }: { ctx: TenantContext }): Promise<ApiKeyRecord[]> {
  await getTenant({ ctx });
  return ctx.control.select().from(apiKeys).where(eq(apiKeys.tenantId, ctx.tenant.id)).orderBy(desc(apiKeys.createdAt)).all();
}

export async function revokeApiKey({ ctx, input: { keyId } }: { ctx: TenantContext; input: { keyId: string } }): Promise<ApiKeyRecord> {
  const tenantId = ctx.tenant.id;
  const existing = await ctx.control
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.tenantId, tenantId)))
    .get();
  if (!existing) throw new ApiError("not-found", `No API key ${keyId} for tenant ${tenantId}.`);
  forgetKey(keyId);
  if (existing.revokedAt) return existing;
  const revokedAt = ctx.clock.nowIso();
  await ctx.control
    .update(apiKeys)
    .set({ revokedAt })
    .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)));
  return { ...existing, revokedAt };
}

/**
 * Resolves a presented key to its tenant and the tenant's shard (key → tenant → shard, one read of the control
 * database), or null; callers must not reveal why a key was refused. A key is looked up at most every KEY_CHECK_TTL_MS
 * per isolate, its permissions and shard with it: a move pauses the tenant and waits out that TTL before its last copy, and a paused
 * tenant's key is never cached (503 tenant-moving until the map flips). "Last used" is written after the response, at
 * most once a minute.
 */
export async function authenticateApiKey({
  ctx,
  input: { presentedKey, afterResponse },
}: {
  ctx: RootContext;
  input: { presentedKey: string; afterResponse: (work: Promise<unknown>) => void };
}): Promise<AuthenticatedTenant | null> {
  if (!isWellFormedApiKey(presentedKey)) return null;
  const keyHash = await hashApiKey(presentedKey, ctx.env.KEY_PEPPER);
  const now = ctx.clock.nowMs();
  let checked = checkedKeys.get(keyHash);
  if (!checked || now - checked.checkedAtMs >= KEY_CHECK_TTL_MS) {
    checkedKeys.delete(keyHash);
    const row = await ctx.control
      .select({
        apiKeyId: apiKeys.id,
        tenantId: apiKeys.tenantId,
        permissions: apiKeys.permissions,
        lastUsedAt: apiKeys.lastUsedAt,
        ...placementFields,
      })
      .from(apiKeys)
      .leftJoin(tenantShards, eq(tenantShards.tenantId, apiKeys.tenantId))
      .leftJoin(tenantMoves, eq(tenantMoves.tenantId, apiKeys.tenantId))
      .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
      .get();
    if (!row) return null;
    const placement = placementOf(row);
    if (placement.moving) throw tenantMoving(row.tenantId);
    checked = {
      apiKeyId: row.apiKeyId,
      tenantId: row.tenantId,
      shard: placement.shard,
      permissions: row.permissions,
      checkedAtMs: now,
      lastUsedAtMs: row.lastUsedAt ? Date.parse(row.lastUsedAt) : Number.NEGATIVE_INFINITY,
    };
    if (checkedKeys.size >= CHECKED_KEYS_MAX) checkedKeys.delete(checkedKeys.keys().next().value!);
    checkedKeys.set(keyHash, checked);
  }
  if (checked.lastUsedAtMs <= now - LAST_USED_RESOLUTION_MS) {
    checked.lastUsedAtMs = now;
    const staleBefore = new Date(now - LAST_USED_RESOLUTION_MS).toISOString();
    afterResponse(
      ctx.control
        .update(apiKeys)
        .set({ lastUsedAt: new Date(now).toISOString() })
        .where(and(eq(apiKeys.id, checked.apiKeyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))))
        .run(),
    );
  }
  return { apiKeyId: checked.apiKeyId, tenantId: checked.tenantId, shard: checked.shard, permissions: checked.permissions };
}
