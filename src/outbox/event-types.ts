/**
 * Every callback event type the service emits (`LC-Event-Type`). The outbox records no other, and the OpenAPI document's
 * `webhooks` describes each: a new type is added here, then documented in src/docs/webhooks.ts.
 */
export const EVENT_TYPES = [
  "transfer.updated",
  "application_fee_refund.updated",
  "dispute.created",
  "dispute.updated",
  "evidence.updated",
  "merchant.updated",
  "compliance_form.updated",
  "ping",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];
