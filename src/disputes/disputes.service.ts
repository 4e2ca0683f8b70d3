import { and, eq, ne, sql } from "drizzle-orm";

import { isoInstant } from "../lib/clock";
import { newId } from "../lib/ids";
import { ApiError } from "../lib/problem";
import { findPaymentByProcessorTransfer, holdPaymentForDispute, releasePaymentFromDispute } from "../payments";
import type { ShardContext, TenantContext } from "../platform/context";
import type { IdempotencyScope } from "../platform/types";
import { type Dispute, isOutcomeUnknown, ProcessorUnavailable } from "../processor";
import { disputeEvent } from "./dispute-events";
import { assertTakesResponse, disputeStateOf, responseStateOf, responseWindow } from "./dispute-states";
import { getDispute } from "./disputes.queries";
import { disputeEvidence, type DisputeRecord, disputes } from "./disputes.schema";
import { evidenceUploadRetryAfter, uploadEvidence } from "./evidence.service";

/** A dispute as a webhook or an API answer carries it; webhooks may omit fields. */
export type ProcessorDispute = Partial<Dispute> & { id: string };

type PaymentOfDispute = { id: string; tenantId: string; orderRef: string | null; amountCents: number; currency: string };

/** respond_by as the processor gives it, when it is a timestamp at all. */
const respondByOf = (value: string | null | undefined) => (value && !Number.isNaN(Date.parse(value)) ? value : null);

/** The longest note the merchant may send with a submission or an acceptance: the processor's limit. */
export const DISPUTE_NOTE_MAX_CHARS = 2000;

/** The note the processor requires with a submission, when the merchant gives none. */
export const DEFAULT_SUBMISSION_NOTE = "Evidence submitted by the merchant; see the attached files.";

/** What the merchant answered, recorded with the processor's answer to it. */
type MerchantAnswer = Partial<Pick<DisputeRecord, "submission" | "submittedAt" | "acceptance" | "acceptedAt">>;

/**
 * Records the processor's view of a dispute and its effect on the payment, with the tenant's callback, in one batch:
 * a new dispute holds the payment (`disputed`, refunds refused) and sends `dispute.created`; a change the merchant can
 * see sends `dispute.updated`; a won dispute gives the payment back the status its refunds say, unless another
 * dispute still holds it; a lost one keeps it `disputed`. Older answers than the one recorded change nothing, unless
 * they carry the merchant's own answer (a submission or an acceptance the processor just took).
 */
async function recordDispute(
  ctx: ShardContext,
  payment: PaymentOfDispute,
  dispute: ProcessorDispute,
  merchantAnswer: MerchantAnswer | null = null,
): Promise<boolean> {
  const { db } = ctx;
  const now = ctx.clock.nowIso();
  const existing = await db.select().from(disputes).where(eq(disputes.processorDisputeId, dispute.id)).get();
  const processorUpdatedAt = isoInstant(dispute.updated_at, now);
  if (existing && existing.processorUpdatedAt >= processorUpdatedAt && !merchantAnswer) return false;

  const values = {
    state: disputeStateOf(dispute.state),
    responseState: responseStateOf(dispute.response_state),
    amountCents: typeof dispute.amount === "number" ? dispute.amount : (existing?.amountCents ?? payment.amountCents),
    reason: dispute.reason?.toLowerCase() ?? existing?.reason ?? null,
    reasonCode: dispute.dispute_details?.reason_code ?? existing?.reasonCode ?? null,
    respondBy: respondByOf(dispute.respond_by) ?? existing?.respondBy ?? null,
  };
  const changed =
    !existing ||
    (Object.keys(values) as (keyof typeof values)[]).some((field) => existing[field] !== values[field]) ||
    // The submission is in the event (`submitted`); the acceptance shows there as the processor's responseState.
    (merchantAnswer?.submission !== undefined && existing.submission !== merchantAnswer.submission);
  const token = newId("chg");
  const id = existing?.id ?? newId("lcdsp");
  const written = sql`EXISTS (SELECT 1 FROM disputes WHERE id = ${id} AND change_token = ${token})`;
  const write = existing
    ? db
        .update(disputes)
        .set({ ...values, ...merchantAnswer, processorUpdatedAt, changeToken: token, syncedAt: now, updatedAt: now })
        .where(and(eq(disputes.id, existing.id), sql`${disputes.processorUpdatedAt} <= ${processorUpdatedAt}`))
        .returning({ id: disputes.id })
    : db
        .insert(disputes)
        .values({
          id,
          tenantId: payment.tenantId,
          paymentId: payment.id,
          orderRef: payment.orderRef,
          processorDisputeId: dispute.id,
          processorTransferId: dispute.transfer!,
          processorMerchantId: dispute.merchant ?? "",
          currency: payment.currency,
          ...values,
          ...merchantAnswer,
          processorUpdatedAt,
          changeToken: token,
          syncedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: disputes.id });
  const stillHeld = sql`EXISTS (SELECT 1 FROM disputes WHERE payment_id = ${payment.id} AND id != ${id} AND state != 'won')`;
  const paymentChange =
    values.state === "won"
      ? releasePaymentFromDispute(ctx, { paymentId: payment.id, onlyIf: sql`${written} AND NOT ${stillHeld}` })
      : holdPaymentForDispute(ctx, { paymentId: payment.id, onlyIf: written });
  const event = changed
    ? [disputeEvent(ctx, { type: existing ? "dispute.updated" : "dispute.created", disputeId: id, onlyIf: written })]
    : [];
  const [applied] = await db.batch([write, paymentChange, ...event]);
  return applied.length > 0;
}

