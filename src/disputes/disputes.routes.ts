import { createRoute, z } from "@hono/zod-openapi";

import { idempotency } from "../idempotency/idempotency.middleware";
import * as openapi from "../platform/openapi";
import { ACCEPTANCE_STATES, DISPUTE_STATES, EVIDENCE_STATES, RESPONSE_STATES, SUBMISSION_STATES } from "./disputes.schema";
import { DISPUTE_NOTE_MAX_CHARS } from "./disputes.service";
import { evidenceBody } from "./evidence-body";
import { EVIDENCE_BODY_LIMIT_BYTES, EVIDENCE_LIMITS, PHOTO_MAX_BYTES } from "./evidence-file";

const DISPUTE_ID = "lcdsp_5Tq8Wm2Xc7Vb1Nz4Kd9Rh3";

const DisputeIdParams = openapi.idPathParams(openapi.resourceId("lcdsp", "lcDisputeId"), DISPUTE_ID);

const DisputeStateSchema = z.enum(DISPUTE_STATES).openapi("DisputeState", {
  description:
    "The processor's state: `inquiry` (INQUIRY: the issuer asks for information), `open` (PENDING: a chargeback under way; the amount is " +
    "held from the merchant), `won` (WON: the money comes back), `lost` (LOST).",
});
const ResponseStateSchema = z.enum(RESPONSE_STATES).openapi("DisputeResponseState", {
  description:
    "The processor's response_state: `needs_response` (answer by respondBy), `responded`, `accepted`, `no_response_allowed`, " +
    "`unknown` (the processor's sandbox).",
});

const evidenceExample = {
  lcEvidenceId: "lcevd_3Fh7Kq1Wz9Xc5Vb2Nm8Lt4",
  lcDisputeId: DISPUTE_ID,
  fileName: "signed-receipt.pdf",
  contentType: "application/pdf",
  sizeBytes: 48213,
  sha256: "9f2c1b7e4a0d3c6b8e5f1a2d7c4b9e0f3a6d8c1b5e7f2a4d9c0b3e6f8a1d5c7b",
  sent: null,
  state: "processing",
  failureCode: null,
  failureMessage: null,
  processorEvidenceId: "DF58kdVTa5eMQUjcXH2F7DH4",
  createdAtUtc: "2026-11-03T10:15:00.000Z",
  updatedAtUtc: "2026-11-03T10:15:01.000Z",
};

export const EvidenceSchema = z
  .object({
    lcEvidenceId: z.string(),
    lcDisputeId: z.string(),
    fileName: z.string().openapi({ description: "The name the file was uploaded with." }),
    contentType: z
      .string()
      .openapi({ description: "What the content is (read from the bytes): image/jpeg, image/png, application/pdf or image/tiff." }),
    sizeBytes: z.number().int(),
    sha256: z.string().openapi({ description: "Hex SHA-256 of the content: the same content again is the same evidence." }),
    sent: z
      .object({
        contentType: z.string().openapi({ example: "application/pdf" }),
        sizeBytes: z.number().int().openapi({ example: 412_345 }),
        widthPx: z.number().int().nullable().openapi({ description: "The photo's width as sent, in pixels.", example: 2000 }),
        heightPx: z.number().int().nullable().openapi({ description: "The photo's height as sent, in pixels.", example: 1500 }),
      })
      .nullable()
      .openapi({
        description:
          "What the processor was sent when it is not the file itself, else null. A photo (JPG or PNG) over the processor's 50 KB is " +
          "fitted: downscaled (long side at most 2000 px), re-encoded as JPEG and placed in a one-page PDF within its 1 MB. The file " +
          "uploaded is kept as it was and is what `contentType`, `sizeBytes` and `sha256` describe.",
      }),
    state: z.enum(EVIDENCE_STATES).openapi({
      description:
        "`pending`: stored, not yet accepted by the processor (retried every minute); `processing`: the processor accepted the upload and " +
        "reviews it; `succeeded`: passed on to the issuer; `failed`: refused or rejected by the processor (see failureMessage) — upload " +
        "a different file, or post the same one again to retry; `canceled`.",
    }),
    failureCode: z.string().nullable(),
    failureMessage: z.string().nullable(),
    processorEvidenceId: z.string().nullable(),
    createdAtUtc: z.string(),
    updatedAtUtc: z.string(),
  })
  .openapi("DisputeEvidence", { example: evidenceExample });

