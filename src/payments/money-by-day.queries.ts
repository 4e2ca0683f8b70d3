import { and, eq, gte, lte, sql } from "drizzle-orm";

import { utcDay } from "../db/utc-day";
import type { TenantContext } from "../platform/context";
import { payments, refunds } from "./payments.schema";
import { isSucceededSale, type MoneyMovements, netCents, saleFeeCentsSql } from "./sale-money";

const DAY_MS = 86_400_000;

/** One UTC day's money (each amount in minor units) and its charges: succeeded (sales that went through) and failed. */
export type DayMoney = MoneyMovements & { day: string; netCents: number; succeeded: number; failed: number };

const emptyDay = (day: string): DayMoney => ({
  day,
  grossCents: 0,
  feesCents: 0,
  refundsCents: 0,
  feesReturnedCents: 0,
  netCents: 0,
  succeeded: 0,
  failed: 0,
});

/** The days' figures added up: the period's totals, by the same rule as each day's. */
export function sumOfDays(days: DayMoney[]): DayMoney {
  const totals = emptyDay("");
  for (const day of days) {
    totals.grossCents += day.grossCents;
    totals.feesCents += day.feesCents;
    totals.refundsCents += day.refundsCents;
    totals.feesReturnedCents += day.feesReturnedCents;
    totals.netCents += day.netCents;
    totals.succeeded += day.succeeded;
    totals.failed += day.failed;
  }
  return totals;
}

/** The UTC days from `fromDay` to `toDay` (YYYY-MM-DD), both included. */
function daysBetween(fromDay: string, toDay: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${fromDay}T00:00:00Z`); at <= Date.parse(`${toDay}T00:00:00Z`); at += DAY_MS) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * A tenant's money per UTC day, `fromDay` to `toDay` (YYYY-MM-DD, both included; a day with nothing is all zeros): the
 * sales that went through that day (gross) and their fees, by when the payment was created; the refunds that succeeded
 * that day and the fee they returned once the processor credited it, by when the refund was made; what the merchant
 * keeps of it (`netCents`); and how many charges went through and how many failed. Two grouped reads, each walking its
 * covering index in day order (payments_tenant_day, refunds_tenant_day): no table row is read, and nothing is sorted.
 */
export async function moneyByDay({
  ctx,
  input: { fromDay, toDay },
}: {
  ctx: Pick<TenantContext, "db" | "tenant">;
  input: { fromDay: string; toDay: string };
}): Promise<DayMoney[]> {
  const tenantId = ctx.tenant.id;
  const paymentDay = utcDay(payments.createdAt);
  const refundDay = utcDay(refunds.createdAt);
  // The group's day is selected as MIN(day): SQLite reads a grouped expression selected bare from the table row, an
  // aggregate of it from the index.
  const dayOf = (day: typeof paymentDay) => sql<string>`MIN(${day})`;
  const [sales, refunded] = await ctx.db.batch([
    ctx.db
      .select({
        day: dayOf(paymentDay),
        status: payments.status,
        count: sql<number>`COUNT(*)`,
        amountCents: sql<number>`SUM(${payments.amountCents})`,
        feesCents: sql<number>`SUM(${saleFeeCentsSql})`,
      })
      .from(payments)
      .where(and(eq(payments.tenantId, tenantId), gte(paymentDay, fromDay), lte(paymentDay, toDay)))
      .groupBy(paymentDay, payments.status),
    ctx.db
      .select({
        day: dayOf(refundDay),
        amountCents: sql<number>`SUM(${refunds.amountCents})`,
        feesReturnedCents: sql<number>`SUM(CASE WHEN ${refunds.feeCreditStatus} = 'succeeded' THEN ${refunds.applicationFeeRefundCents} ELSE 0 END)`,
      })
      .from(refunds)
      .where(and(eq(refunds.tenantId, tenantId), gte(refundDay, fromDay), lte(refundDay, toDay), eq(refunds.status, "succeeded")))
      .groupBy(refundDay),
  ]);
  const byDay = new Map(daysBetween(fromDay, toDay).map((day) => [day, emptyDay(day)]));
  for (const row of sales) {
    const day = byDay.get(row.day);
    if (!day) continue;
    if (isSucceededSale(row.status)) {
      day.succeeded += row.count;
      day.grossCents += row.amountCents;
      day.feesCents += row.feesCents;
    } else if (row.status === "failed") {
      day.failed += row.count;
    }
  }
  for (const row of refunded) {
    const day = byDay.get(row.day);
    if (!day) continue;
    day.refundsCents += row.amountCents;
    day.feesReturnedCents += row.feesReturnedCents;
  }
  return [...byDay.values()].map((day) => ({ ...day, netCents: netCents(day) }));
}
