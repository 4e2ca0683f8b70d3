import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

import { insertSelectFields } from "../db/insert-select";
import { tenants } from "../db/tenants.schema";
import { newId } from "../lib/ids";
import { ApiError } from "../lib/problem";
import type { ShardContext, TenantContext } from "../platform/context";
import type { IdempotencyScope } from "../platform/types";
import {
  type Authorization,
  type ChargeOutcome,
  type CreateAuthorizationRequest,
  isOutcomeUnknown,
  paginate,
  type PaymentInstrument,
  ProcessorRejected,
  type Transfer,
} from "../processor";
import { applicationFeeCentsSql } from "./application-fee";
import { firstCheckAt } from "./check-schedule";
import { holdWrites } from "./holds";
import { buyerIdentities, paymentInstruments, type PaymentMethod, type PaymentRecord, payments } from "./payments.schema";
import { processorCallWrites } from "./processor-calls";
import { saleTransferWrites } from "./transfer-state";

export type ChargeInput = {
  amountCents: number;
  currency: string;
  orderRef: string;
  processorToken?: string;
  processorInstrumentId?: string;
  buyer?: { firstName: string; lastName: string; email: string };
  /** False: authorize now and capture or void later (a hold); a card only. */
  capture?: boolean;
};

export type ChargeResult = { outcome: "completed"; payment: PaymentRecord } | { outcome: "declined"; payment: PaymentRecord };

/** Tag that binds processor objects to the tenant that created them; instruments are only charged by their owner. */
export const TENANT_TAG = "lc_tenant_id";

export function methodFor(instrumentType: string): PaymentMethod {
  return instrumentType === "BANK_ACCOUNT" ? "ach" : instrumentType === "PAYMENT_CARD_PRESENT" ? "card_present" : "card";
}

function unknownInstrument(instrumentId: string): ApiError {
  return new ApiError("validation-failed", `No payment instrument ${instrumentId} for this merchant.`, {
    extensions: { errors: [{ field: "processorInstrumentId", message: "unknown instrument" }] },
  });
}

/** The same buyer whatever the case of their address. */
export const buyerEmail = (email: string) => email.trim().toLowerCase();

const buyerName = (buyer: NonNullable<ChargeInput["buyer"]>) => `${buyer.firstName} ${buyer.lastName}`;

/** What a payment shows of its instrument: a card's brand and last four, or a bank account's last four and type. */
export type InstrumentDetails = { cardBrand: string | null; lastFour: string | null; bankAccountType: string | null };

const lastFourOf = (digits: string | null | undefined) => /(\d{4})$/.exec(digits ?? "")?.[1] ?? null;

export function instrumentDetails(instrument: PaymentInstrument): InstrumentDetails {
  if (instrument.instrument_type === "BANK_ACCOUNT") {
    return { cardBrand: null, lastFour: lastFourOf(instrument.masked_account_number), bankAccountType: instrument.account_type ?? null };
  }
  return { cardBrand: instrument.brand ?? null, lastFour: lastFourOf(instrument.last_four), bankAccountType: null };
}

/**
 * An instrument not in D1 (made before the service kept its instruments there) is the tenant's only when the processor's
 * tag says so; then it is recorded, and the next charge checks D1 alone.
 */
async function adoptInstrument(ctx: ShardContext, tenantId: string, instrumentId: string): Promise<void> {
  const instrument = await ctx.processor.getPaymentInstrument(instrumentId).catch((error: unknown) => {
    if (error instanceof ProcessorRejected) return null;
    throw error;
  });
  if (!instrument || instrument.tags?.[TENANT_TAG] !== tenantId) throw unknownInstrument(instrumentId);
  await ctx.db
    .insert(paymentInstruments)
    .values({
      id: instrument.id,
      tenantId,
      method: methodFor(instrument.instrument_type),
      ...instrumentDetails(instrument),
      createdAt: ctx.clock.nowIso(),
    })
    .onConflictDoNothing();
}

/** What kept the ledger row from being written: the tenant's gate, and who (if anyone) D1 says owns the instrument. */
async function gateFacts(ctx: ShardContext, tenantId: string, instrumentId: string) {
  const [[tenant], [instrument]] = await ctx.db.batch([
    ctx.db
      .select({ chargesEnabled: tenants.chargesEnabled, merchantId: tenants.processorMerchantId })
      .from(tenants)
      .where(eq(tenants.id, tenantId)),
    ctx.db.select({ tenantId: paymentInstruments.tenantId }).from(paymentInstruments).where(eq(paymentInstruments.id, instrumentId)),
  ]);
  return { chargeable: !!tenant?.chargesEnabled && !!tenant.merchantId, instrumentKnown: !!instrument };
}

