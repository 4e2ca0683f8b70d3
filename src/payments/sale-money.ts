import { sql, type SQL } from "drizzle-orm";
import { payments, type PaymentRecord, type PaymentStatus } from "./payments.schema";

/**
 * A sale that went through: the buyer was charged and the money is the merchant's, whatever came after it (refunds, a
 * dispute). `processing` has not happened yet; `failed` and `canceled` never happened.
 */
export const SUCCEEDED_SALE_STATUSES = [
  "succeeded",
  "partially_refunded",
  "refunded",
  "disputed",
] as const satisfies readonly PaymentStatus[];

export const isSucceededSale = (status: PaymentStatus): boolean => (SUCCEEDED_SALE_STATUSES as readonly PaymentStatus[]).includes(status);

/** The fee the merchant pays on a sale: what the processor actually charged once it is read, the application fee sent until then. */
export const saleFeeCents = (payment: Pick<PaymentRecord, "processorFeeCents" | "applicationFeeCents">): number =>
  payment.processorFeeCents ?? payment.applicationFeeCents;

/** `saleFeeCents` over a payments row in SQL. */
export const saleFeeCentsSql: SQL = sql`COALESCE(${payments.processorFeeCents}, ${payments.applicationFeeCents})`;

/** Money over a period, in minor units: sales, their fees, the refunds made and the share of the fee those refunds returned. */
export type MoneyMovements = { grossCents: number; feesCents: number; refundsCents: number; feesReturnedCents: number };

/** What the merchant keeps of it: the sales less their fees and less the refunds, plus the fees the refunds returned. */
export const netCents = ({ grossCents, feesCents, refundsCents, feesReturnedCents }: MoneyMovements): number =>
  grossCents - feesCents - refundsCents + feesReturnedCents;
