import { z } from "zod";

import { instantMicros } from "../lib/instant";

/**
 * The processor's resources, one schema each, as the service reads them from answers, webhooks and the sweep of missed
 * webhooks: tolerant in what the service only stores or shows, strict in what it acts on.
 *
 * - Acted on (ids, states it branches on, amounts, links it follows): required where the service cannot do without
 *   them, and exact — an enum value the service has never seen fails the parse with the field and value named, so it
 *   is surfaced, never guessed.
 * - Everything else: absent or `null` alike (`.nullish()`), any string in an enum the service does not act on (the
 *   processor adds values over time), and fields not listed here ignored. docs/processor-resources.md has the table.
 *
 * Field names and values are the processor's own (API version 2022-02-01, its 2022-02 and 2022-11 OpenAPI documents).
 */

/** An enum the service acts on: one value it does not know fails the parse, naming the value and the ones it knows. */
function actedOnEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, {
    error: (issue) => `unknown value ${JSON.stringify(issue.input)}: the service acts on this field and knows only ${values.join(", ")}`,
  });
}

/** What the service only stores or shows: a string, or absent or null; any value the processor adds later is kept as sent. */
const Text = z.string().nullish();

const Tags = z.record(z.string(), z.string());
export type Tags = z.infer<typeof Tags>;

/** The processor's date-times: ISO 8601 with a zone, compared as instants wherever the service orders them. */
const Instant = z.string().refine((text) => instantMicros(text) !== null, "must be an ISO 8601 date-time with a zone");
const TimestampFields = { created_at: Instant, updated_at: Instant };
/** The same, on what the service only keeps the id of or shows: absent or null alike. */
const OptionalTimestampFields = { created_at: Instant.nullish(), updated_at: Instant.nullish() };
const Id = z.string().min(1).max(64);
const Amount = z.int().nonnegative();
const Currency = z.string().regex(/^[A-Z]{3}$/, "must be an ISO 4217 code");

// ── Identities and payment instruments ────────────────────────────────────────────────────────

/** The service keeps only a buyer identity's id. */
export const IdentitySchema = z.object({ id: Id, ...OptionalTimestampFields });
export const INSTRUMENT_TYPES = [
  "APPLE_PAY",
  "BANK_ACCOUNT",
  "GOOGLE_PAY",
  "PAYMENT_CARD",
  "PAYMENT_CARD_PRESENT",
  "SWIPED_PAYMENT_CARD",
  "TOKEN",
  "VANTIV_OMNI_TOKEN",
  "VIRTUAL",
] as const;
export const PaymentInstrumentSchema = z.object({
  id: Id,
  ...OptionalTimestampFields,
  /** Card, card present or bank account: the payment's method. */
  instrument_type: actedOnEnum(INSTRUMENT_TYPES),
  /** Documented with the same values as `instrument_type`. */
  type: Text,
  identity: Text,
  brand: Text,
  last_four: Text,
  masked_account_number: Text,
  /** CHECKING or SAVINGS. */
  account_type: Text,
  /** The tenant and payment an instrument was made for: an instrument without the caller's tag is another tenant's. */
  tags: Tags.nullish(),
});
export type PaymentInstrument = z.infer<typeof PaymentInstrumentSchema>;

// ── Transfers and fees ────────────────────────────────────────────────────────────────────────

export const TRANSFER_STATES = ["PENDING", "SUCCEEDED", "FAILED", "CANCELED", "UNKNOWN"] as const;
export const TRANSFER_TYPES = ["DEBIT", "CREDIT", "REVERSAL", "FEE", "ADJUSTMENT", "DISPUTE", "RESERVE", "SETTLEMENT", "UNKNOWN"] as const;

/** The transfer subtypes the 2022 documents list; the processor may add more, which are read as sent. */
export const DOCUMENTED_TRANSFER_SUBTYPES: ReadonlySet<string> = new Set([
  "API",
  "APPLICATION_FEE",
  "DISPUTE",
  "MERCHANT_CREDIT",
  "MERCHANT_CREDIT_ADJUSTMENT",
  "MERCHANT_DEBIT",
  "MERCHANT_DEBIT_ADJUSTMENT",
  "PLATFORM_CREDIT",
  "PLATFORM_CREDIT_ADJUSTMENT",
  "PLATFORM_DEBIT",
  "PLATFORM_DEBIT_ADJUSTMENT",
  "PLATFORM_FEE",
  "SETTLEMENT_MERCHANT",
  "SETTLEMENT_NOOP",
  "SETTLEMENT_PARTNER",
  "SETTLEMENT_PLATFORM",
  "SPLIT_PAYOUT",
  "SPLIT_PAYOUT_ADJUSTMENT",
  "SYSTEM",
]);

