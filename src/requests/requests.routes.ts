import { createRoute, z } from "@hono/zod-openapi";

import * as openapi from "../platform/openapi";
import { REQUEST_LOG_RETENTION_DAYS } from "./request-log.durable-object";
import { STATUS_FILTER } from "./request-log.service";

const REQUEST_ID = "req_V1StGXR8Z5jdHi6BmyT7a";
const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";

const STATUS_MESSAGE = "must be a status class such as 4xx, or a status code such as 404";
const TRACE_ID_MESSAGE = "must be a traceId: 32 lowercase hexadecimal digits";

const RequestLogEntrySchema = z
  .object({
    id: z.string().openapi({ example: REQUEST_ID }),
    receivedAtUtc: z.string().openapi({ example: "2026-11-26T14:05:09.312Z", description: "When the request arrived." }),
    method: z.string().openapi({ example: "POST" }),
    path: z.string().openapi({ example: "/v1/payments", description: "The path as sent, ids included." }),
    query: z.string().openapi({
      example: "",
      description:
        'The query string as sent, without its `?` ("" when there was none); the value of a parameter named like a secret ' +
        "(`token`, `key`, `secret`, `password`…) and anything shaped like a key or secret is `[REDACTED]`.",
    }),
    status: z.number().int().openapi({ example: 402 }),
    durationMs: z.number().int().openapi({ example: 412, description: "From the request's arrival to its response." }),
    traceId: z
      .string()
      .openapi({ example: TRACE_ID, description: "The `traceId` of its answer (`X-Trace-Id`, and every problem's body)." }),
    idempotencyKey: z.string().nullable().openapi({ example: "order-1001-charge", description: "Its `Idempotency-Key` header, if any." }),
    apiKeyId: z.string().openapi({ example: "key_8fJw2QpLm4Zt0Xc1Vb9Kd", description: "The id of the API key it was made with." }),
  })
  .openapi("RequestLogEntry");

const requestExample = {
  id: REQUEST_ID,
  receivedAtUtc: "2026-11-26T14:05:09.312Z",
  method: "POST",
  path: "/v1/payments",
  query: "",
  status: 402,
  durationMs: 412,
  traceId: TRACE_ID,
  idempotencyKey: "order-1001-charge",
  apiKeyId: "key_8fJw2QpLm4Zt0Xc1Vb9Kd",
};

// No examples on the filters: "Try it out" would send them, and a made-up filter hides every request.
const requestFilters = {
  status: z.string().regex(STATUS_FILTER, STATUS_MESSAGE).optional().openapi({
    description: "Only requests answered with this status code (`404`) or class (`2xx`, `4xx`, `5xx`).",
  }),
  path: z.string().startsWith("/", "must start with /").max(512).optional().openapi({
    description: "Only requests whose path starts with this (`/v1/payments` also finds `/v1/payments/lcpay_…/refund`).",
  }),
  apiKeyId: z
    .string()
    .regex(/^key_[A-Za-z0-9]{10,40}$/, "must be an API key id (key_…)")
    .optional()
    .openapi({ description: "Only requests made with this API key." }),
  traceId: z
    .string()
    .regex(/^[0-9a-f]{32}$/, TRACE_ID_MESSAGE)
    .optional()
    .openapi({
      description: "Only the request(s) with this `traceId`, as a problem's body or `X-Trace-Id` carries it.",
    }),
};

const DESCRIPTION =
  `Every \`/v1\` request made with the tenant's keys in the last ${REQUEST_LOG_RETENTION_DAYS} days, newest first: when it ` +
  "arrived, method, path and query, status, duration, `traceId`, `Idempotency-Key` and the key's id. Bodies and headers " +
  "are never stored. A request is written once its answer has been sent, so it is listed a moment after it; requests " +
  "refused before the key was accepted (`401`, `429` rate-limited, `503` while the tenant's data moves) are not listed, " +
  "having no tenant. Filters combine; keyset-paginated: pass `nextCursor` back as `cursor` while `hasMore` is true (the " +
  "cursor is signed for this tenant and these filters; another one is 400 `invalid-cursor`).";

export const listRequests = openapi.listRoute(
  {
    path: "/v1/requests",
    operationId: "listRequests",
    ...openapi.tenantRoute("Requests", "requests:read"),
    summary: `List the API requests of the last ${REQUEST_LOG_RETENTION_DAYS} days, newest first; find one by its traceId`,
    description: DESCRIPTION,
  },
  {
    filters: requestFilters,
    item: RequestLogEntrySchema,
    name: "RequestLogList",
    items: "requests",
    example: openapi.onePage(requestExample),
    replica: true,
    queryProblems: [openapi.invalidField("status", STATUS_MESSAGE), openapi.invalidField("traceId", TRACE_ID_MESSAGE)],
    problems: openapi.AUTHENTICATED_PROBLEMS,
  },
);

export const getRequest = createRoute({
  method: "get",
  path: "/v1/requests/{id}",
  operationId: "getRequest",
  ...openapi.tenantRoute("Requests", "requests:read"),
  summary: "Look up one logged API request",
  description: `One request of the log (kept ${REQUEST_LOG_RETENTION_DAYS} days). Another tenant's id answers 404, as a missing one does.`,
  request: { params: openapi.idPathParams(openapi.resourceId("req", "API request id"), REQUEST_ID) },
  responses: {
    200: openapi.jsonContent(RequestLogEntrySchema, "The request.", requestExample),
    ...openapi.problemResponses({
      400: { description: "Malformed id.", examples: [openapi.invalidField("id", "must be an API request id (req_…)")] },
      404: { description: "No such request for this tenant.", examples: [{ slug: "not-found", detail: `No request ${REQUEST_ID}.` }] },
      ...openapi.AUTHENTICATED_PROBLEMS,
    }),
  },
});
