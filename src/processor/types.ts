import { z } from "zod";
import { instantMicros } from "../lib/instant";

/**
 * The processor's requests and resources, as much of each as the service sends or reads. Field names and
 * enum values are the processor's own (its OpenAPI, API version 2022-02-01); nothing here is renamed. The resources its
 * webhooks carry are zod schemas, so a webhook is checked against the very shape the adapter's answers are typed with.
 */

const Tags = z.record(z.string(), z.string());
export type Tags = z.infer<typeof Tags>;
const Links = z.record(z.string(), z.object({ href: z.string() }));
type Link = { href: string };
type Timestamps = { created_at: string; updated_at: string };

/** The processor's date-times: ISO 8601 with a zone, compared as instants wherever the service orders them. */
const Instant = z.string().refine((text) => instantMicros(text) !== null, "must be an ISO 8601 date-time with a zone");
const TimestampFields = { created_at: Instant, updated_at: Instant };
const Id = z.string().min(1).max(64);
const Amount = z.int().nonnegative();
const Currency = z.string().regex(/^[A-Z]{3}$/, "must be an ISO 4217 code");

export type Environment = "sandbox" | "live";

// ── Identities ────────────────────────────────────────────────────────────────────────────────

export type Address = { line1?: string; line2?: string; city?: string; region?: string; postal_code?: string; country?: string };

/** A buyer identity: every entity field is optional for buyers (the OpenAPI's required list applies to sellers). */
export type CreateBuyerIdentityRequest = {
  entity: { first_name?: string; last_name?: string; email?: string; phone?: string; personal_address?: Address };
  tags?: Tags;
};

export type Identity = Timestamps & {
  id: string;
  application?: string;
  entity?: Record<string, unknown>;
  tags?: Tags | null;
  _links?: Record<string, Link>;
};

// ── Payment instruments ───────────────────────────────────────────────────────────────────────

export type CreateTokenInstrumentRequest = { type: "TOKEN"; token: string; identity: string; tags?: Tags };

export type CreateBankAccountInstrumentRequest = {
  type: "BANK_ACCOUNT";
  identity: string;
  name: string;
  account_number: string;
  bank_code: string;
  account_type: "PERSONAL_CHECKING" | "PERSONAL_SAVINGS" | "BUSINESS_CHECKING" | "BUSINESS_SAVINGS";
  attempt_bank_account_validation_check?: boolean;
  tags?: Tags;
};

export type CreatePaymentInstrumentRequest = CreateTokenInstrumentRequest | CreateBankAccountInstrumentRequest;

export type InstrumentType =
  | "APPLE_PAY"
  | "BANK_ACCOUNT"
  | "GOOGLE_PAY"
  | "PAYMENT_CARD"
  | "PAYMENT_CARD_PRESENT"
  | "SWIPED_PAYMENT_CARD"
  | "TOKEN"
  | "VANTIV_OMNI_TOKEN"
  | "VIRTUAL";

export type PaymentInstrument = Timestamps & {
  id: string;
  type: InstrumentType;
  instrument_type: InstrumentType;
  identity: string;
  enabled?: boolean;
  fingerprint?: string;
  currency?: string;
  name?: string | null;
  brand?: string;
  card_type?: string;
  last_four?: string;
  expiration_month?: number;
  expiration_year?: number;
  masked_account_number?: string | null;
  account_type?: "CHECKING" | "SAVINGS";
  bank_account_validation_check?: "INCONCLUSIVE" | "INVALID" | "NOT_ATTEMPTED" | "VALID";
  tags?: Tags | null;
};

// ── Transfers ─────────────────────────────────────────────────────────────────────────────────

/** A card or ACH sale; `fee` is the platform's application fee and `idempotency_id` makes a retry safe. */
export type CreateSaleRequest = {
  merchant: string;
  source: string;
  amount: number;
  currency: string;
  fee: number;
  idempotency_id: string;
  statement_descriptor?: string;
  fraud_session_id?: string;
  tags?: Tags;
};

/** A card-present sale on a PAX reader: the device implies the merchant and the card is read from the buyer. */
export type CreateCardPresentSaleRequest = {
  device: string;
  amount: number;
  currency: string;
  idempotency_id: string;
  fee?: number;
  device_configuration?: { prompt_manual_entry?: boolean; prompt_signature?: "ALWAYS" | "NEVER" | "AMOUNT" };
  tags?: Tags;
};

/**
 * Credits a merchant outside a sale, e.g. to return an application fee that a reversal keeps: a transfer with
 * `operation_key: MERCHANT_CREDIT_ADJUSTMENT` funded from `source`, the platform's own payment instrument (the
 * transfer's `source` is "where funds get debited").
 */
export type CreateMerchantCreditAdjustmentRequest = {
  merchant: string;
  source: string;
  amount: number;
  currency: string;
  idempotency_id: string;
  tags?: Tags;
};

export type CreateReversalRequest = { refund_amount: number; idempotency_id: string; tags?: Tags };