/** dispute.created / dispute.updated from the processor: the rules live here, the webhook router only hands them over. */
export async function applyDisputeEvent({
  ctx,
  input: dispute,
}: {
  ctx: ShardContext;
  input: ProcessorDispute;
}): Promise<"applied" | "ignored"> {
  if (typeof dispute.transfer !== "string") return "ignored";
  const payment = await findPaymentByProcessorTransfer({ ctx, input: { processorTransferId: dispute.transfer } });
  // Another merchant's dispute naming this transfer is not this payment's.
  if (!payment || (dispute.merchant && dispute.merchant !== payment.processorMerchantId)) return "ignored";
  return (await recordDispute(ctx, payment, { ...dispute, merchant: dispute.merchant ?? payment.processorMerchantId }))
    ? "applied"
    : "ignored";
}

/** Reads a dispute again from the processor (the sweep: a lost `dispute.updated` must not leave a payment disputed). */
export async function syncDispute({ ctx, input: row }: { ctx: ShardContext; input: DisputeRecord }): Promise<void> {
  const dispute = await ctx.processor.getDispute(row.processorDisputeId);
  const payment = {
    id: row.paymentId,
    tenantId: row.tenantId,
    orderRef: row.orderRef,
    amountCents: row.amountCents,
    currency: row.currency,
  };
  await recordDispute(ctx, payment, dispute);
  await ctx.db.update(disputes).set({ syncedAt: ctx.clock.nowIso() }).where(eq(disputes.id, row.id));
}

const paymentOf = (row: DisputeRecord): PaymentOfDispute => ({
  id: row.paymentId,
  tenantId: row.tenantId,
  orderRef: row.orderRef,
  amountCents: row.amountCents,
  currency: row.currency,
});

/** Sends a claimed submission to the processor and records its answer; a refusal gives the claim back. */
export async function sendSubmission(ctx: ShardContext, row: DisputeRecord, note: string): Promise<void> {
  let answer: Dispute;
  try {
    answer = await ctx.processor.submitDispute(row.processorDisputeId, note);
  } catch (error) {
    // An unknown outcome keeps the claim: the sweep asks the processor how it ended.
    if (!isOutcomeUnknown(error)) {
      await ctx.db
        .update(disputes)
        .set({ submission: "none", submissionNote: null, updatedAt: ctx.clock.nowIso() })
        .where(and(eq(disputes.id, row.id), eq(disputes.submission, "pending")));
    }
    throw error;
  }
  await recordDispute(ctx, paymentOf(row), answer, { submission: "submitted", submittedAt: ctx.clock.nowIso() });
}

/**
 * One submission per dispute, claimed in D1 before the processor is called, so two submits can never both reach it; a
 * retry under the Idempotency-Key that claimed it answers the submission as it stands. Evidence still waiting for the
 * processor is sent first: nothing stored is left out of what the issuer sees.
 */
