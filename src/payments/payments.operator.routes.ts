import { createRoute } from "@hono/zod-openapi";
import { jsonContent, problemResponses, z } from "../platform/openapi";
import { OPERATOR_PROBLEMS, OPERATOR_ROUTE } from "../platform/operator";
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

const RefundParams = z.object({
  refundId: z
    .string()
    .regex(/^lcref_[A-Za-z0-9]{10,40}$/)
    .openapi({ param: { name: "refundId", in: "path" }, example: "lcref_2mN8pQrStUvWxYz1a4gH2k" }),
});

export const reconciliationBacklog = createRoute({
  method: "get",
  path: "/admin/payments/reconciliation",
  ...OPERATOR_ROUTE,
  summary: "What the reconciliation sweep still has to look at: counts, due rows, oldest, next check",
  description:
    "Each row carries its next check time; a run takes up to `checksPerRun` due rows per queue, oldest due first, and a row the " +
    "processor has not settled waits twice as long after each look (1 minute doubling to at most 1 hour).",
  responses: {
    200: jsonContent(ReconciliationBacklogSchema, "The backlog."),
    ...problemResponses({ ...OPERATOR_PROBLEMS }),
  },
});

export const listFeeCredits = createRoute({
  method: "get",
  path: "/admin/payments/fee-credits",
  ...OPERATOR_ROUTE,
  summary: "Application-fee credits by state (given-up ones by default), most recently changed first",
  request: {
    query: z
      .object({
        status: z.enum(["pending", "succeeded", "failed"]).default("failed"),
        limit: z.coerce.number().int().min(1).max(200).default(50),
      })
      .strict(),
  },
  responses: {
    200: jsonContent(z.object({ data: z.array(FeeCreditSchema) }).openapi("FeeCreditList"), "Fee credits."),
    ...problemResponses({ 400: "Invalid query.", ...OPERATOR_PROBLEMS }),
  },
});

export const retryFeeCredit = createRoute({
  method: "post",
  path: "/admin/payments/fee-credits/{refundId}/retry",
  ...OPERATOR_ROUTE,
  summary: "Send a given-up fee credit again (same idempotency_id at the processor, fresh attempts)",
  request: { params: RefundParams },
  responses: {
    200: jsonContent(FeeCreditSchema, "The fee credit after one new attempt; a pending or succeeded one is left as it is."),
    ...problemResponses({ 400: "Malformed id.", 404: "No fee credit for this refund.", ...OPERATOR_PROBLEMS }),
  },
});
