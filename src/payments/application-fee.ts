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

/** The share of the fee that follows a refund of `refundCents`, capped by what is left to return. */
export function applicationFeeRefundCents(
  payment: { amountCents: number; applicationFeeCents: number; applicationFeeRefundedCents: number },
  refundCents: number,
  fullyRefunded: boolean,
): number {
  const remaining = payment.applicationFeeCents - payment.applicationFeeRefundedCents;
  if (fullyRefunded) return remaining;
  return Math.min(remaining, Math.floor((payment.applicationFeeCents * refundCents) / payment.amountCents));
}
