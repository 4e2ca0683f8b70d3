import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";

import { subjectHistory } from "../callbacks";
import { disputesOfPayment } from "../disputes";
import { REPLAY_HEADER, requestFingerprint, withIdempotency } from "../idempotency/idempotency.service";
import { ApiError } from "../lib/problem";
import {
  captureHold,
  type CaptureInput,
  capturePaymentPath,
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
  voidHold,
  voidPaymentPath,
} from "../payments";
import { payoutItemsOfPayment } from "../payouts";
import { afterResponse } from "../platform/after-response";
import { auditSignedIn } from "./audit-request";
import { formFields, minorUnits, newFormKey, parseFilters } from "./forms";
import type { SignedInBindings } from "./types";
import { formatMoney, words } from "./views/format";
import type { PaymentStory } from "./views/payment-story";
import {
  CaptureReviewPage,
  type PaymentFormProblems,
  PaymentPage,
  PaymentSearchPage,
  PaymentsPage,
  type RefundFormValues,
  RefundReviewPage,
  VoidReviewPage,
} from "./views/payments";

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

async function paymentPage(c: SignedInContext, payment: PaymentRecord, form: PaymentFormProblems = {}) {
  const story = await storyOf(c, payment);
  const keys = { refundKey: newFormKey(), captureKey: newFormKey(), voidKey: newFormKey() };
  return c.render(<PaymentPage payment={payment} story={story} keys={keys} {...form} />, { title: `Payment ${payment.id}` });
}

export async function showPayment(c: SignedInContext) {
  return paymentPage(c, await ownPayment(c));
}

/** A form's one-time key as `newFormKey` makes it; the refund, capture and void forms each carry one. */
const FORM_KEY = /^[A-Za-z0-9_-]{16,64}$/;
const formKeyOr = (key: string | undefined) => (FORM_KEY.test(key ?? "") ? key! : newFormKey());

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
      refundKey={formKeyOr(query.refundKey)}
    />,
    { title: `Refund ${formatMoney(amountCents, payment.currency)}?` },
  );
}

const RefundForm = z.object({
  refundKey: z.string().regex(FORM_KEY),
  amount: z.string().trim().default(""),
  reason: z.enum(["requested_by_customer", "duplicate", "fraudulent", "other"]),
  refundApplicationFee: z.literal("true").optional(),
});

const SENT_WITH_OTHER_DETAILS = "This form was already sent with other details; check the payment and submit this one instead.";

/**
 * A money form's request is the API's (`path`, `request`) under an Idempotency-Key made from the form's one-time key,
 * through the same store and fingerprint as the API: a double-submitted form acts once, and its repeat gets the first
 * answer. The same form sent again while the first is still running is `in-flight`; with other details, `reused`.
 */
