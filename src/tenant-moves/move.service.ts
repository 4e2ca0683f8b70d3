import { and, desc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";

import { insertSelectFields } from "../db/insert-select";
import { unknownTenant } from "../db/tenancy";
import { logEvent } from "../lib/log";
import { afterCursor, cursorScope, type Page, pageOf } from "../lib/pagination";
import { ApiError } from "../lib/problem";
import { isLegacyControlShard, shardD1, shardsOf, tenantPlacement } from "../placement/shards";
import {
  FINISHED_STEPS,
  type MoveStep,
  stuckMove,
  stuckMoveBoundMs,
  type TableTally,
  type TenantMoveRecord,
  tenantMoves,
  unfinishedMove,
} from "../placement/tenant-moves.schema";
import { tenantShards } from "../placement/tenant-shards.schema";
import type { RootContext } from "../platform/context";
import { forgetTenantKeys, KEY_CHECK_TTL_MS } from "../tenants";
import { type Change, clearChanges, countChanges, readChanges, recordChanges, unrecordedKeys } from "./change-log";
import { fenceStatement, unfenceStatement } from "./fences";
import { SHARD_TABLES, type ShardTable } from "./shard-tables";
import {
  BATCH_ROWS,
  chainChecksum,
  countStatement,
  deleteStatement,
  deleteUnreferencedStatement,
  type Key,
  keyOf,
  type Position,
  positionOf,
  readBatch,
  readKeys,
  readRange,
  type Row,
  rowsByKey,
  runBatch,
  upsertStatement,
} from "./table-copy";

/** Children before parents: the order rows are deleted in, on either side. */
const CHILDREN_FIRST = [...SHARD_TABLES].reverse();

/** After a batch of a table walk: the same table from its last position, or the next table once a batch comes back short. */
const onwardFrom = (move: TenantMoveRecord, positions: Position[]) =>
  positions.length < BATCH_ROWS
    ? { tableIndex: move.tableIndex + 1, cursor: null }
    : { tableIndex: move.tableIndex, cursor: JSON.stringify(positions.at(-1)!) };

/** Where a table walk resumes: after the position onwardFrom saved, or from the start. */
const resumeAfter = (move: TenantMoveRecord): Position | null => (move.cursor === null ? null : (JSON.parse(move.cursor) as Position));

/**
 * Verifications that may differ in one pause before it ends: only a write that got past the pause makes the sides
 * differ, so the tenant is not kept paused for it; the catch-up goes on with its writes resumed.
 */
const MAX_VERIFY_FAILURES = 3;

/**
 * Steps one call runs at most, whatever its time budget: a step makes up to four D1 calls (read each side, write, save),
 * and a Worker invocation may make 1,000 subrequests.
 */
const STEPS_PER_CALL = 200;

/** How long the cron gives each unfinished move per run; the CLI and the operator route drive it faster. */
const CRON_BUDGET_MS = 10_000;

/**
 * The cron's wait after a failed step: a minute after the first failure, doubling with each failure in a row, at most an
 * hour — a step that cannot succeed (a shard down, a row it cannot write) is not hammered every minute, and one that
 * failed once is retried soon.
 */
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 3_600_000;

/** Steps before the flip, while the tenant's data still lives on the source: an operator may roll the move back. */
const BEFORE_FLIP: MoveStep[] = tenantMoves.step.enumValues.filter(
  (step) => !(["delete", "done", "cancelling", "cancelled"] as MoveStep[]).includes(step),
);

/** How long a finished move stays in the operator's list of moves. */
const RECENTLY_FINISHED_MS = 7 * 24 * 3_600_000;

/** The two databases a move reads and writes, raw: a test wraps them to crash a step. */
export type MoveDatabases = { source: D1Database; target: D1Database };

/** What one step did: the move as saved, and how long to wait before the next (for the key caches), if at all. */
export type StepOutcome = { move: TenantMoveRecord; waitMs: number };

/**
 * How long after the pause the flip waits at least: an isolate trusts a key's shard for KEY_CHECK_TTL_MS, and a read
 * through a key cached before the pause would be served from the old shard after the flip. Writes need no wait: the
 * source's fence refuses every late one.
 */
function keyCacheMs(env: Env): number {
  if (env.TENANT_MOVE_KEY_CACHE_MS !== undefined) return Number(env.TENANT_MOVE_KEY_CACHE_MS);
  return KEY_CHECK_TTL_MS;
}

/**
 * Starts moving a tenant to another shard, or finds the move to that shard already under way (a repeated request
 * resumes it). A move across regions moves where the data lives, so it needs the operator's explicit consent; a tenant
 * from before shards counts as being in the default region.
 */
export async function startMove({
  ctx,
  input: { tenantId, to, allowCrossRegion },
}: {
  ctx: RootContext;
  input: { tenantId: string; to: string; allowCrossRegion: boolean };
}): Promise<TenantMoveRecord> {
  const target = shardsOf(ctx.env).find((shard) => shard.binding === to);
  if (!target) {
    const configured = shardsOf(ctx.env)
      .map((shard) => shard.binding)
      .join(", ");
    throw new ApiError("validation-failed", `No shard ${to}; this deployment's shards: ${configured}.`, {
      extensions: { errors: [{ field: "to", message: `must be one of: ${configured}` }] },
    });
  }
  const existing = await findMove(ctx, tenantId);
  if (existing?.step === "cancelling") throw beingCancelled(existing);
  if (existing && !FINISHED_STEPS.includes(existing.step)) {
    if (existing.toShard !== to) throw movingElsewhere(existing);
    return existing;
  }
  const placement = await tenantPlacement(ctx.control, tenantId);
  if (!placement) throw unknownTenant(tenantId);
  const now = new Date().toISOString();
  const move = {
    tenantId,
    fromShard: placement.shard,
    toShard: to,
    toRegion: target.region,
    step: "copy" as MoveStep,
    tableIndex: 0,
    cursor: null,
    tally: {},
    changeCursor: 0,
    pauseCursor: null,
    pauseMs: null,
    pausedAt: null,
    verifyFailures: 0,
    failures: 0,
    lastFailedAt: null,
    startedAt: now,
    updatedAt: now,
    flippedAt: null,
    finishedAt: null,
    lastError: null,
  };
  // Already there: a move with nothing to do, answered as done and not recorded.
  if (placement.shard === to) return { ...move, step: "done", finishedAt: now };
  const placed = await ctx.control
    .select({ region: tenantShards.region })
    .from(tenantShards)
    .where(eq(tenantShards.tenantId, tenantId))
    .get();
  const fromRegion = placed?.region ?? ctx.env.DEFAULT_REGION;
  if (fromRegion !== target.region && !allowCrossRegion) {
    throw new ApiError(
      "validation-failed",
      `${to} is in region ${target.region} and tenant ${tenantId}'s data is in ${fromRegion}: moving it there changes where it lives; set allowCrossRegion to do so.`,
      {
        extensions: {
          errors: [{ field: "allowCrossRegion", message: `must be true to move the tenant's data from ${fromRegion} to ${target.region}` }],
        },
      },
    );
  }
  // One move per tenant at a time: a finished (or cancelled) one is replaced, one under way (another operator's) is kept.
  await ctx.control
    .insert(tenantMoves)
    .values(move)
    .onConflictDoUpdate({ target: tenantMoves.tenantId, set: move, setWhere: inArray(tenantMoves.step, FINISHED_STEPS) });
  const saved = (await findMove(ctx, tenantId))!;
  if (saved.step === "cancelling") throw beingCancelled(saved);
  if (saved.toShard !== to) throw movingElsewhere(saved);
  return saved;
}

const movingElsewhere = (move: TenantMoveRecord) =>
  new ApiError("conflict", `Tenant ${move.tenantId} is already moving to ${move.toShard}; finish that move first.`);

const beingCancelled = (move: TenantMoveRecord) =>
  new ApiError(
    "conflict",
    `Tenant ${move.tenantId}'s move to ${move.toShard} is being cancelled; finish the cancel (POST /admin/tenants/${move.tenantId}/move/cancel) first.`,
  );

export async function findMove(ctx: RootContext, tenantId: string): Promise<TenantMoveRecord | undefined> {
  return ctx.control.select().from(tenantMoves).where(eq(tenantMoves.tenantId, tenantId)).get();
}

export async function getMove({ ctx, input: { tenantId } }: { ctx: RootContext; input: { tenantId: string } }): Promise<TenantMoveRecord> {
  const move = await findMove(ctx, tenantId);
  if (!move) throw new ApiError("not-found", `Tenant ${tenantId} has never been moved.`);
  return move;
}

/**
 * Works the tenant's move (or its rollback) forward for about `budgetMs` of wall time (the flip's wait included when
 * it fits) and at most STEPS_PER_CALL steps, each bounded and saved before the next: whoever calls next — the operator,
 * the CLI, the cron — resumes where it stopped. A failing step is counted on the move with the time it failed, and
 * retried by the next call (the cron's after a backoff); nothing it did is lost or doubled, since every write is keyed
 * by primary key.
 */
export async function driveMove({
  ctx,
  input: { tenantId, budgetMs },
}: {
  ctx: RootContext;
  input: { tenantId: string; budgetMs: number };
}): Promise<TenantMoveRecord> {
  const deadline = Date.now() + budgetMs;
  let move = await getMove({ ctx, input: { tenantId } });
  const databases = { source: shardD1(ctx.env, move.fromShard), target: shardD1(ctx.env, move.toShard) };
  for (let steps = 0; !FINISHED_STEPS.includes(move.step) && Date.now() < deadline && steps < STEPS_PER_CALL; steps++) {
    let outcome: StepOutcome;
    try {
      outcome = await moveStep({ ctx, input: { move, databases } });
    } catch (error) {
      logEvent("error", "tenant move step failed", { tenantId, step: move.step, failures: move.failures + 1, error: String(error) });
      // Counted only if the move is still where the step found it: another driver may have gone on meanwhile.
      await ctx.control
        .update(tenantMoves)
        .set({
          lastError: `${move.step}: ${String(error)}`.slice(0, 500),
          failures: sql`${tenantMoves.failures} + 1`,
          lastFailedAt: ctx.clock.nowIso(),
        })
        .where(unmoved(move));
      return (await findMove(ctx, tenantId))!;
    }
    move = outcome.move;
    if (outcome.waitMs > 0) {
      if (Date.now() + outcome.waitMs > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, outcome.waitMs));
    }
  }
  return move;
}

