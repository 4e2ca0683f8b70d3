import { createRoute, z } from "@hono/zod-openapi";

import { idempotency, IDEMPOTENCY_KEY_PROBLEMS } from "../idempotency/idempotency.middleware";
import * as openapi from "../platform/openapi";
import { PAYMENT_METHODS, PAYMENT_STATUSES } from "./payments.schema";

/** Largest single charge accepted, in minor units ($1,000,000.00); larger amounts are refused before the processor. */
export const MAX_AMOUNT_CENTS = 100_000_000;

/** An amount to charge or refund: whole cents, more than none, at most MAX_AMOUNT_CENTS. */
export const AmountCents = z.number().int().positive().max(MAX_AMOUNT_CENTS);

export const PAYMENT_ID = "lcpay_4gH2kLmN8pQrStUvWxYz1a";

export const paymentExample = {
  lcPaymentId: PAYMENT_ID,
  status: "succeeded",
  amountCents: 2500,
  amountRefundedCents: 0,
  applicationFeeCents: 55,
  currency: "USD",
  method: "card",
  orderRef: "order-10042",
  processorTransferId: "TRv3Qm8xZ1LwK2",
  processorState: "SUCCEEDED",
  processorInstrumentId: "PIe2YvpcjvoVJ6PzoRPBK137",
  applicationFeeRefundedCents: 0,
  applicationFeeRefundPending: false,
  processorFeeCents: 130,
  processorFeeExactCents: "130",
  failureCode: null,
  failureMessage: null,
  createdAtUtc: "2026-11-01T09:05:00.000Z",
  updatedAtUtc: "2026-11-01T09:05:01.000Z",
};

const notFound: openapi.ProblemExample = { slug: "not-found", detail: `No payment ${PAYMENT_ID}.` };

export const PaymentIdParams = openapi.idPathParams(openapi.resourceId("lcpay", "lcPaymentId"), PAYMENT_ID);

export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES).openapi("PaymentStatus");

export const BuyerSchema = z
  .object({
    firstName: z.string().trim().min(1).max(100),
    lastName: z.string().trim().min(1).max(100),
    email: z.email().max(254),
  })
  .strict()
  .openapi("Buyer");

export const CreatePaymentRequestSchema = z
  .object({
    amountCents: AmountCents.openapi({ example: 2500, description: `At most ${MAX_AMOUNT_CENTS}.` }),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, "ISO 4217 code in upper case")
      .openapi({ example: "USD", description: "Must be the currency /v1/meta reports." }),
    processorToken: z
      .string()
      .regex(/^TK[A-Za-z0-9]{6,64}$/, "must be a token (TK…)")
      .optional()
      .openapi({
        description:
          "Single-use token from the tokenization library. In the built-in sandbox, `TKsandboxVisa4895Success` is a test card's " +
          "token that never runs out (this example): the processor refuses it.",
      }),
    processorInstrumentId: z
      .string()
      .regex(/^PI[A-Za-z0-9]{6,64}$/, "must be a payment instrument id (PI…)")
      .optional()
      .openapi({
        description:
          "A stored instrument to charge again: the `processorInstrumentId` of an earlier payment of this tenant (lookup, list or `transfer.updated` event). Another tenant's instrument is refused.",
        example: "PIe2YvpcjvoVJ6PzoRPBK137",
      }),
    buyer: BuyerSchema.optional().openapi({ description: "Required with processorToken." }),
    orderRef: z.string().trim().min(1).max(200).openapi({ example: "order-10042" }),
    capture: z
      .boolean()
      .optional()
      .openapi({
        description:
          "Default true: the card is charged now. False: the card is only authorized (a hold, `status: authorized`) and charged " +
          "later with `POST /v1/payments/{id}/capture`, or released with `POST /v1/payments/{id}/void`, before `authorizedUntilUtc`. " +
          "A card only: a bank account is refused (422 `capture-not-supported`).",
        example: false,
      }),
  })
  .strict()
  .superRefine((body, ctx) => {
    const given = Number(body.processorToken !== undefined) + Number(body.processorInstrumentId !== undefined);
    if (given !== 1) {
      ctx.addIssue({
        code: "custom",
        path: ["processorToken"],
        message: "exactly one of processorToken and processorInstrumentId is required",
      });
    }
    if (body.processorToken !== undefined && body.buyer === undefined) {
      ctx.addIssue({ code: "custom", path: ["buyer"], message: "buyer is required with processorToken" });
    }
  })
  .openapi("CreatePaymentRequest");

