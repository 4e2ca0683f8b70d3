import { purgeEndedSignInState } from "./accounts";
import { archiveCallbackHistory, sweepCallbacks } from "./callbacks";
import { createContext } from "./context";
import { refreshPlannerStatistics } from "./db/planner-statistics";
import { sweepDisputes } from "./disputes";
import { logEvent, withTrace } from "./lib/log";
import { sweepOnboarding } from "./onboarding";
import { reconcileLedger } from "./payments";
import { sweepPayouts } from "./payouts";
import { isLegacyControlShard } from "./placement/shards";
import type { RootContext, ShardContext } from "./platform/context";
import { ProcessorBusy } from "./processor";
import { retryFailedApplications, sweepMissedProcessorEvents } from "./processor-webhooks";
import { advanceUnfinishedMoves } from "./tenant-moves";
import { sweepTerminalSales } from "./terminal";

/** The cron minute (HH:MM UTC) that refreshes the query planner's statistics. */
export const PLANNER_STATISTICS_AT_UTC = "04:00";

type Sweep<C extends RootContext> = (options: { ctx: C }) => Promise<unknown>;

/**
 * What the processor left open, in order, on each shard; events they record are flushed before the callbacks sweep
 * runs. Every sweep picks its work among the tenants live on the shard (`liveHere`, in the same statement as the read),
 * so a tenant in the middle of a move is skipped at that step and every other tenant is swept as usual. Each sweep
 * takes a bounded batch per run (payments and refunds 300 each, terminal sales 50, onboarding 10 forms and 10
 * merchants' PCI forms, disputes 20 per queue, payouts 20 and 5 merchants' settlements), so a shard's turn is bounded
 * too and a backlog is worked off a batch a minute.
 */
const SHARD_SWEEPS: [string, Sweep<ShardContext>][] = [
  ["payments", reconcileLedger],
  ["terminal sales", sweepTerminalSales],
  ["onboarding", sweepOnboarding],
  ["disputes", sweepDisputes],
  ["payouts", sweepPayouts],
];

const shardOf = (ctx: RootContext) => ("shard" in ctx ? (ctx as ShardContext).shard : null);

/** One failing sweep never stops the others. */
async function run<C extends RootContext>(name: string, sweep: Sweep<C>, ctx: C): Promise<void> {
  try {
    await sweep({ ctx });
  } catch (error) {
    if (error instanceof ProcessorBusy) {
      logEvent("info", "sweep stopped by the processor's rate limit; the next run resumes it", { sweep: name, shard: shardOf(ctx) });
      return;
    }
    logEvent("error", "sweep failed", { sweep: name, shard: shardOf(ctx), error: String(error) });
  }
}

/**
 * The cron sweep: whatever must never be lost is picked up here, every minute, on every shard at once; one trace id for
 * the run's every line.
 */
export function runScheduledSweeps(env: Env, scheduledTime = Date.now()): Promise<void> {
  return withTrace(() => sweepAll(env, scheduledTime));
}

async function sweepAll(env: Env, scheduledTime: number): Promise<void> {
  // Sweeps and change feeds draw last on the processor's budget: a merchant's charge goes first.
  const ctx = createContext(env, { nowMs: scheduledTime, priority: "sweep" });
  // Platform-wide: the processor's change feeds, each change applied on its tenant's shard.
  await run("missed processor events", sweepMissedProcessorEvents, ctx);
  await run("processor webhooks that failed to apply", retryFailedApplications, ctx);
  await run("dashboard sign-in state", purgeEndedSignInState, ctx);
  // A move resumes here whatever stopped its driver; the shards' sweeps below skip its tenant, not its shards.
  await run("tenant moves", advanceUnfinishedMoves, ctx);
  const refreshStatistics = new Date(scheduledTime).toISOString().slice(11, 16) === PLANNER_STATISTICS_AT_UTC;
  // Each shard's turn is bounded whatever the others hold: the sweeps' batches, then at most 500 events and 500
  // deliveries re-enqueued, and the archive's budget (2,000 events or 10 s); shards run
  // side by side, one D1 writer each.
  await Promise.all(
    (await ctx.everyShard()).map(async (onShard) => {
      for (const [name, sweep] of SHARD_SWEEPS) await run(name, sweep, onShard);
      await onShard.outbox.flush();
      await run("callbacks", sweepCallbacks, onShard);
      await run("callback history archive", archiveCallbackHistory, onShard);
      // Once a day is enough for statistics that drift slowly, and it keeps the other 1,439 runs as cheap as before.
      if (refreshStatistics && !isLegacyControlShard(onShard.shard)) {
        await run("query planner statistics", ({ ctx }) => refreshPlannerStatistics(ctx.db), onShard);
      }
    }),
  );
  // The control database's keys and tenants are read on every request: its statistics too, once, shard or not.
  if (refreshStatistics) await run("query planner statistics", ({ ctx }) => refreshPlannerStatistics(ctx.control), ctx);
}
