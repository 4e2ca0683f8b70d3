import { z } from "@hono/zod-openapi";
import type { ContentfulStatusCode } from "hono/utils/http-status";

export const PROBLEM_TYPE_BASE = "https://payment-connect.dev/problems/";
export const PROBLEM_MEDIA_TYPE = "application/problem+json";

export type FieldError = { field: string; message: string };

/** Every catalogued problem: the one place that fixes each failure's type, title and status. */
export const PROBLEMS = {
  "validation-failed": { status: 400, title: "Request validation failed" },
  "malformed-json": { status: 400, title: "Malformed JSON body" },
  "idempotency-key-required": { status: 400, title: "Idempotency-Key header required" },
  "invalid-cursor": { status: 400, title: "Invalid pagination cursor" },
  "conflicting-api-keys": { status: 400, title: "Two different API keys" },
  unauthorized: { status: 401, title: "Unauthorized" },
  "payment-declined": { status: 402, title: "Payment declined" },
  "merchant-not-ready": { status: 403, title: "Merchant not ready to accept charges" },
  forbidden: { status: 403, title: "Forbidden" },
  "insufficient-permissions": { status: 403, title: "The API key lacks a permission" },
  "not-found": { status: 404, title: "Not found" },
  "method-not-allowed": { status: 405, title: "Method not allowed" },
  conflict: { status: 409, title: "Conflict" },
  "idempotency-key-reused": { status: 409, title: "Idempotency-Key reused with a different request" },
  "idempotency-key-in-flight": { status: 409, title: "Request with this Idempotency-Key is still in flight" },
  "invalid-payment-state": { status: 409, title: "Payment is not in a refundable state" },
  "refund-exceeds-balance": { status: 409, title: "Refund exceeds the remaining balance" },
  "payment-not-capturable": { status: 409, title: "Payment is not an authorization to capture" },
  "payment-not-voidable": { status: 409, title: "Payment is not an authorization to void" },
  "reader-already-registered": { status: 409, title: "Reader already registered" },
  "reader-not-active": { status: 409, title: "Reader is not active" },
  "reader-busy": { status: 409, title: "Reader is busy with another sale" },
  "no-sale-in-progress": { status: 409, title: "No sale in progress on this reader" },
  "dispute-closed": { status: 409, title: "Dispute no longer takes a response" },
  "dispute-already-submitted": { status: 409, title: "Dispute response already submitted" },
  "dispute-accepted": { status: 409, title: "Dispute accepted" },
  "dispute-evidence-required": { status: 409, title: "Dispute has no evidence to submit" },
  "dispute-evidence-uploading": { status: 409, title: "Dispute evidence is still being uploaded" },
  "payload-too-large": { status: 413, title: "Request body too large" },
  "evidence-too-large": { status: 413, title: "Evidence file too large" },
  "processor-rejected": { status: 422, title: "The processor rejected the request" },
  "capture-not-supported": { status: 422, title: "Payment method cannot be captured later" },
  "capture-exceeds-authorization": { status: 422, title: "Capture exceeds the authorized amount" },
  "evidence-limit-reached": { status: 422, title: "Dispute evidence limit reached" },
  "evidence-unreadable": { status: 422, title: "Evidence image cannot be read" },
  "callback-endpoint-limit-reached": { status: 422, title: "Callback endpoint limit reached" },
  "unknown-event-type": { status: 422, title: "Unknown event type" },
  "unsupported-media-type": { status: 415, title: "Unsupported media type" },
  "evidence-type-unsupported": { status: 415, title: "Evidence file type not supported" },
  "rate-limited": { status: 429, title: "Too many requests" },
  "internal-error": { status: 500, title: "Internal server error" },
  "processor-error": { status: 502, title: "Processor error" },
  "service-unavailable": { status: 503, title: "Service unavailable" },
  "tenant-moving": { status: 503, title: "Tenant is moving to another database" },
  "processor-busy": { status: 503, title: "The processor's rate limit is reached" },
  "processor-timeout": { status: 504, title: "Processor timed out" },
} as const satisfies Record<string, { status: ContentfulStatusCode; title: string }>;

export type ProblemSlug = keyof typeof PROBLEMS;

/** The service's one error type; `toProblemResponse` is its one mapper to the wire. */
export class ApiError extends Error {
  readonly slug: ProblemSlug;
  readonly status: ContentfulStatusCode;
  readonly extensions: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    slug: ProblemSlug,
    detail: string,
    options: { extensions?: Record<string, unknown>; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(detail, { cause: options.cause });
    this.name = "ApiError";
    this.slug = slug;
    this.status = PROBLEMS[slug].status;
    this.extensions = options.extensions ?? {};
    this.headers = options.headers ?? {};
  }
}

export function problemBody(error: ApiError, traceId: string) {
  return {
    type: PROBLEM_TYPE_BASE + error.slug,
    title: PROBLEMS[error.slug].title,
    status: error.status,
    detail: error.message,
    traceId,
    ...error.extensions,
  };
}

export function toProblemResponse(error: ApiError, traceId: string): Response {
  return new Response(JSON.stringify(problemBody(error, traceId)), {
    status: error.status,
    headers: { "Content-Type": PROBLEM_MEDIA_TYPE, "X-Trace-Id": traceId, ...error.headers },
  });
}

export const ProblemSchema = z
  .object({
    type: z.string().openapi({ example: PROBLEM_TYPE_BASE + "validation-failed" }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    traceId: z.string(),
    errors: z
      .array(z.object({ field: z.string(), message: z.string() }))
      .optional()
      .openapi({ description: "Present on validation failures: each offending field." }),
    code: z.string().optional().openapi({ description: "Machine-readable code, e.g. the processor's failure code on a decline." }),
  })
  .loose()
  .openapi("Problem");
