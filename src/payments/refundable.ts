import { inArray, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

import { type PaymentRecord, payments, type PaymentStatus } from "./payments.schema";

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

/** The status a refunded total (in SQL) gives a sale: nothing refunded, all of it, or part of it. */
export const statusFromRefundsSql = (refundedCents: SQL | SQLiteColumn): SQL =>
  sql`CASE WHEN ${refundedCents} = 0 THEN 'succeeded' WHEN ${refundedCents} >= ${payments.amountCents} THEN 'refunded' ELSE 'partially_refunded' END`;

/** A sale whose status only its refunds decide; a disputed, failed or unfinished payment keeps its own. */
const REFUNDS_DECIDE: PaymentStatus[] = ["succeeded", "partially_refunded", "refunded"];

/** The payment's status once its refunds add up to `refundedCents` (SQL), for the UPDATE that moves them. */
export const statusAfterRefundsSql = (refundedCents: SQL): SQL =>
  sql`CASE WHEN ${inArray(payments.status, REFUNDS_DECIDE)} THEN ${statusFromRefundsSql(refundedCents)} ELSE ${payments.status} END`;
