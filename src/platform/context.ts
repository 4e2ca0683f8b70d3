import type { Database } from "../db/client";
import type { Clock } from "../lib/clock";
import type { Outbox } from "../outbox/outbox";
import type { ProcessorClient } from "../processor";

/**
 * What every service works with, built once per request, queue batch and cron run by the composition root
 * (`src/context.ts`): the validated environment, the database, the processor adapter (real or sandbox, the
 * services cannot tell), the outbox whose events are enqueued when the unit of work is over, and the clock.
 */
export type AppContext = {
  env: Env;
  db: Database;
  processor: ProcessorClient;
  outbox: Outbox;
  clock: Clock;
};
