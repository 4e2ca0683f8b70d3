import { eq } from "drizzle-orm";
import { ApiError } from "../lib/problem";
import type { Database } from "./client";
import { tenants } from "./tenants.schema";

/** Operator routes name a tenant in the path; an unknown one is a 404 before anything else is read. */
export async function assertTenantExists(db: Database, tenantId: string): Promise<void> {
  const tenant = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).get();
  if (!tenant) throw unknownTenant(tenantId);
}

export const unknownTenant = (tenantId: string) => new ApiError("not-found", `No tenant ${tenantId}.`);

/** How long a client waits before retrying a request that met its tenant's move (the pause lasts seconds to minutes). */
export const MOVE_RETRY_AFTER_SECONDS = 5;

/**
 * The answer to anything for a tenant whose writes are paused for the last step of a move to another shard: nothing was
 * done, and the same request succeeds on the new shard once the map flips.
 */
export const tenantMoving = (tenantId: string) =>
  new ApiError("tenant-moving", `Tenant ${tenantId} is moving to another database; retry after a few seconds.`, {
    headers: { "Retry-After": String(MOVE_RETRY_AFTER_SECONDS) },
  });

/**
 * A write refused because its tenant is moving: the shard's fence (`paused` or `left`) aborted the statement, or a
 * resolution of the tenant's shard answered `tenant-moving`. Work spanning tenants skips that tenant's item and goes on.
 */
export function refusedByFence(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof ApiError) return cause.slug === "tenant-moving";
    // A failed query's own message quotes its SQL and parameters: only the database's error names the fence.
    if (!("query" in cause) && cause.message.includes("tenant-moving")) return true;
  }
  return false;
}