/**
 * The cron's part: every unfinished move (or rollback) goes on, so a move whose driver crashed finishes anyway; one
 * whose last step failed waits out its backoff first.
 */
export async function advanceUnfinishedMoves({ ctx }: { ctx: RootContext }): Promise<void> {
  const unfinished = await ctx.control.select().from(tenantMoves).where(unfinishedMove).all();
  for (const move of unfinished) {
    const retryAt = nextAttemptAt(move);
    if (retryAt !== null && Date.parse(retryAt) > ctx.clock.nowMs()) {
      logEvent("info", "tenant move waits out its backoff", { tenantId: move.tenantId, failures: move.failures, retryAt });
      continue;
    }
    await driveMove({ ctx, input: { tenantId: move.tenantId, budgetMs: CRON_BUDGET_MS } });
  }
}

/** When the cron next tries a move whose last step failed (null: not failing, it goes on at the next run). */
export function nextAttemptAt(move: Pick<TenantMoveRecord, "failures" | "lastFailedAt">): string | null {
  if (move.failures === 0 || move.lastFailedAt === null) return null;
  const waitMs = Math.min(FIRST_RETRY_MS * 2 ** (move.failures - 1), LONGEST_RETRY_MS);
  return new Date(Date.parse(move.lastFailedAt) + waitMs).toISOString();
}