/**
 * The gate, then the ledger row, before any call that moves money, in one statement: the row is written only for a
 * chargeable tenant and an instrument of its own, with a returning buyer's identity. A retry under the same key finds
 * the row and resumes it (past the gate, which it already passed).
 */
async function ledgerRowFor(
  ctx: ShardContext,
  tenantId: string,
  idempotency: IdempotencyScope,
  input: ChargeInput,
  adopted = false,
): Promise<{ payment: PaymentRecord; resumed: boolean }> {
  const { db, env } = ctx;
  const id = newId("lcpay");
  const now = ctx.clock.nowIso();
  const instrumentId = input.processorInstrumentId ?? null;
  const ownInstrument = instrumentId
    ? sql`EXISTS (SELECT 1 FROM payment_instruments WHERE id = ${instrumentId} AND tenant_id = ${tenantId})`
    : sql`1`;
  // A stored instrument's own facts, and the buyer it was made for unless this charge names one.
  const ofInstrument = (column: SQLiteColumn) =>
    instrumentId ? sql`(SELECT ${column} FROM ${paymentInstruments} WHERE ${paymentInstruments.id} = ${instrumentId})` : null;
  const method = ofInstrument(paymentInstruments.method);
  const identity = input.buyer
    ? sql`(SELECT processor_identity_id FROM buyer_identities WHERE tenant_id = ${tenantId} AND email = ${buyerEmail(input.buyer.email)})`
    : null;
  const ledgerRow = insertSelectFields(payments, {
    id,
    tenantId,
    idempotencyKey: idempotency.key,
    requestFingerprint: idempotency.fingerprint,
    status: "processing",
    method,
    amountCents: input.amountCents,
    currency: input.currency,
    applicationFeeCents: applicationFeeCentsSql(input.amountCents, env),
    orderRef: input.orderRef,
    buyerName: input.buyer ? buyerName(input.buyer) : ofInstrument(paymentInstruments.buyerName),
    buyerEmail: input.buyer ? buyerEmail(input.buyer.email) : ofInstrument(paymentInstruments.buyerEmail),
    cardBrand: ofInstrument(paymentInstruments.cardBrand),
    lastFour: ofInstrument(paymentInstruments.lastFour),
    bankAccountType: ofInstrument(paymentInstruments.bankAccountType),
    processorMerchantId: tenants.processorMerchantId,
    processorIdentityId: identity,
    processorInstrumentId: instrumentId,
    captureLater: input.capture === false ? true : null,
    nextCheckAt: firstCheckAt(ctx.clock.nowMs()),
    createdAt: now,
    updatedAt: now,
  });
  const gate = and(eq(tenants.id, tenantId), eq(tenants.chargesEnabled, true), isNotNull(tenants.processorMerchantId), ownInstrument);
  const [, [row]] = await db.batch([
    db.insert(payments).select(db.select(ledgerRow).from(tenants).where(gate)).onConflictDoNothing(),
    db
      .select()
      .from(payments)
      .where(and(eq(payments.tenantId, tenantId), eq(payments.idempotencyKey, idempotency.key))),
  ]);
  if (row) {
    // Past the idempotency store's retention the ledger still remembers the key: a different request under it is refused.
    if (row.requestFingerprint !== idempotency.fingerprint) {
      throw new ApiError("idempotency-key-reused", "This Idempotency-Key already belongs to a different charge.");
    }
    return { payment: row, resumed: row.id !== id };
  }
  const { chargeable, instrumentKnown } = await gateFacts(ctx, tenantId, instrumentId ?? "");
  if (!chargeable) {
    throw new ApiError("merchant-not-ready", "Charges are not enabled for this merchant yet; see GET /v1/onboarding/status.");
  }
  if (!instrumentId) throw new Error(`The ledger row of ${tenantId}'s key was neither written nor found.`);
  // Another tenant's instrument in D1 is refused as it stands; one D1 has never seen may be an older one of this tenant's.
  if (instrumentKnown || adopted) throw unknownInstrument(instrumentId);
  await adoptInstrument(ctx, tenantId, instrumentId);
  return ledgerRowFor(ctx, tenantId, idempotency, input, true);
}

/**
 * The instrument an earlier attempt made from the token before it could record its id (a crash, a lost answer): one of
 * the buyer identity's instruments carries the payment's tag. The token is single-use, so only this finds it again.
 */
async function instrumentMadeEarlier(ctx: ShardContext, payment: PaymentRecord): Promise<PaymentInstrument | null> {
  const instruments = paginate((after_cursor) =>
    ctx.processor.listIdentityPaymentInstruments(payment.processorIdentityId!, { after_cursor }),
  );
  for await (const instrument of instruments) {
    if (instrument.tags?.lc_payment_id === payment.id && instrument.tags[TENANT_TAG] === payment.tenantId) return instrument;
  }
  return null;
}