export const PaymentResponseSchema = z
  .object({
    lcPaymentId: z.string(),
    status: PaymentStatusSchema,
    amountCents: z.number().int(),
    amountRefundedCents: z.number().int(),
    applicationFeeCents: z.number().int(),
    currency: z.string(),
    method: z.enum(PAYMENT_METHODS).nullable(),
    orderRef: z.string().nullable(),
    processorTransferId: z.string().nullable(),
    processorState: z.string().nullable(),
    processorInstrumentId: z.string().nullable().openapi({
      description:
        "The stored payment instrument this payment charged (`PI…`); pass it as `processorInstrumentId` to charge the same card or bank account again. Null until the token became an instrument.",
      example: "PIe2YvpcjvoVJ6PzoRPBK137",
    }),
    applicationFeeRefundedCents: z.number().int().openapi({
      description:
        "The part of applicationFeeCents credited back to the merchant by refunds with `refundApplicationFee` (confirmed by the processor).",
      example: 65,
    }),
    applicationFeeRefundPending: z.boolean().openapi({
      description:
        "True while a refund's fee credit is still being sent to the processor (8 attempts over about two hours, then given up with an `application_fee_refund.updated` callback).",
      example: false,
    }),
    processorFeeCents: z.number().int().nullable().openapi({
      description:
        "What the processor actually charged the merchant for this sale: its fee profile's fees, at least applicationFeeCents. Null until the processor reports it (shortly after the sale settles). The processor may charge fractions of a cent: this is the exact total (processorFeeExactCents) rounded half up to the whole cent (102.5 → 103, 102.393 → 102), as money settles in whole cents; the total is summed exactly first, never rounded fee by fee.",
      example: 130,
    }),
    processorFeeExactCents: z.string().nullable().openapi({
      description:
        "The same fee exactly, in cents as decimal text: the sum of the processor's fees, fractions of a cent kept (e.g. `132.393`). Null until the processor reports it; use it to reconcile with the processor's own fee records.",
      example: "130",
    }),
    processorAuthorizationId: z.string().optional().openapi({
      description: "A hold's (`capture: false`) authorization at the processor (`AU…`); absent on a sale.",
      example: "AUmy5b3hVrs9iQ7q",
    }),
    authorizedUntilUtc: z.string().optional().openapi({
      description:
        "When the processor lets the hold lapse (about seven days after it was made): capture or void it before; after, it is `canceled`. Absent on a sale.",
      example: "2026-11-08T09:05:00.000Z",
    }),
    failureCode: z.string().nullable().openapi({
      description: "The processor's failure code when the payment failed; for an ACH debit returned after it succeeded, the return's code.",
    }),
    failureMessage: z.string().nullable(),
    createdAtUtc: z.string(),
    updatedAtUtc: z.string(),
  })
  .openapi("PaymentResponse");

export const CreatePaymentResponseSchema = PaymentResponseSchema.pick({
  lcPaymentId: true,
  status: true,
  amountCents: true,
  applicationFeeCents: true,
  processorTransferId: true,
  processorState: true,
  processorAuthorizationId: true,
  authorizedUntilUtc: true,
}).openapi("CreatePaymentResponse");

export const PaymentListItemSchema = z
  .object({
    lcPaymentId: z.string(),
    status: PaymentStatusSchema,
    amountCents: z.number().int(),
    currency: z.string(),
    applicationFeeCents: z.number().int(),
    amountRefundedCents: z.number().int(),
    method: z.enum(PAYMENT_METHODS).nullable(),
    orderRef: z.string().nullable(),
    processorTransferId: z.string().nullable(),
    processorInstrumentId: z
      .string()
      .nullable()
      .openapi({ description: "The stored instrument this payment charged, for a repeat charge.", example: "PIe2YvpcjvoVJ6PzoRPBK137" }),
    createdAtUtc: z.string(),
    updatedAtUtc: z.string(),
  })
  .openapi("PaymentListItem");

