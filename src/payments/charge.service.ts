import { and, eq } from "drizzle-orm";
import { newId } from "../lib/ids";
import { ApiError } from "../lib/problem";
import type { AppContext } from "../platform/context";
import type { IdempotencyScope } from "../platform/types";
import { isOutcomeUnknown, paginate, ProcessorRejected, type PaymentInstrument, type Transfer } from "../processor";
import { tenants } from "../db/tenants.schema";
import { applicationFeeCents, feeScheduleFor } from "./application-fee";
import { firstCheckAt } from "./check-schedule";
import { payments, type PaymentMethod } from "./payments.schema";
import type { PaymentRecord } from "./payments.view";
import { applySaleTransfer } from "./transfer-state";

export type ChargeInput = {
  amountCents: number;
  currency: string;
  orderRef: string;
  processorToken?: string;
  processorInstrumentId?: string;
  buyer?: { firstName: string; lastName: string; email: string };
};

export type ChargeResult = { outcome: "completed"; payment: PaymentRecord } | { outcome: "declined"; payment: PaymentRecord };

/** Tag that binds processor objects to the tenant that created them; instruments are only charged by their owner. */
export const TENANT_TAG = "lc_tenant_id";

export function methodFor(instrumentType: string): PaymentMethod {
  return instrumentType === "BANK_ACCOUNT" ? "ach" : instrumentType === "PAYMENT_CARD_PRESENT" ? "card_present" : "card";
}

async function chargeableTenant({ db }: AppContext, tenantId: string) {
  const tenant = await db.select().from(tenants).where(eq(tenants.id, tenantId)).get();
  if (!tenant?.chargesEnabled || !tenant.processorMerchantId) {
    throw new ApiError("merchant-not-ready", "Charges are not enabled for this merchant yet; see GET /v1/onboarding/status.");
  }
  return { ...tenant, processorMerchantId: tenant.processorMerchantId };
}

/** Instruments are identity-scoped at the processor, not tenant-scoped: only the tenant that created one may charge it. */
async function ownedInstrumentMethod({ processor }: AppContext, tenantId: string, instrumentId: string): Promise<PaymentMethod> {
  const instrument = await processor.getPaymentInstrument(instrumentId).catch((error: unknown) => {
    if (error instanceof ProcessorRejected) return null;
    throw error;
  });
  if (!instrument || instrument.tags?.[TENANT_TAG] !== tenantId) {
    throw new ApiError("validation-failed", `No payment instrument ${instrumentId} for this merchant.`, {
      extensions: { errors: [{ field: "processorInstrumentId", message: "unknown instrument" }] },
    });
  }
  return methodFor(instrument.instrument_type);
}

/**
 * The gate, then the ledger row, before any call that moves money; a retry under the same key finds
 * the row and resumes it (past the gate, which it already passed).
 */
async function ledgerRowFor(ctx: AppContext, tenantId: string, idempotency: IdempotencyScope, input: ChargeInput): Promise<PaymentRecord> {
  const { db, env } = ctx;
  const existing = await db
    .select()
    .from(payments)
    .where(and(eq(payments.tenantId, tenantId), eq(payments.idempotencyKey, idempotency.key)))
    .get();
  if (existing) {
    // Past the idempotency store's retention the ledger still remembers the key: a different request under it is refused.
    if (existing.requestFingerprint !== idempotency.fingerprint) {
      throw new ApiError("idempotency-key-reused", "This Idempotency-Key already belongs to a different charge.");
    }
    return existing;
  }

  const tenant = await chargeableTenant(ctx, tenantId);
  const method = input.processorInstrumentId ? await ownedInstrumentMethod(ctx, tenantId, input.processorInstrumentId) : null;
  const now = ctx.clock.nowIso();
  const row: typeof payments.$inferInsert = {
    id: newId("lcpay"),
    tenantId,
    idempotencyKey: idempotency.key,
    requestFingerprint: idempotency.fingerprint,
    status: "processing",
    method,
    amountCents: input.amountCents,
    currency: input.currency,
    applicationFeeCents: applicationFeeCents(input.amountCents, feeScheduleFor(tenant, env)),
    orderRef: input.orderRef,
    processorMerchantId: tenant.processorMerchantId,
    processorInstrumentId: input.processorInstrumentId ?? null,
    nextCheckAt: firstCheckAt(ctx.clock.nowMs()),
    createdAt: now,
    updatedAt: now,
  };
  const [inserted] = await db.insert(payments).values(row).onConflictDoNothing().returning();
  if (inserted) return inserted;
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.tenantId, tenantId), eq(payments.idempotencyKey, idempotency.key)))
    .get() as Promise<PaymentRecord>;
}

async function update(ctx: AppContext, payment: PaymentRecord, changes: Partial<PaymentRecord>): Promise<PaymentRecord> {
  const next = { ...changes, updatedAt: ctx.clock.nowIso() };
  await ctx.db.update(payments).set(next).where(eq(payments.id, payment.id));
  return { ...payment, ...next };
}

/**
 * The instrument an earlier attempt made from the token before it could record its id (a crash, a lost answer): one of
 * the buyer identity's instruments carries the payment's tag. The token is single-use, so only this finds it again.
 */
