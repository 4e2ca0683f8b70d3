import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";

import { subjectHistory } from "../callbacks";
import { disputesOfPayment } from "../disputes";
import { REPLAY_HEADER, requestFingerprint, withIdempotency } from "../idempotency/idempotency.service";
import { ApiError } from "../lib/problem";
import {
  getPayment,
  isRefundableStatus,
  listPayments,
  PAYMENT_SEARCH_KINDS,
  PAYMENT_STATUSES,
  type PaymentRecord,
  refund,
  refundableCents,
  type RefundInput,
  refundPaymentPath,
  refundsOfPayment,
  searchPayments,
  searchTermsOf,
  toPaymentResponse,
} from "../payments";
import { payoutItemsOfPayment } from "../payouts";
import { afterResponse } from "../platform/after-response";
import { auditSignedIn } from "./audit-request";
import { formFields, minorUnits, newFormKey, parseFilters } from "./forms";
import type { SignedInBindings } from "./types";
import { formatMoney } from "./views/format";
import type { PaymentStory } from "./views/payment-story";
import { PaymentPage, PaymentSearchPage, PaymentsPage, type RefundFormValues, RefundReviewPage } from "./views/payments";

type SignedInContext = Context<SignedInBindings>;

const PAGE_SIZE = 25;
const DAY_MS = 24 * 3600_000;
const isoDate = z.iso.date();
/** The events a payment's timeline shows at most (a payment has a handful: its transfer's, fee credits', disputes'). */
const TIMELINE_EVENTS = 50;

/**
 * The one search box: what was typed is read as a payment id, an e-mail, a last four, an amount or an order reference
 * (`searchTermsOf`), or as the reading `as` names; each is one indexed query of this tenant's payments, paged by cursor.
 */
async function showSearch(c: SignedInContext, q: string, query: Record<string, string>) {
  const as = z.enum(PAYMENT_SEARCH_KINDS).safeParse(query.as).data;
  const result = await searchPayments({
    ctx: c.get("ctx"),
    input: { q, as, limit: PAGE_SIZE, cursor: query.cursor || undefined },
  });
  if (!result) c.status(400);
  return c.render(<PaymentSearchPage q={q} result={result} readings={searchTermsOf(q)} currency={c.env.CURRENCY} />, {
    title: "Payments",
  });
}

/** The API's filters with dates for people: `from` is the start of its day, `to` the end of its day (both UTC). */
export async function showPayments(c: SignedInContext) {
  const query = c.req.query();
  const q = (query.q ?? "").trim();
  if (q) return showSearch(c, q, query);
  const { filters, filterError } = parseFilters(query, { from: isoDate, to: isoDate, status: z.enum(PAYMENT_STATUSES) });
  const { data, nextCursor } = await listPayments({
    ctx: c.get("ctx"),
    input: {
      query: {
        limit: PAGE_SIZE,
        ...(filters.from ? { from: `${filters.from}T00:00:00.000Z` } : {}),
        ...(filters.to ? { to: new Date(Date.parse(`${filters.to}T00:00:00.000Z`) + DAY_MS).toISOString() } : {}),
        ...(filters.status ? { status: filters.status } : {}),
        ...(query.cursor ? { cursor: query.cursor } : {}),
      },
    },
  });
  return c.render(
    <PaymentsPage statuses={PAYMENT_STATUSES} filters={filters} payments={data} nextCursor={nextCursor} filterError={filterError} />,
    { title: "Payments" },
  );
}

const ownPayment = (c: SignedInContext) => getPayment({ ctx: c.get("ctx"), input: { paymentId: c.req.param("paymentId") ?? "" } });

/** The rest of a payment's story, each part from its capability, every query scoped to the session's tenant. */
async function storyOf(c: SignedInContext, payment: PaymentRecord): Promise<PaymentStory> {
  const ctx = c.get("ctx");
  const input = { paymentId: payment.id };
  const [refunds, disputes, payoutItems, history] = await Promise.all([
    refundsOfPayment({ ctx, input }),
    disputesOfPayment({ ctx, input }),
    payoutItemsOfPayment({ ctx, input }),
    subjectHistory({ ctx, input: { subjectId: payment.id, limit: TIMELINE_EVENTS } }),
  ]);
  return { refunds, disputes, payoutItems, history, nowMs: ctx.clock.nowMs() };
}

async function paymentPage(c: SignedInContext, payment: PaymentRecord, form: { refundError?: string; values?: RefundFormValues } = {}) {
  const story = await storyOf(c, payment);
  return c.render(<PaymentPage payment={payment} story={story} refundKey={newFormKey()} {...form} />, { title: `Payment ${payment.id}` });
}

export async function showPayment(c: SignedInContext) {
  return paymentPage(c, await ownPayment(c));
}

const REFUND_KEY = /^[A-Za-z0-9_-]{16,64}$/;

const RefundReview = z.object({
  amount: z.string().trim().default(""),
  reason: z.enum(["requested_by_customer", "duplicate", "fraudulent", "other"]),
  refundApplicationFee: z.literal("true").optional(),
});

