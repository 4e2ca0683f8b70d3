import { createRoute, z } from "@hono/zod-openapi";

import * as openapi from "../platform/openapi";
import { OPERATOR_PROBLEMS, operatorRoute, TenantParams } from "../platform/operator";
import { PAYMENT_ID, paymentExample, PaymentIdParams, PaymentResponseSchema } from "./payments.routes";
import { FEE_CREDIT_STATUSES } from "./payments.schema";

const QueueSchema = z
  .object({
    count: z.number().int().openapi({ description: "Rows in this queue." }),
    due: z.number().int().openapi({ description: "Rows whose next check time has passed: the next runs take them, oldest due first." }),
    oldestCreatedAtUtc: z.string().nullable(),
    nextCheckAtUtc: z.string().nullable().openapi({ description: "The earliest next check time in the queue." }),
  })
  .openapi("ReconciliationQueue");

export const ReconciliationBacklogSchema = z
  .object({
    asOfUtc: z.string(),
    checksPerRun: z.number().int().openapi({ description: "Rows each queue looks at per run (the cron runs every minute)." }),
    processingPayments: QueueSchema.openapi({ description: "Payments still `processing` (unknown outcomes, ACH debits not yet settled)." }),
    processorFeeLookups: QueueSchema.openapi({ description: "Settled payments whose processor fee is not read yet." }),
    pendingRefunds: QueueSchema.openapi({
      description: "Refunds whose reversal's outcome is not known yet (their amount stays reserved).",
    }),
    pendingFeeCredits: QueueSchema.openapi({ description: "Application-fee credits owed to merchants, still being sent." }),
    failedFeeCredits: z
      .object({ count: z.number().int(), oldestUpdatedAtUtc: z.string().nullable() })
      .openapi({ description: "Fee credits given up: retry them with POST /admin/payments/fee-credits/{refundId}/retry." }),
  })
  .openapi("ReconciliationBacklog");

const FeeCreditSchema = z
  .object({
    lcRefundId: z.string().openapi({ example: "lcref_2mN8pQrStUvWxYz1a4gH2k" }),
    lcPaymentId: z.string().openapi({ example: "lcpay_4gH2kLmN8pQrStUvWxYz1a" }),
    tenantId: z.string(),
    status: z.enum(FEE_CREDIT_STATUSES),
    amountCents: z.number().int().openapi({ description: "The fee credited back (or owed) to the merchant.", example: 65 }),
    attempts: z.number().int(),
    nextAttemptAtUtc: z.string().nullable(),
    failureCode: z.string().nullable().openapi({ description: "Why it was given up: the processor's code, or the last failure." }),
    processorTransferId: z.string().nullable().openapi({ description: "The merchant credit adjustment at the processor, once credited." }),
    updatedAtUtc: z.string(),
  })
  .openapi("FeeCredit");

const feeCreditExample = {
  lcRefundId: "lcref_2mN8pQrStUvWxYz1a4gH2k",
  lcPaymentId: "lcpay_4gH2kLmN8pQrStUvWxYz1a",
  tenantId: "ten_3kTq9Wc2Zb7pLx0aYf4Rn",
  status: "failed",
  amountCents: 65,
  attempts: 8,
  nextAttemptAtUtc: null,
  failureCode: "INSUFFICIENT_FUNDS",
  processorTransferId: null,
  updatedAtUtc: "2026-11-03T11:40:00.000Z",
};

const RefundParams = z.object({
  refundId: z
    .string()
    .regex(/^lcref_[A-Za-z0-9]{10,40}$/)
    .openapi({ param: { name: "refundId", in: "path" }, example: "lcref_2mN8pQrStUvWxYz1a4gH2k" }),
});

export const reconciliationBacklog = createRoute({
  method: "get",
  path: "/admin/payments/reconciliation",
  ...operatorRoute("Operator: payments"),
  operationId: "getReconciliationBacklog",
  summary: "What the reconciliation sweep still has to look at: counts, due rows, oldest, next check",
  description:
    "Each row carries its next check time; a run takes up to `checksPerRun` due rows per queue, oldest due first, and a row the " +
    "processor has not settled waits twice as long after each look (1 minute doubling to at most 1 hour). Summed over every " +
    "shard; a tenant in the middle of a move is counted once, on the shard that holds its live data.",
  responses: {
    200: openapi.jsonContent(ReconciliationBacklogSchema, "The backlog.", {
      asOfUtc: "2026-11-03T10:00:00.000Z",
      checksPerRun: 50,
      processingPayments: { count: 2, due: 1, oldestCreatedAtUtc: "2026-11-03T09:12:00.000Z", nextCheckAtUtc: "2026-11-03T09:59:00.000Z" },
      processorFeeLookups: { count: 0, due: 0, oldestCreatedAtUtc: null, nextCheckAtUtc: null },
      pendingRefunds: { count: 0, due: 0, oldestCreatedAtUtc: null, nextCheckAtUtc: null },
      pendingFeeCredits: { count: 1, due: 0, oldestCreatedAtUtc: "2026-11-03T09:40:00.000Z", nextCheckAtUtc: "2026-11-03T10:08:00.000Z" },
      failedFeeCredits: { count: 0, oldestUpdatedAtUtc: null },
    }),
    ...openapi.problemResponses({ ...OPERATOR_PROBLEMS }),
  },
});

