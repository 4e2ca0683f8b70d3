import { sweepCallbacks } from "./callbacks";
import { createContext } from "./context";
import { sweepDisputes } from "./disputes";
import { reconcileLedger } from "./payments";
import { sweepPayouts } from "./payouts";

/** The cron sweep: whatever must never be lost is picked up here, every minute. */
export async function runScheduledSweeps(env: Env, scheduledTime = Date.now()): Promise<void> {
  const ctx = createContext(env, { nowMs: scheduledTime });
  await reconcileLedger({ ctx });
  await sweepDisputes({ ctx });
  await sweepPayouts({ ctx });
  await ctx.outbox.flush();
  await sweepCallbacks({ ctx });
}