/**
 * The refund form's confirmation (a GET: nothing changes): the amount it will refund — the remaining balance when left
 * empty — checked against the same rules as the refund, then posted as that exact amount with the form's one-time key.
 */
export async function reviewRefund(c: SignedInContext) {
  const payment = await ownPayment(c);
  const query = c.req.query();
  const values: RefundFormValues = {
    amount: query.amount,
    reason: query.reason,
    refundApplicationFee: query.refundApplicationFee === "true",
  };
  const again = async (refundError: string, status: ContentfulStatusCode) => {
    c.status(status);
    return paymentPage(c, payment, { refundError, values });
  };
  const parsed = RefundReview.safeParse(query);
  if (!parsed.success) return again("Choose a reason and try again.", 400);
  const remaining = refundableCents(payment);
  if (!isRefundableStatus(payment.status) || remaining <= 0) {
    return again(remaining <= 0 ? "Nothing is left to refund." : `This payment is ${payment.status} and cannot be refunded.`, 409);
  }
  const amountCents = parsed.data.amount === "" ? remaining : minorUnits(parsed.data.amount);
  if (amountCents === null) return again("Enter the amount as a number, e.g. 12.50, or leave it empty for a full refund.", 400);
  if (amountCents > remaining) {
    return again(`At most ${formatMoney(remaining, payment.currency)} is left to refund.`, 422);
  }
  return c.render(
    <RefundReviewPage
      payment={payment}
      amountCents={amountCents}
      reason={parsed.data.reason}
      refundApplicationFee={parsed.data.refundApplicationFee === "true"}
      refundKey={REFUND_KEY.test(query.refundKey ?? "") ? query.refundKey! : newFormKey()}
    />,
    { title: `Refund ${formatMoney(amountCents, payment.currency)}?` },
  );
}

const RefundForm = z.object({
  refundKey: z.string().regex(REFUND_KEY),
  amount: z.string().trim().default(""),
  reason: z.enum(["requested_by_customer", "duplicate", "fraudulent", "other"]),
  refundApplicationFee: z.literal("true").optional(),
});

/**
 * The form's refund is `POST /v1/payments/{id}/refund` under an Idempotency-Key made from the form's one-time key, through
 * the same store and fingerprint as the API: a double-submitted form is one refund, and its repeat gets the first answer.
 */
async function refundOnce(c: SignedInContext, paymentId: string, refundKey: string, request: RefundInput): Promise<Response> {
  const tenantId = c.get("session").tenantId;
  const idempotency = {
    key: `dashboard_${refundKey}`,
    fingerprint: await requestFingerprint("POST", refundPaymentPath(paymentId), request),
  };
  return withIdempotency({
    env: c.env,
    tenantId,
    ...idempotency,
    traceId: c.get("traceId"),
    execute: async () => Response.json(toPaymentResponse(await refund({ ctx: c.get("ctx"), input: { paymentId, idempotency, request } }))),
    afterResponse: (work) => afterResponse(c, work()),
  });
}

export async function refundPayment(c: SignedInContext) {
  const payment = await ownPayment(c);
  const form = await formFields(c);
  const parsed = RefundForm.safeParse(form);
  const values: RefundFormValues = { amount: form.amount, reason: form.reason, refundApplicationFee: form.refundApplicationFee === "true" };
  const again = async (refundError: string, status: ContentfulStatusCode, shown: PaymentRecord = payment) => {
    c.status(status);
    return paymentPage(c, shown, { refundError, values });
  };
  if (!parsed.success) return again("Choose a reason and try again.", 400);
  const amountCents = parsed.data.amount === "" ? undefined : minorUnits(parsed.data.amount);
  if (amountCents === null) return again("Enter the amount as a number, e.g. 12.50, or leave it empty for a full refund.", 400);

  const request: RefundInput = {
    ...(amountCents === undefined ? {} : { amountCents }),
    reason: parsed.data.reason,
    refundApplicationFee: parsed.data.refundApplicationFee === "true",
  };
  let answer: Response;
  try {
    answer = await refundOnce(c, payment.id, parsed.data.refundKey, request);
  } catch (error) {
    // The same form sent again while its refund is still running: show the payment, not a form to refund it twice.
    if (error instanceof ApiError && error.slug === "idempotency-key-in-flight") {
      return c.redirect(`/dashboard/payments/${payment.id}?notice=refund-in-progress`, 303);
    }
    if (error instanceof ApiError && error.slug === "idempotency-key-reused") {
      return again(
        "This form was already sent with other details; check the payment and submit this one instead.",
        409,
        await ownPayment(c),
      );
    }
    throw error;
  }
  if (!answer.ok) {
    const problem: { detail: string } = await answer.json();
    return again(problem.detail, answer.status as ContentfulStatusCode, await ownPayment(c));
  }
  if (answer.headers.get(REPLAY_HEADER) !== "true") {
    const refunded: { amountRefundedCents: number } = await answer.json();
    const amount = amountCents ?? refunded.amountRefundedCents - payment.amountRefundedCents;
    await auditSignedIn(c, "payment.refunded", `${payment.id} (${formatMoney(amount, payment.currency)})`);
  }
  return c.redirect(`/dashboard/payments/${payment.id}?notice=refunded`, 303);
}
