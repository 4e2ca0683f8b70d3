import { eq } from "drizzle-orm";
import { logEvent } from "../lib/log";
import type { AppContext } from "../platform/context";
import { unlessBusy, type Page, type PageRequest } from "../processor";
import { processorWatermarks } from "./watermarks.schema";
import { applyProcessorResource } from "./processor-webhooks.service";

/** Each read starts this far before the last one began: the two clocks may differ, and applying a change twice changes nothing. */
export const WATERMARK_OVERLAP_MS = 60_000;
/** The first read of a resource looks back this far (longer than any dispute's response window). */
export const FIRST_READ_LOOKBACK_MS = 30 * 24 * 60 * 60 * 1000;
/** The processor's largest page. */
export const PAGE_SIZE = 100;
/** Pages read per resource per cron run; a longer read resumes from its cursor the next minute. */
export const PAGES_PER_RUN = 5;

type ChangesPage = (ctx: AppContext, page: { updatedSince: string } & PageRequest) => Promise<Page<unknown>>;

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

/**
 * Reads one resource's changes since its watermark and applies each as its webhook would. The cursor and watermark are
 * saved only after a page was applied, so a failure reads that page again; a finished read moves the watermark to a
 * little before the time it began, so a change made while it ran is read by the next one.
 */
export async function readMissedChanges({
  ctx,
  input: { resource, pageSize = PAGE_SIZE, pagesPerRun = PAGES_PER_RUN },
}: {
  ctx: AppContext;
  input: { resource: string; pageSize?: number; pagesPerRun?: number };
}): Promise<void> {
  const { control } = ctx;
  const list = CHANGE_FEEDS[resource]!;
  const now = ctx.clock.nowIso();
  const saved = await control.select().from(processorWatermarks).where(eq(processorWatermarks.resource, resource)).get();
  const updatedSince = saved?.updatedSince ?? isoBefore(now, FIRST_READ_LOOKBACK_MS);
  let afterCursor = saved?.afterCursor ?? null;
  const scanStartedAt = afterCursor ? saved!.scanStartedAt : now;
  for (let pages = 0; pages < pagesPerRun; pages++) {
    const page = await list(ctx, { updatedSince, limit: pageSize, ...(afterCursor ? { after_cursor: afterCursor } : {}) });
    for (const item of page.items) await applyProcessorResource({ ctx, input: { entity: resource, resource: item } });
    if (page.nextCursor !== null && page.nextCursor === afterCursor) throw new Error(`The processor repeated cursor ${afterCursor}.`);
    afterCursor = page.nextCursor;
    const finished = afterCursor === null;
    const next = {
      updatedSince: finished ? later(updatedSince, isoBefore(scanStartedAt, WATERMARK_OVERLAP_MS)) : updatedSince,
      afterCursor,
      scanStartedAt,
      advancedAt: ctx.clock.nowIso(),
    };
    await control
      .insert(processorWatermarks)
      .values({ resource, ...next })
      .onConflictDoUpdate({ target: processorWatermarks.resource, set: next });
    if (finished) return;
  }
}

/** The cron sweep of what lost webhooks never said: each feed read on its own, so one failing never stops another. */
export async function sweepMissedProcessorEvents({ ctx }: { ctx: AppContext }): Promise<void> {
  for (const resource of Object.keys(CHANGE_FEEDS)) {
    await readMissedChanges({ ctx, input: { resource } }).catch(
      unlessBusy((error) => logEvent("error", "missed processor events read failed", { resource, error: String(error) })),
    );
  }
}