export const RefundRequestSchema = z
  .object({
    amountCents: AmountCents.optional().openapi({ description: "Omitted: the whole remaining balance." }),
    reason: z.enum(["requested_by_customer", "duplicate", "fraudulent", "other"]).optional().openapi({ example: "requested_by_customer" }),
    refundApplicationFee: z.boolean().optional().openapi({
      description:
        "Also return the proportional part of the application fee to the merchant (as a merchant credit adjustment at the processor).",
    }),
  })
  .strict()
  .openapi("RefundRequest");

export const createPayment = createRoute({
  method: "post",
  path: "/v1/payments",
  middleware: [idempotency({ required: true })] as const,
  ...openapi.tenantRoute("Payments", "payments:write"),
  operationId: "createPayment",
  summary: "Create a charge",
  description:
    "Card charges return their final result; ACH returns `processing` and settles later (a `transfer.updated` callback). " +
    "With `capture: false` the card is authorized only (`authorized`) and charged by a later capture. " +
    "`Idempotency-Key` is required; a replay returns the original status and body byte for byte with `Idempotent-Replayed: true`.",
  request: {
    headers: openapi.idempotencyKeyHeader({
      required: true,
      description: "Required: derive it from your order key. A replay returns the original result.",
      example: "order-10042",
    }),
    body: openapi.jsonBody(CreatePaymentRequestSchema, {
      amountCents: 2500,
      currency: "USD",
      processorToken: "TKsandboxVisa4895Success",
      buyer: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
      orderRef: "order-10042",
    }),
  },
  responses: {
    201: openapi.jsonContent(CreatePaymentResponseSchema, "The payment was created (card: final result; ACH: `processing`).", {
      lcPaymentId: PAYMENT_ID,
      status: "succeeded",
      amountCents: 2500,
      applicationFeeCents: 55,
      processorTransferId: "TRv3Qm8xZ1LwK2",
      processorState: "SUCCEEDED",
    }),
    ...openapi.problemResponses({
      400: {
        description: "Validation failed, or `Idempotency-Key` missing (`idempotency-key-required`).",
        examples: [openapi.invalidField("buyer", "buyer is required with processorToken"), IDEMPOTENCY_KEY_PROBLEMS.required],
      },
      402: {
        description:
          "Declined by the processor (`payment-declined`; `code` is the processor's failure code). The payment is recorded `failed`.",
        examples: [
          {
            slug: "payment-declined",
            detail: "The card was declined.",
            extensions: { code: "INSUFFICIENT_FUNDS", lcPaymentId: PAYMENT_ID, processorTransferId: "TRv3Qm8xZ1LwK2" },
          },
        ],
      },
      403: {
        description: "`merchant-not-ready`: the tenant's chargesEnabled is false.",
        examples: [{ slug: "merchant-not-ready", detail: "Charges are not enabled for this merchant yet; see GET /v1/onboarding/status." }],
      },
      409: {
        description:
          "`idempotency-key-reused` (different body) or `idempotency-key-in-flight` (with `Retry-After`: seconds until the first request's processor call must have answered).",
        examples: [IDEMPOTENCY_KEY_PROBLEMS.reused, IDEMPOTENCY_KEY_PROBLEMS.inFlight],
      },
      ...openapi.JSON_BODY_PROBLEMS,
      422: {
        description:
          "`processor-rejected`: the processor refused the request (e.g. a used or expired token); `capture-not-supported`: `capture: false` with a bank account.",
        examples: [
          {
            slug: "processor-rejected",
            detail: "Token TKghUQ3aLsb8fEkWfCsHiRRv has already been used.",
            extensions: { code: "INVALID_FIELD" },
          },
          {
            slug: "capture-not-supported",
            detail: "Only a card can be authorized now and captured later; a bank account is charged at once.",
            extensions: { errors: [{ field: "capture", message: "must be true for this payment method" }] },
          },
        ],
      },
      502: "`processor-error`: outcome unknown; retry with the same Idempotency-Key.",
      504: "`processor-timeout`: outcome unknown; retry with the same Idempotency-Key.",
      ...openapi.AUTHENTICATED_PROBLEMS,
      ...openapi.PROCESSOR_BUSY_PROBLEMS,
    }),
  },
});

