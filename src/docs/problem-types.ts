import { PROBLEM_TYPE_BASE, PROBLEMS, type ProblemSlug } from "../lib/problem";
import { z } from "../platform/openapi";

/** What each catalogued problem means for the caller; keyed by slug, so a new problem type cannot go undocumented. */
const MEANINGS: Record<ProblemSlug, string> = {
  "validation-failed": "A field, parameter or header is invalid; `errors` lists each offending one. Fix the request; do not retry as is.",
  "malformed-json": "The body is not valid JSON.",
  "idempotency-key-required": "The route needs an `Idempotency-Key` header (charges, in-person sales).",
  "invalid-cursor": "The `cursor` is not a `nextCursor` this list returned for this tenant and these filters.",
  "conflicting-api-keys":
    "`X-Api-Key` and `Authorization: Bearer` carry different keys; send one key (in either header, or the same in both).",
  unauthorized: "The API key (or the operator's admin secret) is missing, malformed, unknown or revoked.",
  "payment-declined": "The processor declined the charge; `code` is its failure code. The payment is recorded `failed`.",
  "merchant-not-ready": "The merchant cannot take charges yet (`chargesEnabled` is false); see `GET /v1/onboarding/status`.",
  forbidden: "The credentials are valid but do not allow this action.",
  "insufficient-permissions":
    "The API key is restricted and lacks the permission the operation needs (`permission`, e.g. `payments:write`; each operation's is its `x-permission`). Nothing was done; use a key that has it.",
  "not-found": "No such route, or no such resource for this tenant (another tenant's ids answer the same).",
  "method-not-allowed": "The route exists with other methods; `Allow` lists them.",
  conflict: "The resource's state does not allow the request (e.g. a test event while callbacks are off).",
  "idempotency-key-reused": "This `Idempotency-Key` was used with a different request; use a new key for a new request.",
  "idempotency-key-in-flight": "The request first sent with this key is still running; retry after `Retry-After` seconds.",
  "invalid-payment-state": "The payment is not `succeeded` or `partially_refunded`, so it cannot be refunded.",
  "refund-exceeds-balance": "The refund is larger than what is left to refund on the payment.",
  "payment-not-capturable":
    "The payment is not an open authorization (`status: authorized`): a sale, or a hold captured, voided or expired already. Nothing was captured.",
  "payment-not-voidable":
    "The payment is not an open authorization (`status: authorized`): a sale, or a hold captured, voided or expired already. Nothing was voided.",
  "capture-not-supported":
    "`capture: false` holds a card only; a bank account (ACH) is charged at once. `errors` names the `capture` field.",
  "capture-exceeds-authorization":
    "The capture's `amountCents` is more than the authorization holds; capture at most `amountCents` of the hold.",
  "reader-already-registered": "A reader with this serial number is registered already (`lcReaderId` names yours).",
  "reader-not-active": "The reader is not `active`; activate it before starting a sale.",
  "reader-busy": "The reader is taking another sale (`lcPaymentId`); wait for its outcome or cancel it.",
  "no-sale-in-progress": "The reader has no sale to cancel.",
  "dispute-closed": "The dispute is decided, takes no response, or is past `respondBy`.",
  "dispute-already-submitted": "The dispute's evidence was submitted already; it takes no more evidence and no second submission.",
  "dispute-accepted":
    "The merchant accepted the dispute (`POST /v1/disputes/{id}/accept`, the dashboard, or the processor): it takes no evidence and no submission.",
  "dispute-evidence-required": "A dispute response needs at least one evidence file before it is submitted.",
  "dispute-evidence-uploading":
    "Evidence posted for the dispute is still on its way to the processor; nothing was submitted. Retry after `Retry-After` seconds.",
  "payload-too-large": "The request body is over the route's limit (`maxBytes`).",
  "evidence-too-large": "The evidence file is over its type's limit (`maxBytes`): 20 MB for a photo (JPG, PNG), 1 MB for a PDF or TIFF.",
  "evidence-unreadable":
    "The photo's content starts as a JPG or PNG but cannot be decoded (damaged or cut short), so it cannot be fitted to the processor's limits.",
  "processor-rejected":
    "The processor refused the request (e.g. a used or expired token); `code` is its error code. Fix it; do not retry as is.",
  "evidence-limit-reached": "The dispute holds the most evidence files it may (`maxFiles`).",
  "callback-endpoint-limit-reached": "The tenant has the most callback endpoints it may (`maxEndpoints`); delete one first.",
  "unknown-event-type": "`enabledEvents` names a type that is not an `LC-Event-Type` of the catalogue (`errors` names it).",
  "unsupported-media-type": "The body's media type is not the one the route takes.",
  "evidence-type-unsupported": "The evidence file's content is not JPG, PNG, PDF or TIFF (`acceptedTypes`).",
  "rate-limited": "Too many requests for this API key; retry after `Retry-After` seconds.",
  "internal-error": "An unexpected failure; quote the `traceId` to support.",
  "processor-error": "The processor failed; where `outcomeUnknown` is true, retry with the same `Idempotency-Key`.",
  "service-unavailable": "A dependency of the service (the datastore) is unreachable; retry later.",
  "tenant-moving":
    "The tenant's data is moving to another database and its writes are paused for the last copy (seconds to a minute); nothing was done. Retry after `Retry-After` seconds: the same request (with the same `Idempotency-Key`) then runs on the new database.",
  "processor-busy":
    "Every tenant shares the platform's one processor credential, and the processor's rate limit for it is reached; nothing was sent, nothing was charged or refunded. Retry after `Retry-After` seconds with the same `Idempotency-Key`: the retry completes the same payment or refund, never a second one.",
  "processor-timeout": "The processor did not answer in time; the outcome is unknown: retry with the same `Idempotency-Key`.",
};

const SLUGS = Object.keys(PROBLEMS) as ProblemSlug[];

/** The catalogue as a Markdown table: every problem `type` URI with its status, title and meaning. */
export const PROBLEM_CATALOGUE = [
  "| `type` | Status | Title | Meaning |",
  "|---|---|---|---|",
  ...SLUGS.map((slug) => `| \`${PROBLEM_TYPE_BASE}${slug}\` | ${PROBLEMS[slug].status} | ${PROBLEMS[slug].title} | ${MEANINGS[slug]} |`),
].join("\n");

export const ProblemTypeSchema = z.enum(SLUGS.map((slug) => PROBLEM_TYPE_BASE + slug) as [string, ...string[]]).openapi("ProblemType", {
  description: `The \`type\` of a problem (RFC 9457): one URI per failure, fixed with its status and title.\n\n${PROBLEM_CATALOGUE}`,
});
