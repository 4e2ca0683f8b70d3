import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { tenants } from "./tenants.schema";

/**
 * A tenant's move from one shard to another, one row per tenant (the last move stays as a record until the next one):
 * the step it is at, the cursor inside that step, what it counted and checksummed, and when its writes are paused.
 * Kept in the control database, so a move survives the crash of any Worker driving it.
 */
export const tenantMoves = sqliteTable("tenant_moves", {
  tenantId: text("tenant_id")
    .primaryKey()
    .references(() => tenants.id),
  fromShard: text("from_shard").notNull(),
  toShard: text("to_shard").notNull(),
  toRegion: text("to_region").notNull(),
  step: text("step", { enum: ["copy", "drain", "delta-delete", "delta-copy", "verify", "delete", "done"] }).notNull(),
  // The table the step is at (an index into the shard's tables in its order) and the last primary key done in it, as JSON.
  tableIndex: integer("table_index").notNull().default(0),
  cursor: text("cursor"),
  // Per table: rows copied, delta rows written and deleted, the verified count and checksum of each side, rows deleted.
  tally: text("tally", { mode: "json" }).$type<Record<string, TableTally>>().notNull(),
  // Set while the tenant's writes are paused (drain to flip): every resolution of the tenant's shard answers "moving".
  pausedAt: text("paused_at"),
  // Verifications that found the sides different in this pause; past a few the pause ends and the copy starts over.
  verifyFailures: integer("verify_failures").notNull().default(0),
  startedAt: text("started_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  flippedAt: text("flipped_at"),
  finishedAt: text("finished_at"),
  lastError: text("last_error"),
});
export type TenantMoveRecord = typeof tenantMoves.$inferSelect;
export type MoveStep = TenantMoveRecord["step"];

export type TableTally = {
  copied?: number;
  deltaWritten?: number;
  deltaDeleted?: number;
  sourceRows?: number;
  sourceChecksum?: string;
  targetRows?: number;
  targetChecksum?: string;
  deleted?: number;
};
