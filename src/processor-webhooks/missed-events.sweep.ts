import { and, eq, inArray, sql } from "drizzle-orm";

import { logEvent } from "../lib/log";
import type { RootContext } from "../platform/context";
import { type Page, type PageRequest, unlessBusy } from "../processor";
import { processorWebhookReceipts } from "./processor-webhooks.schema";
import { APPLYING, applyProcessorResource } from "./processor-webhooks.service";
import { processorWatermarks } from "./watermarks.schema";

/** Each read starts this far before the last one began: the two clocks may differ, and applying a change twice changes nothing. */
export const WATERMARK_OVERLAP_MS = 60_000;
/** The first read of a resource looks back this far (longer than any dispute's response window). */
export const FIRST_READ_LOOKBACK_MS = 30 * 24 * 60 * 60 * 1000;
/** The processor's largest page. */
export const PAGE_SIZE = 100;

/**
 * What one cron run may spend on the feeds, all of them together. Wall time: a run ends before the next minute's starts
 * on the same cursors. Subrequests: every processor call and D1 statement counts against the Worker's limit per
 * invocation (`limits.subrequests` in wrangler.toml, 100,000), which the rest of the run shares. A feed that is behind
 * reads page after page until it is caught up or this is spent, and the next run goes on from its saved cursor. Each
 * read takes in the minute of overlap again, so at one run a minute a run reads about twice what changed in the minute:
 * 148 pages keep up with about 7,400 changes a minute.
 */
export const FEED_RUN_BUDGET = { ms: 40_000, subrequests: 60_000 };
/** What a page costs besides its changes: the watermark's read and save, the list call and its lease on the rate budget. */
export const PAGE_SUBREQUESTS = 4;
/** What applying one change costs at most: its owner, the capability's read and guarded write, its events sent. */
export const CHANGE_SUBREQUESTS = 4;
/** Changes of one page applied side by side: a Worker keeps at most six connections open. */
const PAGE_CONCURRENCY = 6;

/** What is left of a run's budget; each page read takes its cost from it. */
export type FeedBudget = { deadlineMs: number; subrequests: number };

/** A cron run's budget for the feeds; `PROCESSOR_FEED_RUN_MS` and `PROCESSOR_FEED_RUN_SUBREQUESTS` override its parts. */
export const runBudget = (env: Env): FeedBudget => ({
  deadlineMs: Date.now() + Number(env.PROCESSOR_FEED_RUN_MS ?? FEED_RUN_BUDGET.ms),
  subrequests: Number(env.PROCESSOR_FEED_RUN_SUBREQUESTS ?? FEED_RUN_BUDGET.subrequests),
});

const affords = (budget: FeedBudget, pageSize: number) =>
  Date.now() < budget.deadlineMs && budget.subrequests >= PAGE_SUBREQUESTS + pageSize * CHANGE_SUBREQUESTS;

type ChangesPage = (ctx: RootContext, page: { updatedSince: string } & PageRequest) => Promise<Page<unknown>>;

/**
 * The webhook-fed resources the processor lists by `updated_at.gte`, platform-wide, by the webhook entity each is: a
 * change read here is applied by the same code as its webhook (`applyProcessorResource`).
 */
export const CHANGE_FEEDS: Record<string, ChangesPage> = {
  dispute: (ctx, page) => ctx.processor.listDisputes(page),
  transfer: (ctx, page) => ctx.processor.listTransfers(page),
  merchant: (ctx, page) => ctx.processor.listMerchants(page),
};

const isoBefore = (iso: string, ms: number) => new Date(Date.parse(iso) - ms).toISOString();
const later = (a: string, b: string) => (a > b ? a : b);

/** Applies a page's changes a few at a time; the first failure stops taking more and is thrown once the rest have ended. */
async function applyPage(ctx: RootContext, entity: string, items: unknown[]): Promise<void> {
  let next = 0;
  const failures: unknown[] = [];
  const worker = async () => {
    while (failures.length === 0 && next < items.length) {
      const resource = items[next++];
      try {
        await applyProcessorResource({ ctx, input: { entity, resource } });
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PAGE_CONCURRENCY, items.length) }, worker));
  if (failures.length > 0) throw failures[0];
}

/**
 * Reads one resource's changes since its watermark and applies each as its webhook would, page after page while the
 * budget lasts (at most `maxPages`): a feed that is behind reads more. The cursor and watermark are saved after each
 * page was applied, so a failure reads that page again and the next call goes on from there; a finished read moves the
 * watermark to a little before the time it began, so a change made while it ran is read by the next one. A change of a
 * tenant paused by a move is set aside for the cron to apply once it lands, and the feed goes on past it.
 */
