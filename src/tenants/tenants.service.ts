import { and, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { ApiError } from "../lib/problem";
import { newId, nowIso } from "../lib/ids";
import { apiKeys, tenants } from "./tenants.schema";
import { displayParts, generateApiKey, hashApiKey, isWellFormedApiKey } from "./api-keys";
import type { AuthenticatedTenant } from "../lib/types";

export type TenantRecord = typeof tenants.$inferSelect;
export type ApiKeyRecord = typeof apiKeys.$inferSelect;

export async function createTenant({ db, input }: { db: Database; input: { name: string } }): Promise<TenantRecord> {
  const now = nowIso();
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
  await db.insert(tenants).values(tenant);
  return tenant;
}

export function listTenants({ db }: { db: Database }): Promise<TenantRecord[]> {
  return db.select().from(tenants).orderBy(desc(tenants.createdAt), desc(tenants.id)).all();
}

export async function getTenant({ db, tenantId }: { db: Database; tenantId: string }): Promise<TenantRecord> {
  const tenant = await db.select().from(tenants).where(eq(tenants.id, tenantId)).get();
  if (!tenant) throw new ApiError("not-found", `No tenant ${tenantId}.`);
  return tenant;
}

export async function updateTenant({
  db,
  tenantId,
  input,
}: {
  db: Database;
  tenantId: string;
  input: { name?: string; feeBasisPoints?: number | null; feeFixedCents?: number | null };
}): Promise<TenantRecord> {
  const [updated] = await db
    .update(tenants)
    .set({ ...input, updatedAt: nowIso() })
    .where(eq(tenants.id, tenantId))
    .returning();
  if (!updated) throw new ApiError("not-found", `No tenant ${tenantId}.`);
  return updated;
}

/** Returns the plaintext key exactly once; only its peppered hash is stored. */
export async function issueApiKey({ db, pepper, tenantId }: { db: Database; pepper: string; tenantId: string }) {
  await getTenant({ db, tenantId });
  const key = generateApiKey();
  const record: ApiKeyRecord = {
    id: newId("key"),
    tenantId,
    keyHash: await hashApiKey(key, pepper),
    ...displayParts(key),
    createdAt: nowIso(),
    revokedAt: null,
  };
  await db.insert(apiKeys).values(record);
  return { key, record };
}

export function listApiKeys({ db, tenantId }: { db: Database; tenantId: string }): Promise<ApiKeyRecord[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.tenantId, tenantId)).orderBy(desc(apiKeys.createdAt)).all();
}

export async function revokeApiKey({ db, tenantId, keyId }: { db: Database; tenantId: string; keyId: string }): Promise<ApiKeyRecord> {
  const existing = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.tenantId, tenantId)))
    .get();
  if (!existing) throw new ApiError("not-found", `No API key ${keyId} for tenant ${tenantId}.`);
  if (existing.revokedAt) return existing;
  const revokedAt = nowIso();
  await db
    .update(apiKeys)
    .set({ revokedAt })
    .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)));
  return { ...existing, revokedAt };
}

/** Resolves a presented key to its tenant, or null; callers must not reveal why a key was refused. */
export async function authenticateApiKey({
  db,
  pepper,
  presentedKey,
}: {
  db: Database;
  pepper: string;
  presentedKey: string;
}): Promise<AuthenticatedTenant | null> {
  if (!isWellFormedApiKey(presentedKey)) return null;
  const keyHash = await hashApiKey(presentedKey, pepper);
  const row = await db
    .select({ apiKeyId: apiKeys.id, tenantId: apiKeys.tenantId })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
    .get();
  return row ?? null;
}