/** A move as the operator's list shows it: whether it is stuck, decided by the one rule in SQL. */
export type ListedMove = TenantMoveRecord & { stuck: boolean };

/**
 * The operator's list of moves: every move not finished, and those finished (done or cancelled) in the last
 * RECENTLY_FINISHED_MS, most recently started first.
 */
export async function listMoves({
  ctx,
  input: { limit, cursor },
}: {
  ctx: RootContext;
  input: { limit: number; cursor?: string };
}): Promise<Page<ListedMove>> {
  const scope = cursorScope(ctx, "tenant-moves");
  const columns = { createdAt: tenantMoves.startedAt, id: tenantMoves.tenantId };
  const now = ctx.clock.nowMs();
  const recent = new Date(now - RECENTLY_FINISHED_MS).toISOString();
  const rows = await ctx.control
    .select({ move: tenantMoves, stuck: sql<number>`${stuckMove(new Date(now - stuckMoveBoundMs(ctx.env)).toISOString())}` })
    .from(tenantMoves)
    .where(and(or(unfinishedMove, gt(tenantMoves.finishedAt, recent)), await afterCursor(columns, cursor, scope)))
    .orderBy(desc(tenantMoves.startedAt), desc(tenantMoves.tenantId))
    .limit(limit + 1)
    .all();
  return pageOf(
    rows.map(({ move, stuck }) => ({ ...move, stuck: Boolean(stuck) })),
    limit,
    scope,
    (move) => ({ createdAt: move.startedAt, id: move.tenantId }),
  );
}

/**
 * Change-log entries left when the catch-up pauses the tenant: the pause applies and verifies about this many rows, not
 * the tenant's.
 */
const PAUSE_AT_BACKLOG = 200;

/** Tables that reference each table: a row of theirs holds its parent's deletion back (deleteUnreferencedStatement). */
const REFERENCING = new Map(
  SHARD_TABLES.map((table) => [table.name, SHARD_TABLES.filter((child) => child.foreignKeys.some(({ parent }) => parent === table.name))]),
);

/** What applying a batch of changes did to each table: rows written and deleted on the target. */
type Applied = Map<string, { written: number; deleted: number }>;

/**
 * The rows a batch of change-log entries names, as they are now on both sides: each table named (parents first) with
 * its keys, in log order, and its rows of those keys on the source and on the target. The catch-up and the delta apply
 * exactly what the verification reads.
 */
async function changedRows(source: D1Database, target: D1Database, tenantId: string, changes: Change[]) {
  const keysByTable = new Map<string, Map<string, Key>>();
  for (const { table, key } of changes) {
    if (!SHARD_TABLES.some((shardTable) => shardTable.name === table)) throw new Error(`change log names ${table}, which no move copies`);
    keysByTable.set(table, (keysByTable.get(table) ?? new Map<string, Key>()).set(JSON.stringify(key), key));
  }
  return Promise.all(
    SHARD_TABLES.filter((table) => keysByTable.has(table.name)).map(async (table) => {
      const keys = [...keysByTable.get(table.name)!.values()];
      const [onSource, onTarget] = await Promise.all([rowsByKey(source, table, tenantId, keys), rowsByKey(target, table, tenantId, keys)]);
      return { table, keys, onSource, onTarget };
    }),
  );
}

