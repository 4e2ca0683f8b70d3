import type { FieldError } from "../lib/problem";
import type { ProcessorWebhookReceiptRecord } from "./processor-webhooks.schema";

/** A receipt as the operator API shows it. */
export function toReceiptView(receipt: ProcessorWebhookReceiptRecord) {
  return {
    id: receipt.id,
    outcome: receipt.outcome,
    source: receipt.source,
    entity: receipt.entity,
    type: receipt.type,
    resourceId: receipt.resourceId === "" ? null : receipt.resourceId,
    resourceState: receipt.resourceState,
    resourceUpdatedAt: receipt.resourceUpdatedAt,
    tenantId: receipt.tenantId,
    receivedAtUtc: receipt.receivedAt,
    reappliedAtUtc: receipt.reappliedAt,
    reason: receipt.reason === null ? null : (JSON.parse(receipt.reason) as FieldError[]),
    rawBody: receipt.rawBody,
  };
}