async function instrumentMadeEarlier(ctx: AppContext, payment: PaymentRecord): Promise<PaymentInstrument | null> {
  const instruments = paginate((after_cursor) =>
    ctx.processor.listIdentityPaymentInstruments(payment.processorIdentityId!, { after_cursor }),
  );
  for await (const instrument of instruments) {
    if (instrument.tags?.lc_payment_id === payment.id && instrument.tags[TENANT_TAG] === payment.tenantId) return instrument;
  }
  return null;
}

/** A token becomes a buyer identity and an instrument once; their ids are kept so a resumed attempt reuses them. */
async function ensureSource(ctx: AppContext, payment: PaymentRecord, input: ChargeInput): Promise<PaymentRecord> {
  if (input.processorInstrumentId) return payment;
  let current = payment;
  const tags = { [TENANT_TAG]: payment.tenantId, lc_payment_id: payment.id };
  const resumed = !!current.processorIdentityId;
  if (!current.processorIdentityId) {
    const identity = await ctx.processor.createIdentity({
      entity: { first_name: input.buyer!.firstName, last_name: input.buyer!.lastName, email: input.buyer!.email },
      tags,
    });
    current = await update(ctx, current, { processorIdentityId: identity.id });
  }
  if (!current.processorInstrumentId) {
    const instrument =
      (resumed ? await instrumentMadeEarlier(ctx, current) : null) ??
      (await ctx.processor.createPaymentInstrument({
        type: "TOKEN",
        token: input.processorToken!,
        identity: current.processorIdentityId!,
        tags,
      }));
    current = await update(ctx, current, { processorInstrumentId: instrument.id, method: methodFor(instrument.instrument_type) });
  }
  return current;
}

async function applyTransfer(ctx: AppContext, payment: PaymentRecord, transfer: Transfer): Promise<PaymentRecord> {
  await applySaleTransfer(ctx, payment, transfer, { emitEvent: false });
  return (await ctx.db.select().from(payments).where(eq(payments.id, payment.id)).get())!;
}

/**
 * Charges once per (tenant, Idempotency-Key): the transfer's idempotency_id is the payment id, so a
 * resumed attempt after a crash or an unknown outcome can never create a second transfer.
 */
export async function charge({
  ctx,
  input: { tenantId, idempotency, request: input },
}: {
  ctx: AppContext;
  input: { tenantId: string; idempotency: IdempotencyScope; request: ChargeInput };
}): Promise<ChargeResult> {
  const { env } = ctx;
  if (input.currency !== env.CURRENCY) {
    throw new ApiError("validation-failed", `This service charges in ${env.CURRENCY} only.`, {
      extensions: { errors: [{ field: "currency", message: `must be ${env.CURRENCY}` }] },
    });
  }
  let payment = await ledgerRowFor(ctx, tenantId, idempotency, input);
  if (payment.processorTransferId) return { outcome: payment.status === "failed" ? "declined" : "completed", payment };
  if (payment.status === "failed") return { outcome: "declined", payment };

  try {
    payment = await ensureSource(ctx, payment, input);
  } catch (error) {
    // Only the processor's refusal is final; a 429 or our own credentials failing leaves the charge retryable.
    if (error instanceof ProcessorRejected) {
      await update(ctx, payment, { status: "failed", failureCode: error.code, failureMessage: error.message, nextCheckAt: null });
    }
    throw error;
  }

  const request = {
    merchant: payment.processorMerchantId,
    source: payment.processorInstrumentId!,
    amount: payment.amountCents,
    currency: payment.currency,
    fee: payment.applicationFeeCents,
    idempotency_id: payment.id,
    tags: { [TENANT_TAG]: tenantId, lc_payment_id: payment.id, order_ref: (payment.orderRef ?? "").slice(0, 500) },
  };
  let result: Awaited<ReturnType<AppContext["processor"]["createTransfer"]>>;
  try {
    result = await ctx.processor.createTransfer(request);
  } catch (error) {
    if (isOutcomeUnknown(error)) {
      const found = await ctx.processor.findTransferByIdempotencyId(payment.id).catch(() => null);
      if (!found) throw error;
      result =
        found.state === "FAILED"
          ? {
              outcome: "declined",
              transfer: found,
              failureCode: found.failure_code ?? "FAILED",
              failureMessage: found.failure_message ?? "",
            }
          : { outcome: "created", transfer: found };
    } else {
      if (error instanceof ProcessorRejected) {
        await update(ctx, payment, { status: "failed", failureCode: error.code, failureMessage: error.message, nextCheckAt: null });
      }
      throw error;
    }
  }

  if (result.outcome === "declined") {
    payment = result.transfer ? await applyTransfer(ctx, payment, result.transfer) : payment;
    payment = await update(ctx, payment, {
      status: "failed",
      failureCode: result.failureCode,
      failureMessage: result.failureMessage,
      nextCheckAt: null,
    });
    return { outcome: "declined", payment };
  }
  return { outcome: "completed", payment: await applyTransfer(ctx, payment, result.transfer) };
}