/**
 * Gives the target the source's rows of the changed keys as they are now: deleted where the source has none (children
 * first), then written (parents first; changed rows before new ones, so a unique value moving from an old row to a new
 * one — a rotated signing secret — is released before it is taken), in one batch. A row whose parent is not on the target
 * yet, or a parent a child still references there, is left for the change after it in the log.
 */
async function applyChanges(source: D1Database, target: D1Database, tenantId: string, changes: Change[]): Promise<Applied> {
  const sides = await changedRows(source, target, tenantId, changes);
  const statements: { table: string; kind: "written" | "deleted"; statement: D1PreparedStatement }[] = [];
  for (const { table, keys, onTarget, onSource } of [...sides].reverse()) {
    for (const key of keys.filter((key) => !onSource.has(JSON.stringify(key)) && onTarget.has(JSON.stringify(key))))
      statements.push({
        table: table.name,
        kind: "deleted",
        statement: deleteUnreferencedStatement(target, table, REFERENCING.get(table.name)!, tenantId, key),
      });
  }
  for (const { table, onSource, onTarget } of sides) {
    const changed = [...onSource].filter(([json, row]) => JSON.stringify(onTarget.get(json)) !== JSON.stringify(row));
    const ordered = [...changed.filter(([json]) => onTarget.has(json)), ...changed.filter(([json]) => !onTarget.has(json))];
    for (const [, row] of ordered) statements.push({ table: table.name, kind: "written", statement: upsertStatement(target, table, row) });
  }
  const applied: Applied = new Map();
  if (statements.length === 0) return applied;
  const results = await target.batch(statements.map(({ statement }) => statement));
  statements.forEach(({ table, kind }, i) => {
    const entry = applied.get(table) ?? { written: 0, deleted: 0 };
    entry[kind] += results[i]!.meta.changes;
    applied.set(table, entry);
  });
  return applied;
}

/**
 * One bounded step of a move (a batch of at most BATCH_ROWS rows of one table or change-log entries, or a change of
 * step), saved in the control database before it returns. The pause's work is proportional to what the tenant wrote
 * since the catch-up, not to its size:
 * 1. copy — its first step fences the target `arriving` and the source `capturing`, which turns on the source's change
 *    log: every write of the tenant there records its row's key in `tenant_changes`, in the same statement. Then every
 *    shard table, parents first, from the source to the target, upserted by primary key. The tenant keeps writing on
 *    the source.
 * 2. compare — with the tenant live, every source row against the target's: a row that differs (or is on one side only)
 *    must have an entry after the change cursor, or one is added, so after it every row is equal on both sides or logged.
 * 3. catch-up — with the tenant live, the rows of the logged keys are given to the target in log order, the change
 *    cursor saved after each batch, until fewer than PAUSE_AT_BACKLOG entries are left; then the tenant's writes are
 *    paused: every resolution of its shard answers "moving".
 * 4. drain — the source's fence becomes `paused` and refuses the writes of requests that resolved its shard before.
 * 5. delta — the entries left and any written before the fence are applied the same way, until none is left.
 * 6. verify — the rows of every key logged since the pause began are read on both sides, counted and checksummed per
 *    table, and no entry may be left unapplied; a difference goes back to the delta (a few times, then to the
 *    catch-up with the tenant's writes resumed).
 * 7. flip — once keyCacheMs has passed since the pause, tenant_shards names the target and the pause is cleared, in
 *    one control batch;
 * 8. delete — capture ends (the source fenced `left`, its log cleared) and the target's fence is removed, then the
 *    tenant's rows deleted from the source, children first (its tenant row too, except on the control database, where
 *    it is the tenant's control row).
 * Why it is complete: every write is logged by the statement that makes it, with a seq larger than any entry already
 * visible (one writer at a time), so once a batch up to seq N is applied, a key with no entry after N is equal on both
 * sides (the copy or compare made it so, and nothing changed it since). The `paused` fence refuses every write from
 * the drain on, so the delta ends with nothing unapplied, and the verification re-reads the log after comparing: an
 * entry it finds unapplied fails it.
 */
