import { sql } from "drizzle-orm";

import { publicConfig } from "../lib/config";
import { logEvent } from "../lib/log";
import { ApiError } from "../lib/problem";
import { CONTROL_BINDING, shardsOf } from "../placement/shards";
import { failingMove, stuckMove, stuckMoveBoundMs, tenantMoves } from "../placement/tenant-moves.schema";
import type { AppRouteHandler } from "../platform/types";
import type * as routes from "./meta.routes";

export const meta: AppRouteHandler<typeof routes.meta> = (c) => {
  c.header("Cache-Control", "public, max-age=300");
  return c.json(publicConfig(c.env), 200);
};

export const health: AppRouteHandler<typeof routes.health> = (c) => c.json({ status: "ok" as const }, 200);

export const live: AppRouteHandler<typeof routes.live> = (c) => c.json({ status: "ok" as const }, 200);

/**
 * The control database's probe reads what waits there (`src/processor-webhooks/`, whose layer sits above this
 * capability): the processor webhooks kept unprocessable, and how far the processor's change feeds have read (every
 * change before a feed's `read_through` has been read; `updated_since` on a row from before it was kept).
 */
const UNPROCESSABLE_WEBHOOKS = sql<number>`(SELECT COUNT(*) FROM processor_webhook_receipts WHERE outcome IN ('unprocessable', 'reapplying'))`;
const FEEDS_READ_THROUGH = sql<string | null>`(SELECT MIN(COALESCE(read_through, updated_since)) FROM processor_watermarks)`;

/** A change feed this far behind is reported (caught up, it is about a minute behind: the cron reads each minute). */
const FEED_LAG_WARNING_SECONDS = 15 * 60;

/**
 * Every tenant is served from the control database and its shard: ready only when each of them answers. The detail
 * counts what waits for the operator without making the service unready: processor webhooks kept unprocessable, tenant
 * moves stuck or failing (`src/tenant-moves/`, above this capability; the rules are the move table's own), and change feeds
 * fallen behind (recovered by the cron, not by taking the service out of rotation).
 */
export const ready: AppRouteHandler<typeof routes.ready> = async (c) => {
  const { env, control, clock } = c.get("ctx");
  const progressBefore = new Date(clock.nowMs() - stuckMoveBoundMs(env)).toISOString();
  let counts = { unprocessableProcessorWebhooks: 0, stuckTenantMoves: 0, failingTenantMoves: 0, feedsReadThrough: null as string | null };
  const databases = [
    {
      binding: CONTROL_BINDING,
      probe: async () => {
        const [read] = await control
          .select({
            unprocessableProcessorWebhooks: UNPROCESSABLE_WEBHOOKS.mapWith(Number),
            stuckTenantMoves: sql<number>`COUNT(*) FILTER (WHERE ${stuckMove(progressBefore)})`.mapWith(Number),
            failingTenantMoves: sql<number>`COUNT(*) FILTER (WHERE ${failingMove})`.mapWith(Number),
            feedsReadThrough: FEEDS_READ_THROUGH,
          })
          .from(tenantMoves)
          .all();
        if (read) counts = read;
      },
    },
    ...shardsOf(env).map(({ binding, d1 }) => ({ binding, probe: () => d1.prepare("SELECT 1").first() })),
  ];
  const failures = await Promise.all(
    databases.map(async ({ binding, probe }) => {
      try {
        await probe();
        return null;
      } catch (error) {
        return { database: binding, error: String(error) };
      }
    }),
  );
  const failed = failures.filter((failure) => failure !== null);
  if (failed.length > 0) {
    logEvent("error", "readiness probe failed", { traceId: c.get("traceId"), failed });
    throw new ApiError("service-unavailable", "The datastore is unreachable.");
  }
  c.header("Cache-Control", "no-store");
  const { feedsReadThrough, ...waiting } = counts;
  const processorFeedLagSeconds =
    feedsReadThrough === null ? null : Math.max(0, Math.floor((clock.nowMs() - Date.parse(feedsReadThrough)) / 1000));
  const processorFeedsBehind = processorFeedLagSeconds !== null && processorFeedLagSeconds > FEED_LAG_WARNING_SECONDS;
  if (processorFeedsBehind) logEvent("warn", "processor change feeds behind", { traceId: c.get("traceId"), processorFeedLagSeconds });
  return c.json(
    {
      status: "ok" as const,
      checks: { database: "ok" as const },
      detail: { ...waiting, processorFeedLagSeconds, processorFeedsBehind },
    },
    200,
  );
};
