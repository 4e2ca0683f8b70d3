import type { OpenAPIHono } from "@hono/zod-openapi";

import { CALLBACK_HEADER, MAX_ATTEMPTS, RETRY_DELAYS_SECONDS } from "../callbacks";
import { DISPUTE_STATES, EVIDENCE_STATES, RESPONSE_STATES } from "../disputes";
import type { EventType } from "../outbox/event-types";
import { PAYMENT_STATUSES } from "../payments";
import { z } from "../platform/openapi";

const EVENT_ID = "event_8Wm2Xc7Vb1Nz4Kd9Rh3Tq5";
const CREATED_AT = "2026-11-03T10:15:02.000Z";
const PAYMENT_ID = "lcpay_4gH2kLmN8pQrStUvWxYz1a";

const envelope = (type: EventType) => ({
  id: z.string().openapi({ description: `The event's id (\`event_…\`), also sent as \`${CALLBACK_HEADER.eventId}\`: dedupe on it.` }),
  type: z.literal(type).openapi({ description: `Also sent as \`${CALLBACK_HEADER.eventType}\`.` }),
  createdAtUtc: z.string().openapi({ description: "When the change happened (the event was recorded with it)." }),
});

const PciSchema = z
  .object({
    status: z.enum(["valid", "pending", "expired", "not_started"]),
    validUntil: z.string().nullable(),
    actionUrl: z.string().nullable(),
  })
  .openapi({ description: "The merchant's PCI DSS SAQ-A attestation, as `GET /v1/onboarding/status` reports it." });

const paymentFields = {
  lcPaymentId: z.string(),
  orderRef: z.string().nullable(),
  status: z.enum(PAYMENT_STATUSES).openapi({ description: "The payment's status after the change." }),
  processorTransferId: z.string().nullable(),
  processorState: z.string().nullable(),
};

const paymentExample = {
  lcPaymentId: PAYMENT_ID,
  orderRef: "order-10042",
  status: "succeeded",
  processorTransferId: "TRv3Qm8xZ1LwK2",
  processorState: "SUCCEEDED",
};

const DisputeEventSchema = (type: "dispute.created" | "dispute.updated") =>
  z
    .object({
      ...envelope(type),
      ...paymentFields,
      dispute: z.object({
        lcDisputeId: z.string(),
        processorDisputeId: z.string(),
        state: z.enum(DISPUTE_STATES),
        responseState: z.enum(RESPONSE_STATES),
        reason: z.string().nullable(),
        amountCents: z.number().int(),
        currency: z.string(),
        respondBy: z.string().nullable().openapi({ description: "The deadline for evidence (`POST /v1/disputes/{id}/submit`)." }),
        submitted: z.boolean(),
      }),
    })
    .openapi(type === "dispute.created" ? "DisputeCreatedEvent" : "DisputeUpdatedEvent");

const disputeExample = (type: "dispute.created" | "dispute.updated") => ({
  id: EVENT_ID,
  type,
  createdAtUtc: CREATED_AT,
  ...paymentExample,
  status: "disputed",
  dispute: {
    lcDisputeId: "lcdsp_5Tq8Wm2Xc7Vb1Nz4Kd9Rh3",
    processorDisputeId: "DIs7yQRkHDdMYhurzYz72SFk",
    state: type === "dispute.created" ? "open" : "won",
    responseState: type === "dispute.created" ? "needs_response" : "accepted",
    reason: "fraud",
    amountCents: 2500,
    currency: "USD",
    respondBy: "2026-11-10T09:00:00.000Z",
    submitted: type === "dispute.updated",
  },
});