export async function moveStep({
  ctx,
  input: { move, databases },
}: {
  ctx: RootContext;
  input: { move: TenantMoveRecord; databases: MoveDatabases };
}): Promise<StepOutcome> {
  const { source, target } = databases;
  const { tenantId } = move;
  const after = resumeAfter(move);
  const tally = { ...move.tally };
  const count = (table: string, field: keyof TableTally, rows: number) => {
    if (rows === 0) return;
    const entry = { ...tally[table] };
    (entry[field] as number | undefined) = ((entry[field] as number | undefined) ?? 0) + rows;
    tally[table] = entry;
  };
  const countApplied = (applied: Applied, written: keyof TableTally, deleted: keyof TableTally) => {
    for (const [table, rows] of applied) {
      count(table, written, rows.written);
      count(table, deleted, rows.deleted);
    }
  };
  const proceed = async (changes: Partial<TenantMoveRecord>): Promise<StepOutcome> => ({ move: await save(ctx, move, changes), waitMs: 0 });
  /** The copy's and the compare's walk: on after the last row of the batch read from the source. */
  const onwardPast = (table: ShardTable, rows: Row[]) =>
    onwardFrom(
      move,
      rows.map((row) => positionOf(table, row)),
    );

  switch (move.step) {
    case "copy": {
      const table = SHARD_TABLES[move.tableIndex];
      if (!table) return proceed({ step: "compare", tableIndex: 0, cursor: null });
      if (move.tableIndex === 0 && after === null) await fenceForCopy(move, databases);
      const rows = await readBatch(source, table, { tenantId, after });
      count(
        table.name,
        "copied",
        await runBatch(
          target,
          rows.map((row) => upsertStatement(target, table, row)),
        ),
      );
      return proceed({ ...onwardPast(table, rows), tally });
    }
    case "compare": {
      const table = SHARD_TABLES[move.tableIndex];
      if (!table) return proceed({ step: "catch-up", tableIndex: 0, cursor: null });
      const sourceRows = await readBatch(source, table, { tenantId, after });
      const through = sourceRows.length < BATCH_ROWS ? null : positionOf(table, sourceRows.at(-1)!);
      const targetRows = await readRange(target, table, { tenantId, after, through });
      const bySide = (rows: Row[]) => new Map(rows.map((row) => [JSON.stringify(keyOf(table, row)), row]));
      const [onSource, onTarget] = [bySide(sourceRows), bySide(targetRows)];
      const differing = [...new Set([...onSource.keys(), ...onTarget.keys()])]
        .filter((json) => JSON.stringify(onSource.get(json)) !== JSON.stringify(onTarget.get(json)))
        .map((json) => JSON.parse(json) as Key);
      const unrecorded: Key[] = [];
      for (let i = 0; i < differing.length; i += BATCH_ROWS)
        unrecorded.push(...(await unrecordedKeys(source, tenantId, table, differing.slice(i, i + BATCH_ROWS), move.changeCursor)));
      if (unrecorded.length > 0) await source.batch(recordChanges(source, tenantId, table, unrecorded));
      count(table.name, "compared", sourceRows.length);
      count(table.name, "repaired", unrecorded.length);
      return proceed({ ...onwardPast(table, sourceRows), tally });
    }
    case "catch-up": {
      const changes = await readChanges(source, tenantId, move.changeCursor, BATCH_ROWS);
      countApplied(await applyChanges(source, target, tenantId, changes), "caughtUpWritten", "caughtUpDeleted");
      const changeCursor = changes.at(-1)?.seq ?? move.changeCursor;
      if ((await countChanges(source, tenantId, changeCursor, PAUSE_AT_BACKLOG)) >= PAUSE_AT_BACKLOG)
        return proceed({ changeCursor, tally });
      // Requests resolving the tenant's shard are refused from here, before they call the processor; requests that
      // resolved it earlier meet the source's fence, raised next.
      const moving = await proceed({
        step: "drain",
        tableIndex: 0,
        cursor: null,
        changeCursor,
        pauseCursor: changeCursor,
        pausedAt: new Date().toISOString(),
        tally,
      });
      // This isolate stops trusting its cached keys at once; other isolates within KEY_CHECK_TTL_MS (keyCacheMs).
      forgetTenantKeys(tenantId);
      return moving;
    }
    case "drain": {
      // The source refuses the tenant's writes from here, before the delta's first read: whatever a request resolved
      // before the pause writes late is refused, so the delta and verification read everything that will ever be there.
      await fenceStatement(source, { tenantId, state: "paused", moveStartedAt: move.startedAt, replacing: ["capturing", "paused"] }).run();
      return proceed({ step: "delta", tableIndex: 0, cursor: null });
    }
    case "delta": {
      const changes = await readChanges(source, tenantId, move.changeCursor, BATCH_ROWS);
      countApplied(await applyChanges(source, target, tenantId, changes), "deltaWritten", "deltaDeleted");
      const changeCursor = changes.at(-1)?.seq ?? move.changeCursor;
      if (changes.length === BATCH_ROWS) return proceed({ changeCursor, tally });
      return proceed({ step: "verify", tableIndex: 0, cursor: null, changeCursor, tally });
    }
    case "verify": {
      // tableIndex 0 walks the entries since the pause began (the cursor: the last seq verified); 1 decides.
      if (move.tableIndex > 0) return finishVerification(ctx, move, databases);
      if (after === null) {
        for (const table of SHARD_TABLES)
          tally[table.name] = {
            ...tally[table.name],
            sourceRows: undefined,
            sourceChecksum: undefined,
            targetRows: undefined,
            targetChecksum: undefined,
          };
      }
      const changes = await readChanges(source, tenantId, after === null ? move.pauseCursor! : (after as unknown as number), BATCH_ROWS);
      for (const { table, keys, onSource, onTarget } of await changedRows(source, target, tenantId, changes)) {
        // Both sides in the same key order: equal rows give equal checksums.
        const inKeyOrder = (rows: Map<string, Row>) => keys.map((key) => rows.get(JSON.stringify(key))).filter((row) => row !== undefined);
        const [sourceRows, targetRows] = [inKeyOrder(onSource), inKeyOrder(onTarget)];
        const entry = { ...tally[table.name] };
        entry.sourceRows = (entry.sourceRows ?? 0) + sourceRows.length;
        entry.targetRows = (entry.targetRows ?? 0) + targetRows.length;
        entry.sourceChecksum = await chainChecksum(entry.sourceChecksum ?? "", sourceRows);
        entry.targetChecksum = await chainChecksum(entry.targetChecksum ?? "", targetRows);
        tally[table.name] = entry;
      }
      if (changes.length === BATCH_ROWS) return proceed({ cursor: JSON.stringify(changes.at(-1)!.seq), tally });
      return proceed({ tableIndex: 1, cursor: null, tally });
    }
    case "delete": {
      if (move.tableIndex === 0 && after === null) await unfenceAfterFlip(move, databases);
      const table = CHILDREN_FIRST[move.tableIndex];
      if (!table) return proceed({ step: "done", tableIndex: 0, cursor: null, finishedAt: new Date().toISOString() });
      // On the control database the tenants row is the tenant's control row, not a shard's copy of it.
      if (table.name === "tenants" && isLegacyControlShard(move.fromShard))
        return proceed({ tableIndex: move.tableIndex + 1, cursor: null });
      const { deleted, onward } = await deleteNextBatch(move, source, table);
      count(table.name, "deleted", deleted);
      return proceed({ ...onward, tally });
    }
    case "cancelling":
      return rollbackStep({ ctx, input: { move, databases } });
    case "done":
    case "cancelled":
      return { move, waitMs: 0 };
  }
}

