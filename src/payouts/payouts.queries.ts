import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";

import { afterCursor, createdBetween, createdBounds, cursorScope, pageOf } from "../lib/pagination";
import { ApiError } from "../lib/problem";
import type { TenantContext } from "../platform/context";
import { expectedArrivalDate, OPEN_STATUSES } from "./payout-schedule";
import {
  PAYOUT_ITEM_TYPES,
  type PayoutItemRecord,
  payoutItems,
  type PayoutItemType,
  type PayoutRecord,
  payouts,
  type PayoutStatus,
} from "./payouts.schema";

export type ListPayoutsQuery = { from?: string; to?: string; status?: PayoutStatus; limit: number; cursor?: string };

export async function getPayout({ ctx, input: { payoutId } }: { ctx: TenantContext; input: { payoutId: string } }): Promise<PayoutRecord> {
  const tenantId = ctx.tenant.id;
  // Scoped by tenant: another tenant's id is indistinguishable from a missing one.
  const payout = await ctx.db
    .select()
    .from(payouts)
    .where(and(eq(payouts.id, payoutId), eq(payouts.tenantId, tenantId)))
    .get();
  if (!payout) throw new ApiError("not-found", `No payout ${payoutId}.`);
  return payout;
}

/** Newest first by the settlement's creation, keyset-paginated over (tenant, created_at, id) like the payments list. */
export async function listPayouts({ ctx, input: { query } }: { ctx: TenantContext; input: { query: ListPayoutsQuery } }) {
  const tenantId = ctx.tenant.id;
  const created = createdBounds(query);
  const scope = cursorScope(ctx, "payouts-cursor", { tenantId, filters: [created.from, created.to, query.status ?? null] });
  const conditions: (SQL | undefined)[] = [eq(payouts.tenantId, tenantId)];
  if (query.status) conditions.push(eq(payouts.status, query.status));
  conditions.push(createdBetween(payouts.createdAt, created));
  conditions.push(await afterCursor(payouts, query.cursor, scope));
  const rows = await ctx.db
    .select()
    .from(payouts)
    .where(and(...conditions))
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(query.limit + 1)
    .all();
  return pageOf(rows, query.limit, scope);
}

/** A payout's items in the order they happened, keyset-paginated; the cursor is signed for this payout. */
export async function listPayoutItems({
  ctx,
  input: { payoutId, limit, cursor },
}: {
  ctx: TenantContext;
  input: { payoutId: string; limit: number; cursor?: string };
}) {
  const tenantId = ctx.tenant.id;
  const scope = cursorScope(ctx, "payout-items-cursor", { tenantId, filters: [payoutId] });
  const order = { createdAt: payoutItems.processorCreatedAt, id: payoutItems.processorTransferId };
  const rows = await ctx.db
    .select()
    .from(payoutItems)
    .where(
      and(eq(payoutItems.payoutId, payoutId), eq(payoutItems.tenantId, tenantId), await afterCursor(order, cursor, scope, "oldestFirst")),
    )
    .orderBy(asc(payoutItems.processorCreatedAt), asc(payoutItems.processorTransferId))
    .limit(limit + 1)
    .all();
  return pageOf(rows, limit, scope, (item) => ({ createdAt: item.processorCreatedAt, id: item.processorTransferId }));
}

/** How many of each kind of item a payout holds: its sales, refunds, fee returns, chargebacks and adjustments. */
export async function payoutItemCounts({
  ctx,
  input: { payoutId },
}: {
  ctx: TenantContext;
  input: { payoutId: string };
}): Promise<Record<PayoutItemType, number>> {
  const tenantId = ctx.tenant.id;
  const rows = await ctx.db
    .select({ type: payoutItems.type, count: sql<number>`COUNT(*)` })
    .from(payoutItems)
    .where(and(eq(payoutItems.payoutId, payoutId), eq(payoutItems.tenantId, tenantId)))
    .groupBy(payoutItems.type)
    .all();
  const counts = Object.fromEntries(PAYOUT_ITEM_TYPES.map((type) => [type, 0])) as Record<PayoutItemType, number>;
  for (const row of rows) counts[row.type] = row.count;
  return counts;
}

/** Most that the overview lists of payouts not final yet (one accrues at a time; a few may wait for approval or arrival). */
const OPEN_PAYOUTS_SHOWN = 10;

/**
 * Where a tenant's money stands for the overview: the payouts not final yet, newest first — the one accruing (the
 * processor's running totals until it closes), those awaiting approval and those on their way — and the last one that
 * finished (paid or failed). `accruingArrivesFrom` is when money accruing now arrives at the earliest: the arrival rule
 * (`expectedArrivalDate`) applied to a settlement closed and approved now; the processor decides when it closes.
 */
export async function payoutsAtAGlance({
  ctx,
}: {
  ctx: TenantContext;
}): Promise<{ open: PayoutRecord[]; last: PayoutRecord | null; accruingArrivesFrom: string }> {
  const tenantId = ctx.tenant.id;
  const finished: PayoutStatus[] = ["paid", "failed"];
  const [open, last] = await ctx.db.batch([
    ctx.db
      .select()
      .from(payouts)
      .where(and(eq(payouts.tenantId, tenantId), inArray(payouts.status, OPEN_STATUSES)))
      .orderBy(desc(payouts.createdAt), desc(payouts.id))
      .limit(OPEN_PAYOUTS_SHOWN),
    ctx.db
      .select()
      .from(payouts)
      .where(and(eq(payouts.tenantId, tenantId), inArray(payouts.status, finished)))
      .orderBy(desc(payouts.createdAt), desc(payouts.id))
      .limit(1),
  ]);
  return { open, last: last[0] ?? null, accruingArrivesFrom: expectedArrivalDate(ctx.clock.nowIso()) };
}

/** A payout item with the payout it is part of. */
export type PaymentPayoutItem = {
  item: PayoutItemRecord;
  payout: Pick<PayoutRecord, "id" | "status" | "expectedArrivalDate" | "createdAt" | "currency">;
};

/**
 * Where one of the tenant's payments settled: each payout item of its sale, refunds, fee credits and chargebacks, with
 * its payout, in the order they happened.
 */
export async function payoutItemsOfPayment({
  ctx,
  input: { paymentId },
}: {
  ctx: TenantContext;
  input: { paymentId: string };
}): Promise<PaymentPayoutItem[]> {
  const tenantId = ctx.tenant.id;
  return ctx.db
    .select({
      item: payoutItems,
      payout: {
        id: payouts.id,
        status: payouts.status,
        expectedArrivalDate: payouts.expectedArrivalDate,
        createdAt: payouts.createdAt,
        currency: payouts.currency,
      },
    })
    .from(payoutItems)
    .innerJoin(payouts, and(eq(payouts.id, payoutItems.payoutId), eq(payouts.tenantId, tenantId)))
    .where(and(eq(payoutItems.tenantId, tenantId), eq(payoutItems.paymentId, paymentId)))
    .orderBy(asc(payoutItems.processorCreatedAt), asc(payoutItems.processorTransferId))
    .all();
}