export const TransferSchema = z.object({
  id: Id,
  ...TimestampFields,
  amount: Amount,
  currency: Currency,
  state: actedOnEnum(TRANSFER_STATES),
  /** A refund is a REVERSAL; a payout's items are told apart by it. */
  type: actedOnEnum(TRANSFER_TYPES).nullish(),
  /**
   * Any string (DOCUMENTED_TRANSFER_SUBTYPES lists the documented ones). Payouts look for SETTLEMENT_MERCHANT and the
   * MERCHANT_DEBITs only; any other value is an ordinary item, and an undocumented one is logged for the operator.
   */
  subtype: Text,
  /** Absent from the 2022-11 document's Transfer: a webhook without it is routed by what else it names. */
  merchant: Id.nullish(),
  application: Text,
  merchant_identity: Text,
  source: Text,
  destination: Text,
  device: Text,
  statement_descriptor: Text,
  fee: Amount.nullish(),
  idempotency_id: z.string().max(255).nullish(),
  parent_transfer: Id.nullish(),
  failure_code: z.string().max(255).nullish(),
  failure_message: z.string().max(1024).nullish(),
  ready_to_settle_at: Text,
  trace_id: Text,
  card_present_details: z.object({ brand: Text, masked_account_number: Text, entry_mode: Text, approval_code: Text }).nullish(),
  tags: Tags.nullish(),
});
export type Transfer = z.infer<typeof TransferSchema>;

// ── Authorizations ────────────────────────────────────────────────────────────────────────────

export const AUTHORIZATION_STATES = ["PENDING", "SUCCEEDED", "FAILED", "CANCELED", "UNKNOWN"] as const;

/** A hold on a card: captured once into a transfer (`transfer`), voided (`is_void`), or left to expire (`expires_at`). */
export const AuthorizationSchema = z.object({
  id: Id,
  ...TimestampFields,
  amount: Amount,
  currency: Currency,
  state: actedOnEnum(AUTHORIZATION_STATES),
  merchant: Id.nullish(),
  /** The card held; a hold made on a reader has none until the buyer's card is read. */
  source: Text,
  /** The reader a card-present hold was made on. */
  device: Text,
  card_present_details: z.object({ brand: Text, masked_account_number: Text, entry_mode: Text, approval_code: Text }).nullish(),
  /** The capture's transfer: set once the hold is captured. */
  transfer: Id.nullish(),
  is_void: z.boolean().nullish(),
  void_state: Text,
  /** When the hold lapses; absent or null, the documented seven days after `created_at` are assumed. */
  expires_at: Instant.nullish(),
  idempotency_id: z.string().max(255).nullish(),
  failure_code: z.string().max(255).nullish(),
  failure_message: z.string().max(1024).nullish(),
  tags: Tags.nullish(),
});
export type Authorization = z.infer<typeof AuthorizationSchema>;

/**
 * A fee the processor charged the merchant, linked to the transfer that caused it. `amount` is in cents and may be
 * fractional ("an integer (int32) in cents … or a double for fractional amounts (e.g., 2.393)", docs.finix.com). It is
 * taken as sent and judged by the fee sweep, fee by fee (`decimalOf`): one that is not a finite number is logged and its
 * payment looked at again later, while the sweep goes on with the others' fees.
 */
export const FeeSchema = z.object({
  id: Id,
  ...OptionalTimestampFields,
  amount: z.unknown(),
  currency: Currency,
  linked_id: Text,
  /** APPLICATION, PLATFORM, SUBSCRIPTION, TRANSFER. */
  linked_type: Text,
  fee_type: Text,
  fee_subtype: Text,
  merchant: Text,
});
export type Fee = z.infer<typeof FeeSchema>;

// ── Merchants and onboarding ──────────────────────────────────────────────────────────────────

/** The 2022 documents list PROVISIONING, APPROVED, REJECTED; the processor's docs add UPDATE_REQUESTED. */
export const ONBOARDING_STATES = ["PROVISIONING", "APPROVED", "REJECTED", "UPDATE_REQUESTED"] as const;

export const MerchantSchema = z.object({
  id: Id,
  ...TimestampFields,
  identity: Id,
  onboarding_state: actedOnEnum(ONBOARDING_STATES),
  processing_enabled: z.boolean(),
  settlement_enabled: z.boolean(),
  application: Text,
  processor: Text,
  merchant_name: Text,
  mid: Text,
  tags: Tags.nullish(),
});
export type Merchant = z.infer<typeof MerchantSchema>;

/** The link the seller is sent to; the service follows it, so both fields are required. */
export const OnboardingLinkSchema = z.object({ link_url: z.string().min(1), expires_at: Instant });
export const OnboardingFormSchema = z.object({
  id: Id,
  ...TimestampFields,
  status: actedOnEnum(["IN_PROGRESS", "COMPLETED"]),
  /** Null until the seller submits the form; the processor then creates the identity, bank account and merchant. */
  identity_id: Id.nullish(),
  onboarding_link: OnboardingLinkSchema.nullish(),
  tags: Tags.nullish(),
});
export type OnboardingForm = z.infer<typeof OnboardingFormSchema>;

/**
 * A PCI form's state. The 2022-11 document spells the done state COMPLETED where the 2022-02 one (and the processor's
 * answers) say COMPLETE: both are read as COMPLETE.
 */