/**
 * The fences of a copy, set by its first step (again by a driver resuming it): the target holds a partial copy only the
 * move writes, the source is live and its writes recorded in its change log. A source fence already raised by a later
 * step (paused, left) is kept.
 */
async function fenceForCopy(move: TenantMoveRecord, { source, target }: MoveDatabases): Promise<void> {
  const { tenantId, startedAt: moveStartedAt } = move;
  await fenceStatement(target, { tenantId, state: "arriving", moveStartedAt }).run();
  await fenceStatement(source, { tenantId, state: "capturing", moveStartedAt, replacing: ["capturing", "arriving"] }).run();
}

/**
 * After the flip the target's rows are the tenant's live ones and the source's are stale for good: the source's fence
 * becomes `left` (it refuses the tenant's writes after its rows are deleted too, and is replaced only by a move back
 * here), which ends capture there, and its change log is dropped in the same batch, so the delete step's own deletions
 * are not recorded; then the target's fence is removed. Both are idempotent, so a driver that dies between them is
 * finished by the next.
 */
async function unfenceAfterFlip(move: TenantMoveRecord, { source, target }: MoveDatabases): Promise<void> {
  const { tenantId, startedAt: moveStartedAt } = move;
  await source.batch([fenceStatement(source, { tenantId, state: "left", moveStartedAt }), clearChanges(source, tenantId)]);
  await unfenceStatement(target, { tenantId, state: "arriving" }).run();
}

/**
 * The delete walk's next batch, on the side the tenant has left (the source after the flip, the target in a rollback),
 * whose fence refuses every write of the tenant: the tenant's rows of the table after the walk's cursor, deleted in one
 * transaction that lifts the fence, deletes them and raises the fence again, so no other write gets in between. Returns
 * how many it deleted and where the walk goes on.
 */
async function deleteNextBatch(move: TenantMoveRecord, database: D1Database, table: ShardTable) {
  const { tenantId, startedAt: moveStartedAt } = move;
  const batch = await readKeys(database, table, { tenantId, after: resumeAfter(move) });
  const onward = onwardFrom(
    move,
    batch.map(({ position }) => position),
  );
  if (batch.length === 0) return { deleted: 0, onward };
  const results = await database.batch([
    unfenceStatement(database, { tenantId, state: "left" }),
    ...batch.map(({ key }) => deleteStatement(database, table, tenantId, key)),
    fenceStatement(database, { tenantId, state: "left", moveStartedAt }),
  ]);
  return { deleted: results.slice(1, -1).reduce((sum, result) => sum + result.meta.changes, 0), onward };
}

/**
 * Equal counts and checksums of the rows changed since the pause on every table, and no change left unapplied, flip
 * the map and clear the pause in one control batch (the tenant's next request goes to the target), once keyCacheMs has
 * passed since the pause; any difference is recorded and the delta gives the target those rows again, still paused — at
 * most MAX_VERIFY_FAILURES times, then the source's fence is lowered to `capturing` and the catch-up does, with the
 * tenant's writes resumed.
 */