export async function submitDispute({
  ctx,
  input: { disputeId, note, idempotency },
}: {
  ctx: TenantContext;
  input: { disputeId: string; note?: string; idempotency: IdempotencyScope | null };
}): Promise<DisputeRecord> {
  const { db } = ctx;
  const dispute = await getDispute({ ctx, input: { disputeId } });
  // A submission given back (the processor refused it) is submitted again, even under the key that claimed it.
  if (idempotency && dispute.submission !== "none" && dispute.submissionIdempotencyKey === idempotency.key) {
    if (dispute.submissionRequestFingerprint !== idempotency.fingerprint) {
      throw new ApiError("idempotency-key-reused", "This Idempotency-Key belongs to a different submit request.");
    }
    return dispute;
  }
  assertTakesResponse(dispute, ctx.clock.nowMs());
  const evidence = await db
    .select()
    .from(disputeEvidence)
    .where(and(eq(disputeEvidence.disputeId, disputeId), ne(disputeEvidence.state, "failed"), ne(disputeEvidence.state, "canceled")))
    .all();
  if (evidence.length === 0) {
    throw new ApiError("dispute-evidence-required", "Upload at least one evidence file (POST …/evidence) before submitting.");
  }
  for (const item of evidence.filter((row) => row.state === "pending")) await uploadEvidence({ ctx, input: { evidenceId: item.id } });
  const now = ctx.clock.nowIso();
  const [claimed] = await db
    .update(disputes)
    .set({
      submission: "pending",
      submissionNote: note ?? DEFAULT_SUBMISSION_NOTE,
      submissionIdempotencyKey: idempotency?.key ?? null,
      submissionRequestFingerprint: idempotency?.fingerprint ?? null,
      updatedAt: now,
    })
    .where(
      and(
        eq(disputes.id, disputeId),
        eq(disputes.submission, "none"),
        eq(disputes.acceptance, "none"),
        sql`NOT EXISTS (SELECT 1 FROM dispute_evidence WHERE dispute_id = ${disputeId} AND state = 'pending')`,
      ),
    )
    .returning();
  if (!claimed) {
    const current = await getDispute({ ctx, input: { disputeId } });
    if (current.submission !== "none") throw new ApiError("dispute-already-submitted", `Dispute ${disputeId} was already submitted.`);
    // Accepted meanwhile (another request): the refusal says so.
    assertTakesResponse(current, ctx.clock.nowMs());
    const retryAfter = await evidenceUploadRetryAfter(ctx, disputeId);
    if (retryAfter !== null) {
      throw new ApiError(
        "dispute-evidence-uploading",
        `Evidence posted for this dispute is still on its way to the processor; nothing was submitted. Retry in ${retryAfter} s.`,
        { headers: { "Retry-After": String(retryAfter) }, extensions: { retryAfterSeconds: retryAfter } },
      );
    }
    throw new ProcessorUnavailable("Some evidence has not reached the processor yet; nothing was submitted. Retry shortly.", {
      outcomeUnknown: false,
    });
  }
  await sendSubmission(ctx, claimed, claimed.submissionNote!);
  return getDispute({ ctx, input: { disputeId } });
}

/**
 * A submission whose answer was lost (timeout, crash): the processor says whether it arrived. Arrived: recorded as
 * submitted. Not arrived and the dispute still takes a response: sent again. Otherwise the claim is given back.
 */
export async function resolvePendingSubmission({ ctx, input: row }: { ctx: ShardContext; input: DisputeRecord }): Promise<void> {
  const dispute = await ctx.processor.getDispute(row.processorDisputeId);
  if (dispute.response_state === "RESPONDED" || (dispute.evidence_submitted && dispute.evidence_submitted !== "NONE")) {
    await recordDispute(ctx, paymentOf(row), dispute, { submission: "submitted", submittedAt: ctx.clock.nowIso() });
    return;
  }
  const stillOpen = dispute.response_state === "NEEDS_RESPONSE" || dispute.response_state === "UNKNOWN" || !dispute.response_state;
  if (stillOpen && (!dispute.respond_by || Date.parse(dispute.respond_by) > ctx.clock.nowMs())) {
    await sendSubmission(ctx, row, row.submissionNote ?? DEFAULT_SUBMISSION_NOTE);
    return;
  }
  await ctx.db
    .update(disputes)
    .set({ submission: "none", updatedAt: ctx.clock.nowIso() })
    .where(and(eq(disputes.id, row.id), eq(disputes.submission, "pending")));
  await recordDispute(ctx, paymentOf(row), dispute);
}

/** The note the processor requires with an acceptance, when the merchant gives none. */
export const DEFAULT_ACCEPTANCE_NOTE = "The merchant accepts the dispute and does not contest it.";

/**
 * Sends a claimed acceptance to the processor (`POST /disputes/{id}/accept`) and records its answer; evidence stored
 * but not yet sent is canceled (the issuer will not look at it). A refusal gives the claim back; an unknown outcome
 * keeps it for the sweep.
 */
