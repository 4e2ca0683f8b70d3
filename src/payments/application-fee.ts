import { type SQL, sql } from "drizzle-orm";

import { payments } from "./payments.schema";

/** D1 binds every JS number as REAL, and REAL arithmetic divides exactly (70 × 1000 / 4000 = 17.5): cents are cast back. */
const integerCents = (value: number): SQL => sql`CAST(${value} AS INTEGER)`;

export type FeeSchedule = { basisPoints: number; fixedCents: number };

/** The tenant's own schedule where set, else the platform default from configuration. */
export function feeScheduleFor(tenant: { feeBasisPoints: number | null; feeFixedCents: number | null }, env: Env): FeeSchedule {
  return {
    basisPoints: tenant.feeBasisPoints ?? Number(env.DEFAULT_FEE_BASIS_POINTS),
    fixedCents: tenant.feeFixedCents ?? Number(env.DEFAULT_FEE_FIXED_CENTS),
  };
}

/** Basis points rounded half up, plus the fixed part, never more than the amount itself. */
export function applicationFeeCents(amountCents: number, schedule: FeeSchedule): number {
  const proportional = Math.floor((amountCents * schedule.basisPoints + 5_000) / 10_000);
  return Math.min(amountCents, proportional + schedule.fixedCents);
}

/** `applicationFeeCents` in SQL, over a `tenants` row in the query, for an INSERT that reads the schedule as it writes. */
export function applicationFeeCentsSql(amountCents: number, env: Env): SQL {
  const amount = integerCents(amountCents);
  const basisPoints = sql`COALESCE(tenants.fee_basis_points, ${integerCents(Number(env.DEFAULT_FEE_BASIS_POINTS))})`;
  const fixedCents = sql`COALESCE(tenants.fee_fixed_cents, ${integerCents(Number(env.DEFAULT_FEE_FIXED_CENTS))})`;
  return sql`MIN(${amount}, (${amount} * ${basisPoints} + 5000) / 10000 + ${fixedCents})`;
}

/**
 * The share of the fee that follows a refund of `refundCents`: proportional and rounded down, the rest on the refund that
 * completes the payment's refunds, never more than is left to return. SQL over the payment row as it was before the
 * refund is counted, so concurrent refunds each take their share from what the others left.
 */
export function applicationFeeShare(refundCents: number): SQL {
  const refund = integerCents(refundCents);
  const left = sql`(${payments.applicationFeeCents} - ${payments.applicationFeeRefundedCents} - ${payments.applicationFeeRefundPendingCents})`;
  return sql`CASE WHEN ${payments.amountRefundedCents} + ${refund} = ${payments.amountCents} THEN ${left}
    ELSE MIN(${left}, (${payments.applicationFeeCents} * ${refund}) / ${payments.amountCents}) END`;
}