async function finishVerification(ctx: RootContext, move: TenantMoveRecord, { source }: MoveDatabases): Promise<StepOutcome> {
  const differing = SHARD_TABLES.filter((table) => {
    const entry = move.tally[table.name] ?? {};
    return entry.sourceRows !== entry.targetRows || entry.sourceChecksum !== entry.targetChecksum;
  }).map((table) => {
    const entry = move.tally[table.name] ?? {};
    return `${table.name} (source ${entry.sourceRows} rows, target ${entry.targetRows})`;
  });
  const unapplied = await countChanges(source, move.tenantId, move.changeCursor, PAUSE_AT_BACKLOG);
  if (unapplied > 0) differing.push(`${unapplied} change(s) written after the delta`);
  if (differing.length > 0) {
    const lastError = `verify: differs in ${differing.join(", ")}`;
    const verifyFailures = move.verifyFailures + 1;
    // Writes resume on the source before the map says so: until then a write meets the fence and is retried.
    if (verifyFailures >= MAX_VERIFY_FAILURES) {
      await fenceStatement(source, {
        tenantId: move.tenantId,
        state: "capturing",
        moveStartedAt: move.startedAt,
        replacing: ["paused"],
      }).run();
    }
    // Back to the entries since the pause began: a row found different among them has no later entry to carry it again.
    const changeCursor = move.pauseCursor!;
    const changes: Partial<TenantMoveRecord> =
      verifyFailures < MAX_VERIFY_FAILURES
        ? { step: "delta", tableIndex: 0, cursor: null, changeCursor, verifyFailures, lastError }
        : {
            step: "catch-up",
            tableIndex: 0,
            cursor: null,
            changeCursor,
            verifyFailures: 0,
            pausedAt: null,
            pauseCursor: null,
            lastError: `${lastError}; writes resumed, catching up again`,
          };
    return { move: await save(ctx, move, changes), waitMs: 0 };
  }
  const waitMs = Date.parse(move.pausedAt!) + keyCacheMs(ctx.env) - Date.now();
  if (waitMs > 0) return { move, waitMs };
  const now = new Date().toISOString();
  const placement = { region: move.toRegion, shard: move.toShard, placedAt: now };
  // The map names the target only if this batch's own update took the move past verify: a move cancelled meanwhile
  // (the operator's rollback) is never flipped.
  const flippedHere = and(eq(tenantMoves.tenantId, move.tenantId), eq(tenantMoves.step, "delete"), eq(tenantMoves.flippedAt, now));
  await ctx.control.batch([
    ctx.control
      .update(tenantMoves)
      .set({
        step: "delete",
        tableIndex: 0,
        cursor: null,
        pausedAt: null,
        pauseCursor: null,
        pauseMs: Date.parse(now) - Date.parse(move.pausedAt!),
        verifyFailures: 0,
        failures: 0,
        lastFailedAt: null,
        flippedAt: now,
        lastError: null,
        updatedAt: now,
      })
      .where(and(eq(tenantMoves.tenantId, move.tenantId), eq(tenantMoves.step, "verify"))),
    ctx.control
      .insert(tenantShards)
      .select(
        ctx.control
          .select(insertSelectFields(tenantShards, { tenantId: move.tenantId, ...placement }))
          .from(tenantMoves)
          .where(flippedHere),
      )
      .onConflictDoUpdate({ target: tenantShards.tenantId, set: placement }),
  ]);
  return { move: (await findMove(ctx, move.tenantId))!, waitMs: 0 };
}

/**
 * Saves a step's progress only if the move is still where this step found it: two drivers (the cron and the CLI) may
 * run the same step, whose writes are idempotent, but only one of them moves the cursor on.
 */
async function save(ctx: RootContext, move: TenantMoveRecord, changes: Partial<TenantMoveRecord>): Promise<TenantMoveRecord> {
  const [saved] = await ctx.control
    .update(tenantMoves)
    .set({ lastError: null, failures: 0, lastFailedAt: null, ...changes, updatedAt: new Date().toISOString() })
    .where(unmoved(move))
    .returning()
    .all();
  return saved ?? (await findMove(ctx, move.tenantId))!;
}

/** The move's row, only while it is still at the step, table, cursor and change cursor it was read at. */
function unmoved(move: TenantMoveRecord) {
  return and(
    eq(tenantMoves.tenantId, move.tenantId),
    eq(tenantMoves.step, move.step),
    eq(tenantMoves.tableIndex, move.tableIndex),
    eq(tenantMoves.changeCursor, move.changeCursor),
    move.cursor === null ? isNull(tenantMoves.cursor) : eq(tenantMoves.cursor, move.cursor),
  );
}

/**
 * The operator's way back before the flip: the move is marked `cancelling` and the tenant's writes resume on the source
 * at once (the pause cleared in the same guarded update), then rollback steps undo the rest. Only a move before its
 * flip can be cancelled — the update is guarded on it, so a flip and a cancel racing each other cannot both win; after
 * the flip the tenant's live data is on the target and the move only goes forward. Repeating it resumes the rollback.
 */