export async function sendAcceptance(ctx: ShardContext, row: DisputeRecord, note: string): Promise<void> {
  let answer: Dispute;
  try {
    answer = await ctx.processor.acceptDispute(row.processorDisputeId, note);
  } catch (error) {
    if (!isOutcomeUnknown(error)) await giveAcceptanceBack(ctx, row);
    throw error;
  }
  await recordAcceptance(ctx, row, answer);
}

async function giveAcceptanceBack(ctx: ShardContext, row: DisputeRecord): Promise<void> {
  await ctx.db
    .update(disputes)
    .set({ acceptance: "none", acceptanceNote: null, updatedAt: ctx.clock.nowIso() })
    .where(and(eq(disputes.id, row.id), eq(disputes.acceptance, "pending")));
}

async function recordAcceptance(ctx: ShardContext, row: DisputeRecord, answer: ProcessorDispute): Promise<void> {
  const now = ctx.clock.nowIso();
  await recordDispute(ctx, paymentOf(row), answer, { acceptance: "accepted", acceptedAt: now });
  await ctx.db
    .update(disputeEvidence)
    .set({ state: "canceled", failureMessage: NOT_SENT_AFTER_ACCEPTANCE, uploadLeaseUntil: null, updatedAt: now })
    .where(and(eq(disputeEvidence.disputeId, row.id), eq(disputeEvidence.state, "pending")));
}

const NOT_SENT_AFTER_ACCEPTANCE = "Not sent to the processor: the dispute was accepted.";

/**
 * The merchant accepts the dispute instead of contesting it: the processor's documented accept call, once. Claimed in
 * D1 first (no submission, no other acceptance), so an accept and a submission never both reach the processor, and
 * no evidence is taken or uploaded from then on. Accepting again answers the dispute as it stands (`accepted: false`);
 * so does a dispute the processor already reports accepted. A submitted dispute is refused (409), as is one that is
 * decided or past `respondBy`.
 */
export async function acceptDispute({
  ctx,
  input: { disputeId, note },
}: {
  ctx: TenantContext;
  input: { disputeId: string; note?: string | undefined };
}): Promise<{ dispute: DisputeRecord; accepted: boolean }> {
  const tenantId = ctx.tenant.id;
  const dispute = await getDispute({ ctx, input: { disputeId } });
  if (responseWindow(dispute, ctx.clock.nowMs()) === "accepted") return { dispute, accepted: false };
  assertTakesResponse(dispute, ctx.clock.nowMs());
  const [claimed] = await ctx.db
    .update(disputes)
    .set({ acceptance: "pending", acceptanceNote: note ?? DEFAULT_ACCEPTANCE_NOTE, updatedAt: ctx.clock.nowIso() })
    .where(
      and(eq(disputes.id, disputeId), eq(disputes.tenantId, tenantId), eq(disputes.submission, "none"), eq(disputes.acceptance, "none")),
    )
    .returning();
  if (!claimed) {
    // Another request answered first: accepted (this answer is its), or submitted (refused).
    const current = await getDispute({ ctx, input: { disputeId } });
    if (current.acceptance !== "none") return { dispute: current, accepted: false };
    assertTakesResponse(current, ctx.clock.nowMs());
    throw new ApiError("conflict", `Dispute ${disputeId} changed meanwhile; retry.`);
  }
  await sendAcceptance(ctx, claimed, claimed.acceptanceNote!);
  return { dispute: await getDispute({ ctx, input: { disputeId } }), accepted: true };
}

/**
 * An acceptance whose answer was lost (timeout, crash): the processor says whether it arrived. Arrived: recorded as
 * accepted. Not arrived and the dispute still takes a response: sent again. Otherwise the claim is given back.
 */
export async function resolvePendingAcceptance({ ctx, input: row }: { ctx: ShardContext; input: DisputeRecord }): Promise<void> {
  const dispute = await ctx.processor.getDispute(row.processorDisputeId);
  if (dispute.response_state === "ACCEPTED") {
    await recordAcceptance(ctx, row, dispute);
    return;
  }
  const stillOpen = dispute.response_state === "NEEDS_RESPONSE" || dispute.response_state === "UNKNOWN" || !dispute.response_state;
  if (stillOpen && (!dispute.respond_by || Date.parse(dispute.respond_by) > ctx.clock.nowMs())) {
    await sendAcceptance(ctx, row, row.acceptanceNote ?? DEFAULT_ACCEPTANCE_NOTE);
    return;
  }
  await giveAcceptanceBack(ctx, row);
  await recordDispute(ctx, paymentOf(row), dispute);
}