export const refundPayment = createRoute({
  method: "post",
  path: "/v1/payments/{id}/refund",
  middleware: [idempotency({ required: false })] as const,
  ...openapi.tenantRoute("Refunds", "refunds:write"),
  operationId: "refundPayment",
  summary: "Refund a payment in full or in part",
  description:
    "With `Idempotency-Key`, a retry after any failure (a 502/504, a crash) resumes the same refund and ends in its one " +
    "final answer: 200 with the payment once the reversal exists (at most one reversal at the processor), or 422 " +
    "`processor-rejected` (with `lcRefundId`) when the refund failed. An ACH payment is refundable once `succeeded` (the " +
    "processor submitted the debit); it can still be returned by the buyer's bank afterwards (see `transfer.updated`).",
  request: {
    params: PaymentIdParams,
    headers: openapi.idempotencyKeyHeader({
      required: false,
      description: "Optional, advised: a retry with the same key resumes the same refund instead of refunding twice.",
      example: "refund-order-10042-1",
    }),
    body: {
      ...openapi.jsonBody(RefundRequestSchema, { amountCents: 1000, reason: "requested_by_customer", refundApplicationFee: true }),
      required: false,
    },
  },
  responses: {
    200: openapi.jsonContent(PaymentResponseSchema, "The payment after the refund.", {
      ...paymentExample,
      status: "partially_refunded",
      amountRefundedCents: 1000,
      applicationFeeRefundPending: true,
      updatedAtUtc: "2026-11-02T15:20:00.000Z",
    }),
    ...openapi.problemResponses({
      400: {
        description: "Validation failed.",
        examples: [openapi.invalidField("amountCents", "Too small: expected number to be >0")],
      },
      404: { description: "No such payment for this tenant.", examples: [notFound] },
      409: {
        description:
          "`invalid-payment-state` (not succeeded or partially_refunded), `refund-exceeds-balance`, `idempotency-key-reused`, or `idempotency-key-in-flight` (with `Retry-After`).",
        examples: [
          { slug: "invalid-payment-state", detail: "Only succeeded or partially_refunded payments can be refunded; this one is failed." },
          {
            slug: "refund-exceeds-balance",
            detail: "The remaining refundable balance is 1500; asked for 3000.",
            extensions: { remainingCents: 1500 },
          },
          IDEMPOTENCY_KEY_PROBLEMS.reused,
          IDEMPOTENCY_KEY_PROBLEMS.inFlight,
        ],
      },
      ...openapi.JSON_BODY_PROBLEMS,
      422: {
        description:
          "`processor-rejected`: the processor refused the refund, or the refund under this Idempotency-Key failed (`code`, `lcRefundId`).",
        examples: [
          {
            slug: "processor-rejected",
            detail: "The processor refused the refund.",
            extensions: { code: "INVALID_FIELD", lcRefundId: "lcref_2Xc5Vb8Nm1Lk4Jh7" },
          },
        ],
      },
      502: "`processor-error`: outcome unknown; the amount stays reserved until reconciled.",
      504: "`processor-timeout`: outcome unknown; the amount stays reserved until reconciled.",
      ...openapi.AUTHENTICATED_PROBLEMS,
      ...openapi.PROCESSOR_BUSY_PROBLEMS,
    }),
  },
});

export const CapturePaymentRequestSchema = z
  .object({
    amountCents: AmountCents.optional().openapi({ description: "Omitted: the whole authorization. At most the authorized amountCents." }),
    applicationFeeCents: z.number().int().nonnegative().optional().openapi({
      description:
        "The platform's fee on the capture. Omitted: the authorization's applicationFeeCents for a whole capture, that fee in proportion (rounded down) for a part.",
    }),
  })
  .strict()
  .openapi("CapturePaymentRequest");

