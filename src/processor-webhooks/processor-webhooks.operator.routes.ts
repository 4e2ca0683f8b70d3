import { createRoute, z } from "@hono/zod-openapi";

import * as openapi from "../platform/openapi";
import { OPERATOR_PROBLEMS, operatorRoute } from "../platform/operator";
import { RECEIPT_OUTCOMES, RECEIPT_SOURCES } from "./processor-webhooks.schema";

export const registerProcessorWebhook = createRoute({
  method: "post",
  path: "/admin/processor/webhook",
  ...operatorRoute("Operator: processor"),
  operationId: "registerProcessorWebhook",
  summary: "Register this service's webhook with the processor (for the processor's real sandbox or live)",
  description:
    "Creates the processor webhook pointing at `${BASE_URL}/webhooks/processor` (without BASE_URL, at this request's origin) with the " +
    "configured Basic credentials and the events the service consumes. Store the returned `secretSigningKey` as the `PROCESSOR_WEBHOOK_SIGNING_KEY` secret (comma-separate old and new during a rotation).",
  responses: {
    201: openapi.jsonContent(
      z
        .object({ id: z.string(), url: z.string(), enabled: z.boolean(), secretSigningKey: z.string().nullable() })
        .openapi("RegisteredProcessorWebhook"),
      "The processor's webhook.",
      {
        id: "WHq7Rz2Lm9Xc4Vb8Nk1Td3",
        url: "https://payments.example.com/webhooks/processor",
        enabled: true,
        secretSigningKey: "3f1c9a0b7e2d4c6a",
      },
    ),
    ...openapi.problemResponses({
      422: "The processor refused it (e.g. the URL did not answer its test POST).",
      502: "The processor failed.",
      ...OPERATOR_PROBLEMS,
    }),
  },
});

const FieldErrorSchema = z.object({ field: z.string(), message: z.string() }).openapi("ProcessorWebhookReasonItem");

const ReceiptSchema = z
  .object({
    id: z.string().openapi({ description: "The receipt's id, derived from what the delivery says (the processor sends no event id)." }),
    outcome: z.enum(RECEIPT_OUTCOMES),
    source: z
      .enum(RECEIPT_SOURCES)
      .openapi({ description: "`webhook`: a signed delivery; `sweep`: a resource the cron's read of missed changes found." }),
    entity: z.string().openapi({ description: "The processor's entity, as the body says (empty when it says none)." }),
    type: z.string(),
    resourceId: z.string().nullable(),
    resourceState: z.string().nullable(),
    resourceUpdatedAt: z.string().nullable(),
    tenantId: z.string().nullable().openapi({ description: "The tenant it was routed to, when that was known." }),
    receivedAtUtc: z.string(),
    reappliedAtUtc: z.string().nullable().openapi({ description: "When a reapply last took it." }),
    reason: z.array(FieldErrorSchema).nullable().openapi({
      description:
        "Why it was last found unprocessable: the paths and messages of the fields that do not fit the processor's schema, or `(applying)` with the error applying it threw.",
    }),
    rawBody: z
      .string()
      .nullable()
      .openapi({ description: "The body as signed (a sweep's: the resource as read); kept only with an unprocessable receipt." }),
  })
  .openapi("ProcessorWebhookReceipt");

const receiptExample = {
  id: "pwh_6f1c2a9b0e7d4c3a8b5f1e2d9c0a7b6e5f4d3c2b",
  outcome: "unprocessable",
  source: "webhook",
  entity: "transfer",
  type: "updated",
  resourceId: "TRm4Xc8Vb2Nk7Td1Lq9Rz3",
  resourceState: "ON_HOLD",
  resourceUpdatedAt: "2026-11-03T09:58:12.000Z",
  tenantId: null,
  receivedAtUtc: "2026-11-03T10:00:00.000Z",
  reappliedAtUtc: null,
  reason: [
    {
      field: "_embedded.transfers.0.state",
      message: 'Invalid option: expected one of "PENDING"|"SUCCEEDED"|"FAILED"|"CANCELED"|"UNKNOWN"',
    },
  ],
  rawBody:
    '{"type":"updated","entity":"transfer","_embedded":{"transfers":[{"id":"TRm4Xc8Vb2Nk7Td1Lq9Rz3","state":"ON_HOLD","merchant":"MUq7Rz2Lm9Xc4Vb8Nk1Td3","updated_at":"2026-11-03T09:58:12.000Z"}]}}',
};

export const listProcessorWebhooks = openapi.listRoute(
  {
    path: "/admin/processor-webhooks",
    ...operatorRoute("Operator: processor"),
    operationId: "listProcessorWebhooks",
    summary: "Processor webhooks kept on the control database, by outcome (unprocessable by default), newest first",
    description:
      "A signed webhook is never lost for its shape: one whose resource does not fit the processor's schema, that names a tenant " +
      "that cannot take it, or whose applying failed is kept here as `unprocessable` with its raw body and the reason, as is a " +
      "resource the cron's read of missed changes could not take. Fix the cause, then `POST /admin/processor-webhooks/reapply`. " +
      "The control database also keeps those reapplied since (`applied`, `ignored`) and those naming no tenant here; a tenant's " +
      "applied webhooks are on its shard and not listed here.",
  },
  {
    filters: { outcome: z.enum(RECEIPT_OUTCOMES).default("unprocessable") },
    page: { defaultSize: 20, maxSize: 100 },
    item: ReceiptSchema,
    name: "ProcessorWebhookReceiptList",
    items: "receipts",
    example: openapi.onePage(receiptExample),
    problems: OPERATOR_PROBLEMS,
  },
);

