import { createRoute } from "@hono/zod-openapi";
import { idempotency } from "../idempotency/idempotency.middleware";
import { AUTHENTICATED_PROBLEMS, jsonBody, jsonContent, problemResponses, TENANT_SECURITY, z } from "../platform/openapi";
import { instantMicros } from "../lib/instant";
import { PAYMENT_METHODS, PAYMENT_STATUSES } from "./payments.schema";

/** Largest single charge accepted, in minor units ($1,000,000.00); larger amounts are refused before the processor. */
export const MAX_AMOUNT_CENTS = 100_000_000;
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

const tags = ["Payments"];
const security = TENANT_SECURITY;

// Documented here, read and checked by the idempotency service (header names reach validators lower-cased).
const IdempotencyKeyHeader = z.object({
  "Idempotency-Key": z.string().optional().openapi({
    description:
      "Required on charges, optional on refunds: derive it from your order key. A replay returns the original result. 1–255 printable ASCII characters; kept 24 hours.",
  }),
});

const LcPaymentId = z.string().regex(/^lcpay_[A-Za-z0-9]{10,40}$/, "must be an lcPaymentId (lcpay_…)");
const PaymentIdParams = z.object({
  id: LcPaymentId.openapi({ param: { name: "id", in: "path" }, example: "lcpay_4gH2kLmN8pQrStUvWxYz1a" }),
});

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
    amountCents: z
      .number()
      .int()
      .positive()
      .max(MAX_AMOUNT_CENTS)
      .openapi({ example: 2500, description: `At most ${MAX_AMOUNT_CENTS}.` }),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, "ISO 4217 code in upper case")
      .openapi({ example: "USD", description: "Must be the currency /v1/meta reports." }),
    processorToken: z
      .string()
      .regex(/^TK[A-Za-z0-9]{6,64}$/, "must be a token (TK…)")
      .optional()
      .openapi({ description: "Single-use token from the tokenization library." }),
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

export const CreatePaymentResponseSchema = z
  .object({
    lcPaymentId: z.string(),
    status: PaymentStatusSchema,
    amountCents: z.number().int(),
    applicationFeeCents: z.number().int(),
    processorTransferId: z.string().nullable(),
    processorState: z.string().nullable(),
  })
  .openapi("CreatePaymentResponse");

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
        "What the processor actually charged the merchant for this sale: its fee profile's fees, at least applicationFeeCents. Null until the processor reports it (shortly after the sale settles).",
      example: 130,
    }),
    failureCode: z.string().nullable().openapi({
      description: "The processor's failure code when the payment failed; for an ACH debit returned after it succeeded, the return's code.",
    }),
    failureMessage: z.string().nullable(),
    createdAtUtc: z.string(),
    updatedAtUtc: z.string(),
  })
  .openapi("PaymentResponse");

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
    amountCents: z
      .number()
      .int()
      .positive()
      .max(MAX_AMOUNT_CENTS)
      .optional()
      .openapi({ description: "Omitted: the whole remaining balance." }),
    reason: z.enum(["requested_by_customer", "duplicate", "fraudulent", "other"]).optional().openapi({ example: "requested_by_customer" }),
    refundApplicationFee: z.boolean().optional().openapi({
      description:
        "Also return the proportional part of the application fee to the merchant (as a merchant credit adjustment at the processor).",
    }),
  })
  .strict()
  .openapi("RefundRequest");

/** Any ISO 8601 instant with a zone (`Z` or an offset such as `+02:00`), any precision; compared as an instant in UTC. */
const IsoInstant = z
  .string()
  .max(64)
  .refine((value) => instantMicros(value) !== null, "must be an ISO 8601 date-time with Z or a UTC offset")
  .openapi({ example: "2026-11-01T00:00:00Z" });

export const ListPaymentsQuerySchema = z
  .object({
    from: IsoInstant.optional().openapi({
      description: "Inclusive lower bound on createdAtUtc: an ISO 8601 instant with `Z` or an offset (`2026-11-01T02:00:00+02:00`).",
    }),
    to: IsoInstant.optional().openapi({
      description: "Exclusive upper bound on createdAtUtc (payments created before it): an ISO 8601 instant with `Z` or an offset.",
    }),
    status: PaymentStatusSchema.optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(MAX_PAGE_SIZE)
      .default(DEFAULT_PAGE_SIZE)
      .openapi({ description: `Page size, 1–${MAX_PAGE_SIZE}; default ${DEFAULT_PAGE_SIZE}.` }),
    cursor: z.string().max(1024).optional().openapi({ description: "The nextCursor of the previous page." }),
  })
  .strict();