const authorizedExample = {
  ...paymentExample,
  status: "authorized",
  processorTransferId: null,
  processorState: "SUCCEEDED",
  processorFeeCents: null,
  processorFeeExactCents: null,
  processorAuthorizationId: "AUmy5b3hVrs9iQ7q",
  authorizedUntilUtc: "2026-11-08T09:05:00.000Z",
};

/** What a capture and a void share: an Idempotency-Key, the payment's id, and refusals of anything but an open authorization. */
function holdRoute(action: "capture" | "void") {
  const capture = action === "capture";
  const notOpen = capture ? "payment-not-capturable" : "payment-not-voidable";
  return {
    headers: openapi.idempotencyKeyHeader({
      required: true,
      description: `Required: a retry with the same key returns the same ${action}.`,
      example: capture ? "capture-order-10042" : "void-order-10042",
    }),
    problems: openapi.problemResponses({
      400: {
        description: "Validation failed, or `Idempotency-Key` missing (`idempotency-key-required`).",
        examples: [openapi.invalidField("id", "must be an lcPaymentId (lcpay_…)"), IDEMPOTENCY_KEY_PROBLEMS.required],
      },
      404: { description: "No such payment for this tenant.", examples: [notFound] },
      409: {
        description: `\`${notOpen}\`: not an open authorization (a sale, or a hold captured, voided or lapsed already); \`idempotency-key-reused\` or \`idempotency-key-in-flight\`.`,
        examples: [
          {
            slug: notOpen,
            detail: `Payment ${PAYMENT_ID} is succeeded: only an authorized payment can be ${capture ? "captured" : "voided"}.`,
          },
          IDEMPOTENCY_KEY_PROBLEMS.reused,
          IDEMPOTENCY_KEY_PROBLEMS.inFlight,
        ],
      },
      ...(capture ? openapi.JSON_BODY_PROBLEMS : {}),
      422: {
        description: capture
          ? "`capture-exceeds-authorization`: more than the hold; `processor-rejected`: the processor refused the capture."
          : "`processor-rejected`: the processor refused the void.",
        examples: capture
          ? [
              {
                slug: "capture-exceeds-authorization",
                detail: "The authorization holds 2500; 3000 cannot be captured.",
                extensions: { errors: [{ field: "amountCents", message: "must be at most 2500" }] },
              },
              { slug: "processor-rejected", detail: "The processor refused the capture.", extensions: { code: "INVALID_FIELD" } },
            ]
          : [{ slug: "processor-rejected", detail: "The processor refused the void.", extensions: { code: "INVALID_FIELD" } }],
      },
      502: `\`processor-error\`: outcome unknown; retry with the same Idempotency-Key to finish the ${action}.`,
      504: `\`processor-timeout\`: outcome unknown; retry with the same Idempotency-Key to finish the ${action}.`,
      ...openapi.AUTHENTICATED_PROBLEMS,
      ...openapi.PROCESSOR_BUSY_PROBLEMS,
    }),
  };
}

const captureBase = holdRoute("capture");
export const capturePayment = createRoute({
  method: "post",
  path: "/v1/payments/{id}/capture",
  middleware: [idempotency({ required: true })] as const,
  ...openapi.tenantRoute("Payments", "payments:write"),
  operationId: "capturePayment",
  summary: "Capture an authorization, in full or in part",
  description:
    "Charges the card a hold (`capture: false`) authorized: the payment becomes `succeeded` with the capture's transfer and " +
    "refunds, disputes and pays out as a sale does. Once only: a second capture, or one racing a void, is 409. A retry after a " +
    "502/504 finishes the same capture, never a second one.",
  request: {
    params: PaymentIdParams,
    headers: captureBase.headers,
    body: { ...openapi.jsonBody(CapturePaymentRequestSchema, { amountCents: 2000, applicationFeeCents: 44 }), required: false },
  },
  responses: {
    200: openapi.jsonContent(PaymentResponseSchema, "The payment, captured.", {
      ...paymentExample,
      amountCents: 2000,
      applicationFeeCents: 44,
      processorAuthorizationId: authorizedExample.processorAuthorizationId,
      authorizedUntilUtc: authorizedExample.authorizedUntilUtc,
    }),
    ...captureBase.problems,
  },
});

