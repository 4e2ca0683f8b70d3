import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";

import { afterCursor, createdBetween, createdBounds, cursorScope, pageOf } from "../lib/pagination";
import { ApiError } from "../lib/problem";
import type { TenantContext } from "../platform/context";
import { type PaymentRecord, payments, type PaymentStatus, paymentsWithStatus, type RefundRecord, refunds } from "./payments.schema";

export async function getPayment({
  ctx,
  input: { paymentId: id },
}: {
  ctx: Pick<TenantContext, "db" | "tenant">;
  input: { paymentId: string };
}): Promise<PaymentRecord> {
  const tenantId = ctx.tenant.id;
  // Scoped by tenant: another tenant's id is indistinguishable from a missing one.
  const payment = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.tenantId, tenantId)))
    .get();
  if (!payment) throw new ApiError("not-found", `No payment ${id}.`);
  return payment;
}

export type ListPaymentsQuery = { from?: string; to?: string; status?: PaymentStatus; limit: number; cursor?: string };

/** Keyset pagination on (createdAt, id) over an index that starts with tenant_id: page 500 costs what page 1 does. */
export async function listPayments({ ctx, input: { query } }: { ctx: TenantContext; input: { query: ListPaymentsQuery } }) {
  const tenantId = ctx.tenant.id;
  const created = createdBounds(query);
  const scope = cursorScope(ctx, "payments-cursor", { tenantId, filters: [created.from, created.to, query.status ?? null] });
  const conditions: (SQL | undefined)[] = [eq(payments.tenantId, tenantId)];
  if (query.status) conditions.push(paymentsWithStatus(query.status));
  conditions.push(createdBetween(payments.createdAt, created));
  conditions.push(await afterCursor(payments, query.cursor, scope));
  const rows = await ctx.db
    .select()
    .from(payments)
    .where(and(...conditions))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(query.limit + 1)
    .all();
  return pageOf(rows, query.limit, scope);
}

/** Every refund of one of the tenant's payments, oldest first (a payment has a handful: its refunds add up to its amount at most). */
export async function refundsOfPayment({
  ctx,
  input: { paymentId },
}: {
  ctx: TenantContext;
  input: { paymentId: string };
}): Promise<RefundRecord[]> {
  const tenantId = ctx.tenant.id;
  return ctx.db
    .select()
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.tenantId, tenantId)))
    .orderBy(asc(refunds.createdAt))
    .all();
}

/**
 * The tenant's open holds (`authorized`: the card held, nothing charged yet), how many and what they hold: the hold rows
 * found on payments_tenant_status_created, which holds only payments of such statuses; a hold lapses within days, so
 * they are few. Named, as the planner would otherwise walk every payment of the tenant on payments_tenant_day, which
 * covers these columns.
 */
export async function openHolds({ ctx }: { ctx: Pick<TenantContext, "db" | "tenant"> }): Promise<{ count: number; amountCents: number }> {
  const holds = await ctx.db
    .select({ count: sql<number>`COUNT(*)`, amountCents: sql<number>`COALESCE(SUM(${payments.amountCents}), 0)` })
    .from(sql`${payments} INDEXED BY payments_tenant_status_created`)
    .where(and(eq(payments.tenantId, ctx.tenant.id), paymentsWithStatus("authorized")))
    .get();
  return holds!;
}