export async function readMissedChanges({
  ctx,
  input: { resource, pageSize = PAGE_SIZE, budget = runBudget(ctx.env), maxPages = Infinity },
}: {
  ctx: RootContext;
  input: { resource: string; pageSize?: number; budget?: FeedBudget; maxPages?: number };
}): Promise<"caught-up" | "behind"> {
  const { control } = ctx;
  const list = CHANGE_FEEDS[resource]!;
  const now = ctx.clock.nowIso();
  const saved = await control.select().from(processorWatermarks).where(eq(processorWatermarks.resource, resource)).get();
  const updatedSince = saved?.updatedSince ?? isoBefore(now, FIRST_READ_LOOKBACK_MS);
  let afterCursor = saved?.afterCursor ?? null;
  const scanStartedAt = afterCursor ? saved!.scanStartedAt : now;
  const readThrough = saved?.readThrough ?? updatedSince;
  for (let pages = 0; pages < maxPages && affords(budget, pageSize); pages++) {
    const page = await list(ctx, { updatedSince, limit: pageSize, ...(afterCursor ? { after_cursor: afterCursor } : {}) });
    budget.subrequests -= PAGE_SUBREQUESTS + page.items.length * CHANGE_SUBREQUESTS;
    await applyPage(ctx, resource, page.items);
    if (page.nextCursor !== null && page.nextCursor === afterCursor) throw new Error(`The processor repeated cursor ${afterCursor}.`);
    afterCursor = page.nextCursor;
    const finished = afterCursor === null;
    const next = {
      updatedSince: finished ? later(updatedSince, isoBefore(scanStartedAt, WATERMARK_OVERLAP_MS)) : updatedSince,
      afterCursor,
      scanStartedAt,
      advancedAt: ctx.clock.nowIso(),
      readThrough: finished ? scanStartedAt : readThrough,
    };
    await control
      .insert(processorWatermarks)
      .values({ resource, ...next })
      .onConflictDoUpdate({ target: processorWatermarks.resource, set: next });
    if (finished) return "caught-up";
  }
  return "behind";
}

/**
 * The cron sweep of what lost webhooks never said: the feeds take a page each in turn while the run's budget lasts, so a
 * busy one never starves the others and one that is behind gets whatever the rest leave; one failing never stops another.
 */
export async function sweepMissedProcessorEvents({ ctx }: { ctx: RootContext }): Promise<void> {
  const budget = runBudget(ctx.env);
  const reading = new Set(Object.keys(CHANGE_FEEDS));
  while (reading.size > 0 && affords(budget, PAGE_SIZE)) {
    for (const resource of reading) {
      const outcome = await readMissedChanges({ ctx, input: { resource, budget, maxPages: 1 } }).catch(
        unlessBusy((error) => logEvent("error", "missed processor events read failed", { resource, error: String(error) })),
      );
      if (outcome !== "behind") reading.delete(resource);
    }
  }
  for (const resource of reading) logEvent("warn", "processor change feed behind at the end of its run", { resource });
}

/** A feed's place: how far behind the processor's newest change it is, and the changes it set aside for a moving tenant. */
export type FeedLag = {
  resource: string;
  readThrough: string | null;
  lagMs: number | null;
  reading: boolean;
  scanStartedAt: string | null;
  advancedAt: string | null;
  deferredChanges: number;
};

/**
 * Every feed's lag: every change made before `readThrough` has been read (null: never read yet), so the lag is how long
 * ago that is; a feed in the middle of a read is `reading`. Deferred changes are those the feed set aside (a tenant
 * paused by a move), waiting for the cron's retry of failed applications.
 */
export async function listFeedLags({ ctx }: { ctx: RootContext }): Promise<FeedLag[]> {
  const resources = Object.keys(CHANGE_FEEDS);
  const [watermarks, deferred] = await Promise.all([
    ctx.control.select().from(processorWatermarks).all(),
    ctx.control
      .select({ entity: processorWebhookReceipts.entity, n: sql<number>`count(*)` })
      .from(processorWebhookReceipts)
      .where(
        and(
          eq(processorWebhookReceipts.source, "sweep"),
          inArray(processorWebhookReceipts.outcome, ["unprocessable", "reapplying"]),
          sql`json_extract(${processorWebhookReceipts.reason}, '$[0].field') = ${APPLYING}`,
        ),
      )
      .groupBy(processorWebhookReceipts.entity)
      .all(),
  ]);
  const now = ctx.clock.nowMs();
  return resources.map((resource) => {
    const saved = watermarks.find((row) => row.resource === resource);
    const readThrough = saved ? (saved.readThrough ?? saved.updatedSince) : null;
    return {
      resource,
      readThrough,
      lagMs: readThrough === null ? null : Math.max(0, now - Date.parse(readThrough)),
      reading: saved?.afterCursor != null,
      scanStartedAt: saved?.scanStartedAt ?? null,
      advancedAt: saved?.advancedAt ?? null,
      deferredChanges: deferred.find((row) => row.entity === resource)?.n ?? 0,
    };
  });
}
