import { and, asc, eq, gt, isNotNull, isNull, lt, type SQL, sql } from "drizzle-orm";

import { tenants } from "../db/tenants.schema";
import { logEvent } from "../lib/log";
import { liveHere } from "../placement/tenant-fences.schema";
import type { ShardContext, TenantContext } from "../platform/context";
import { unlessBusy } from "../processor";
import { onboarding } from "./onboarding.schema";
import { pullComplianceForms, readOnboardingForm } from "./onboarding.service";

/** A hosted form with no merchant attached yet is read again this often (its `onboarding_form.updated` may have been lost). */
const FORM_CHECK_EVERY_MS = 5 * 60 * 1000;
/** Forms are read while their link is valid and this long after, so one submitted just before its link lapsed is found. */
export const FORM_CHECKED_PAST_LINK_EXPIRY_MS = 60 * 60 * 1000;
/** Each merchant's PCI forms are listed this often (a lost `compliance_form.*`); a new form gives months to attest. */
export const PCI_CHECK_EVERY_MS = 6 * 60 * 60 * 1000;
/** Tenants checked per cron run, for each of the two. */
const CHECKS_PER_RUN = 10;

const before = (ctx: ShardContext, ms: number) => new Date(ctx.clock.nowMs() - ms).toISOString();

type CheckedAt = "formCheckedAt" | "pciCheckedAt";

/**
 * One tenant's check, on that tenant's context: what it records is sent when the check ends, finished or not (the cron
 * flushes the shard context's outbox, not this one).
 */
async function onTenant(ctx: ShardContext, tenantId: string, check: (tenantCtx: TenantContext) => Promise<unknown>): Promise<void> {
  const tenantCtx = ctx.forTenant({ id: tenantId, shard: ctx.shard });
  try {
    await check(tenantCtx);
  } finally {
    await tenantCtx.outbox.flush();
  }
}

/** Marks the tenant checked now unless another run already has: overlapping cron runs never check the same tenant twice. */
async function claim(ctx: ShardContext, tenantId: string, key: CheckedAt, checkedAt: string | null): Promise<boolean> {
  const claimed = await ctx.db
    .update(onboarding)
    .set({ [key]: ctx.clock.nowIso() })
    .where(and(eq(onboarding.tenantId, tenantId), checkedAt === null ? isNull(onboarding[key]) : eq(onboarding[key], checkedAt)))
    .returning({ tenantId: onboarding.tenantId });
  return claimed.length === 1;
}

/** The tenants due a check: never checked first, then the longest ago (each of the two a range of the index, never a scan). */
async function due(ctx: ShardContext, key: CheckedAt, everyMs: number, where: SQL) {
  const checkedAt = onboarding[key];
  const select = (limit: number, condition: SQL) =>
    ctx.db
      .select({ tenantId: onboarding.tenantId, formId: onboarding.processorFormId, merchantId: tenants.processorMerchantId, checkedAt })
      .from(onboarding)
      .innerJoin(tenants, eq(tenants.id, onboarding.tenantId))
      .where(and(where, condition, liveHere(onboarding.tenantId)))
      .orderBy(asc(checkedAt))
      .limit(limit)
      .all();
  const never = await select(CHECKS_PER_RUN, isNull(checkedAt));
  if (never.length === CHECKS_PER_RUN) return never;
  return [...never, ...(await select(CHECKS_PER_RUN - never.length, lt(checkedAt, before(ctx, everyMs))))];
}

/**
 * The cron sweep of what onboarding learns by webhook: a hosted form completed while its webhook was lost (and the
 * merchant never came back from it) is read as the return would read it, attaching the merchant with the same
 * callbacks; and each merchant's PCI forms are listed now and then, applied as their webhooks would be. A tenant whose
 * claim or check fails (paused by a move since it was picked) is skipped; the others go on.
 */
export async function sweepOnboarding({ ctx }: { ctx: ShardContext }): Promise<void> {
  const open = await due(
    ctx,
    "formCheckedAt",
    FORM_CHECK_EVERY_MS,
    and(
      // Unary + keeps the planner on the link's expiry (forms of the last week), not on every tenant never onboarded.
      sql`+${tenants.processorMerchantId} IS NULL`,
      isNotNull(onboarding.processorFormId),
      gt(onboarding.onboardingUrlExpiresAt, before(ctx, FORM_CHECKED_PAST_LINK_EXPIRY_MS)),
    )!,
  );
  for (const { tenantId, formId, checkedAt } of open) {
    const check = async () => {
      if (await claim(ctx, tenantId, "formCheckedAt", checkedAt))
        await onTenant(ctx, tenantId, (tenantCtx) => readOnboardingForm({ ctx: tenantCtx, input: { formId: formId!, renewLink: false } }));
    };
    await check().catch(
      unlessBusy((error) => logEvent("warn", "onboarding form check failed", { tenantId, formId, error: String(error) })),
    );
  }

  const merchants = await due(ctx, "pciCheckedAt", PCI_CHECK_EVERY_MS, isNotNull(tenants.processorMerchantId));
  for (const { tenantId, merchantId, checkedAt } of merchants) {
    const check = async () => {
      if (await claim(ctx, tenantId, "pciCheckedAt", checkedAt))
        await onTenant(ctx, tenantId, (tenantCtx) => pullComplianceForms(tenantCtx, merchantId!));
    };
    await check().catch(unlessBusy((error) => logEvent("warn", "compliance forms check failed", { tenantId, error: String(error) })));
  }
}