async function sendOnce(
  c: SignedInContext,
  formKey: string,
  path: string,
  request: object,
  execute: (idempotency: { key: string; fingerprint: string }) => Promise<PaymentRecord>,
): Promise<Response | "in-flight" | "reused"> {
  const idempotency = { key: `dashboard_${formKey}`, fingerprint: await requestFingerprint("POST", path, request) };
  try {
    return await withIdempotency({
      env: c.env,
      tenantId: c.get("session").tenantId,
      ...idempotency,
      traceId: c.get("traceId"),
      execute: async () => Response.json(toPaymentResponse(await execute(idempotency))),
      afterResponse: (work) => afterResponse(c, work()),
    });
  } catch (error) {
    if (error instanceof ApiError && error.slug === "idempotency-key-in-flight") return "in-flight";
    if (error instanceof ApiError && error.slug === "idempotency-key-reused") return "reused";
    throw error;
  }
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
  const answer = await sendOnce(c, parsed.data.refundKey, refundPaymentPath(payment.id), request, (idempotency) =>
    refund({ ctx: c.get("ctx"), input: { paymentId: payment.id, idempotency, request } }),
  );
  // The same form sent again while its refund is still running: show the payment, not a form to refund it twice.
  if (answer === "in-flight") return c.redirect(`/dashboard/payments/${payment.id}?notice=refund-in-progress`, 303);
  if (answer === "reused") return again(SENT_WITH_OTHER_DETAILS, 409, await ownPayment(c));
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

/** A capture or a void asked of a payment that is not an open hold: the page says why, as the API's 409 would. */
function notOpenHold(payment: PaymentRecord, action: "captured" | "voided"): string | null {
  if (payment.status !== "authorized") return `This payment is ${words(payment.status)}: only a hold can be ${action}.`;
  return payment.holdAction ? `A ${payment.holdAction} of this hold is already under way: reload to see its outcome.` : null;
}

const CAPTURE_AMOUNT_HELP = "Enter the amount as a number, e.g. 12.50, or leave it empty to capture the whole hold.";

/**
 * The capture form's confirmation (a GET: nothing changes): the amount it will charge — the whole hold when left empty —
 * checked against the hold, then posted as that exact amount with the form's one-time key.
 */
export async function reviewCapture(c: SignedInContext) {
  const payment = await ownPayment(c);
  const amount = (c.req.query("amount") ?? "").trim();
  const again = async (captureError: string, status: ContentfulStatusCode) => {
    c.status(status);
    return paymentPage(c, payment, { captureError, captureAmount: amount });
  };
  const notOpen = notOpenHold(payment, "captured");
  if (notOpen) return again(notOpen, 409);
  const amountCents = amount === "" ? payment.amountCents : minorUnits(amount);
  if (amountCents === null) return again(CAPTURE_AMOUNT_HELP, 400);
  if (amountCents > payment.amountCents)
    return again(`At most the ${formatMoney(payment.amountCents, payment.currency)} held can be captured.`, 422);
  return c.render(<CaptureReviewPage payment={payment} amountCents={amountCents} captureKey={formKeyOr(c.req.query("captureKey"))} />, {
    title: `Capture ${formatMoney(amountCents, payment.currency)}?`,
  });
}

const CaptureForm = z.object({ captureKey: z.string().regex(FORM_KEY), amount: z.string().trim().default("") });

/** The confirmed capture: `POST /v1/payments/{id}/capture`'s service under the form's key, so a form sent twice captures once. */
export async function capturePayment(c: SignedInContext) {
  const payment = await ownPayment(c);
  const form = await formFields(c);
  const again = async (captureError: string, status: ContentfulStatusCode, shown: PaymentRecord = payment) => {
    c.status(status);
    return paymentPage(c, shown, { captureError, captureAmount: form.amount });
  };
  const parsed = CaptureForm.safeParse(form);
  if (!parsed.success) return again("The form was incomplete; check the amount and try again.", 400);
  const amountCents = parsed.data.amount === "" ? undefined : minorUnits(parsed.data.amount);
  if (amountCents === null) return again(CAPTURE_AMOUNT_HELP, 400);

  const request: CaptureInput = amountCents === undefined ? {} : { amountCents };
  const answer = await sendOnce(c, parsed.data.captureKey, capturePaymentPath(payment.id), request, () =>
    captureHold({ ctx: c.get("ctx"), input: { paymentId: payment.id, request } }),
  );
  // The same form sent again while its capture is still running: show the payment, not a form to capture it twice.
  if (answer === "in-flight") return c.redirect(`/dashboard/payments/${payment.id}?notice=capture-in-progress`, 303);
  if (answer === "reused") return again(SENT_WITH_OTHER_DETAILS, 409, await ownPayment(c));
  if (!answer.ok) {
    const problem: { detail: string } = await answer.json();
    return again(problem.detail, answer.status as ContentfulStatusCode, await ownPayment(c));
  }
  if (answer.headers.get(REPLAY_HEADER) !== "true") {
    const captured: { amountCents: number } = await answer.json();
    await auditSignedIn(c, "payment.captured", `${payment.id} (${formatMoney(captured.amountCents, payment.currency)})`);
  }
  return c.redirect(`/dashboard/payments/${payment.id}?notice=payment-captured`, 303);
}

/** The void form's confirmation (a GET: nothing changes), posted with the form's one-time key. */
export async function reviewVoid(c: SignedInContext) {
  const payment = await ownPayment(c);
  const notOpen = notOpenHold(payment, "voided");
  if (notOpen) {
    c.status(409);
    return paymentPage(c, payment, { voidError: notOpen });
  }
  return c.render(<VoidReviewPage payment={payment} voidKey={formKeyOr(c.req.query("voidKey"))} />, {
    title: `Void the ${formatMoney(payment.amountCents, payment.currency)} hold?`,
  });
}

const VoidForm = z.object({ voidKey: z.string().regex(FORM_KEY) });

/** The confirmed void: `POST /v1/payments/{id}/void`'s service under the form's key, so a form sent twice voids once. */
export async function voidPayment(c: SignedInContext) {
  const payment = await ownPayment(c);
  const again = async (voidError: string, status: ContentfulStatusCode, shown: PaymentRecord = payment) => {
    c.status(status);
    return paymentPage(c, shown, { voidError });
  };
  const parsed = VoidForm.safeParse(await formFields(c));
  if (!parsed.success) return again("The form was incomplete; open the void again from this page.", 400);
  // The API's void has no body: its fingerprint is that of `{}`, as the idempotency middleware reads an empty body.
  const answer = await sendOnce(c, parsed.data.voidKey, voidPaymentPath(payment.id), {}, () =>
    voidHold({ ctx: c.get("ctx"), input: { paymentId: payment.id } }),
  );
  if (answer === "in-flight") return c.redirect(`/dashboard/payments/${payment.id}?notice=void-in-progress`, 303);
  if (answer === "reused") return again(SENT_WITH_OTHER_DETAILS, 409, await ownPayment(c));
  if (!answer.ok) {
    const problem: { detail: string } = await answer.json();
    return again(problem.detail, answer.status as ContentfulStatusCode, await ownPayment(c));
  }
  if (answer.headers.get(REPLAY_HEADER) !== "true") {
    await auditSignedIn(c, "payment.voided", `${payment.id} (${formatMoney(payment.amountCents, payment.currency)})`);
  }
  return c.redirect(`/dashboard/payments/${payment.id}?notice=payment-voided`, 303);
}
