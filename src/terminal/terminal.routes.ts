import { createRoute, z } from "@hono/zod-openapi";

import { idempotency, IDEMPOTENCY_KEY_PROBLEMS } from "../idempotency/idempotency.middleware";
import { AmountCents, MAX_AMOUNT_CENTS, PaymentResponseSchema } from "../payments";
import * as openapi from "../platform/openapi";
import { PAX_MODELS, READER_STATUSES } from "./terminal.schema";

const READER_ID = "lcrdr_7Hk2LmQ9pRsT4vWx8YzA1b";
const PAYMENT_ID = "lcpay_4gH2kLmN8pQrStUvWxYz1a";
const DEVICE_ID = "DVsEanpBtsAVvCHbNXkFaH6f";

const LcReaderId = openapi.resourceId("lcrdr", "lcReaderId");
const ReaderIdParams = openapi.idPathParams(LcReaderId, READER_ID);

const readerExample = {
  lcReaderId: READER_ID,
  label: "Front counter",
  model: "PAX_A920PRO",
  serialNumber: "1850123456",
  status: "active",
  processorDeviceId: DEVICE_ID,
  action: null,
  createdAtUtc: "2026-11-01T09:00:00.000Z",
  updatedAtUtc: "2026-11-01T09:01:00.000Z",
};

export const ReaderSchema = z
  .object({
    lcReaderId: z.string().openapi({ description: "The service's id of the reader (`lcrdr_…`)." }),
    label: z.string(),
    model: z.enum(PAX_MODELS),
    serialNumber: z.string().openapi({ description: "As printed on the reader, upper-cased." }),
    status: z.enum(READER_STATUSES).openapi({
      description: "`registered` (not yet activated), `active` (takes sales), `deactivated` (takes none until activated again).",
    }),
    processorDeviceId: z.string().openapi({ description: "The processor's device id (`DV…`); the sandbox's reader controls take it." }),
    connection: z.enum(["Open", "Closed"]).optional().openapi({
      description:
        "Only with `?connection=true`: whether the reader is online now, read from the processor at request time (it sends no device events).",
    }),
    action: z
      .object({
        type: z.literal("sale"),
        status: z.literal("in_progress"),
        lcPaymentId: z.string(),
      })
      .nullable()
      .openapi({ description: "The in-person sale the reader is taking now (its payment is `processing`), or null when idle." }),
    createdAtUtc: z.string(),
    updatedAtUtc: z.string(),
  })
  .openapi("TerminalReader", { example: readerExample });

export const RegisterReaderRequestSchema = z
  .object({
    serialNumber: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{4,40}$/, "4–40 letters, digits or dashes, as printed on the reader")
      .openapi({ example: "1850123456", description: "As printed on the reader; compared without regard to case." }),
    model: z.enum(PAX_MODELS).openapi({ example: "PAX_A920PRO" }),
    label: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .openapi({ example: "Front counter", description: "Your name for the reader; defaults to its serial number." }),
  })
  .strict()
  .openapi("RegisterReaderRequest");

export const TerminalSaleRequestSchema = z
  .object({
    readerId: LcReaderId.openapi({ example: READER_ID, description: "An `active` reader of this tenant." }),
    amountCents: AmountCents.openapi({ example: 1250, description: `At most ${MAX_AMOUNT_CENTS}.` }),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, "ISO 4217 code in upper case")
      .openapi({ example: "USD", description: "Must be the currency /v1/meta reports." }),
    orderRef: z.string().trim().min(1).max(200).openapi({ example: "order-20001" }),
    capture: z
      .boolean()
      .optional()
      .openapi({
        description:
          "Default true: the card is charged when the buyer taps. False: the reader only authorizes it (a hold, `status: authorized`), " +
          "captured later with `POST /v1/payments/{id}/capture` — a tip added then must fit inside `amountCents`, which is all the " +
          "processor lets a capture take — or released with `POST /v1/payments/{id}/void`.",
        example: false,
      }),
  })
  .strict()
  .openapi("TerminalSaleRequest");

