import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { tenants } from "../db/tenants.schema";
import { payments } from "../payments/payments.schema";

/** The processor's dispute `state`, in the service's words: INQUIRY, PENDING (a chargeback under way), WON, LOST. */
export const DISPUTE_STATES = ["inquiry", "open", "won", "lost"] as const;
export type DisputeState = (typeof DISPUTE_STATES)[number];
/** The processor's `response_state`, lower-cased. */
export const RESPONSE_STATES = ["needs_response", "responded", "accepted", "no_response_allowed", "unknown"] as const;
export type ResponseState = (typeof RESPONSE_STATES)[number];
/** The merchant's one submission: `pending` while the processor's answer to it is unknown (the sweep settles it). */
export const SUBMISSION_STATES = ["none", "pending", "submitted"] as const;
/**
 * The merchant's other answer: accepting (conceding) the dispute instead of contesting it. `pending` while the
 * processor's answer to the accept call is unknown (the sweep settles it); `accepted` once the processor has it.
 */
export const ACCEPTANCE_STATES = ["none", "pending", "accepted"] as const;
export type AcceptanceState = (typeof ACCEPTANCE_STATES)[number];
/**
 * `pending`: stored (R2 and this row), not yet accepted by the processor; `processing`: the processor has it (its PENDING);
 * then its verdict: `succeeded`, `failed` (or refused at upload), `canceled`.
 */
export const EVIDENCE_STATES = ["pending", "processing", "succeeded", "failed", "canceled"] as const;
export type EvidenceState = (typeof EVIDENCE_STATES)[number];
export const EVIDENCE_KINDS = ["jpg", "png", "pdf", "tiff"] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

/** A processor dispute on one of the tenant's payments, kept in step by its webhooks and the sweep. */
export const disputes = sqliteTable(
  "disputes",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id),
    orderRef: text("order_ref"),
    processorDisputeId: text("processor_dispute_id").notNull(),
    processorTransferId: text("processor_transfer_id").notNull(),
    processorMerchantId: text("processor_merchant_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    reason: text("reason"),
    reasonCode: text("reason_code"),
    state: text("state", { enum: DISPUTE_STATES }).notNull(),
    responseState: text("response_state", { enum: RESPONSE_STATES }).notNull(),
    respondBy: text("respond_by"),
    submission: text("submission", { enum: SUBMISSION_STATES }).notNull().default("none"),
    submissionNote: text("submission_note"),
    // The Idempotency-Key the submission was claimed under and its request's fingerprint: a retry under it answers the
    // submission's state, past the key's retention too.
    submissionIdempotencyKey: text("submission_idempotency_key"),
    submissionRequestFingerprint: text("submission_request_fingerprint"),
    submittedAt: text("submitted_at"),
    // Accepting is the merchant's one other answer: claimed here before the processor is called, like the submission, so
    // an accept and a submission can never both reach it.
    acceptance: text("acceptance", { enum: ACCEPTANCE_STATES }).notNull().default("none"),
    acceptanceNote: text("acceptance_note"),
    acceptedAt: text("accepted_at"),
    processorUpdatedAt: text("processor_updated_at").notNull(),
    // Set by every write, so the events of a batch can tell that this batch's change is the one that landed.
    changeToken: text("change_token").notNull(),
    syncedAt: text("synced_at").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (table) => [
    uniqueIndex("disputes_processor_dispute").on(table.processorDisputeId),
    index("disputes_tenant_created").on(table.tenantId, table.createdAt, table.id),
    index("disputes_tenant_state_created").on(table.tenantId, table.state, table.createdAt, table.id),
    index("disputes_payment").on(table.paymentId, table.state),
    index("disputes_sweep").on(table.state, table.syncedAt),
    index("disputes_submission").on(table.submission, table.updatedAt),
    index("disputes_acceptance").on(table.acceptance, table.updatedAt),
    check("disputes_amount_non_negative", sql`${table.amountCents} >= 0`),
  ],
);
export type DisputeRecord = typeof disputes.$inferSelect;

/**
 * One evidence file of a dispute, stored in R2 before this row exists and uploaded to the processor after: one row
 * per content (sha256) per dispute, so the same file twice is one piece of evidence.
 */
export const disputeEvidence = sqliteTable(
  "dispute_evidence",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    disputeId: text("dispute_id")
      .notNull()
      .references(() => disputes.id),
    sha256: text("sha256").notNull(),
    fileName: text("file_name").notNull(),
    // The name the processor gets: the type's extension and a content fingerprint, so a lost upload can be found there.
    uploadName: text("upload_name").notNull(),
    // 1, then one more each time the same content is posted again after the processor rejected it.
    generation: integer("generation").notNull().default(1),
    contentType: text("content_type").notNull(),
    kind: text("kind", { enum: EVIDENCE_KINDS }).notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    r2Key: text("r2_key").notNull(),
    // What the processor is sent when it is not the file itself (a photo over 50 KB, fitted): null when it is the file.
    sentKind: text("sent_kind", { enum: EVIDENCE_KINDS }),
    sentSizeBytes: integer("sent_size_bytes"),
    sentWidthPx: integer("sent_width_px"),
    sentHeightPx: integer("sent_height_px"),
    sentR2Key: text("sent_r2_key"),
    state: text("state", { enum: EVIDENCE_STATES }).notNull(),
    processorEvidenceId: text("processor_evidence_id"),
    processorUpdatedAt: text("processor_updated_at"),
    failureCode: text("failure_code"),
    failureMessage: text("failure_message"),
    uploadAttempts: integer("upload_attempts").notNull().default(0),
    // An upload in progress holds this lease; a crashed one is taken over once it passes.
    uploadLeaseUntil: text("upload_lease_until"),
    changeToken: text("change_token"),
    // When the processor last told the service about this file (its answer, a webhook, or the sweep asking).
    syncedAt: text("synced_at"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (table) => [
    uniqueIndex("dispute_evidence_content").on(table.disputeId, table.sha256),
    uniqueIndex("dispute_evidence_processor").on(table.processorEvidenceId),
    index("dispute_evidence_state").on(table.state, table.updatedAt),
    index("dispute_evidence_sync").on(table.state, table.syncedAt),
    // A move walks the tenant's rows in this order (shard-tables.ts): a seek per batch, not a sort of all of them.
    index("dispute_evidence_tenant_walk").on(table.tenantId, table.id),
    check("dispute_evidence_size_positive", sql`${table.sizeBytes} > 0`),
  ],
);
export type EvidenceRecord = typeof disputeEvidence.$inferSelect;