const voidBase = holdRoute("void");
export const voidPayment = createRoute({
  method: "post",
  path: "/v1/payments/{id}/void",
  middleware: [idempotency({ required: true })] as const,
  ...openapi.tenantRoute("Payments", "payments:write"),
  operationId: "voidPayment",
  summary: "Void an authorization",
  description:
    "Releases a hold (`capture: false`): the payment becomes `canceled` and nothing is charged. Once only: a void racing a capture is 409.",
  request: { params: PaymentIdParams, headers: voidBase.headers },
  responses: {
    200: openapi.jsonContent(PaymentResponseSchema, "The payment, voided.", { ...authorizedExample, status: "canceled" }),
    ...voidBase.problems,
  },
});

/** Where a refund of this payment is asked for: the dashboard's refund form is this same request, key and all. */
export const refundPaymentPath = (paymentId: string) => refundPayment.path.replace("{id}", paymentId);
/** Where a capture of this hold is asked for, as `refundPaymentPath`: the dashboard's capture form is this request. */
export const capturePaymentPath = (paymentId: string) => capturePayment.path.replace("{id}", paymentId);
/** Where a void of this hold is asked for, as `refundPaymentPath`: the dashboard's void form is this request. */
export const voidPaymentPath = (paymentId: string) => voidPayment.path.replace("{id}", paymentId);

export const getPayment = createRoute({
  method: "get",
  path: "/v1/payments/{id}",
  ...openapi.tenantRoute("Payments", "payments:read"),
  operationId: "getPayment",
  summary: "Look up one payment",
  description:
    "The payment as the ledger has it now: status, amounts refunded, fees, the processor's ids and state, and why it failed. " +
    "Another tenant's id answers 404, as a missing one does.",
  request: { params: PaymentIdParams },
  responses: {
    200: openapi.jsonContent(PaymentResponseSchema, "The ledger record.", paymentExample),
    ...openapi.problemResponses({
      400: {
        description: "Malformed id.",
        examples: [openapi.invalidField("id", "must be an lcPaymentId (lcpay_…)")],
      },
      404: { description: "No such payment for this tenant.", examples: [notFound] },
      ...openapi.AUTHENTICATED_PROBLEMS,
    }),
  },
});

export const listPayments = openapi.listRoute(
  {
    path: "/v1/payments",
    operationId: "listPayments",
    ...openapi.tenantRoute("Payments", "payments:read"),
    summary: "List or search payments, newest first",
    description:
      "Filter by creation time (`from` inclusive, `to` exclusive) and `status`. Keyset-paginated: pass `nextCursor` back as `cursor` " +
      "while `hasMore` is true; the cursor is signed for this tenant and these filters (another one is 400 `invalid-cursor`).",
  },
  {
    filters: { ...openapi.createdRange(), status: PaymentStatusSchema.optional() },
    item: PaymentListItemSchema,
    name: "PaymentList",
    items: "payments",
    example: openapi.onePage({
      lcPaymentId: PAYMENT_ID,
      status: "succeeded",
      amountCents: 2500,
      currency: "USD",
      applicationFeeCents: 55,
      amountRefundedCents: 0,
      method: "card",
      orderRef: "order-10042",
      processorTransferId: "TRv3Qm8xZ1LwK2",
      processorInstrumentId: "PIe2YvpcjvoVJ6PzoRPBK137",
      createdAtUtc: "2026-11-01T09:05:00.000Z",
      updatedAtUtc: "2026-11-01T09:05:01.000Z",
    }),
    replica: true,
    queryProblems: [openapi.invalidField("limit", "Too big: expected number to be <=200")],
    problems: openapi.AUTHENTICATED_PROBLEMS,
  },
);
