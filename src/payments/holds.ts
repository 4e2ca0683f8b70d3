import { and, eq, isNull, or, sql } from "drizzle-orm";

import { ApiError } from "../lib/problem";
import type { ShardContext, TenantContext } from "../platform/context";
import { type Authorization, isOutcomeUnknown, ProcessorRejected, type Transfer } from "../processor";
import { firstCheckAt } from "./check-schedule";
import { paymentEvent } from "./payment-events";
import { getPayment } from "./payments.queries";
import { type PaymentRecord, payments } from "./payments.schema";
import { processorCallWrites } from "./processor-calls";
import { readerCardFacts, transferInstantUs } from "./transfer-state";

export type CaptureInput = { amountCents?: number; applicationFeeCents?: number };

/** An authorization as an answer or a webhook names it: what the service acts on, the rest when sent. */
type AuthorizationEvent = Pick<Authorization, "id" | "state"> & Partial<Authorization>;

/** "All authorizations must be captured within seven days" (the processor's guide): a hold's lapse when it names none. */
const HOLD_LIFETIME_MS = 7 * 24 * 3600_000;

/** When the hold lapses: the processor's `expires_at`, else seven days after it was made (or now). */
function lapsesAt(ctx: ShardContext, authorization: Pick<AuthorizationEvent, "expires_at" | "created_at">): string {
  if (authorization.expires_at) return new Date(authorization.expires_at).toISOString();
  const madeMs = authorization.created_at ? Date.parse(authorization.created_at) : ctx.clock.nowMs();
  return new Date(madeMs + HOLD_LIFETIME_MS).toISOString();
}

/** The hold the processor granted, on the ledger row its charge wrote: `authorized` until captured, voided or lapsed. */
export function holdWrites(ctx: ShardContext, payment: PaymentRecord, authorization: AuthorizationEvent) {
  const until = lapsesAt(ctx, authorization);
  return ctx.db
    .update(payments)
    .set({
      status: "authorized",
      processorAuthorizationId: authorization.id,
      processorState: authorization.state,
      authorizedUntil: until,
      ...readerCardFacts(authorization.card_present_details),
      // The sweep looks once the hold should have lapsed, in case the processor's word on it never arrives.
      nextCheckAt: until,
      updatedAt: ctx.clock.nowIso(),
    })
    .where(and(eq(payments.id, payment.id), eq(payments.status, "processing")));
}

const lapsed = (ctx: ShardContext, payment: PaymentRecord) =>
  payment.authorizedUntil !== null && payment.authorizedUntil <= ctx.clock.nowIso();

/**
 * The claim that makes a capture and a void of one hold exclusive: one conditional write, so of two racing requests
 * exactly one finds the hold open and the other is refused before the processor hears of it.
 */
async function claim(
  ctx: TenantContext,
  payment: PaymentRecord,
  action: { holdAction: "capture"; holdCaptureCents: number; holdCaptureFeeCents: number } | { holdAction: "void" },
): Promise<PaymentRecord | undefined> {
  return (
    ctx.db
      .update(payments)
      // The sweep finishes a claim whose request never recorded its outcome (a crash, a lost answer).
      .set({ ...action, nextCheckAt: firstCheckAt(ctx.clock.nowMs()), updatedAt: ctx.clock.nowIso() })
      .where(
        and(
          eq(payments.id, payment.id),
          eq(payments.tenantId, ctx.tenant.id),
          eq(payments.status, "authorized"),
          isNull(payments.holdAction),
        ),
      )
      .returning()
      .get()
  );
}