const disputeExample = {
  lcDisputeId: DISPUTE_ID,
  lcPaymentId: "lcpay_4gH2kLmN8pQrStUvWxYz1a",
  orderRef: "order-10042",
  amountCents: 888888,
  currency: "USD",
  reason: "fraud",
  reasonCode: "10.4",
  state: "open",
  responseState: "needs_response",
  respondBy: "2026-11-10T09:00:00.000Z",
  acceptsResponse: true,
  submission: "none",
  submitted: false,
  submittedAtUtc: null,
  acceptance: "none",
  acceptedAtUtc: null,
  evidence: [evidenceExample],
  processorDisputeId: "DIs7yQRkHDdMYhurzYz72SFk",
  processorTransferId: "TRv3Qm8xZ1LwK2",
  createdAtUtc: "2026-11-03T09:00:00.000Z",
  updatedAtUtc: "2026-11-03T10:15:01.000Z",
};

export const DisputeSchema = z
  .object({
    lcDisputeId: z.string(),
    lcPaymentId: z.string(),
    orderRef: z.string().nullable(),
    amountCents: z.number().int(),
    currency: z.string(),
    reason: z
      .string()
      .nullable()
      .openapi({ description: "The processor's reason, lower-cased: fraud, quality, clerical, technical, inquiry." }),
    reasonCode: z.string().nullable().openapi({ description: "The card network's reason code, when the processor gives one." }),
    state: DisputeStateSchema,
    responseState: ResponseStateSchema,
    respondBy: z.string().nullable().openapi({ description: "ISO 8601 UTC: the last moment evidence and the submission are taken." }),
    acceptsResponse: z.boolean().openapi({
      description:
        "Whether evidence, a submission or an acceptance are taken now: undecided, a response wanted, not submitted or accepted, " +
        "respondBy not passed.",
    }),
    submission: z.enum(SUBMISSION_STATES).openapi({
      description: "`none`; `pending`: submitted, the processor's answer still unknown (settled within minutes); `submitted`.",
    }),
    submitted: z.boolean(),
    submittedAtUtc: z.string().nullable(),
    acceptance: z.enum(ACCEPTANCE_STATES).openapi({
      description:
        "The merchant's other answer, `POST /v1/disputes/{id}/accept`: `none`; `pending`: accepted, the processor's answer still " +
        "unknown (settled within minutes); `accepted`: the processor took it (`responseState` turns `accepted`). A dispute " +
        "accepted at the processor directly shows `responseState: accepted` with `acceptance: none`.",
    }),
    acceptedAtUtc: z.string().nullable().openapi({ description: "When the processor took the acceptance; null until then." }),
    evidence: z.array(EvidenceSchema).openapi({ description: "Every evidence file, oldest first, with its state." }),
    processorDisputeId: z.string(),
    processorTransferId: z.string(),
    createdAtUtc: z.string(),
    updatedAtUtc: z.string(),
  })
  .openapi("Dispute", { example: disputeExample });

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KB`);

const EvidenceUploadSchema = z
  .object({
    file: z.instanceof(File, { message: "must be a file (a part with a filename)" }).openapi({
      type: "string",
      format: "binary",
      description:
        `The evidence file. JPG or PNG up to ${size(EVIDENCE_LIMITS.maxBytes.jpg)}, PDF or TIFF up to ${size(EVIDENCE_LIMITS.maxBytes.pdf)}; ` +
        "the type is read from the content, not the name or the part's Content-Type.",
    }),
  })
  .strict()
  .openapi("EvidenceUpload");

/** The body of an answer to a dispute: an optional note for the processor, a standard one sent when it is omitted. */
const answerRequest = (name: string, note: { description: string; example: string }) =>
  z
    .object({ note: z.string().trim().min(1).max(DISPUTE_NOTE_MAX_CHARS).optional().openapi(note) })
    .strict()
    .openapi(name);

const SubmitRequestSchema = answerRequest("SubmitDisputeRequest", {
  description: "A note for the issuer with the evidence; a standard note is sent when omitted.",
  example: "Signed receipt and delivery confirmation attached.",
});

const AcceptRequestSchema = answerRequest("AcceptDisputeRequest", {
  description: "Why the dispute is accepted, for the processor's record; a standard note is sent when omitted.",
  example: "Refunding the buyer directly; not contesting.",
});

const problem = (slug: openapi.ProblemExample["slug"], detail: string, extensions?: Record<string, unknown>): openapi.ProblemExample => ({
  slug,
  detail,
  extensions,
});

const malformedId = { description: "Malformed id.", examples: [openapi.invalidField("id", "must be an lcDisputeId (lcdsp_…)")] };
const notFound = {
  description: "No such dispute for this tenant.",
  examples: { "not-found": problem("not-found", `No dispute ${DISPUTE_ID}.`) },
};
const malformedAnswer = {
  description: "Malformed id or body.",
  examples: [openapi.invalidField("note", "Too small: expected string to have >=1 characters")],
};
/** The processor's refusal of an answer to a dispute it no longer takes one for, in the state it names. */
const answerRefused = (processorState: string) => {
  const message = `Dispute DIs7yQRkHDdMYhurzYz72SFk is ${processorState}; it no longer takes a response.`;
  return problem("processor-rejected", message, {
    code: "INVALID_FIELD",
    processorErrors: [{ code: "INVALID_FIELD", field: "note", message }],
    outcomeUnknown: false,
  });
};
const alreadySubmitted = problem(
  "dispute-already-submitted",
  `Dispute ${DISPUTE_ID} was already submitted: it takes no more evidence and no second submission.`,
);
const accepted = problem("dispute-accepted", `Dispute ${DISPUTE_ID} was accepted: it takes no evidence and no submission.`, {
  state: "lost",
  responseState: "accepted",
  acceptance: "accepted",
});
const closed = problem("dispute-closed", `Dispute ${DISPUTE_ID} had to be answered by 2026-11-10T09:00:00.000Z.`, {
  state: "open",
  responseState: "needs_response",
  respondBy: "2026-11-10T09:00:00.000Z",
});

export const listDisputes = openapi.listRoute(
  {
    path: "/v1/disputes",
    ...openapi.tenantRoute("Disputes", "disputes:read"),
    operationId: "listDisputes",
    summary: "List disputes (chargebacks and inquiries), newest first",
    description:
      "Each dispute with its payment, amount, reason, state, response state, `respondBy` and evidence files. The same keyset pagination, " +
      "signed cursors and `from`/`to` as every list; filter by `state` (e.g. `open`) or `responseState` (e.g. `needs_response`).",
  },
  {
    filters: { ...openapi.createdRange(), state: DisputeStateSchema.optional(), responseState: ResponseStateSchema.optional() },
    item: DisputeSchema,
    name: "DisputeList",
    items: "disputes",
    example: openapi.onePage(disputeExample),
    replica: true,
    problems: openapi.AUTHENTICATED_PROBLEMS,
  },
);

export const getDispute = createRoute({
  method: "get",
  path: "/v1/disputes/{id}",
  ...openapi.tenantRoute("Disputes", "disputes:read"),
  operationId: "getDispute",
  summary: "One dispute with its evidence",
  description:
    "The dispute, its evidence files with their state, whether it takes a response now (`acceptsResponse`) and its submission. " +
    "Another tenant's id answers 404, as a missing one does.",
  request: { params: DisputeIdParams },
  responses: {
    200: openapi.jsonContent(DisputeSchema, "The dispute.", disputeExample),
    ...openapi.problemResponses({ 400: malformedId, 404: notFound, ...openapi.AUTHENTICATED_PROBLEMS }),
  },
});

export const uploadEvidence = createRoute({
  method: "post",
  path: "/v1/disputes/{id}/evidence",
  middleware: [evidenceBody] as const,
  ...openapi.tenantRoute("Disputes", "disputes:write"),
  operationId: "uploadDisputeEvidence",
  summary: "Upload one evidence file",
  description:
    "`multipart/form-data` with the file in the part named **`file`** (one file per request). The processor's limits are checked on the " +
    `content before anything is stored: JPG, PNG, PDF or TIFF (by content, not by name); JPG and PNG up to ${size(EVIDENCE_LIMITS.maxBytes.jpg)} ` +
    `each as the processor takes them — a photo up to ${size(PHOTO_MAX_BYTES)} is fitted to them (downscaled, re-encoded and placed in a ` +
    "one-page PDF within the processor's 1 MB; the file uploaded is kept as it was, and `sent` says what the processor got) — PDF and " +
    `TIFF up to ${size(EVIDENCE_LIMITS.maxBytes.pdf)} each; at most ${EVIDENCE_LIMITS.maxFiles} files per dispute (rejected ` +
    "files do not count), which keeps every dispute within the processor's 10 MB; the request body at most " +
    `${EVIDENCE_BODY_LIMIT_BYTES} bytes (one file and its multipart framing). The file is stored (R2) before the processor is called; if the processor fails, the evidence is ` +
    "`pending` and uploaded by the sweep. The same content again answers 200 with the same evidence (a rejected one is sent again). " +
    "The processor may still reject a file after accepting it: its `state` then turns `failed` and an `evidence.updated` callback is sent. " +
    "Taken only while `acceptsResponse` is true.",
  request: {
    params: DisputeIdParams,
    body: {
      content: { "multipart/form-data": { schema: EvidenceUploadSchema, example: { file: "(the bytes of signed-receipt.pdf)" } } },
      description: "The evidence file in part `file`.",
      required: true,
    },
  },
  responses: {
    201: openapi.jsonContent(
      EvidenceSchema,
      "Stored; uploaded to the processor (`processing`) or waiting to be (`pending`). A photo over 50 KB: `sent` says what it was sent as.",
      evidenceExample,
    ),
    200: openapi.jsonContent(EvidenceSchema, "The same content was uploaded to this dispute before: that evidence.", {
      ...evidenceExample,
      state: "succeeded",
    }),
    ...openapi.problemResponses({
      400: {
        description: "The part `file` is missing, empty, not a file, or given twice; or the body is not valid multipart.",
        examples: [openapi.invalidField("file", "The file is empty.")],
      },
      404: notFound,
      409: {
        description: "The dispute was submitted or accepted, is decided, takes no response, or is past respondBy.",
        examples: { "dispute-already-submitted": alreadySubmitted, "dispute-accepted": accepted, "dispute-closed": closed },
      },
      413: {
        description: "The file is over its type's limit, or the body is over the route's limit.",
        examples: {
          "evidence-too-large": problem("evidence-too-large", "A PDF file may be at most 1048576 bytes; this one is 1310720.", {
            maxBytes: 1048576,
          }),
          "payload-too-large": problem(
            "payload-too-large",
            `An evidence upload may be at most ${EVIDENCE_BODY_LIMIT_BYTES} bytes (one file: a photo of at most 20 MB).`,
            {
              maxBytes: EVIDENCE_BODY_LIMIT_BYTES,
            },
          ),
        },
      },
      415: {
        description: "The body is not multipart/form-data, or the file's content is not JPG, PNG, PDF or TIFF.",
        examples: {
          "evidence-type-unsupported": problem(
            "evidence-type-unsupported",
            "Evidence must be a JPG, PNG, PDF or TIFF file; this file's content is none of them.",
            {
              acceptedTypes: ["image/jpeg", "image/png", "application/pdf", "image/tiff"],
            },
          ),
          "unsupported-media-type": problem(
            "unsupported-media-type",
            "Send the evidence as `multipart/form-data` with the file in part `file`; got `application/json`.",
          ),
        },
      },
      422: {
        description:
          "The dispute already holds 8 files, the photo cannot be decoded to be fitted (`evidence-unreadable`, nothing stored), or the " +
          "processor refused the file (`processor-rejected`, the evidence is `failed`).",
        examples: {
          "evidence-unreadable": problem(
            "evidence-unreadable",
            "This image could not be read: it may be damaged or cut short. Send the photo again.",
          ),
          "evidence-limit-reached": problem("evidence-limit-reached", "A dispute takes at most 8 evidence files; this one has 8.", {
            maxFiles: 8,
          }),
          "processor-rejected": problem("processor-rejected", "Evidence must be a JPG, PNG, PDF or TIFF file.", {
            code: "INVALID_FIELD",
            lcEvidenceId: "lcevd_3Fh7Kq1Wz9Xc5Vb2Nm8Lt4",
            outcomeUnknown: false,
          }),
        },
      },
      ...openapi.AUTHENTICATED_PROBLEMS,
    }),
  },
});

export const submitDispute = createRoute({
  method: "post",
  path: "/v1/disputes/{id}/submit",
  middleware: [idempotency({ required: false })] as const,
  ...openapi.tenantRoute("Disputes", "disputes:write"),
  operationId: "submitDispute",
  summary: "Submit the evidence for review (once)",
  description:
    "Tells the issuer the evidence is complete. One-shot: a second submit answers 409, and no evidence is taken afterwards. Needs at least " +
    "one evidence file; files still `pending` are sent to the processor first. Taken only while `acceptsResponse` is true. " +
    "`Idempotency-Key` is optional: a retry with the same key replays the first answer instead of the 409; after an unknown outcome " +
    '(502, 504) it answers the submission as it stands (`submission: "pending"` until the processor\'s answer is known).',
  request: {
    params: DisputeIdParams,
    headers: openapi.idempotencyKeyHeader({
      required: false,
      description: "Optional; makes a retried submit safe to replay.",
      example: `submit-${DISPUTE_ID}`,
    }),
    body: {
      ...openapi.jsonBody(SubmitRequestSchema, {
        note: "The buyer signed for the delivery; the signed receipt and the tracking record are attached.",
      }),
      required: false,
    },
  },
  responses: {
    200: openapi.jsonContent(DisputeSchema, "The dispute, submitted.", {
      ...disputeExample,
      responseState: "responded",
      acceptsResponse: false,
      submission: "submitted",
      submitted: true,
      submittedAtUtc: "2026-11-04T16:00:00.000Z",
      evidence: [{ ...evidenceExample, state: "succeeded" }],
      updatedAtUtc: "2026-11-04T16:00:01.000Z",
    }),
    ...openapi.problemResponses({
      400: malformedAnswer,
      404: notFound,
      409: {
        description:
          "Already submitted or accepted, decided, takes no response, past respondBy, no evidence uploaded, or evidence still on its way to the " +
          "processor (`dispute-evidence-uploading`, with `Retry-After`: nothing was submitted, retry then).",
        examples: {
          "dispute-already-submitted": alreadySubmitted,
          "dispute-accepted": accepted,
          "dispute-closed": closed,
          "dispute-evidence-required": problem(
            "dispute-evidence-required",
            "Upload at least one evidence file (POST …/evidence) before submitting.",
          ),
          "dispute-evidence-uploading": problem(
            "dispute-evidence-uploading",
            "Evidence posted for this dispute is still on its way to the processor; nothing was submitted. Retry in 2 s.",
            { retryAfterSeconds: 2 },
          ),
        },
      },
      ...openapi.JSON_BODY_PROBLEMS,
      422: {
        description: "`processor-rejected`: the processor refused the submission; nothing was submitted.",
        examples: {
          "processor-rejected": answerRefused("ACCEPTED"),
        },
      },
      502: {
        description: "`processor-error`: the processor failed to take evidence still waiting for it, or the submission; retry.",
        examples: {
          "processor-error": problem(
            "processor-error",
            "Some evidence has not reached the processor yet; nothing was submitted. Retry shortly.",
            {
              outcomeUnknown: false,
            },
          ),
        },
      },
      504: {
        description: "`processor-timeout`: the outcome is unknown; the submission shows `pending` until the sweep settles it.",
        examples: {
          "processor-timeout": problem(
            "processor-timeout",
            "The processor did not answer POST /disputes/{dispute_id}/submit within 30000 ms; its outcome is unknown.",
            { outcomeUnknown: true },
          ),
        },
      },
      ...openapi.AUTHENTICATED_PROBLEMS,
    }),
  },
});

export const acceptDispute = createRoute({
  method: "post",
  path: "/v1/disputes/{id}/accept",
  ...openapi.tenantRoute("Disputes", "disputes:write"),
  operationId: "acceptDispute",
  summary: "Accept the dispute (concede it instead of responding)",
  description:
    "The merchant's other answer to a dispute: it concedes it (the processor's accept call) — the disputed amount stays with " +
    "the buyer and the dispute is lost. Nothing is contested: no evidence is taken and nothing can be submitted afterwards; " +
    "evidence stored but not yet sent to the processor is canceled, and the processor's `dispute.updated` reaches you as a " +
    "`dispute.updated` callback (`responseState: accepted`). Taken only while `acceptsResponse` is true. " +
    "Accepting an accepted dispute answers 200 with it as it stands and calls nothing again, so a retry is safe without an " +
    '`Idempotency-Key`; after an unknown outcome (502, 504) the dispute shows `acceptance: "pending"` until the processor\'s ' +
    "answer is known. A submitted dispute is refused (409).",
  request: {
    params: DisputeIdParams,
    body: {
      ...openapi.jsonBody(AcceptRequestSchema, { note: "Refunding the buyer directly; not contesting." }),
      required: false,
    },
  },
  responses: {
    200: openapi.jsonContent(DisputeSchema, "The dispute, accepted.", {
      ...disputeExample,
      state: "lost",
      responseState: "accepted",
      acceptsResponse: false,
      acceptance: "accepted",
      acceptedAtUtc: "2026-11-04T16:00:00.000Z",
      evidence: [],
      updatedAtUtc: "2026-11-04T16:00:01.000Z",
    }),
    ...openapi.problemResponses({
      400: malformedAnswer,
      404: notFound,
      409: {
        description: "Already submitted (a dispute is answered once), decided, takes no response, or past respondBy.",
        examples: { "dispute-already-submitted": alreadySubmitted, "dispute-closed": closed },
      },
      ...openapi.JSON_BODY_PROBLEMS,
      422: {
        description: "`processor-rejected`: the processor refused the acceptance; nothing was accepted.",
        examples: {
          "processor-rejected": answerRefused("RESPONDED"),
        },
      },
      502: {
        description: "`processor-error`: the processor failed; nothing was accepted. Retry.",
        examples: {
          "processor-error": problem("processor-error", "The processor answered 500 to POST /disputes/{dispute_id}/accept.", {
            outcomeUnknown: false,
          }),
        },
      },
      504: {
        description: "`processor-timeout`: the outcome is unknown; the dispute shows `acceptance: pending` until the sweep settles it.",
        examples: {
          "processor-timeout": problem(
            "processor-timeout",
            "The processor did not answer POST /disputes/{dispute_id}/accept within 30000 ms; its outcome is unknown.",
            { outcomeUnknown: true },
          ),
        },
      },
      ...openapi.AUTHENTICATED_PROBLEMS,
    }),
  },
});