export const TransferSchema = z.object({
  id: Id,
  ...TimestampFields,
  amount: Amount,
  currency: Currency,
  state: z.enum(["PENDING", "SUCCEEDED", "FAILED", "CANCELED", "UNKNOWN"]),
  type: z.enum(["DEBIT", "CREDIT", "REVERSAL", "FEE", "ADJUSTMENT", "DISPUTE", "RESERVE", "SETTLEMENT", "UNKNOWN"]).optional(),
  subtype: z
    .enum([
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
    ])
    .optional(),
  application: z.string().optional(),
  merchant: Id.optional(),
  merchant_identity: z.string().optional(),
  source: z.string().nullish(),
  destination: z.string().nullish(),
  device: z.string().optional(),
  fee: Amount.optional(),
  idempotency_id: z.string().max(255).nullish(),
  parent_transfer: Id.nullish(),
  failure_code: z.string().max(255).nullish(),
  failure_message: z.string().max(1024).nullish(),
  ready_to_settle_at: z.string().nullish(),
  trace_id: z.string().nullish(),
  card_present_details: z
    .object({
      brand: z.string().nullish(),
      masked_account_number: z.string().nullish(),
      entry_mode: z.string().nullish(),
      approval_code: z.string().nullish(),
    })
    .nullish(),
  tags: Tags.nullish(),
  _links: Links.optional(),
});
export type Transfer = z.infer<typeof TransferSchema>;

/**
 * A fee the processor charged the merchant, linked (`linked_id`) to the transfer that caused it (`GET /fees?linked_to=`).
 * `amount` is in cents: an integer, or a fraction of a cent (2.393) as the processor's reference allows.
 */
export type Fee = Timestamps & {
  id: string;
  amount: number;
  currency: string;
  fee_type?: string;
  fee_subtype?: string;
  linked_id?: string | null;
  linked_type?: string | null;
  merchant?: string | null;
};

/** A decline is an expected answer about the buyer's money, not an exception. */
export type TransferOutcome =
  | { outcome: "created"; transfer: Transfer }
  | { outcome: "declined"; failureCode: string; failureMessage: string; transfer: Transfer | null };

// ── Merchants and onboarding ──────────────────────────────────────────────────────────────────

export const MerchantSchema = z.object({
  id: Id,
  ...TimestampFields,
  identity: Id,
  application: z.string().optional(),
  /** The OpenAPI lists PROVISIONING, APPROVED, REJECTED; the processor's docs add UPDATE_REQUESTED. */
  onboarding_state: z.enum(["PROVISIONING", "APPROVED", "REJECTED", "UPDATE_REQUESTED"]),
  processing_enabled: z.boolean(),
  settlement_enabled: z.boolean(),
  processor: z.string().optional(),
  merchant_name: z.string().optional(),
  mid: z.string().nullish(),
  tags: Tags.nullish(),
});
export type Merchant = z.infer<typeof MerchantSchema>;

export type OnboardingLinkDetails = {
  return_url: string;
  expired_session_url: string;
  terms_of_service_url?: string;
  fee_details_url?: string;
};

export type CreateOnboardingFormRequest = {
  onboarding_data?: { entity?: Record<string, unknown>; max_transaction_amount?: number };
  /** Defaults to the environment's processor (DUMMY_V1 in sandbox, FINIX_V1 live). */
  merchant_processors?: { processor: string }[];
  /** The OpenAPI types this one as a string here, unlike on the links route. */
  onboarding_link_details: OnboardingLinkDetails & { expiration_in_minutes?: string };
  tags?: Tags;
};

export type CreateOnboardingLinkRequest = OnboardingLinkDetails & { expiration_in_minutes?: number };

const OnboardingLinkSchema = z.object({ link_url: z.string(), expires_at: z.string() });
export type OnboardingLink = z.infer<typeof OnboardingLinkSchema>;

export const OnboardingFormSchema = z.object({
  id: Id,
  ...TimestampFields,
  status: z.enum(["IN_PROGRESS", "COMPLETED"]),
  /** Null until the seller submits the form; the processor then creates the identity, bank account and merchant. */
  identity_id: Id.nullish(),
  application_id: z.string().optional(),
  merchant_processors: z.array(z.object({ processor: z.string() })).optional(),
  onboarding_link: OnboardingLinkSchema.nullish(),
  tags: Tags.nullish(),
});
export type OnboardingForm = z.infer<typeof OnboardingFormSchema>;

// ── Compliance forms (PCI SAQ-A) ──────────────────────────────────────────────────────────────

export type PciSaqAAttestation = { name: string; title: string; signed_at: string; ip_address: string; user_agent: string };

