import { and, gt, lt, notInArray, type SQL } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

import { tenants } from "../db/tenants.schema";

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
  // `cancelling`: an operator's rollback before the flip, undoing the move; `cancelled` once the tenant is wholly on its source.
  step: text("step", {
    enum: ["copy", "compare", "catch-up", "drain", "delta", "verify", "delete", "done", "cancelling", "cancelled"],
  }).notNull(),
  // The table the step is at (an index into the shard's tables in its order) and the last primary key done in it, as JSON.
  tableIndex: integer("table_index").notNull().default(0),
  cursor: text("cursor"),
  // Per table: rows copied, compared and repaired before the pause, changes caught up before it, delta rows written and
  // deleted in it, the verified count and checksum of each side, rows deleted.
  tally: text("tally", { mode: "json" }).$type<Record<string, TableTally>>().notNull(),
  // The last entry of the source's change log (tenant_changes.seq) whose row the target has been given.
  changeCursor: integer("change_cursor").notNull().default(0),
  // The change cursor when the pause began: the pause verifies the rows changed after it.
  pauseCursor: integer("pause_cursor"),
  // Set while the tenant's writes are paused (drain to flip): every resolution of the tenant's shard answers "moving".
  pausedAt: text("paused_at"),
  // Verifications that found the sides different in this pause; past a few the pause ends and the catch-up resumes.
  verifyFailures: integer("verify_failures").notNull().default(0),
  // Steps failed in a row since the last one that succeeded, and when the last failed: the cron waits out a backoff.
  failures: integer("failures").notNull().default(0),
  lastFailedAt: text("last_failed_at"),
  // How long the last pause lasted, from the pause to the flip, in milliseconds.
  pauseMs: integer("pause_ms"),
  startedAt: text("started_at").notNull(),
  // When a step last succeeded (the move's last progress); a failed step leaves it.
  updatedAt: text("updated_at").notNull(),
  flippedAt: text("flipped_at"),
  finishedAt: text("finished_at"),
  lastError: text("last_error"),
});
export type TenantMoveRecord = typeof tenantMoves.$inferSelect;
export type MoveStep = TenantMoveRecord["step"];

/** Where a move ends: the tenant wholly on the target (`done`) or wholly back on its source (`cancelled`). */
export const FINISHED_STEPS: MoveStep[] = ["done", "cancelled"];

/** Minutes an unfinished move may go without a step succeeding before it counts as stuck, unless configured. */
const DEFAULT_STUCK_MINUTES = 15;

/** How long an unfinished move may go without progress (TENANT_MOVE_STUCK_MINUTES) before it is stuck. */
export function stuckMoveBoundMs(env: Env): number {
  return Number(env.TENANT_MOVE_STUCK_MINUTES ?? DEFAULT_STUCK_MINUTES) * 60_000;
}

/** A move not finished: under way, failing, or being rolled back. */
export const unfinishedMove: SQL = notInArray(tenantMoves.step, FINISHED_STEPS);

/**
 * The one rule for a stuck move (the operator's list, `/health/ready`): unfinished, and no step has succeeded since
 * `progressBefore` — its step keeps failing, or nothing drives it. A move driven by the cron alone progresses every minute.
 */
export function stuckMove(progressBefore: string): SQL {
  return and(unfinishedMove, lt(tenantMoves.updatedAt, progressBefore))!;
}

/** An unfinished move whose last step failed (the cron retries it after its backoff). */
export const failingMove: SQL = and(unfinishedMove, gt(tenantMoves.failures, 0))!;

export type TableTally = {
  copied?: number;
  compared?: number;
  repaired?: number;
  caughtUpWritten?: number;
  caughtUpDeleted?: number;
  deltaWritten?: number;
  deltaDeleted?: number;
  sourceRows?: number;
  sourceChecksum?: string;
  targetRows?: number;
  targetChecksum?: string;
  deleted?: number;
};
