import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { REPLAY_HEADER, requestFingerprint, withIdempotency } from "../idempotency/idempotency.service";
import { ApiError } from "../lib/problem";
import { afterResponse } from "../platform/after-response";
import {
  getPayment,
  listPayments,
  PAYMENT_STATUSES,
  refund,
  refundPaymentPath,
  toPaymentResponse,
  type PaymentRecord,
  type RefundInput,
} from "../payments";
import { formFields, minorUnits, newFormKey, parseFilters } from "./forms";
import { auditSignedIn } from "./audit-request";
import type { SignedInBindings } from "./types";
import { formatMoney } from "./views/format";
import { PaymentPage, PaymentsPage, type RefundFormValues } from "./views/payments";

type SignedInContext = Context<SignedInBindings>;

const PAGE_SIZE = 25;
const DAY_MS = 24 * 3600_000;
const isoDate = z.iso.date();

/** The API's filters with dates for people: `from` is the start of its day, `to` the end of its day (both UTC). */
export async function showPayments(c: SignedInContext) {
  const query = c.req.query();
  const { filters, filterError } = parseFilters(query, { from: isoDate, to: isoDate, status: z.enum(PAYMENT_STATUSES) });
  const { data, nextCursor } = await listPayments({
    ctx: c.get("ctx"),
    input: {
      tenantId: c.get("session").tenantId,
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

const ownPayment = (c: SignedInContext) =>
  getPayment({ ctx: c.get("ctx"), input: { tenantId: c.get("session").tenantId, paymentId: c.req.param("paymentId") ?? "" } });

const paymentPage = (c: SignedInContext, payment: PaymentRecord, form: { refundError?: string; values?: RefundFormValues } = {}) =>
  c.render(<PaymentPage payment={payment} refundKey={newFormKey()} {...form} />, { title: `Payment ${payment.id}` });

export async function showPayment(c: SignedInContext) {
  return paymentPage(c, await ownPayment(c));
}

const RefundForm = z.object({
  refundKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
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
    execute: async () =>
      Response.json(toPaymentResponse(await refund({ ctx: c.get("ctx"), input: { tenantId, paymentId, idempotency, request } }))),
    afterResponse: (work) => afterResponse(c, work()),
  });
}

export async function refundPayment(c: SignedInContext) {
  const payment = await ownPayment(c);
  const form = await formFields(c);
  const parsed = RefundForm.safeParse(form);
  const values: RefundFormValues = { amount: form.amount, reason: form.reason, refundApplicationFee: form.refundApplicationFee === "true" };
  const again = (refundError: string, status: ContentfulStatusCode, shown: PaymentRecord = payment) => {
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
