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
 * The message a database's fence trigger aborts a write with (src/tenant-moves/fence-triggers.ts): the tenant's move has
 * paused its writes there, or taken its data elsewhere.
 */
export const FENCE_REFUSAL = "tenant-moving: this database refuses the tenant's writes while it moves";

/** Whether an error (or what it wraps: drizzle wraps D1's) is a write a move's fence refused. */
export function isFenceRefusal(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) if (cause.message.includes(FENCE_REFUSAL)) return true;
  return false;
}

/**
 * A write the tenant's fence refused, as the client sees it: the same retriable 503 as a request refused at the pause.
 * The request's earlier writes landed before the pause and were copied; retried under its Idempotency-Key it resumes
 * from them on the new shard.
 */
export const fencedWrite = (tenantId?: string) =>
  new ApiError(
    "tenant-moving",
    `${tenantId ? `Tenant ${tenantId}` : "This tenant"} is moving to another database and this write was refused; retry after a few seconds.`,
    { headers: { "Retry-After": String(MOVE_RETRY_AFTER_SECONDS) } },
  );
