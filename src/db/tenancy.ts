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