const ComplianceFormState = z
  .enum(["PENDING", "INCOMPLETE", "COMPLETE", "COMPLETED", "INVALID"], {
    error: (issue) =>
      `unknown value ${JSON.stringify(issue.input)}: the service acts on this field and knows only PENDING, INCOMPLETE, COMPLETE, INVALID`,
  })
  .transform((state) => (state === "COMPLETED" ? "COMPLETE" : state));

export const ComplianceFormSchema = z.object({
  id: Id,
  ...TimestampFields,
  /** PCI_SAQ_A is the only form the service acts on; a form of any other type is ignored. */
  type: z.string(),
  state: ComplianceFormState,
  /** The merchant the form belongs to: what routes it to its tenant. */
  linked_to: Id,
  due_at: Instant.nullish(),
  valid_until: Instant.nullish(),
  pci_saq_a: z.object({ name: Text, signed_at: Text }).nullish(),
  tags: Tags.nullish(),
});
export type ComplianceForm = z.infer<typeof ComplianceFormSchema>;

// ── Devices (PAX card readers) ────────────────────────────────────────────────────────────────

export const DeviceSchema = z.object({
  id: Id,
  ...OptionalTimestampFields,
  /** A device is matched to the reader's merchant before it is adopted. */
  merchant: Id,
  enabled: z.boolean(),
  serial_number: Text,
  name: Text,
  model: Text,
  description: Text,
  /** OPEN or CLOSED, present only when read with `include_connection=true`; anything but OPEN reads as closed. */
  connection: Text,
  tags: Tags.nullish(),
});
export type Device = z.infer<typeof DeviceSchema>;

// ── Disputes ──────────────────────────────────────────────────────────────────────────────────

export const DISPUTE_STATES = ["INQUIRY", "PENDING", "WON", "LOST", "ARBITRATION"] as const;
export const DISPUTE_RESPONSE_STATES = ["NEEDS_RESPONSE", "RESPONDED", "ACCEPTED", "NO_RESPONSE_ALLOWED", "UNKNOWN"] as const;

export const DisputeSchema = z.object({
  id: Id,
  ...TimestampFields,
  /** The disputed sale: how the dispute finds its payment. */
  transfer: Id,
  /** Absent from the 2022-11 document's Dispute: the payment's merchant stands in. */
  merchant: Id.nullish(),
  amount: Amount.nullish(),
  state: actedOnEnum(DISPUTE_STATES),
  response_state: actedOnEnum(DISPUTE_RESPONSE_STATES).nullish(),
  evidence_submitted: actedOnEnum(["CHARGEBACK", "NOT_SUPPORTED", "NONE", "UNKNOWN", "INQUIRY"]).nullish(),
  /** CLERICAL, FRAUD, INQUIRY, QUALITY, TECHNICAL in the 2022 documents; stored and shown as sent. */
  reason: Text,
  respond_by: Instant.nullish(),
  occurred_at: Text,
  dispute_details: z.object({ case_id: Text, reason_code: Text }).nullish(),
  tags: Tags.nullish(),
});
export type Dispute = z.infer<typeof DisputeSchema>;

export const DisputeEvidenceSchema = z.object({
  id: Id,
  ...TimestampFields,
  dispute: Id,
  merchant: Id.nullish(),
  state: actedOnEnum(["PENDING", "SUCCEEDED", "CANCELED", "FAILED"]),
  /** The upload's file name (`file-name`): a retry adopts the upload whose answer was lost. */
  tags: Tags.nullish(),
});
export type DisputeEvidence = z.infer<typeof DisputeEvidenceSchema>;

// ── Settlements ───────────────────────────────────────────────────────────────────────────────

export const SETTLEMENT_STATUSES = ["PENDING", "AWAITING_APPROVAL", "APPROVED"] as const;

export const SettlementSchema = z.object({
  id: Id,
  ...TimestampFields,
  merchant_id: Id,
  currency: Currency,
  total_amount: z.int(),
  total_fee: z.int().nullish(),
  total_fees: z.int().nullish(),
  net_amount: z.int(),
  status: actedOnEnum(SETTLEMENT_STATUSES),
  destination: Text,
  tags: Tags.nullish(),
});
export type Settlement = z.infer<typeof SettlementSchema>;

// ── Webhooks ──────────────────────────────────────────────────────────────────────────────────

/** The registration's answer: what the operator is shown, and the key that signs every delivery (`Finix-Signature`). */
export const WebhookSchema = z.object({
  id: Id,
  url: z.string(),
  enabled: z.boolean(),
  /** Returned when the webhook is created. */
  secret_signing_key: Text,
});
export type Webhook = z.infer<typeof WebhookSchema>;

// ── Lists ─────────────────────────────────────────────────────────────────────────────────────

/** One page of a cursor-paginated list; `nextCursor` is null on the last page. */
export type Page<T> = { items: T[]; nextCursor: string | null };
