import { and, eq, inArray, isNull, lt, or } from "drizzle-orm";

import { logEvent } from "../lib/log";
import { liveHere } from "../placement/tenant-fences.schema";
import type { RootContext, ShardContext } from "../platform/context";
import { unlessBusy } from "../processor";
import { disputeEvidence, disputes } from "./disputes.schema";
import { resolvePendingAcceptance, resolvePendingSubmission, syncDispute } from "./disputes.service";
import { applyEvidenceEvent, uploadEvidence } from "./evidence.service";

/** A request younger than this may still be finishing its own upload or submission. */
export const SWEEP_AFTER_MS = 60_000;
/** Evidence the processor still reviews, and disputes still undecided, are read again when their news is this old. */
export const RESYNC_AFTER_MS = 15 * 60 * 1000;
const BATCH = 20;

const before = (ctx: RootContext, ms: number) => new Date(ctx.clock.nowMs() - ms).toISOString();

async function each<T>(rows: T[], work: (row: T) => Promise<unknown>, what: string): Promise<void> {
  for (const row of rows) await work(row).catch(unlessBusy((error) => logEvent("warn", `${what} failed`, { error: String(error) })));
}

/**
 * The cron sweep for disputes: evidence stored but not yet at the processor is uploaded; submissions and acceptances
 * whose answer was lost are settled; evidence under review and undecided disputes are read again (their webhooks may have been lost, and
 * a won dispute must not leave its payment `disputed`). Each query takes only tenants live on this shard.
 */
export async function sweepDisputes({ ctx }: { ctx: ShardContext }): Promise<void> {
  const { db } = ctx;
  const now = ctx.clock.nowIso();
  const unsent = await db
    .select({ id: disputeEvidence.id })
    .from(disputeEvidence)
    .where(
      and(
        eq(disputeEvidence.state, "pending"),
        lt(disputeEvidence.updatedAt, before(ctx, SWEEP_AFTER_MS)),
        or(isNull(disputeEvidence.uploadLeaseUntil), lt(disputeEvidence.uploadLeaseUntil, now)),
        liveHere(disputeEvidence.tenantId),
      ),
    )
    .limit(BATCH)
    .all();
  await each(unsent, ({ id }) => uploadEvidence({ ctx, input: { evidenceId: id } }), "evidence upload retry");

  const submissions = await db
    .select()
    .from(disputes)
    .where(and(eq(disputes.submission, "pending"), lt(disputes.updatedAt, before(ctx, SWEEP_AFTER_MS)), liveHere(disputes.tenantId)))
    .limit(BATCH)
    .all();
  await each(submissions, (row) => resolvePendingSubmission({ ctx, input: row }), "dispute submission resolution");

  const acceptances = await db
    .select()
    .from(disputes)
    .where(and(eq(disputes.acceptance, "pending"), lt(disputes.updatedAt, before(ctx, SWEEP_AFTER_MS)), liveHere(disputes.tenantId)))
    .limit(BATCH)
    .all();
  await each(acceptances, (row) => resolvePendingAcceptance({ ctx, input: row }), "dispute acceptance resolution");

  const reviewing = await db
    .select({ id: disputeEvidence.id, disputeId: disputes.processorDisputeId, evidenceId: disputeEvidence.processorEvidenceId })
    .from(disputeEvidence)
    .innerJoin(disputes, eq(disputes.id, disputeEvidence.disputeId))
    .where(
      and(
        eq(disputeEvidence.state, "processing"),
        lt(disputeEvidence.syncedAt, before(ctx, RESYNC_AFTER_MS)),
        liveHere(disputeEvidence.tenantId),
      ),
    )
    .limit(BATCH)
    .all();
  await each(
    reviewing,
    async ({ id, disputeId, evidenceId }) => {
      await applyEvidenceEvent({ ctx, input: await ctx.processor.getDisputeEvidence(disputeId, evidenceId!) });
      await db.update(disputeEvidence).set({ syncedAt: ctx.clock.nowIso() }).where(eq(disputeEvidence.id, id));
    },
    "evidence re-read",
  );

  const undecided = await db
    .select()
    .from(disputes)
    .where(
      and(inArray(disputes.state, ["inquiry", "open"]), lt(disputes.syncedAt, before(ctx, RESYNC_AFTER_MS)), liveHere(disputes.tenantId)),
    )
    .limit(BATCH)
    .all();
  await each(undecided, (row) => syncDispute({ ctx, input: row }), "dispute re-read");
}