/** Records what the processor holds for a claimed hold, with the tenant's payment event, and reads the row back. */
async function recordHold(
  ctx: ShardContext,
  payment: PaymentRecord,
  outcome: { captured: Transfer } | { canceled: true } | { released: true },
): Promise<PaymentRecord> {
  const { db } = ctx;
  const now = ctx.clock.nowIso();
  const cleared = { holdAction: null, holdCaptureCents: null, holdCaptureFeeCents: null, updatedAt: now };
  const claimed = and(eq(payments.id, payment.id), eq(payments.status, "authorized"));
  const change =
    "captured" in outcome
      ? {
          ...cleared,
          status: "succeeded" as const,
          // As the processor captured it: the claim's amounts, or a capture made there by other means.
          amountCents: outcome.captured.amount,
          applicationFeeCents: Math.min(
            outcome.captured.amount,
            outcome.captured.fee ?? payment.holdCaptureFeeCents ?? payment.applicationFeeCents,
          ),
          processorTransferId: outcome.captured.id,
          processorState: outcome.captured.state,
          processorUpdatedAt: outcome.captured.updated_at,
          processorUpdatedAtUs: transferInstantUs(ctx, outcome.captured),
          // A settled sale is looked at once more, for the fee the processor charged.
          nextCheckAt: now,
          checkAttempts: 0,
        }
      : "canceled" in outcome
        ? { ...cleared, status: "canceled" as const, nextCheckAt: null }
        : { ...cleared, nextCheckAt: payment.authorizedUntil };
  const changed = sql`EXISTS (SELECT 1 FROM payments WHERE id = ${payment.id} AND updated_at = ${now} AND status <> 'authorized')`;
  const [, , row] = await db.batch([
    db.update(payments).set(change).where(claimed),
    paymentEvent(ctx, { tenantId: payment.tenantId, paymentId: payment.id, type: "transfer.updated", onlyIf: changed }),
    db.select().from(payments).where(eq(payments.id, payment.id)),
    ...processorCallWrites(ctx, payment.id),
  ]);
  return row[0]!;
}

/** The hold as the processor holds it now: captured (with its transfer), voided or lapsed, or still open. */
async function holdAtProcessor(ctx: ShardContext, payment: PaymentRecord, authorization: AuthorizationEvent) {
  if (authorization.transfer) return { captured: await ctx.processor.getTransfer(authorization.transfer) };
  const expired = !!authorization.expires_at && new Date(authorization.expires_at).toISOString() <= ctx.clock.nowIso();
  if (authorization.is_void || authorization.state === "CANCELED" || expired || lapsed(ctx, payment)) return { canceled: true as const };
  return null;
}

/**
 * Sends the claimed capture or void unless the processor has done it already, and records the outcome. An answer that
 * never came leaves the claim on the row: the processor is asked what it holds before anything is sent again, so the
 * hold is captured or voided once whatever retries.
 */
async function finishClaim(ctx: ShardContext, payment: PaymentRecord, resumed: boolean): Promise<PaymentRecord> {
  const authorizationId = payment.processorAuthorizationId;
  if (!payment.holdAction || !authorizationId) throw new Error(`Payment ${payment.id} has no claimed capture or void to finish.`);
  if (resumed) {
    const held = await holdAtProcessor(ctx, payment, await ctx.processor.getAuthorization(authorizationId));
    if (held) return recordHold(ctx, payment, held);
  }
  const request =
    payment.holdAction === "capture"
      ? { capture_amount: payment.holdCaptureCents!, fee: payment.holdCaptureFeeCents! }
      : ({ void_me: true } as const);
  let authorization: Authorization;
  try {
    authorization = await ctx.processor.updateAuthorization(authorizationId, request);
  } catch (error) {
    if (!isOutcomeUnknown(error) && !(error instanceof ProcessorRejected)) throw error;
    const held = await holdAtProcessor(ctx, payment, await ctx.processor.getAuthorization(authorizationId)).catch(() => null);
    if (held) return recordHold(ctx, payment, held);
    // Refused with the hold still open: nothing happened, so the hold is open again for a capture or a void.
    if (error instanceof ProcessorRejected) await recordHold(ctx, payment, { released: true });
    throw error;
  }
  const held = await holdAtProcessor(ctx, payment, authorization);
  if (!held) throw new Error(`The processor answered ${JSON.stringify(request)} on ${authorizationId} without capturing or voiding it.`);
  return recordHold(ctx, payment, held);
}

