import type { TenantMoveRecord } from "../db/tenant-moves.schema";
import { SHARD_TABLES } from "./shard-tables";

export const toTenantMove = (move: TenantMoveRecord) => ({
  tenantId: move.tenantId,
  from: move.fromShard,
  to: move.toShard,
  region: move.toRegion,
  step: move.step,
  paused: move.pausedAt !== null,
  tables: SHARD_TABLES.map(({ name }) => {
    const tally = move.tally[name] ?? {};
    return {
      table: name,
      copied: tally.copied ?? 0,
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
  lastError: move.lastError,
});
