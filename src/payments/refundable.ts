import { inArray, sql, type SQL } from "drizzle-orm";
import { payments, type PaymentRecord, type PaymentStatus } from "./payments.schema";

/** The states a payment can be refunded from (contract: `succeeded` or `partially_refunded`). */
export const REFUNDABLE_STATUSES = ["succeeded", "partially_refunded"] as const satisfies readonly PaymentStatus[];

export const isRefundableStatus = (status: PaymentStatus): boolean => (REFUNDABLE_STATUSES as readonly PaymentStatus[]).includes(status);

/** What is left to refund: refunds in flight hold their amount, so together they can never pass the payment's amount. */
export const refundableCents = (
  payment: Pick<PaymentRecord, "amountCents" | "amountRefundedCents" | "amountRefundReservedCents">,
): number => payment.amountCents - payment.amountRefundedCents - payment.amountRefundReservedCents;

/** `isRefundableStatus` over a payments row in SQL. */
export const refundableStatusSql: SQL = inArray(payments.status, [...REFUNDABLE_STATUSES]);

/** `refundableCents` over a payments row in SQL. */
export const refundableCentsSql: SQL = sql`(${payments.amountCents} - ${payments.amountRefundedCents} - ${payments.amountRefundReservedCents})`;