const saleExample = {
  lcPaymentId: PAYMENT_ID,
  status: "processing",
  amountCents: 1250,
  amountRefundedCents: 0,
  applicationFeeCents: 43,
  currency: "USD",
  method: "card_present",
  orderRef: "order-20001",
  processorTransferId: null,
  processorState: null,
  processorInstrumentId: null,
  applicationFeeRefundedCents: 0,
  applicationFeeRefundPending: false,
  processorFeeCents: null,
  processorFeeExactCents: null,
  failureCode: null,
  failureMessage: null,
  createdAtUtc: "2026-11-01T09:05:00.000Z",
  updatedAtUtc: "2026-11-01T09:05:00.000Z",
  lcReaderId: READER_ID,
};

export const TerminalSaleSchema = PaymentResponseSchema.extend({
  lcReaderId: z.string().openapi({ description: "The reader taking the sale." }),
}).openapi("TerminalSale", { example: saleExample });

const notFound = (what: string): openapi.ProblemExample => ({ slug: "not-found", detail: `No ${what} ${READER_ID}.` });
const busy: openapi.ProblemExample = {
  slug: "reader-busy",
  detail: `Reader ${READER_ID} is taking sale ${PAYMENT_ID}; wait for its outcome or cancel it.`,
  extensions: { lcPaymentId: PAYMENT_ID },
};
const processorProblems = {
  502: {
    description: "`processor-error`: the processor failed; nothing is recorded as changed. Retry.",
    examples: [
      {
        slug: "processor-error",
        detail: "The processor failed PUT /devices/{device_id} (HTTP 500).",
        extensions: { outcomeUnknown: true },
      },
    ],
  },
  504: {
    description: "`processor-timeout`: the processor did not answer in time. Retry.",
    examples: [
      {
        slug: "processor-timeout",
        detail: "The processor did not answer PUT /devices/{device_id} within 30000 ms; its outcome is unknown.",
        extensions: { outcomeUnknown: true },
      },
    ],
  },
} satisfies Parameters<typeof openapi.problemResponses>[0];

export const registerReader = createRoute({
  method: "post",
  path: "/v1/terminal/readers",
  ...openapi.tenantRoute("Terminal", "terminal:write"),
  operationId: "registerReader",
  summary: "Register a PAX reader to the merchant",
  description:
    "Creates the device at the processor under the tenant's merchant, `registered` until activated. A serial number belongs to one " +
    "registration only: registering it again — by anyone — is 409 `reader-already-registered` (for your own reader the problem " +
    "names its `lcReaderId`). A registration whose answer was lost (502/504) is completed by sending the same request again.",
  request: {
    body: openapi.jsonBody(RegisterReaderRequestSchema, { serialNumber: "1850123456", model: "PAX_A920PRO", label: "Front counter" }),
  },
  responses: {
    201: openapi.jsonContent(ReaderSchema, "The reader, `registered`.", { ...readerExample, status: "registered" }),
    ...openapi.problemResponses({
      400: {
        description: "Validation failed.",
        examples: [openapi.invalidField("model", "Invalid option: expected one of PAX_A30|…|PAX_IM30")],
      },
      403: {
        description: "`merchant-not-ready`: the tenant cannot take charges yet, so it cannot register readers either.",
        examples: [{ slug: "merchant-not-ready", detail: "Charges are not enabled for this merchant yet; see GET /v1/onboarding/status." }],
      },
      409: {
        description: "`reader-already-registered`: the serial number is registered already.",
        examples: [
          {
            slug: "reader-already-registered",
            detail: "A reader with serial number 1850123456 is already registered.",
            extensions: { lcReaderId: READER_ID },
          },
        ],
      },
      ...openapi.JSON_BODY_PROBLEMS,
      422: {
        description: "`processor-rejected`: the processor refused the device.",
        examples: [{ slug: "processor-rejected", detail: "model is invalid.", extensions: { code: "INVALID_FIELD" } }],
      },
      ...processorProblems,
      ...openapi.AUTHENTICATED_PROBLEMS,
    }),
  },
});