/**
 * A new buyer's identity is on the payment before any instrument is made for it, so a resumed attempt can find that
 * instrument; it is kept for the buyer's next charge too.
 */
async function createBuyerIdentity(
  ctx: ShardContext,
  payment: PaymentRecord,
  buyer: NonNullable<ChargeInput["buyer"]>,
): Promise<PaymentRecord> {
  const identity = await ctx.processor.createIdentity({
    entity: { first_name: buyer.firstName, last_name: buyer.lastName, email: buyer.email },
    tags: { [TENANT_TAG]: payment.tenantId, lc_payment_id: payment.id },
  });
  const now = ctx.clock.nowIso();
  await ctx.db.batch([
    ctx.db.update(payments).set({ processorIdentityId: identity.id, updatedAt: now }).where(eq(payments.id, payment.id)),
    ctx.db
      .insert(buyerIdentities)
      .values({ tenantId: payment.tenantId, email: buyerEmail(buyer.email), processorIdentityId: identity.id, createdAt: now })
      .onConflictDoNothing(),
    ...processorCallWrites(ctx, payment.id),
  ]);
  return { ...payment, processorIdentityId: identity.id, updatedAt: now };
}

type MadeInstrument = { id: string; method: PaymentMethod; details: InstrumentDetails };

/**
 * A token becomes an instrument of the buyer's identity once. The instrument's id is recorded with the outcome; until
 * then a resumed attempt finds it among the identity's instruments by the payment's tag.
 */
async function ensureSource(
  ctx: ShardContext,
  payment: PaymentRecord,
  input: ChargeInput,
  resumed: boolean,
): Promise<{ payment: PaymentRecord; made: MadeInstrument | null }> {
  if (payment.processorInstrumentId) return { payment, made: null };
  const lookEarlier = resumed && !!payment.processorIdentityId;
  const current = payment.processorIdentityId ? payment : await createBuyerIdentity(ctx, payment, input.buyer!);
  const instrument =
    (lookEarlier ? await instrumentMadeEarlier(ctx, current) : null) ??
    (await ctx.processor.createPaymentInstrument({
      type: "TOKEN",
      token: input.processorToken!,
      identity: current.processorIdentityId!,
      tags: { [TENANT_TAG]: payment.tenantId, lc_payment_id: payment.id },
    }));
  const made = { id: instrument.id, method: methodFor(instrument.instrument_type), details: instrumentDetails(instrument) };
  return { payment: { ...current, processorInstrumentId: made.id, method: made.method, ...made.details }, made };
}

/**
 * Everything a charge learnt after its ledger row — the instrument it made, the transfer's state, a final failure — in
 * one batch that reads the row back as it left it.
 */
async function recordOutcome(
  ctx: ShardContext,
  payment: PaymentRecord,
  outcome: {
    made?: MadeInstrument | null;
    transfer?: Transfer | null;
    authorization?: Authorization | null;
    failure?: { code: string; message: string };
  },
): Promise<PaymentRecord> {
  const { db } = ctx;
  const now = ctx.clock.nowIso();
  const statements: BatchItem<"sqlite">[] = [];
  if (outcome.made) {
    const { id, method, details } = outcome.made;
    const buyer = { buyerName: payment.buyerName, buyerEmail: payment.buyerEmail };
    statements.push(
      db
        .insert(paymentInstruments)
        .values({ id, tenantId: payment.tenantId, method, ...details, ...buyer, createdAt: now })
        .onConflictDoNothing(),
      db
        .update(payments)
        .set({ processorInstrumentId: id, method, ...details, updatedAt: now })
        .where(eq(payments.id, payment.id)),
    );
  }
  const { transfer, failure } = outcome;
  if (transfer && (!transfer.merchant || transfer.merchant === payment.processorMerchantId)) {
    statements.push(...saleTransferWrites(ctx, payment, transfer, { emitEvent: false }));
  }
  const { authorization } = outcome;
  if (authorization && !failure) statements.push(holdWrites(ctx, payment, authorization));
  if (failure) {
    statements.push(
      db
        .update(payments)
        .set({ status: "failed", failureCode: failure.code, failureMessage: failure.message, nextCheckAt: null, updatedAt: now })
        .where(eq(payments.id, payment.id)),
    );
  }
  statements.push(...processorCallWrites(ctx, payment.id), db.select().from(payments).where(eq(payments.id, payment.id)));
  const results = await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return (results.at(-1) as PaymentRecord[])[0]!;
}

/**
 * Charges once per (tenant, Idempotency-Key): the transfer's idempotency_id is the payment id, so a
 * resumed attempt after a crash or an unknown outcome can never create a second transfer.
 */
