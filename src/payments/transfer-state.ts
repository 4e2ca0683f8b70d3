import { and, eq, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import type { AppContext } from "../platform/context";
import { paymentEvent } from "./payment-events";
import { payments, type PaymentStatus } from "./payments.schema";
import type { PaymentRecord } from "./payments.view";

export type ProcessorTransfer = {
  id: string;
  state: string;
  type?: string;
  merchant?: string | null;
  idempotency_id?: string | null;
  updated_at?: string;
  failure_code?: string | null;
  failure_message?: string | null;
};

/** Which ledger statuses a processor transfer state may move a sale from; nothing ever moves backwards. */
const TRANSITIONS: Record<string, { to: PaymentStatus; from: PaymentStatus[] }> = {
  SUCCEEDED: { to: "succeeded", from: ["processing"] },
  // An ACH return arrives as FAILED after SUCCEEDED: the money came back, so the payment failed.
  FAILED: { to: "failed", from: ["processing", "succeeded"] },
  CANCELED: { to: "canceled", from: ["processing"] },
};

export function findPaymentForTransfer(db: Database, transfer: ProcessorTransfer): Promise<PaymentRecord | undefined> {
  return db
    .select()
    .from(payments)
    .where(or(eq(payments.processorTransferId, transfer.id), transfer.idempotency_id ? eq(payments.id, transfer.idempotency_id) : sql`0`))
    .get();
}

/**
 * Applies a sale transfer's state to its payment — from the synchronous answer, a webhook or the
 * reconciliation sweep alike — with its `transfer.updated` event in the same batch when `emitEvent`.
 * Out-of-order answers are ignored: the row only moves when the processor's updated_at is newer.
 */
export async function applySaleTransfer(
  ctx: AppContext,
  payment: PaymentRecord,
  transfer: ProcessorTransfer,
  { emitEvent }: { emitEvent: boolean },
): Promise<boolean> {
  const { db } = ctx;
  if (transfer.merchant && transfer.merchant !== payment.processorMerchantId) return false;

  const now = ctx.clock.nowIso();
  const updatedAt = transfer.updated_at ?? now;
  const transition = TRANSITIONS[transfer.state];
  const nextStatus = transition?.from.includes(payment.status) ? transition.to : payment.status;
  const isNewer = and(
    eq(payments.id, payment.id),
    sql`(${payments.processorUpdatedAt} IS NULL OR ${payments.processorUpdatedAt} < ${updatedAt})`,
    sql`(${payments.processorState} IS NOT ${transfer.state} OR ${payments.status} IS NOT ${nextStatus})`,
  );
  const statusChangeAllowed = transition
    ? sql`CASE WHEN ${payments.status} IN (${sql.join(
        transition.from.map((s) => sql`${s}`),
        sql`, `,
      )}) THEN ${transition.to} ELSE ${payments.status} END`
    : sql`${payments.status}`;
  const update = db
    .update(payments)
    .set({
      status: statusChangeAllowed,
      processorTransferId: transfer.id,
      processorState: transfer.state,
      processorUpdatedAt: updatedAt,
      failureCode: transfer.state === "FAILED" ? (transfer.failure_code ?? null) : payments.failureCode,
      failureMessage: transfer.state === "FAILED" ? (transfer.failure_message ?? null) : payments.failureMessage,
      updatedAt: now,
    })
    .where(isNewer)
    .returning({ id: payments.id });
  if (!emitEvent) return (await update).length > 0;
  const event = paymentEvent(ctx, {
    tenantId: payment.tenantId,
    paymentId: payment.id,
    type: "transfer.updated",
    onlyIf: sql`EXISTS (SELECT 1 FROM payments WHERE id = ${payment.id} AND processor_updated_at = ${updatedAt} AND updated_at = ${now})`,
  });
  const [updated] = await db.batch([update, event]);
  return updated.length > 0;
}
