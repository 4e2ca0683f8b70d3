import type { TenantMoveRecord } from "../placement/tenant-moves.schema";
import { type ListedMove, nextAttemptAt } from "./move.service";
import { SHARD_TABLES } from "./shard-tables";

/** Whose move it is, from and to where, its step, and whether the tenant's writes are paused: how every view of a move begins. */
const outlineOf = (move: TenantMoveRecord) => ({
  tenantId: move.tenantId,
  from: move.fromShard,
  to: move.toShard,
  region: move.toRegion,
  step: move.step,
  paused: move.pausedAt !== null,
});

const failureOf = (move: TenantMoveRecord) => ({
  lastError: move.lastError,
  failures: move.failures,
  lastFailedAtUtc: move.lastFailedAt,
  nextAttemptAtUtc: nextAttemptAt(move),
});

export const toTenantMove = (move: TenantMoveRecord) => ({
  ...outlineOf(move),
  pauseMs: move.pauseMs,
  tables: SHARD_TABLES.map(({ name }) => {
    const tally = move.tally[name] ?? {};
    return {
      table: name,
      copied: tally.copied ?? 0,
      compared: tally.compared ?? 0,
      repaired: tally.repaired ?? 0,
      caughtUpWritten: tally.caughtUpWritten ?? 0,
      caughtUpDeleted: tally.caughtUpDeleted ?? 0,
      deltaWritten: tally.deltaWritten ?? 0,
      deltaDeleted: tally.deltaDeleted ?? 0,
      sourceRows: tally.sourceRows ?? null,
      targetRows: tally.targetRows ?? null,
      sourceChecksum: tally.sourceChecksum ?? null,
      targetChecksum: tally.targetChecksum ?? null,
      deleted: tally.deleted ?? 0,
    };
  }),
  startedAtUtc: move.startedAt,
  updatedAtUtc: move.updatedAt,
  flippedAtUtc: move.flippedAt,
  finishedAtUtc: move.finishedAt,
  ...failureOf(move),
});

const secondsBetween = (fromIso: string, toMs: number) => Math.max(0, Math.floor((toMs - Date.parse(fromIso)) / 1000));

/** A move in the operator's list, its ages counted at `nowMs`. */
export const toMoveSummary = (move: ListedMove, nowMs: number) => ({
  ...outlineOf(move),
  startedAtUtc: move.startedAt,
  updatedAtUtc: move.updatedAt,
  finishedAtUtc: move.finishedAt,
  ageSeconds: secondsBetween(move.startedAt, nowMs),
  idleSeconds: secondsBetween(move.updatedAt, nowMs),
  stuck: move.stuck,
  ...failureOf(move),
});
