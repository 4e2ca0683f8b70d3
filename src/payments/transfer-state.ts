import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";

import type { Database } from "../db/client";
import { instantMicros } from "../lib/instant";
import { logEvent } from "../lib/log";
import type { RootContext, ShardContext } from "../platform/context";
import { paymentEvent } from "./payment-events";
import { type PaymentRecord, payments, type PaymentStatus, refunds } from "./payments.schema";
import { processorCallWrites } from "./processor-calls";

export type ProcessorTransfer = {
  id: string;
  state: string;
  type?: string | null;
  merchant?: string | null;
  idempotency_id?: string | null;
  parent_transfer?: string | null;
  updated_at?: string;
  failure_code?: string | null;
  failure_message?: string | null;
  tags?: Record<string, string> | null;
  // An in-person sale's card, as the reader read it.
  card_present_details?: { brand?: string | null; masked_account_number?: string | null } | null;
};

/** A debit the processor reported SUCCEEDED can still be returned by the buyer's bank (ACH) whatever was refunded since. */
const RETURNABLE: PaymentStatus[] = ["succeeded", "partially_refunded", "refunded", "disputed"];

/** Which ledger statuses a processor transfer state may move a sale from; nothing ever moves backwards. */
const TRANSITIONS: Record<string, { to: PaymentStatus; from: PaymentStatus[] }> = {
  SUCCEEDED: { to: "succeeded", from: ["processing"] },
  // An ACH return arrives as FAILED after SUCCEEDED: the money came back, so the payment failed.
  FAILED: { to: "failed", from: ["processing", ...RETURNABLE] },
  CANCELED: { to: "canceled", from: ["processing"] },
};

const RETURN_CODE = "ACH_RETURN";

type ReaderCard = ProcessorTransfer["card_present_details"];

/** An in-person payment learns its card from the reader's answer: kept once, as the first answer that names it says. */
export function readerCardFacts(card: ReaderCard) {
  if (!card) return {};
  const lastFour = /(\d{4})$/.exec(card.masked_account_number ?? "")?.[1] ?? null;
  return {
    cardBrand: sql`COALESCE(${payments.cardBrand}, ${card.brand ?? null})`,
    lastFour: sql`COALESCE(${payments.lastFour}, ${lastFour})`,
  };
}

export function findPaymentForTransfer(db: Database, transfer: ProcessorTransfer): Promise<PaymentRecord | undefined> {
  return db
    .select()
    .from(payments)
    .where(or(eq(payments.processorTransferId, transfer.id), transfer.idempotency_id ? eq(payments.id, transfer.idempotency_id) : sql`0`))
    .get();
}

const statusIn = (statuses: PaymentStatus[]) =>
  sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  );

/** Refunds still waiting on the processor are looked at again on the next sweep: their payment just changed under them. */
function recheckPendingRefunds(db: Database, paymentId: string, nowIso: string) {
  return db
    .update(refunds)
    .set({ nextCheckAt: nowIso })
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, "pending")));
}

/** The instant a transfer's state is from, in microseconds: it orders the processor's answers for the same transfer. */
export function transferInstantUs(ctx: RootContext, transfer: ProcessorTransfer): number {
  return instantMicros(transfer.updated_at ?? ctx.clock.nowIso()) ?? ctx.clock.nowMs() * 1000;
}

/**
 * For a statement of the caller's: true when a sale already holds this transfer at this instant or later, so applying
 * it would change nothing (the rule `applySaleTransfer` checks on the row, asked of D1); a reversal's or funding
 * transfer's id is never a sale's, so for them it is false.
 */
export function saleTransferRecorded(ctx: RootContext, transfer: ProcessorTransfer): SQL {
  return sql`EXISTS (SELECT 1 FROM payments WHERE processor_transfer_id = ${transfer.id} AND processor_updated_at_us >= ${transferInstantUs(ctx, transfer)})`;
}

/**
 * The writes that apply a sale transfer's state to its payment, for the caller's `db.batch`: the guarded UPDATE first
 * (it returns the id when the row moved), then the `transfer.updated` event when `emitEvent`, then follow-ups.
 * Out-of-order answers are ignored: the row only moves when the processor's updated_at is a later instant.
 */
