import { database } from "./db/client";
import { enqueueEvents, sweepCallbacks } from "./events";
import { reconcileLedger } from "./payments/reconciliation";
import { processorClient } from "./processor";

/** The cron sweep: whatever must never be lost is picked up here, every minute. */
export async function runScheduledSweeps(env: Env, now = Date.now()): Promise<void> {
  const eventIds = await reconcileLedger({ db: database(env), client: processorClient(env), now });
  await enqueueEvents(env, eventIds);
  await sweepCallbacks({ env, now: new Date(now) });
}