/** Each event type's meaning, body and example. Keyed by `EventType`, so a new type cannot go undocumented. */
const EVENTS: Record<EventType, { summary: string; description: string; schema: z.ZodType; example: Record<string, unknown> }> = {
  "transfer.updated": {
    summary: "A payment changed",
    description:
      "An ACH payment that was `processing` settled (`succeeded`) or failed; an in-person sale ended; a refund or a dispute changed " +
      "the payment's status; an ACH debit was returned after it succeeded (`failureCode` is the return's code). The body is the " +
      "payment as it is now; `processorInstrumentId` is the stored instrument to charge again.",
    schema: z
      .object({
        ...envelope("transfer.updated"),
        ...paymentFields,
        processorInstrumentId: z.string().nullable(),
        amountRefundedCents: z.number().int(),
        failureCode: z.string().nullable(),
      })
      .openapi("TransferUpdatedEvent"),
    example: {
      id: EVENT_ID,
      type: "transfer.updated",
      createdAtUtc: CREATED_AT,
      ...paymentExample,
      processorInstrumentId: "PIe2YvpcjvoVJ6PzoRPBK137",
      amountRefundedCents: 0,
      failureCode: null,
    },
  },
  "application_fee_refund.updated": {
    summary: "A refund's application-fee credit was sent or given up",
    description:
      "A refund with `refundApplicationFee` owes the merchant part of the application fee; this reports the credit's outcome at the " +
      "processor: `succeeded` (`processorTransferId` is the credit adjustment) or `failed` after its last attempt (`failureCode`).",
    schema: z
      .object({
        ...envelope("application_fee_refund.updated"),
        lcPaymentId: z.string(),
        lcRefundId: z.string(),
        orderRef: z.string().nullable(),
        status: z.enum(["succeeded", "failed"]),
        amountCents: z.number().int().openapi({ description: "The fee credited back to the merchant." }),
        processorTransferId: z.string().nullable(),
        failureCode: z.string().nullable(),
      })
      .openapi("ApplicationFeeRefundUpdatedEvent"),
    example: {
      id: EVENT_ID,
      type: "application_fee_refund.updated",
      createdAtUtc: CREATED_AT,
      lcPaymentId: PAYMENT_ID,
      lcRefundId: "lcref_2Xc5Vb8Nm1Lk4Jh7",
      orderRef: "order-10042",
      status: "succeeded",
      amountCents: 65,
      processorTransferId: "TRf4Hk8Lm2Nq6Rs1",
      failureCode: null,
    },
  },
  "dispute.created": {
    summary: "A payment was disputed",
    description:
      "A chargeback or an inquiry was opened on a payment. The body carries the payment (its status after the dispute) and the dispute; " +
      "answer it with evidence before `dispute.respondBy` (`POST /v1/disputes/{id}/evidence`, then `/submit`).",
    schema: DisputeEventSchema("dispute.created"),
    example: disputeExample("dispute.created"),
  },
  "dispute.updated": {
    summary: "A dispute changed",
    description: "The dispute's state, response state or submission changed — e.g. it was won or lost. Same body as `dispute.created`.",
    schema: DisputeEventSchema("dispute.updated"),
    example: disputeExample("dispute.updated"),
  },
  "evidence.updated": {
    summary: "The processor ruled on an evidence file",
    description:
      "An evidence file uploaded to a dispute was accepted (`succeeded`), rejected (`failed`, with `failureMessage`) or canceled.",
    schema: z
      .object({
        ...envelope("evidence.updated"),
        lcDisputeId: z.string(),
        lcPaymentId: z.string(),
        orderRef: z.string().nullable(),
        evidence: z.object({
          lcEvidenceId: z.string(),
          fileName: z.string(),
          contentType: z.string(),
          sizeBytes: z.number().int(),
          sha256: z.string(),
          state: z.enum(EVIDENCE_STATES),
          failureMessage: z.string().nullable(),
        }),
      })
      .openapi("EvidenceUpdatedEvent"),
    example: {
      id: EVENT_ID,
      type: "evidence.updated",
      createdAtUtc: CREATED_AT,
      lcDisputeId: "lcdsp_5Tq8Wm2Xc7Vb1Nz4Kd9Rh3",
      lcPaymentId: PAYMENT_ID,
      orderRef: "order-10042",
      evidence: {
        lcEvidenceId: "lcevd_3Fh7Kq1Wz9Xc5Vb2Nm8Lt4",
        fileName: "signed-receipt.pdf",
        contentType: "application/pdf",
        sizeBytes: 48213,
        sha256: "9f2c1b7e4a0d3c6b8e5f1a2d7c4b9e0f3a6d8c1b5e7f2a4d9c0b3e6f8a1d5c7b",
        state: "succeeded",
        failureMessage: null,
      },
    },
  },
  "merchant.updated": {
    summary: "The merchant's charges-enabled or PCI status changed",
    description:
      "The merchant can now take charges, or no longer can (`chargesEnabled`), or its PCI DSS SAQ-A attestation changed (`pci`). " +
      "The fields are those of `GET /v1/onboarding/status`. An onboarding change that also switches charges sends " +
      "`compliance_form.updated` too.",
    schema: z
      .object({
        ...envelope("merchant.updated"),
        processorMerchantId: z.string().nullable(),
        onboardingStatus: z.enum(["not_started", "pending", "enabled", "restricted"]),
        chargesEnabled: z.boolean(),
        payoutsEnabled: z.boolean(),
        pci: PciSchema,
      })
      .openapi("MerchantUpdatedEvent"),
    example: {
      id: EVENT_ID,
      type: "merchant.updated",
      createdAtUtc: CREATED_AT,
      processorMerchantId: "MUeDVrf2ahuKc9Eg5TeZugvs",
      onboardingStatus: "enabled",
      chargesEnabled: true,
      payoutsEnabled: true,
      pci: { status: "valid", validUntil: "2027-11-03", actionUrl: null },
    },
  },
  "compliance_form.updated": {
    summary: "The merchant's onboarding or account changed",
    description:
      "Onboarding moved on (a merchant attached, under review, approved, rejected or asked for an update: `onboardingStatus`, " +
      "`reasons`, `requirements`), payouts were switched on or off, or the PCI DSS SAQ-A form was issued, attested or expired. " +
      "The body is the account as `GET /v1/onboarding/status` reports it, with the current PCI form's id. A change that also " +
      "switches charges or the PCI status sends `merchant.updated` too.",
    schema: z
      .object({
        ...envelope("compliance_form.updated"),
        processorMerchantId: z.string().nullable(),
        processorComplianceFormId: z
          .string()
          .openapi({ description: "The merchant's current PCI DSS SAQ-A form; an empty string until the processor issued one." }),
        onboardingStatus: z.enum(["not_started", "pending", "enabled", "restricted"]),
        chargesEnabled: z.boolean(),
        payoutsEnabled: z.boolean(),
        reasons: z.array(z.object({ code: z.string(), message: z.string() })),
        requirements: z.array(
          z.object({ code: z.string(), message: z.string(), actionUrl: z.string().nullable(), dueAt: z.string().nullable() }),
        ),
        pci: PciSchema,
      })
      .openapi("ComplianceFormUpdatedEvent"),
    example: {
      id: EVENT_ID,
      type: "compliance_form.updated",
      createdAtUtc: CREATED_AT,
      processorMerchantId: "MUeDVrf2ahuKc9Eg5TeZugvs",
      processorComplianceFormId: "cf_2Nq6Rs1Tf4Hk8Lm",
      onboardingStatus: "enabled",
      chargesEnabled: true,
      payoutsEnabled: true,
      reasons: [],
      requirements: [],
      pci: { status: "valid", validUntil: "2027-11-03", actionUrl: null },
    },
  },
  ping: {
    summary: "A test event",
    description:
      "Sent on request — the dashboard's Callbacks page, or `POST /v1/events/ping` — to check a receiver or a poller; signed and " +
      "delivered like any other. No action is needed.",
    schema: z.object({ ...envelope("ping"), message: z.string() }).openapi("PingEvent"),
    example: {
      id: EVENT_ID,
      type: "ping",
      createdAtUtc: CREATED_AT,
      message: "A test event from the Payment Connect dashboard. No action is needed.",
    },
  },
};

