import { sweepCallbacks } from "./callbacks";
import { createContext } from "./context";
import { purgeEndedSignInState } from "./dashboard";
import { sweepDisputes } from "./disputes";
import { logEvent } from "./lib/log";
import type { AppContext } from "./platform/context";
import { reconcileLedger } from "./payments";
import { sweepPayouts } from "./payouts";
import { sweepTerminalSales } from "./terminal";

type Sweep = (options: { ctx: AppContext }) => Promise<unknown>;

/** What the processor left open, in order; events they record are flushed before the callbacks sweep runs. */
const LEDGER_SWEEPS: [string, Sweep][] = [
  ["payments", reconcileLedger],
  ["terminal sales", sweepTerminalSales],
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
}