export const listReaders = openapi.listRoute(
  {
    path: "/v1/terminal/readers",
    ...openapi.tenantRoute("Terminal", "terminal:read"),
    operationId: "listReaders",
    summary: "List the merchant's readers, newest first",
    description:
      "Keyset-paginated: pass `nextCursor` back as `cursor` while `hasMore` is true. The cursor is signed for this tenant and these " +
      "filters; another tenant's, a tampered one, or one from other filters is 400 `invalid-cursor`. Connection states are not " +
      "listed: ask one reader with `?connection=true`.",
  },
  {
    filters: { status: z.enum(READER_STATUSES).optional() },
    item: ReaderSchema,
    name: "TerminalReaderList",
    items: "readers",
    example: openapi.onePage(readerExample),
    replica: true,
    problems: openapi.AUTHENTICATED_PROBLEMS,
  },
);

export const getReader = createRoute({
  method: "get",
  path: "/v1/terminal/readers/{id}",
  ...openapi.tenantRoute("Terminal", "terminal:read"),
  operationId: "getReader",
  summary: "One reader; `?connection=true` adds its live connection state",
  description:
    "With `connection=true` the service asks the processor whether the reader is online (`Open`) or not (`Closed`) — the processor " +
    "sends no device events, so this is read at request time; a deactivated reader reads `Closed`.",
  request: {
    params: ReaderIdParams,
    query: z
      .object({ connection: z.enum(["true", "false"]).optional().openapi({ description: "`true` adds `connection` (Open or Closed)." }) })
      .strict(),
  },
  responses: {
    200: openapi.jsonContent(ReaderSchema, "The reader.", { ...readerExample, connection: "Open" }),
    ...openapi.problemResponses({
      400: "Malformed id or query.",
      404: { description: "No such reader for this tenant.", examples: [notFound("reader")] },
      ...processorProblems,
      ...openapi.AUTHENTICATED_PROBLEMS,
    }),
  },
});

export const activateReader = createRoute({
  method: "post",
  path: "/v1/terminal/readers/{id}/activate",
  ...openapi.tenantRoute("Terminal", "terminal:write"),
  operationId: "activateReader",
  summary: "Activate a reader",
  description: "Activates the device at the processor (PAX readers need no activation code); the reader is then `active` and takes sales.",
  request: { params: ReaderIdParams },
  responses: {
    200: openapi.jsonContent(ReaderSchema, "The reader, `active`.", readerExample),
    ...openapi.problemResponses({
      400: "Malformed id.",
      404: { description: "No such reader for this tenant.", examples: [notFound("reader")] },
      422: "`processor-rejected`: the processor refused the action.",
      ...processorProblems,
      ...openapi.AUTHENTICATED_PROBLEMS,
    }),
  },
});

export const deactivateReader = createRoute({
  method: "post",
  path: "/v1/terminal/readers/{id}/deactivate",
  ...openapi.tenantRoute("Terminal", "terminal:write"),
  operationId: "deactivateReader",
  summary: "Deactivate a reader",
  description: "The reader takes no sales until activated again. Refused with 409 `reader-busy` while it is taking a sale.",
  request: { params: ReaderIdParams },
  responses: {
    200: openapi.jsonContent(ReaderSchema, "The reader, `deactivated`.", { ...readerExample, status: "deactivated" }),
    ...openapi.problemResponses({
      400: "Malformed id.",
      404: { description: "No such reader for this tenant.", examples: [notFound("reader")] },
      409: { description: "`reader-busy`: a sale is in progress on the reader.", examples: [busy] },
      422: "`processor-rejected`: the processor refused the action.",
      ...processorProblems,
      ...openapi.AUTHENTICATED_PROBLEMS,
    }),
  },
});