export async function charge({
  ctx,
  input: { idempotency, request: input },
}: {
  ctx: TenantContext;
  input: { idempotency: IdempotencyScope; request: ChargeInput };
}): Promise<ChargeResult> {
  const tenantId = ctx.tenant.id;
  const { env } = ctx;
  if (input.currency !== env.CURRENCY) {
    throw new ApiError("validation-failed", `This service charges in ${env.CURRENCY} only.`, {
      extensions: { errors: [{ field: "currency", message: `must be ${env.CURRENCY}` }] },
    });
  }
  const ledger = await ledgerRowFor(ctx, tenantId, idempotency, input);
  let payment = ledger.payment;
  if (payment.processorTransferId) return { outcome: payment.status === "failed" ? "declined" : "completed", payment };
  if (payment.processorAuthorizationId) return { outcome: "completed", payment };
  if (payment.status === "failed") return { outcome: "declined", payment };

  let made: MadeInstrument | null;
  try {
    ({ payment, made } = await ensureSource(ctx, payment, input, ledger.resumed));
  } catch (error) {
    // Only the processor's refusal is final; a 429 or our own credentials failing leaves the charge retryable.
    if (error instanceof ProcessorRejected) await recordOutcome(ctx, payment, { failure: error });
    throw error;
  }

  const request = {
    merchant: payment.processorMerchantId,
    source: payment.processorInstrumentId!,
    amount: payment.amountCents,
    currency: payment.currency,
    idempotency_id: payment.id,
    tags: { [TENANT_TAG]: tenantId, lc_payment_id: payment.id, order_ref: (payment.orderRef ?? "").slice(0, 500) },
  };
  if (payment.captureLater) return placeHold(ctx, payment, made, request);
  const result = await sendOnce(
    ctx,
    payment,
    made,
    () => ctx.processor.createTransfer({ ...request, fee: payment.applicationFeeCents }),
    () => ctx.processor.findTransferByIdempotencyId(payment.id),
  );
  const failure = result.outcome === "declined" ? { failure: { code: result.failureCode, message: result.failureMessage } } : {};
  const recorded = await recordOutcome(ctx, payment, { made, transfer: result.item, ...failure });
  return { outcome: result.outcome === "declined" ? "declined" : "completed", payment: recorded };
}

/**
 * Sends a sale's transfer or a hold's authorization, whose idempotency_id is the payment id: an answer that never came
 * is looked up by it (found: its state applies; not found: the caller retries under its key), and a refusal is final.
 */
async function sendOnce<T extends Pick<Transfer, "failure_code" | "failure_message"> & { state: string }>(
  ctx: TenantContext,
  payment: PaymentRecord,
  made: MadeInstrument | null,
  send: () => Promise<ChargeOutcome<T>>,
  findEarlier: () => Promise<T | null>,
): Promise<ChargeOutcome<T>> {
  try {
    return await send();
  } catch (error) {
    if (isOutcomeUnknown(error)) {
      const found = await findEarlier().catch(() => null);
      if (!found) throw error;
      if (found.state !== "FAILED") return { outcome: "created", item: found };
      return { outcome: "declined", item: found, failureCode: found.failure_code ?? "FAILED", failureMessage: found.failure_message ?? "" };
    }
    if (error instanceof ProcessorRejected) await recordOutcome(ctx, payment, { made, failure: error });
    throw error;
  }
}

/**
 * A hold: the processor authorizes the card and the payment waits, `authorized`, for its capture or void. Its
 * idempotency_id is the payment id, as a sale's transfer's is, so a resumed attempt finds the authorization it made.
 */
async function placeHold(
  ctx: TenantContext,
  payment: PaymentRecord,
  made: MadeInstrument | null,
  request: CreateAuthorizationRequest,
): Promise<ChargeResult> {
  if (payment.method !== "card") {
    const message = "Only a card can be authorized now and captured later; a bank account is charged at once.";
    await recordOutcome(ctx, payment, { made, failure: { code: "CAPTURE_NOT_SUPPORTED", message } });
    throw new ApiError("capture-not-supported", message, {
      extensions: { errors: [{ field: "capture", message: "must be true for this payment method" }] },
    });
  }
  const result = await sendOnce(
    ctx,
    payment,
    made,
    () => ctx.processor.createAuthorization(request),
    () => ctx.processor.findAuthorizationByIdempotencyId(payment.id),
  );
  if (result.outcome === "declined") {
    const failure = { code: result.failureCode, message: result.failureMessage };
    return { outcome: "declined", payment: await recordOutcome(ctx, payment, { made, failure }) };
  }
  return { outcome: "completed", payment: await recordOutcome(ctx, payment, { made, authorization: result.item }) };
}