export async function cancelMove({
  ctx,
  input: { tenantId },
}: {
  ctx: RootContext;
  input: { tenantId: string };
}): Promise<TenantMoveRecord> {
  const move = await getMove({ ctx, input: { tenantId } });
  if (move.step === "cancelling" || move.step === "cancelled") return move;
  const [cancelling] = await ctx.control
    .update(tenantMoves)
    .set({
      step: "cancelling",
      tableIndex: 0,
      cursor: null,
      pausedAt: null,
      pauseCursor: null,
      verifyFailures: 0,
      failures: 0,
      lastFailedAt: null,
      lastError: null,
      updatedAt: new Date().toISOString(),
    })
    .where(and(eq(tenantMoves.tenantId, tenantId), inArray(tenantMoves.step, BEFORE_FLIP)))
    .returning()
    .all();
  if (!cancelling) {
    const now = (await findMove(ctx, tenantId))!;
    if (now.step === "cancelling" || now.step === "cancelled") return now;
    throw new ApiError(
      "conflict",
      now.step === "done"
        ? `Tenant ${tenantId}'s move to ${now.toShard} is done: nothing to cancel. Move it back with POST /admin/tenants/${tenantId}/move.`
        : `Tenant ${tenantId}'s move to ${now.toShard} is past its flip (${now.step}): its data lives on ${now.toShard} now, so the move can only finish. Drive it with POST /admin/tenants/${tenantId}/move.`,
    );
  }
  // This isolate drops any cached "moving" answer for the tenant's keys at once; others within KEY_CHECK_TTL_MS.
  forgetTenantKeys(tenantId);
  logEvent("warn", "tenant move cancelled by the operator", { tenantId, from: move.fromShard, to: move.toShard, step: move.step });
  // The source's fence is lifted now, not at the next drive: the writes it refused go through as soon as they are retried.
  const databases = { source: shardD1(ctx.env, move.fromShard), target: shardD1(ctx.env, move.toShard) };
  try {
    return (await rollbackStep({ ctx, input: { move: cancelling, databases } })).move;
  } catch (error) {
    logEvent("error", "tenant move rollback step failed", { tenantId, step: "cancelling", error: String(error) });
    return cancelling;
  }
}

/**
 * One bounded step of a rollback, saved before it returns, each repeatable (`tableIndex` walks the stages):
 * 0. fences — the source's fence is lifted (its rows are the tenant's live ones again: writes taken and swept there)
 *    with its change log, and the target's becomes `left`, so a late batch of the cancelled copy is refused there and
 *    no sweep reads it;
 * 1…n. the target's copy deleted in batches behind that fence, children first (its tenant row last);
 * n+1. release — the target counted once more: anything a late driver wrote there sends the rollback back to deleting;
 *    else the target's fence is removed, the source's lifted again (a late step of the cancelled move may have raised
 *    it), and the move recorded `cancelled`.
 */
async function rollbackStep({
  ctx,
  input: { move, databases },
}: {
  ctx: RootContext;
  input: { move: TenantMoveRecord; databases: MoveDatabases };
}): Promise<StepOutcome> {
  const { source, target } = databases;
  const { tenantId } = move;
  const proceed = async (changes: Partial<TenantMoveRecord>): Promise<StepOutcome> => ({ move: await save(ctx, move, changes), waitMs: 0 });
  // Only the fences a move raises before its flip (a source already `left` would mean the flip happened), and the log
  // they kept, in one batch: no entry is recorded after it.
  const liftSource = () =>
    source.batch([
      ...(["capturing", "paused"] as const).map((state) => unfenceStatement(source, { tenantId, state })),
      clearChanges(source, tenantId),
    ]);
  if (move.tableIndex === 0) {
    await liftSource();
    await fenceStatement(target, { tenantId, state: "left", moveStartedAt: move.startedAt }).run();
    return proceed({ tableIndex: 1, cursor: null });
  }
  const table = CHILDREN_FIRST[move.tableIndex - 1];
  if (table) return proceed((await deleteNextBatch(move, target, table)).onward);
  const counts = await target.batch<{ n: number }>(SHARD_TABLES.map((shardTable) => countStatement(target, shardTable, tenantId)));
  const remaining = SHARD_TABLES.filter((_, index) => (counts[index]!.results[0]?.n ?? 0) > 0).map((shardTable) => shardTable.name);
  if (remaining.length > 0) {
    return proceed({
      tableIndex: 1,
      cursor: null,
      lastError: `cancelling: rows written on the target after their table was emptied (${remaining.join(", ")}); deleting again`,
    });
  }
  await target.batch((["left", "arriving"] as const).map((state) => unfenceStatement(target, { tenantId, state })));
  await liftSource();
  return proceed({ step: "cancelled", tableIndex: 0, cursor: null, pausedAt: null, finishedAt: new Date().toISOString() });
}
