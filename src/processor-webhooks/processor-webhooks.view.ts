import type { FieldError } from "../lib/problem";
import type { FeedLag } from "./missed-events.sweep";
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

/** A change feed's place as the operator API shows it. */
export function toFeedView(feed: FeedLag) {
  return {
    resource: feed.resource,
    lagSeconds: feed.lagMs === null ? null : Math.floor(feed.lagMs / 1000),
    readThroughUtc: feed.readThrough,
    reading: feed.reading,
    readStartedAtUtc: feed.scanStartedAt,
    advancedAtUtc: feed.advancedAt,
    deferredChanges: feed.deferredChanges,
  };
}
