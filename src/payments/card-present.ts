import { and, eq, isNull, sql } from "drizzle-orm";

import type { ShardContext } from "../platform/context";
import type { IdempotencyScope } from "../platform/types";
import type { Authorization, Transfer } from "../processor";
import { applicationFeeCents, feeScheduleFor } from "./application-fee";
import { applyFoundAuthorization } from "./holds";
import { paymentEvent } from "./payment-events";
import { type PaymentRecord, payments } from "./payments.schema";
import { processorCallWrites } from "./processor-calls";
import { applySaleTransfer } from "./transfer-state";

export type CardPresentSale = {
  paymentId: string;
  tenant: { id: string; feeBasisPoints: number | null; feeFixedCents: number | null };
  idempotency: IdempotencyScope;
  processorMerchantId: string;
  amountCents: number;
  currency: string;
  orderRef: string;
  /** A hold (`capture: false`): the reader authorizes the card, and a capture charges it later. */
  captureLater: boolean;
};

/**
 * The INSERT of an in-person sale's (or hold's) ledger row — `card_present`, `processing` — for the caller's `db.batch`:
 * it is written before the reader is asked for the card, so no processor transfer or authorization exists without it.
 */
export function insertCardPresentPayment(ctx: ShardContext, sale: CardPresentSale) {
  const now = ctx.clock.nowIso();
  return ctx.db.insert(payments).values({
    id: sale.paymentId,
    tenantId: sale.tenant.id,
    idempotencyKey: sale.idempotency.key,
    requestFingerprint: sale.idempotency.fingerprint,
    status: "processing",
    method: "card_present",
    amountCents: sale.amountCents,
    currency: sale.currency,
    applicationFeeCents: applicationFeeCents(sale.amountCents, feeScheduleFor(sale.tenant, ctx.env)),
    orderRef: sale.orderRef,
    captureLater: sale.captureLater || null,
    processorMerchantId: sale.processorMerchantId,
    createdAt: now,
    updatedAt: now,
  });
}

export function findPaymentByIdempotencyKey(ctx: ShardContext, tenantId: string, key: string): Promise<PaymentRecord | undefined> {
  return ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.tenantId, tenantId), eq(payments.idempotencyKey, key)))
    .get();
}

export function findPayment(ctx: ShardContext, paymentId: string): Promise<PaymentRecord | undefined> {
  return ctx.db.select().from(payments).where(eq(payments.id, paymentId)).get();
}

/**
 * Applies what the processor says about an in-person sale, with its `transfer.updated` event, exactly as every other
 * sale is moved (answers, webhooks and sweeps agree); a cancellation also keeps its reason (via device or API).
 */
export async function applyCardPresentTransfer(ctx: ShardContext, payment: PaymentRecord, transfer: Transfer): Promise<PaymentRecord> {
  await applySaleTransfer(ctx, payment, transfer, { emitEvent: true });
  if (transfer.state === "CANCELED" && transfer.failure_code) {
    await ctx.db
      .update(payments)
      .set({ failureCode: transfer.failure_code, failureMessage: transfer.failure_message ?? null })
      .where(and(eq(payments.id, payment.id), eq(payments.processorTransferId, transfer.id), isNull(payments.failureCode)));
  }
  return (await findPayment(ctx, payment.id))!;
}

/** An in-person hold's authorization, as the reader's answer, a lookup or the sweep finds it; PENDING changes nothing yet. */
export async function applyCardPresentAuthorization(
  ctx: ShardContext,
  payment: PaymentRecord,
  authorization: Authorization,
): Promise<PaymentRecord> {
  if (authorization.state !== "PENDING") await applyFoundAuthorization(ctx, payment, authorization);
  return (await findPayment(ctx, payment.id))!;
}

/**
 * Ends an in-person sale that has no processor transfer — refused by the processor, canceled before the reader was
 * asked, or never received — with its `transfer.updated` event in the same batch; only while it is still processing.
 */
export async function closeCardPresentPayment(
  ctx: ShardContext,
  input: { payment: PaymentRecord; status: "failed" | "canceled"; failureCode: string; failureMessage: string },
): Promise<PaymentRecord> {
  const { payment } = input;
  const now = ctx.clock.nowIso();
  const stillOpen = and(eq(payments.id, payment.id), eq(payments.status, "processing"), isNull(payments.processorTransferId));
  await ctx.db.batch([
    ctx.db
      .update(payments)
      .set({ status: input.status, failureCode: input.failureCode, failureMessage: input.failureMessage, updatedAt: now })
      .where(stillOpen),
    paymentEvent(ctx, {
      tenantId: payment.tenantId,
      paymentId: payment.id,
      type: "transfer.updated",
      onlyIf: sql`EXISTS (SELECT 1 FROM payments WHERE id = ${payment.id} AND status = ${input.status} AND updated_at = ${now})`,
    }),
    ...processorCallWrites(ctx, payment.id),
  ]);
  return (await findPayment(ctx, payment.id))!;
}