export const ComplianceFormSchema = z.object({
  id: Id,
  ...TimestampFields,
  type: z.enum(["PCI_SAQ_A"]),
  state: z.enum(["PENDING", "INCOMPLETE", "COMPLETE", "INVALID"]),
  linked_to: Id,
  linked_type: z.string().optional(),
  due_at: Instant.optional(),
  valid_from: z.string().optional(),
  valid_until: Instant.optional(),
  version: z.string().optional(),
  files: z.object({ unsigned_file: z.string().optional(), signed_file: z.string().nullish() }).optional(),
  pci_saq_a: z
    .object({
      name: z.string().nullish(),
      title: z.string().nullish(),
      signed_at: z.string().nullish(),
      ip_address: z.string().nullish(),
      user_agent: z.string().nullish(),
      is_accepted: z.boolean().nullish(),
    })
    .optional(),
  tags: Tags.nullish(),
});
export type ComplianceForm = z.infer<typeof ComplianceFormSchema>;

// ── Devices (PAX card readers) ────────────────────────────────────────────────────────────────

/** How the reader handles a sale (the processor's `ConfigurationDetails`). */
export type DeviceConfiguration = {
  allow_debit?: boolean;
  bypass_device_on_capture?: boolean;
  prompt_signature?: "ALWAYS" | "NEVER" | "AMOUNT";
};

export type CreateDeviceRequest = {
  name: string;
  model: string;
  serial_number?: string;
  description?: string;
  /** Required by the processor's current API reference (its 2022-02-01 OpenAPI document marks it optional). */
  configuration: DeviceConfiguration;
  tags?: Tags;
};

export type DeviceAction = "ACTIVATE" | "DEACTIVATE";

export type Device = Timestamps & {
  id: string;
  merchant: string;
  model: string;
  name: string;
  description?: string | null;
  serial_number?: string | null;
  enabled: boolean;
  /** Present only when read with `include_connection=true`. */
  connection?: "OPEN" | "CLOSED";
  tags?: Tags | null;
};

// ── Disputes ──────────────────────────────────────────────────────────────────────────────────

export const DisputeSchema = z.object({
  id: Id,
  ...TimestampFields,
  transfer: Id,
  merchant: Id,
  amount: Amount.nullish(),
  state: z.enum(["INQUIRY", "PENDING", "WON", "LOST"]),
  response_state: z.enum(["NEEDS_RESPONSE", "RESPONDED", "ACCEPTED", "NO_RESPONSE_ALLOWED", "UNKNOWN"]).optional(),
  reason: z.enum(["CLERICAL", "FRAUD", "INQUIRY", "QUALITY", "TECHNICAL"]).optional(),
  respond_by: Instant.nullish(),
  occurred_at: Instant.nullish(),
  evidence_submitted: z.enum(["CHARGEBACK", "NOT_SUPPORTED", "NONE", "UNKNOWN", "INQUIRY"]).optional(),
  dispute_details: z.object({ case_id: z.string().nullish(), reason_code: z.string().nullish() }).nullish(),
  tags: Tags.nullish(),
});
export type Dispute = z.infer<typeof DisputeSchema>;

export const DisputeEvidenceSchema = z.object({
  id: Id,
  ...TimestampFields,
  dispute: Id,
  merchant: Id.optional(),
  state: z.enum(["PENDING", "SUCCEEDED", "CANCELED", "FAILED"]),
  tags: Tags.nullish(),
});
export type DisputeEvidence = z.infer<typeof DisputeEvidenceSchema>;

// ── Settlements ───────────────────────────────────────────────────────────────────────────────

export const SettlementSchema = z.object({
  id: Id,
  ...TimestampFields,
  merchant_id: Id,
  currency: Currency,
  total_amount: z.int(),
  total_fee: z.int().optional(),
  total_fees: z.int().optional(),
  net_amount: z.int(),
  status: z.enum(["PENDING", "AWAITING_APPROVAL", "APPROVED"]),
  destination: z.string().nullish(),
  tags: Tags.nullish(),
});
export type Settlement = z.infer<typeof SettlementSchema>;

// ── Webhooks ──────────────────────────────────────────────────────────────────────────────────

export type WebhookEvents = { entity: string; types: string[] }[];

export type CreateWebhookRequest = {
  url: string;
  authentication:
    { type: "BASIC"; basic: { username: string; password: string } } | { type: "BEARER"; bearer: { token: string } } | { type: "NONE" };
  enabled_events: WebhookEvents;
  enabled?: boolean;
};

export type UpdateWebhookRequest = { url?: string; enabled?: boolean; enabled_events?: WebhookEvents };

export type Webhook = Timestamps & {
  id: string;
  url: string;
  enabled: boolean;
  enabled_events?: WebhookEvents;
  authentication?: { type: "NONE" | "BASIC" | "BEARER" };
  /** Returned when the webhook is created; it signs every delivery (`Finix-Signature`). */
  secret_signing_key?: string | null;
};

// ── Lists ─────────────────────────────────────────────────────────────────────────────────────

/** One page of a cursor-paginated list; `nextCursor` is null on the last page. */
export type Page<T> = { items: T[]; nextCursor: string | null };

/** Cursor parameters of every list (API version 2022-02-01); the processor caps `limit` at 100. */
export type PageRequest = { limit?: number; after_cursor?: string };
