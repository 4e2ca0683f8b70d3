import { type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * A database's own record of the tenants a move is taking from it or bringing to it, one row per tenant, kept in the
 * database itself (every shard, and the control database while it holds tenants from before shards) so that a write
 * and the fence it must respect are read in the same statement. No row: the tenant's rows here, if any, are live.
 * - `arriving`: this database is a move's target before the flip; the rows here are a partial copy only the move writes.
 * - `capturing`: this database is a move's source during the copy; the rows are live and every write is recorded.
 * - `paused`: the source from the pause to the flip; every write of the tenant is refused.
 * - `left`: the source after the flip; the rows are stale and every write of the tenant is refused until deleted.
 */
export const tenantFences = sqliteTable("tenant_fences", {
  // No reference to tenants: the fence outlives the tenant's rows on a source it has left.
  tenantId: text("tenant_id").primaryKey(),
  state: text("state", { enum: ["arriving", "capturing", "paused", "left"] }).notNull(),
  moveStartedAt: text("move_started_at").notNull(),
});
export type TenantFenceRecord = typeof tenantFences.$inferSelect;
export type FenceState = TenantFenceRecord["state"];

/**
 * The one rule for work that spans tenants on a database (sweeps, reports, retention): it reads only tenants whose rows
 * here are live, so a move's partial copy or stale source is never acted on; decided in the same statement as the read.
 */
export function liveHere(tenantColumn: SQLiteColumn): SQL {
  // Keyed on the fence's primary key, row by row: a search, never a scan, however the query around it is planned.
  return sql`NOT EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_fences"."tenant_id" = ${tenantColumn} AND "tenant_fences"."state" <> 'capturing')`;
}
