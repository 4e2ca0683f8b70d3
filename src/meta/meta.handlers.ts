import { CONTROL_BINDING, shardsOf } from "../db/shards";
import { publicConfig } from "../lib/config";
import { logEvent } from "../lib/log";
import { ApiError } from "../lib/problem";
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
const CONTROL_PROBE =
  "SELECT (SELECT COUNT(*) FROM processor_webhook_receipts WHERE outcome IN ('unprocessable', 'reapplying')) AS unprocessable, " +
  "(SELECT MIN(COALESCE(read_through, updated_since)) FROM processor_watermarks) AS feedsReadThrough";

/** A change feed this far behind is reported (caught up, it is about a minute behind: the cron reads each minute). */
const FEED_LAG_WARNING_SECONDS = 15 * 60;

/**
 * Every tenant is served from the control database and its shard: ready only when each of them answers. The detail
 * counts what waits for the operator, and warns of change feeds fallen behind, without making the service unready: a
 * feed behind is recovered by the cron, not by taking the service out of rotation.
 */
export const ready: AppRouteHandler<typeof routes.ready> = async (c) => {
  const { env, clock } = c.get("ctx");
  const control = { unprocessable: 0, feedsReadThrough: null as string | null };
  const databases = [
    {
      binding: CONTROL_BINDING,
      probe: async () => Object.assign(control, await env.DB.prepare(CONTROL_PROBE).first<typeof control>()),
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
  const unprocessableProcessorWebhooks = control.unprocessable;
  const readThrough = control.feedsReadThrough;
  const processorFeedLagSeconds = readThrough === null ? null : Math.max(0, Math.floor((clock.nowMs() - Date.parse(readThrough)) / 1000));
  const processorFeedsBehind = processorFeedLagSeconds !== null && processorFeedLagSeconds > FEED_LAG_WARNING_SECONDS;
  if (processorFeedsBehind) logEvent("warn", "processor change feeds behind", { traceId: c.get("traceId"), processorFeedLagSeconds });
  return c.json(
    {
      status: "ok" as const,
      checks: { database: "ok" as const },
      detail: { unprocessableProcessorWebhooks, processorFeedLagSeconds, processorFeedsBehind },
    },
    200,
  );
};