export function saleTransferWrites(
  ctx: ShardContext,
  payment: PaymentRecord,
  transfer: ProcessorTransfer,
  { emitEvent }: { emitEvent: boolean },
) {
  const { db } = ctx;
  const now = ctx.clock.nowIso();
  const updatedAt = transfer.updated_at ?? now;
  const updatedAtUs = transferInstantUs(ctx, transfer);
  const transition = TRANSITIONS[transfer.state];
  const nextStatus = transition?.from.includes(payment.status) ? transition.to : payment.status;
  const isNewer = and(
    eq(payments.id, payment.id),
    // One sale, one processor transfer: a payment that holds a transfer never moves to another's state.
    sql`(${payments.processorTransferId} IS NULL OR ${payments.processorTransferId} = ${transfer.id})`,
    sql`(${payments.processorUpdatedAtUs} IS NULL OR ${payments.processorUpdatedAtUs} < ${updatedAtUs})`,
    sql`(${payments.processorState} IS NOT ${transfer.state} OR ${payments.status} IS NOT ${nextStatus})`,
  );
  const moves = transition ? sql`${payments.status} IN (${statusIn(transition.from)})` : sql`0`;
  // Settled sales are looked at once more, for the fee the processor charged; failed ones never again.
  const nextCheck = transition?.to === "succeeded" ? sql`${now}` : sql`NULL`;
  const update = db
    .update(payments)
    .set({
      status: transition ? sql`CASE WHEN ${moves} THEN ${transition.to} ELSE ${payments.status} END` : sql`${payments.status}`,
      nextCheckAt: sql`CASE WHEN ${moves} THEN ${nextCheck} ELSE ${payments.nextCheckAt} END`,
      checkAttempts: sql`CASE WHEN ${moves} THEN 0 ELSE ${payments.checkAttempts} END`,
      processorTransferId: transfer.id,
      processorState: transfer.state,
      processorUpdatedAt: updatedAt,
      processorUpdatedAtUs: updatedAtUs,
      failureCode: transfer.state === "FAILED" ? (transfer.failure_code ?? null) : payments.failureCode,
      failureMessage: transfer.state === "FAILED" ? (transfer.failure_message ?? null) : payments.failureMessage,
      ...readerCardFacts(transfer.card_present_details),
      updatedAt: now,
    })
    .where(isNewer)
    .returning({ id: payments.id });
  const followUps = [
    ...(transfer.state === "FAILED" ? [recheckPendingRefunds(db, payment.id, now)] : []),
    ...processorCallWrites(ctx, payment.id),
  ];
  if (!emitEvent) return [update, ...followUps] as const;
  const event = paymentEvent(ctx, {
    tenantId: payment.tenantId,
    paymentId: payment.id,
    type: "transfer.updated",
    onlyIf: sql`EXISTS (SELECT 1 FROM payments WHERE id = ${payment.id} AND processor_updated_at_us = ${updatedAtUs} AND updated_at = ${now})`,
  });
  return [update, event, ...followUps] as const;
}

/** Applies a sale transfer's state to its payment — from the synchronous answer, a webhook or the reconciliation sweep alike. */
export async function applySaleTransfer(
  ctx: ShardContext,
  payment: PaymentRecord,
  transfer: ProcessorTransfer,
  options: { emitEvent: boolean },
): Promise<boolean> {
  if (transfer.merchant && transfer.merchant !== payment.processorMerchantId) return false;
  if (payment.processorTransferId !== null && payment.processorTransferId !== transfer.id) {
    // The processor holds two transfers for one sale: a double charge that an operator must reverse by hand.
    logEvent("error", "second processor transfer for one payment", {
      paymentId: payment.id,
      processorTransferId: payment.processorTransferId,
      otherTransferId: transfer.id,
      otherTransferState: transfer.state,
    });
    return false;
  }
  // The row only moves forward in time: one already at this instant or later would not move (the charge's own answer
  // has usually recorded what its `transfer.created` webhook then reports).
  if (payment.processorUpdatedAtUs !== null && payment.processorUpdatedAtUs >= transferInstantUs(ctx, transfer)) return false;
  const [updated] = await ctx.db.batch(saleTransferWrites(ctx, payment, transfer, options));
  return updated.length > 0;
}

/**
 * A return that arrives as a reversal of the debit the service never asked for: the debit itself stays SUCCEEDED at
 * the processor, but the money went back to the buyer's bank, so the payment fails with the return's code, once.
 */
export async function applyReturnReversal(ctx: ShardContext, payment: PaymentRecord, reversal: ProcessorTransfer): Promise<boolean> {
  const { db } = ctx;
  const now = ctx.clock.nowIso();
  const returned = sql`EXISTS (SELECT 1 FROM payments WHERE id = ${payment.id} AND status = 'failed' AND updated_at = ${now})`;
  const [updated] = await db.batch([
    db
      .update(payments)
      .set({
        status: "failed",
        failureCode: reversal.failure_code ?? RETURN_CODE,
        failureMessage: reversal.failure_message ?? `The bank returned the debit (reversal ${reversal.id}).`,
        nextCheckAt: null,
        updatedAt: now,
      })
      .where(and(eq(payments.id, payment.id), inArray(payments.status, RETURNABLE)))
      .returning({ id: payments.id }),
    paymentEvent(ctx, { tenantId: payment.tenantId, paymentId: payment.id, type: "transfer.updated", onlyIf: returned }),
    recheckPendingRefunds(db, payment.id, now),
  ]);
  return updated.length > 0;
}