const ReappliedSchema = z
  .object({ id: z.string(), outcome: z.enum(RECEIPT_OUTCOMES), reason: z.array(FieldErrorSchema).nullable() })
  .openapi("ReappliedProcessorWebhook");

export const reapplyProcessorWebhooks = createRoute({
  method: "post",
  path: "/admin/processor-webhooks/reapply",
  ...operatorRoute("Operator: processor"),
  operationId: "reapplyProcessorWebhooks",
  summary: "Apply the unprocessable webhooks again, oldest first, each exactly once",
  description:
    "Takes up to `limit` unprocessable receipts past `cursor`, oldest first, and applies each as a fresh delivery would be: its " +
    "stored body read with today's schemas, routed to its tenant's shard and applied there, with its callbacks. Each is taken by " +
    "one guarded state change first, so two reapplies at once apply it once (one taken by a run that died is taken again after " +
    "5 minutes). One that applies becomes `applied`, `ignored` (nothing to change, or already received) or `unhandled`; one that " +
    "still fails stays `unprocessable` with its new reason. `data` is what this call reapplied; while `hasMore`, call again with " +
    "`nextCursor` (`npm run admin -- processor-webhooks reapply` does).",
  request: {
    body: {
      ...openapi.jsonBody(
        z
          .object({
            limit: z.number().int().min(1).max(100).optional().openapi({ description: "Receipts per call, 1–100; default 20." }),
            cursor: z.string().max(1024).optional().openapi({ description: "The nextCursor of the previous call." }),
          })
          .strict(),
        { limit: 20 },
      ),
      required: false,
    },
  },
  responses: {
    200: openapi.jsonContent(openapi.pageOf(ReappliedSchema, "ReappliedProcessorWebhookList"), "What this call reapplied.", {
      data: [{ id: receiptExample.id, outcome: "applied", reason: null }],
      hasMore: false,
      nextCursor: "",
    }),
    ...openapi.problemResponses({
      400: { description: "Invalid body, or `invalid-cursor`.", examples: [openapi.INVALID_CURSOR_EXAMPLE] },
      ...openapi.JSON_BODY_PROBLEMS,
      ...OPERATOR_PROBLEMS,
    }),
  },
});

const FeedSchema = z
  .object({
    resource: z.string().openapi({ description: "The processor's resource the feed reads (`dispute`, `transfer`, `merchant`)." }),
    lagSeconds: z
      .number()
      .int()
      .nullable()
      .openapi({
        description:
          "How far behind the processor's newest change the feed is: every change made before `readThroughUtc` has been read and " +
          "applied (or set aside), so this is how long ago that is. About a minute when caught up (the cron runs each minute); " +
          "null before its first read. `/health/ready` warns past 15 minutes.",
      }),
    readThroughUtc: z.string().nullable(),
    reading: z.boolean().openapi({ description: "A read is under way: it goes on from its cursor in the next cron run." }),
    readStartedAtUtc: z.string().nullable().openapi({ description: "When the read under way (or the last one) began." }),
    advancedAtUtc: z.string().nullable().openapi({ description: "When the feed last saved a page." }),
    deferredChanges: z
      .number()
      .int()
      .openapi({
        description:
          "Changes the feed set aside and went on past (a tenant paused by a move): kept with source `sweep` among the " +
          "unprocessable webhooks and applied by the cron once the tenant has landed.",
      }),
  })
  .openapi("ProcessorFeed");

export const listProcessorFeeds = createRoute({
  method: "get",
  path: "/admin/processor-feeds",
  ...operatorRoute("Operator: processor"),
  operationId: "listProcessorFeeds",
  summary: "The processor's change feeds that recover lost webhooks: each one's lag and what it set aside",
  description:
    "Every minute the cron reads the changes the processor lists since each feed's watermark and applies them as their " +
    "webhooks would be, so a webhook that was lost is recovered. A feed that is behind reads more pages each run, within the " +
    "run's budget of time and subrequests and the processor's rate budget, and goes on from its cursor in the next run. " +
    "A change of a tenant paused by a move is set aside and applied once the tenant has landed. See " +
    "docs/operations.md (Processor change feeds).",
  responses: {
    200: openapi.jsonContent(
      z.object({ data: z.array(FeedSchema) }).openapi("ProcessorFeedList"),
      "Each feed, in the order the cron reads them.",
      {
        data: [
          {
            resource: "dispute",
            lagSeconds: 62,
            readThroughUtc: "2026-11-03T09:59:00.000Z",
            reading: false,
            readStartedAtUtc: "2026-11-03T09:59:00.000Z",
            advancedAtUtc: "2026-11-03T09:59:00.412Z",
            deferredChanges: 0,
          },
          {
            resource: "transfer",
            lagSeconds: 184,
            readThroughUtc: "2026-11-03T09:57:00.000Z",
            reading: true,
            readStartedAtUtc: "2026-11-03T09:58:00.000Z",
            advancedAtUtc: "2026-11-03T09:59:38.204Z",
            deferredChanges: 3,
          },
          {
            resource: "merchant",
            lagSeconds: 62,
            readThroughUtc: "2026-11-03T09:59:00.000Z",
            reading: false,
            readStartedAtUtc: "2026-11-03T09:59:00.000Z",
            advancedAtUtc: "2026-11-03T09:59:00.690Z",
            deferredChanges: 0,
          },
        ],
      },
    ),
    ...openapi.problemResponses({ ...OPERATOR_PROBLEMS }),
  },
});
