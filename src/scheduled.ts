import { sweepCallbacks } from "./callbacks";
import { createContext } from "./context";
import { purgeEndedSignInState } from "./dashboard";
import { reconcileLedger } from "./payments";
import { sweepTerminalSales } from "./terminal";

/** The cron sweep: whatever must never be lost is picked up here, every minute. */
export async function runScheduledSweeps(env: Env, scheduledTime = Date.now()): Promise<void> {
  const ctx = createContext(env, { nowMs: scheduledTime });
  await reconcileLedger({ ctx });
  await sweepTerminalSales({ ctx });
  await ctx.outbox.flush();
  await sweepCallbacks({ ctx });
  await purgeEndedSignInState({ ctx });
}