export const cancelReaderSale = createRoute({
  method: "post",
  path: "/v1/terminal/readers/{id}/cancel",
  ...openapi.tenantRoute("Terminal", "terminal:write"),
  operationId: "cancelReaderSale",
  summary: "Cancel the sale in progress on a reader",
  description:
    "Asks the reader to stop waiting for the card and answers the sale's payment as the processor reports it afterwards: `canceled` " +
    "(`failureCode` CANCELLATION_VIA_API) — or `succeeded` when the buyer tapped before the cancel arrived: the sale then stands, " +
    "and is refunded like any other. `processing` means the outcome is not known yet; it follows as a `transfer.updated` callback.",
  request: { params: ReaderIdParams },
  responses: {
    200: openapi.jsonContent(TerminalSaleSchema, "The sale's payment after the cancel.", {
      ...saleExample,
      status: "canceled",
      processorTransferId: "TRv3Qm8xZ1LwK2",
      processorState: "CANCELED",
      failureCode: "CANCELLATION_VIA_API",
      failureMessage: "The transaction was canceled through the API.",
    }),
    ...openapi.problemResponses({
      400: "Malformed id.",
      404: { description: "No such reader for this tenant.", examples: [notFound("reader")] },
      409: {
        description: "`no-sale-in-progress`: the reader is idle (a sale that just ended reports its outcome on its payment).",
        examples: [{ slug: "no-sale-in-progress", detail: `Reader ${READER_ID} has no sale in progress.` }],
      },
      ...openapi.AUTHENTICATED_PROBLEMS,
    }),
  },
});

export const startTerminalSale = createRoute({
  method: "post",
  path: "/v1/payments/terminal",
  middleware: [idempotency({ required: true })] as const,
  ...openapi.tenantRoute("Terminal", "terminal:write"),
  operationId: "createTerminalSale",
  summary: "Start an in-person sale on a reader",
  description:
    "Records the payment (`card_present`, `processing`) and answers **202** at once; the reader then waits for the buyer's card. " +
    "The outcome — `succeeded`, `failed` (a decline, with the processor's `failureCode`) or `canceled` — lands on the payment " +
    "(`GET /v1/payments/{id}`) and arrives as a signed `transfer.updated` callback. One sale at a time per reader: another sale " +
    "while one is unresolved is 409 `reader-busy`. `Idempotency-Key` is required; a replay answers the original 202 and never " +
    "starts a second sale. With `capture: false` the reader authorizes the card instead: the outcome is `authorized` (a hold, " +
    "captured later with the tip inside the authorized amount, or voided), `failed` or `canceled`.",
  request: {
    headers: openapi.idempotencyKeyHeader({
      required: true,
      description: "Required: derive it from your order key. A replay returns the original answer; one key never starts a second sale.",
      example: "order-20001",
    }),
    body: openapi.jsonBody(TerminalSaleRequestSchema, { readerId: READER_ID, amountCents: 1250, currency: "USD", orderRef: "order-20001" }),
  },
  responses: {
    202: openapi.jsonContent(TerminalSaleSchema, "The sale started; its payment is `processing` until the outcome is known.", saleExample),
    ...openapi.problemResponses({
      400: {
        description: "Validation failed (an unknown reader is a field error on `readerId`), or `Idempotency-Key` missing.",
        examples: [
          {
            slug: "validation-failed",
            detail: `No reader ${READER_ID} for this tenant.`,
            extensions: { errors: [{ field: "readerId", message: "unknown reader" }] },
          },
          IDEMPOTENCY_KEY_PROBLEMS.required,
        ],
      },
      403: {
        description: "`merchant-not-ready`: the tenant's chargesEnabled is false.",
        examples: [{ slug: "merchant-not-ready", detail: "Charges are not enabled for this merchant yet; see GET /v1/onboarding/status." }],
      },
      409: {
        description:
          "`reader-busy` (another sale is unresolved on the reader), `reader-not-active`, `idempotency-key-reused` or `idempotency-key-in-flight`. " +
          "`reader-busy` and `reader-not-active` are not stored under the key: retry it once the reader is free.",
        examples: [
          busy,
          { slug: "reader-not-active", detail: `Reader ${READER_ID} is deactivated; activate it first.` },
          IDEMPOTENCY_KEY_PROBLEMS.reused,
          IDEMPOTENCY_KEY_PROBLEMS.inFlight,
        ],
      },
      ...openapi.JSON_BODY_PROBLEMS,
      ...openapi.AUTHENTICATED_PROBLEMS,
    }),
  },
});

export const terminalSalePath = startTerminalSale.path;
