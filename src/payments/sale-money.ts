import { type SQL, sql } from "drizzle-orm";

import { type PaymentRecord, payments, type PaymentStatus } from "./payments.schema";

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

/**
 * The period's figures, each named once: fees are what the processor charged on the sales, and the share refunds gave
 * back is its own figure, so a card, a table and the net all read the same four numbers. `adds` is the figure's sign in
 * the net.
 */
export const MONEY_FIGURES = [
  { key: "grossCents", label: "Gross", adds: true },
  { key: "feesCents", label: "Fees", adds: false },
  { key: "refundsCents", label: "Refunds", adds: false },
  { key: "feesReturnedCents", label: "Fees returned", adds: true },
] as const satisfies readonly { key: keyof MoneyMovements; label: string; adds: boolean }[];

/** What the merchant keeps of it: the sales less their fees and less the refunds, plus the fees the refunds returned. */
export const netCents = (movements: MoneyMovements): number =>
  MONEY_FIGURES.reduce((net, figure) => net + (figure.adds ? movements[figure.key] : -movements[figure.key]), 0);
