import { and, desc, eq, getTableColumns } from "drizzle-orm";

import { newId } from "../lib/ids";
import { currentTraceId } from "../lib/log";
import { ApiError } from "../lib/problem";
import { findPayment, findPaymentByIdempotencyKey, insertCardPresentPayment, type PaymentRecord, payments } from "../payments";
import type { ShardContext, TenantContext } from "../platform/context";
import type { IdempotencyScope } from "../platform/types";
import type { SaleClaim } from "./reader.durable-object";
import { chargeableTenant, findReader, ownedReader, readerBusy } from "./readers.service";
import { terminalSales } from "./terminal.schema";

export type TerminalSaleInput = { readerId: string; amountCents: number; currency: string; orderRef: string; capture?: boolean };

export function readerObject(env: Env, readerId: string) {
  return env.TERMINAL_READERS.get(env.TERMINAL_READERS.idFromName(readerId));
}

type SaleRequest = { ctx: TenantContext; input: { idempotency: IdempotencyScope; request: TerminalSaleInput } };
type RecordedSale = { payment: PaymentRecord; readerId: string };

/** Past the idempotency store's retention the ledger still remembers the key: a different request under it is refused. */
async function recordedUnderKey(ctx: ShardContext, payment: PaymentRecord, idempotency: IdempotencyScope): Promise<RecordedSale> {
  const link = await ctx.db.select().from(terminalSales).where(eq(terminalSales.paymentId, payment.id)).get();
  if (!link || payment.requestFingerprint !== idempotency.fingerprint) {
    throw new ApiError("idempotency-key-reused", "This Idempotency-Key already belongs to a different payment.");
  }
  return { payment, readerId: link.readerId };
}

/**
 * Everything before the reader is asked for the card, once per (tenant, Idempotency-Key): the reader is held for the
 * sale (one sale per reader at a time), then its ledger row is written. A key already used answers its recorded sale.
 */
export async function recordTerminalSale({ ctx, input: { idempotency, request } }: SaleRequest): Promise<RecordedSale> {
  const tenantId = ctx.tenant.id;
  if (request.currency !== ctx.env.CURRENCY) {
    throw new ApiError("validation-failed", `This service charges in ${ctx.env.CURRENCY} only.`, {
      extensions: { errors: [{ field: "currency", message: `must be ${ctx.env.CURRENCY}` }] },
    });
  }
  const existing = await findPaymentByIdempotencyKey(ctx, tenantId, idempotency.key);
  if (existing) return recordedUnderKey(ctx, existing, idempotency);

  const tenant = await chargeableTenant(ctx, tenantId);
  const reader = await findReader(ctx, request.readerId);
  if (reader?.tenantId !== tenantId) {
    throw new ApiError("validation-failed", `No reader ${request.readerId} for this tenant.`, {
      extensions: { errors: [{ field: "readerId", message: "unknown reader" }] },
    });
  }
  if (reader.status !== "active") {
    throw new ApiError("reader-not-active", `Reader ${reader.id} is ${reader.status}; activate it first.`);
  }

  const claim: SaleClaim = { paymentId: newId("lcpay"), readerId: reader.id, tenantId };
  const object = readerObject(ctx.env, reader.id);
  const hold = await object.reserve(claim);
  if (!hold.held) throw readerBusy(reader.id, hold.paymentId);
  try {
    await ctx.db.batch([
      insertCardPresentPayment(ctx, {
        paymentId: claim.paymentId,
        tenant,
        idempotency,
        processorMerchantId: reader.processorMerchantId,
        amountCents: request.amountCents,
        currency: request.currency,
        orderRef: request.orderRef,
        captureLater: request.capture === false,
      }),
      ctx.db.insert(terminalSales).values({ paymentId: claim.paymentId, tenantId, readerId: reader.id, createdAt: ctx.clock.nowIso() }),
    ]);
  } catch (error) {
    await object.release(claim.paymentId);
    throw error;
  }
  return { payment: (await findPayment(ctx, claim.paymentId))!, readerId: reader.id };
}

/**
 * Starts an in-person sale: recorded first, then the reader's object is told to ask for the card — the blocking
 * processor call runs there, never in this request. A retry of a recorded sale makes sure its reader is driving it.
 */
export async function startTerminalSale({ ctx, input }: SaleRequest): Promise<RecordedSale> {
  const recorded = await recordTerminalSale({ ctx, input });
  const { payment, readerId } = recorded;
  if (payment.status === "processing")
    await readerObject(ctx.env, readerId).start({ paymentId: payment.id, readerId, tenantId: payment.tenantId });
  return recorded;
}

/** Cancels the reader's sale in progress and answers its payment as it stands afterwards. */
export async function cancelSaleOnReader({
  ctx,
  input: { readerId },
}: {
  ctx: TenantContext;
  input: { readerId: string };
}): Promise<PaymentRecord> {
  const tenantId = ctx.tenant.id;
  const reader = await ownedReader(ctx, tenantId, readerId);
  const payment = await readerObject(ctx.env, reader.id).cancel(currentTraceId());
  if (!payment) throw new ApiError("no-sale-in-progress", `Reader ${reader.id} has no sale in progress.`);
  return payment;
}

/** The reader's newest sales, scoped by tenant: another tenant's reader has none. */
export function listReaderSales({
  ctx,
  input: { readerId, limit },
}: {
  ctx: TenantContext;
  input: { readerId: string; limit: number };
}): Promise<PaymentRecord[]> {
  const tenantId = ctx.tenant.id;
  return ctx.db
    .select(getTableColumns(payments))
    .from(terminalSales)
    .innerJoin(payments, eq(payments.id, terminalSales.paymentId))
    .where(and(eq(terminalSales.readerId, readerId), eq(terminalSales.tenantId, tenantId)))
    .orderBy(desc(terminalSales.createdAt), desc(terminalSales.paymentId))
    .limit(limit)
    .all();
}