/**
 * The sweep's turn at an open hold: a claim left on the row is finished; an unclaimed hold past its expiry is recorded
 * as the processor holds it (lapsed: canceled, with the tenant's event), or looked at again when the processor's
 * `expires_at` says.
 */
export async function checkOpenHold(ctx: ShardContext, payment: PaymentRecord): Promise<void> {
  if (payment.holdAction) {
    await finishClaim(ctx, payment, true);
    return;
  }
  const authorization = await ctx.processor.getAuthorization(payment.processorAuthorizationId!);
  const held = await holdAtProcessor(ctx, payment, authorization);
  if (held) {
    await recordHold(ctx, payment, held);
    return;
  }
  const expiresAt = authorization.expires_at ? new Date(authorization.expires_at).toISOString() : payment.authorizedUntil;
  await ctx.db
    .update(payments)
    .set({ authorizedUntil: expiresAt, nextCheckAt: expiresAt })
    .where(and(eq(payments.id, payment.id), eq(payments.status, "authorized"), isNull(payments.holdAction)));
}

/**
 * What the processor made of a hold still `processing` here (its answer lost, a crash, a reader's wait): granted, or
 * ended without one — `canceled` when it was called off (at the reader, say), as a sale is, else `failed`.
 */
export async function applyFoundAuthorization(ctx: ShardContext, payment: PaymentRecord, authorization: AuthorizationEvent): Promise<void> {
  const ended = authorization.state === "FAILED" || authorization.state === "CANCELED";
  const before = ctx.clock.nowIso();
  const moved = sql`EXISTS (SELECT 1 FROM payments WHERE id = ${payment.id} AND status <> 'processing' AND updated_at >= ${before})`;
  await ctx.db.batch([
    ended
      ? ctx.db
          .update(payments)
          .set({
            status: authorization.state === "CANCELED" ? "canceled" : "failed",
            failureCode: authorization.failure_code ?? authorization.state,
            failureMessage: authorization.failure_message ?? "The processor did not authorize the card.",
            processorAuthorizationId: authorization.id,
            nextCheckAt: null,
            updatedAt: ctx.clock.nowIso(),
          })
          .where(and(eq(payments.id, payment.id), eq(payments.status, "processing")))
      : holdWrites(ctx, payment, authorization),
    paymentEvent(ctx, { tenantId: payment.tenantId, paymentId: payment.id, type: "transfer.updated", onlyIf: moved }),
    ...processorCallWrites(ctx, payment.id),
  ]);
}

/**
 * A hold's `authorization` webhook: a hold whose answer was lost is recorded, and a capture, void or lapse at the
 * processor is applied as the sweep would. A claimed capture or void is left to the request or sweep that claimed it.
 */
export async function applyAuthorizationEvent({
  ctx,
  input: authorization,
}: {
  ctx: ShardContext;
  input: AuthorizationEvent;
}): Promise<"applied" | "ignored"> {
  const payment = await ctx.db
    .select()
    .from(payments)
    .where(
      or(
        eq(payments.processorAuthorizationId, authorization.id),
        authorization.idempotency_id ? eq(payments.id, authorization.idempotency_id) : sql`0`,
      ),
    )
    .get();
  // Another merchant's authorization naming this payment is not its hold.
  if (!payment?.captureLater || (authorization.merchant && authorization.merchant !== payment.processorMerchantId)) return "ignored";
  if (payment.status === "processing") {
    if (authorization.state === "PENDING") return "ignored";
    await applyFoundAuthorization(ctx, payment, authorization);
    return "applied";
  }
  if (payment.status !== "authorized" || payment.holdAction || payment.processorAuthorizationId !== authorization.id) return "ignored";
  const held = await holdAtProcessor(ctx, payment, authorization);
  if (!held) return "ignored";
  await recordHold(ctx, payment, held);
  return "applied";
}

