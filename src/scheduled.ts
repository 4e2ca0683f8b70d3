import { purgeEndedSignInState } from "./accounts";
import { archiveCallbackHistory, sweepCallbacks } from "./callbacks";
import { createContext } from "./context";
import { refreshPlannerStatistics } from "./db/planner-statistics";
import { sweepDisputes } from "./disputes";
import { logEvent } from "./lib/log";
import { sweepOnboarding } from "./onboarding";
import type { AppContext } from "./platform/context";
import { reconcileLedger } from "./payments";
import { sweepPayouts } from "./payouts";
import { sweepMissedProcessorEvents } from "./processor-webhooks";
import { sweepTerminalSales } from "./terminal";

/** The cron minute (HH:MM UTC) that refreshes the query planner's statistics. */
export const PLANNER_STATISTICS_AT_UTC = "04:00";

type Sweep = (options: { ctx: AppContext }) => Promise<unknown>;

/** What the processor left open, in order; events they record are flushed before the callbacks sweep runs. */
const LEDGER_SWEEPS: [string, Sweep][] = [
  ["payments", reconcileLedger],
  ["terminal sales", sweepTerminalSales],
  ["missed processor events", sweepMissedProcessorEvents],
  ["onboarding", sweepOnboarding],
  ["disputes", sweepDisputes],
  ["payouts", sweepPayouts],
];

/** The cron sweep: whatever must never be lost is picked up here, every minute. One failing sweep never stops the others. */
export async function runScheduledSweeps(env: Env, scheduledTime = Date.now()): Promise<void> {
  const ctx = createContext(env, { nowMs: scheduledTime });
  const run = async (name: string, sweep: Sweep) => {
    try {
      await sweep({ ctx });
    } catch (error) {
      logEvent("error", "sweep failed", { sweep: name, error: String(error) });
    }
  };
  for (const [name, sweep] of LEDGER_SWEEPS) await run(name, sweep);
  await ctx.outbox.flush();
  await run("callbacks", sweepCallbacks);
  await run("dashboard sign-in state", purgeEndedSignInState);
  await run("callback history archive", archiveCallbackHistory);
  // Once a day is enough for statistics that drift slowly, and it keeps the other 1,439 runs as cheap as before.
  if (new Date(scheduledTime).toISOString().slice(11, 16) === PLANNER_STATISTICS_AT_UTC) {
    await run("query planner statistics", ({ ctx }) => refreshPlannerStatistics(ctx.db));
  }
}