export const listFeeCredits = createRoute({
  method: "get",
  path: "/admin/payments/fee-credits",
  ...operatorRoute("Operator: payments"),
  operationId: "listFeeCredits",
  summary: "Application-fee credits by state (given-up ones by default), most recently changed first",
  description:
    "A refund with `refundApplicationFee` owes the merchant part of the fee, sent to the processor as a merchant credit adjustment " +
    "(8 attempts over about two hours). `failed` ones were given up: retry them one by one. Read from every shard; a tenant in " +
    "the middle of a move is listed once, from the shard that holds its live data.",
  request: {
    query: z
      .object({
        status: z.enum(["pending", "succeeded", "failed"]).default("failed"),
        limit: z.coerce.number().int().min(1).max(200).default(50),
      })
      .strict(),
  },
  responses: {
    200: openapi.jsonContent(z.object({ data: z.array(FeeCreditSchema) }).openapi("FeeCreditList"), "Fee credits.", {
      data: [feeCreditExample],
    }),
    ...openapi.problemResponses({ 400: "Invalid query.", ...OPERATOR_PROBLEMS }),
  },
});

export const retryFeeCredit = createRoute({
  method: "post",
  path: "/admin/payments/fee-credits/{refundId}/retry",
  ...operatorRoute("Operator: payments"),
  operationId: "retryFeeCredit",
  summary: "Send a given-up fee credit again",
  description:
    "Makes one new attempt at once, with the same idempotency_id at the processor (never a second credit), and fresh attempts after it.",
  request: { params: RefundParams },
  responses: {
    200: openapi.jsonContent(FeeCreditSchema, "The fee credit after one new attempt; a pending or succeeded one is left as it is.", {
      ...feeCreditExample,
      status: "succeeded",
      attempts: 9,
      failureCode: null,
      processorTransferId: "TRf4Hk8Lm2Nq6Rs1",
    }),
    ...openapi.problemResponses({
      400: "Malformed id.",
      404: {
        description: "No fee credit for this refund.",
        examples: [{ slug: "not-found", detail: "No fee credit for refund lcref_2mN8pQrStUvWxYz1a4gH2k." }],
      },
      409: {
        description: "A later refund that completed the payment already returned the whole fee, this share included.",
        examples: [
          {
            slug: "conflict",
            detail:
              "A later refund of payment lcpay_7dK2mN8pQrStUvWxYz1a4g already returned the fee in full: this share is no longer owed.",
          },
        ],
      },
      503: {
        description:
          "The refund's tenant is moving to another database and its writes are paused (seconds to a minute); nothing was done. Retry after `Retry-After` seconds: the retry runs on the tenant's new shard.",
        examples: [
          { slug: "tenant-moving", detail: "Tenant ten_3kTq9Wc2Zb7pLx0aYf4Rn is moving to another database; retry after a few seconds." },
        ],
      },
      ...OPERATOR_PROBLEMS,
    }),
  },
});

const ProcessorCallSchema = z
  .object({
    operation: z.string().openapi({
      description:
        "The processor client's operation: `createIdentity`, `createPaymentInstrument`, `createTransfer` (the sale), `listTransferFees` (the fee read), `createReversal` (a refund), `createMerchantCreditAdjustment` (a fee credit), `createCardPresentTransfer` (a reader sale), `findTransferByIdempotencyId` (a lookup after an unknown outcome)…",
      example: "createTransfer",
    }),
    atUtc: z.string().openapi({ description: "When the processor answered, to the second.", example: "2026-11-01T09:05:01.000Z" }),
    processorRequestId: z.string().openapi({
      description: "The processor's `x-request-id` for the call: what its support and its dashboard's API logs find the call by.",
      example: "6f1c3f0e-8a7b-4e34-9d55-2b8c0f3a9e71",
    }),
  })
  .openapi("PaymentProcessorCall");

export const getOperatorPayment = createRoute({
  method: "get",
  path: "/admin/tenants/{tenantId}/payments/{id}",
  ...operatorRoute("Operator: payments"),
  operationId: "getOperatorPayment",
  summary: "A tenant's payment with the processor request ids of its calls",
  description:
    "The payment as the tenant sees it, and every processor call recorded for it in the order made — the charge's (buyer identity, " +
    "instrument, transfer), the sweep's fee read, each refund's reversal and fee credit, a reader sale's — each with the processor's " +
    "`x-request-id`, so support at the processor is one lookup. The same calls' log lines carry that id beside the request's `traceId`.",
  request: { params: TenantParams.extend(PaymentIdParams.shape) },
  responses: {
    200: openapi.jsonContent(
      PaymentResponseSchema.extend({ tenantId: z.string(), processorCalls: z.array(ProcessorCallSchema) }).openapi("OperatorPayment"),
      "The payment and its processor calls.",
      {
        ...paymentExample,
        tenantId: "ten_3kTq9Wc2Zb7pLx0aYf4Rn",
        processorCalls: [
          { operation: "createIdentity", atUtc: "2026-11-01T09:05:00.000Z", processorRequestId: "0b6f2d1e-54c3-4a1f-9d1b-7c2e8f3a6b10" },
          {
            operation: "createPaymentInstrument",
            atUtc: "2026-11-01T09:05:00.000Z",
            processorRequestId: "5a9e7c2b-1d3f-4b6a-8e0c-2f4d6b8a1c3e",
          },
          { operation: "createTransfer", atUtc: "2026-11-01T09:05:01.000Z", processorRequestId: "6f1c3f0e-8a7b-4e34-9d55-2b8c0f3a9e71" },
        ],
      },
    ),
    ...openapi.problemResponses({
      400: "Malformed tenant or payment id.",
      404: {
        description: "No such tenant, or no such payment of the tenant.",
        examples: [{ slug: "not-found", detail: `No payment ${PAYMENT_ID}.` }],
      },
      ...OPERATOR_PROBLEMS,
    }),
  },
});