export const createPayment = createRoute({
  method: "post",
  path: "/v1/payments",
  middleware: [idempotency({ required: true })] as const,
  tags,
  security,
  summary: "Create a charge",
  description:
    "Card charges return their final result; ACH returns `processing` and settles later (a `transfer.updated` callback). " +
    "`Idempotency-Key` is required; a replay returns the original status and body byte for byte with `Idempotent-Replayed: true`.",
  request: { headers: IdempotencyKeyHeader, body: jsonBody(CreatePaymentRequestSchema) },
  responses: {
    201: jsonContent(CreatePaymentResponseSchema, "The payment was created (card: final result; ACH: `processing`)."),
    ...problemResponses({
      400: "Validation failed, or `Idempotency-Key` missing (`idempotency-key-required`).",
      402: "Declined by the processor (`payment-declined`; `code` is the processor's failure code). The payment is recorded `failed`.",
      403: "`merchant-not-ready`: the tenant's chargesEnabled is false.",
      409: "`idempotency-key-reused` (different body) or `idempotency-key-in-flight` (with `Retry-After`: seconds until a crashed request's lease ends).",
      413: "Body too large.",
      415: "Body is not JSON.",
      422: "`processor-rejected`: the processor refused the request (e.g. a used or expired token).",
      502: "`processor-error`: outcome unknown; retry with the same Idempotency-Key.",
      504: "`processor-timeout`: outcome unknown; retry with the same Idempotency-Key.",
      ...AUTHENTICATED_PROBLEMS,
    }),
  },
});

export const refundPayment = createRoute({
  method: "post",
  path: "/v1/payments/{id}/refund",
  middleware: [idempotency({ required: false })] as const,
  tags,
  security,
  summary: "Refund a payment in full or in part",
  description:
    "With `Idempotency-Key`, a retry after any failure (a 502/504, a crash) resumes the same refund and ends in its one " +
    "final answer: 200 with the payment once the reversal exists (at most one reversal at the processor), or 422 " +
    "`processor-rejected` (with `lcRefundId`) when the refund failed. An ACH payment is refundable once `succeeded` (the " +
    "processor submitted the debit); it can still be returned by the buyer's bank afterwards (see `transfer.updated`).",
  request: { params: PaymentIdParams, headers: IdempotencyKeyHeader, body: { ...jsonBody(RefundRequestSchema), required: false } },
  responses: {
    200: jsonContent(PaymentResponseSchema, "The payment after the refund."),
    ...problemResponses({
      400: "Validation failed.",
      404: "No such payment for this tenant.",
      409: "`invalid-payment-state` (not succeeded or partially_refunded), `refund-exceeds-balance`, `idempotency-key-reused`, or `idempotency-key-in-flight` (with `Retry-After`).",
      413: "Body too large.",
      415: "Body is not JSON.",
      422: "`processor-rejected`: the processor refused the refund, or the refund under this Idempotency-Key failed (`code`, `lcRefundId`).",
      502: "`processor-error`: outcome unknown; the amount stays reserved until reconciled.",
      504: "`processor-timeout`: outcome unknown; the amount stays reserved until reconciled.",
      ...AUTHENTICATED_PROBLEMS,
    }),
  },
});

export const getPayment = createRoute({
  method: "get",
  path: "/v1/payments/{id}",
  tags,
  security,
  summary: "Look up one payment",
  request: { params: PaymentIdParams },
  responses: {
    200: jsonContent(PaymentResponseSchema, "The ledger record."),
    ...problemResponses({ 400: "Malformed id.", 404: "No such payment for this tenant.", ...AUTHENTICATED_PROBLEMS }),
  },
});

export const listPayments = createRoute({
  method: "get",
  path: "/v1/payments",
  tags: ["Reconciliation"],
  security,
  summary: "List or search payments, newest first",
  request: { query: ListPaymentsQuerySchema },
  responses: {
    200: jsonContent(
      z
        .object({
          data: z.array(PaymentListItemSchema),
          hasMore: z.boolean(),
          nextCursor: z.string().openapi({
            description: "Pass back as `cursor` while hasMore is true; an empty string on the last page (hasMore false).",
            example: "WyIyMDI2LTExLTAxVDAwOjAwOjAwLjAwMFoiLCJsY3BheV80Z0gya0xtTjhwUXJTdFV2V3hZejFhIl0.3f1c9a0b7e2d4c6a8b5e1f0d2c4a6b8e",
          }),
        })
        .openapi("PaymentList"),
      "One page of payments.",
    ),
    ...problemResponses({ 400: "Invalid query, or `invalid-cursor`.", ...AUTHENTICATED_PROBLEMS }),
  },
});