const hours = (seconds: number) => (seconds < 3600 ? `${seconds / 60} min` : `${seconds / 3600} h`);

export const CALLBACKS_TAG_DESCRIPTION =
  "Signed callbacks: the service POSTs each event to the callback URL the tenant saved in the dashboard, and to every other " +
  "callback endpoint (`/v1/callback-endpoints`) whose `enabledEvents` take its type, as raw JSON. Each request " +
  `carries \`${CALLBACK_HEADER.signature}: t=<unix seconds>,v1=<hex>\` (one \`v1\` per active signing secret of that endpoint, ` +
  `the current one first), \`${CALLBACK_HEADER.eventId}\` and \`${CALLBACK_HEADER.eventType}\`.\n\n` +
  "**Verify** before acting: `v1` is the lowercase hex HMAC-SHA256, keyed with the signing secret, of the string `{t}.{rawBody}` — " +
  "the body's bytes as received (re-serializing it changes the signature). Accept when any `v1` matches (compare in constant time) " +
  "and `t` is within your tolerance of now (5 minutes advised).\n\n" +
  `**Answer** 2xx quickly. Any other answer, or none, is retried — ${MAX_ATTEMPTS} attempts in all (after ` +
  `${RETRY_DELAYS_SECONDS.map(hours).join(", ")}), then dead-lettered; the dashboard and the operator API can replay it. An endpoint that answers 410 Gone is disabled. ` +
  `A delivery may repeat: handle each \`${CALLBACK_HEADER.eventId}\` once.`;

const CallbackHeaders = z.object({
  [CALLBACK_HEADER.signature]: z.string().openapi({
    description: '`t=<unix seconds>,v1=<lowercase hex HMAC-SHA256(secret, "{t}.{rawBody}")>`, one `v1` per active secret.',
    example: "t=1793700902,v1=5f0b8c3d2a1e4f6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b",
  }),
  [CALLBACK_HEADER.eventId]: z.string().openapi({ description: "The event's id; the same on every retry and replay.", example: EVENT_ID }),
  [CALLBACK_HEADER.eventType]: z.string().openapi({ description: "The event type: the webhook's name.", example: "transfer.updated" }),
});

const operationId = (type: EventType) => `${type.replace(/[._](\w)/g, (_, letter: string) => letter.toUpperCase())}Event`;

/** The callbacks as OpenAPI 3.1 `webhooks`, one per event type. */
export function registerWebhooks(registry: OpenAPIHono["openAPIRegistry"]) {
  for (const [type, event] of Object.entries(EVENTS) as [EventType, (typeof EVENTS)[EventType]][]) {
    registry.registerWebhook({
      method: "post",
      path: type,
      operationId: operationId(type),
      tags: ["Callbacks"],
      summary: event.summary,
      description: event.description,
      request: {
        headers: CallbackHeaders.extend({
          [CALLBACK_HEADER.eventType]: CallbackHeaders.shape[CALLBACK_HEADER.eventType].openapi({ example: type }),
        }),
        body: { required: true, content: { "application/json": { schema: event.schema, example: event.example } } },
      },
      responses: {
        "2XX": { description: "Acknowledged: the delivery is done." },
        default: { description: "Not acknowledged: the delivery is retried, then dead-lettered." },
      },
    });
  }
}
