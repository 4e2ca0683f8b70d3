import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";

import type { ShardContext } from "../platform/context";
import { type PaymentRecord, payments, type PaymentStatus } from "./payments.schema";
import { statusFromRefundsSql } from "./refundable";

/** The statuses a dispute can hold a payment in: money the buyer paid and may claim back. */
const DISPUTABLE: PaymentStatus[] = ["succeeded", "partially_refunded", "refunded"];

/** The payment a processor transfer (a sale) belongs to, whichever tenant's; callers scope what they do with it. */
export function findPaymentByProcessorTransfer({
  ctx,
  input: { processorTransferId },
}: {
  ctx: ShardContext;
  input: { processorTransferId: string };
}): Promise<PaymentRecord | undefined> {
  return ctx.db.select().from(payments).where(eq(payments.processorTransferId, processorTransferId)).get();
}

/**
 * For the dispute's own batch: the payment becomes `disputed`, which refunds refuse (the processor refuses reversals on
 * disputed transfers), when `onlyIf` holds.
 */
export function holdPaymentForDispute(ctx: ShardContext, input: { paymentId: string; onlyIf: SQL }): BatchItem<"sqlite"> {
  return ctx.db
    .update(payments)
    .set({ status: "disputed", updatedAt: ctx.clock.nowIso() })
    .where(and(eq(payments.id, input.paymentId), inArray(payments.status, DISPUTABLE), input.onlyIf));
}

/**
 * For the dispute's own batch: a won dispute gives the payment back the status its refunds say (`succeeded`,
 * `partially_refunded` or `refunded`), when `onlyIf` holds.
 */
export function releasePaymentFromDispute(ctx: ShardContext, input: { paymentId: string; onlyIf: SQL }): BatchItem<"sqlite"> {
  return ctx.db
    .update(payments)
    .set({
      status: statusFromRefundsSql(payments.amountRefundedCents),
      updatedAt: ctx.clock.nowIso(),
    })
    .where(and(eq(payments.id, input.paymentId), eq(payments.status, "disputed"), input.onlyIf));
}