function notOpen(slug: "payment-not-capturable" | "payment-not-voidable", payment: PaymentRecord): ApiError {
  const what = slug === "payment-not-capturable" ? "captured" : "voided";
  return new ApiError(slug, `Payment ${payment.id} is ${payment.status}: only an authorized payment can be ${what}.`);
}

/**
 * Captures all or part of a hold, once: the capture is claimed on the row before the processor is called, so a void
 * racing it is refused, and a retry of a capture whose answer was lost finishes that capture instead of sending another.
 */
export async function captureHold({
  ctx,
  input: { paymentId, request },
}: {
  ctx: TenantContext;
  input: { paymentId: string; request: CaptureInput };
}): Promise<PaymentRecord> {
  const payment = await getPayment({ ctx, input: { paymentId } });
  const amountCents = request.amountCents ?? payment.amountCents;
  const feeCents = request.applicationFeeCents ?? (amountCents === payment.amountCents ? payment.applicationFeeCents : null);
  const sameCapture = payment.holdAction === "capture" && payment.holdCaptureCents === amountCents;
  if (sameCapture && (feeCents === null || feeCents === payment.holdCaptureFeeCents))
    return captured(await finishClaim(ctx, payment, true));
  if (payment.status !== "authorized" || payment.holdAction !== null) throw notOpen("payment-not-capturable", payment);
  if (lapsed(ctx, payment)) {
    await recordHold(ctx, payment, { canceled: true });
    throw new ApiError("payment-not-capturable", `Payment ${payment.id}'s authorization lapsed at ${payment.authorizedUntil}.`);
  }
  if (amountCents > payment.amountCents) {
    throw new ApiError(
      "capture-exceeds-authorization",
      `The authorization holds ${payment.amountCents}; ${amountCents} cannot be captured.`,
      {
        extensions: { errors: [{ field: "amountCents", message: `must be at most ${payment.amountCents}` }] },
      },
    );
  }
  const fee = feeCents ?? proportionalFee(payment, amountCents);
  if (fee > amountCents) {
    throw new ApiError("validation-failed", "The application fee cannot be more than the amount captured.", {
      extensions: { errors: [{ field: "applicationFeeCents", message: `must be at most ${amountCents}` }] },
    });
  }
  const claimed = await claim(ctx, payment, { holdAction: "capture", holdCaptureCents: amountCents, holdCaptureFeeCents: fee });
  if (!claimed) throw notOpen("payment-not-capturable", await getPayment({ ctx, input: { paymentId } }));
  return captured(await finishClaim(ctx, claimed, false));
}

/** A claimed capture can still end canceled: the processor let the hold lapse before the capture reached it. */
function captured(payment: PaymentRecord): PaymentRecord {
  if (payment.status !== "succeeded") throw notOpen("payment-not-capturable", payment);
  return payment;
}

/** A partial capture's fee, when none is given: the authorization's fee in proportion, rounded down. */
const proportionalFee = (payment: PaymentRecord, amountCents: number) =>
  Math.floor((payment.applicationFeeCents * amountCents) / payment.amountCents);

/** Voids a hold, once, claimed as a capture is: of a capture and a void racing, exactly one reaches the processor. */
export async function voidHold({
  ctx,
  input: { paymentId },
}: {
  ctx: TenantContext;
  input: { paymentId: string };
}): Promise<PaymentRecord> {
  const payment = await getPayment({ ctx, input: { paymentId } });
  const voided = (row: PaymentRecord) => {
    if (row.status !== "canceled") throw notOpen("payment-not-voidable", row);
    return row;
  };
  if (payment.holdAction === "void") return voided(await finishClaim(ctx, payment, true));
  if (payment.status !== "authorized" || payment.holdAction !== null) throw notOpen("payment-not-voidable", payment);
  const claimed = await claim(ctx, payment, { holdAction: "void" });
  if (!claimed) throw notOpen("payment-not-voidable", await getPayment({ ctx, input: { paymentId } }));
  return voided(await finishClaim(ctx, claimed, false));
}
