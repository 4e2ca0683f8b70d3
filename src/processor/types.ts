/**
 * The processor's requests and resources, as much of each as the service sends or reads. Field names and
 * enum values are the processor's own (its OpenAPI, API version 2022-02-01); nothing here is renamed.
 */

export type Tags = Record<string, string>;
type Link = { href: string };
type Timestamps = { created_at: string; updated_at: string };

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

export type TransferState = "PENDING" | "SUCCEEDED" | "FAILED" | "CANCELED" | "UNKNOWN";

export type Transfer = Timestamps & {
  id: string;
  amount: number;
  currency: string;
  state: TransferState;
  type?: "DEBIT" | "CREDIT" | "REVERSAL" | "FEE" | "ADJUSTMENT" | "DISPUTE" | "RESERVE" | "SETTLEMENT" | "UNKNOWN";
  subtype?: string;
  application?: string;
  merchant?: string;
  merchant_identity?: string;
  source?: string | null;
  destination?: string | null;
  device?: string;
  fee?: number;
  idempotency_id?: string | null;
  parent_transfer?: string | null;
  failure_code?: string | null;
  failure_message?: string | null;
  ready_to_settle_at?: string | null;
  trace_id?: string | null;
  card_present_details?: {
    brand?: string | null;
    masked_account_number?: string | null;
    entry_mode?: string | null;
    approval_code?: string | null;
  } | null;
  tags?: Tags | null;
  _links?: Record<string, Link>;
};

/** A fee the processor charged the merchant, linked to the transfer that caused it (`GET /fees?linked_id=`). */
export type Fee = Timestamps & {
  id: string;
  amount: number;
  currency: string;
  fee_type?: string;
  fee_subtype?: string;
  linked_id?: string;
  linked_type?: string;
  merchant?: string;
};

/** A decline is an expected answer about the buyer's money, not an exception. */
export type TransferOutcome =
  | { outcome: "created"; transfer: Transfer }
  | { outcome: "declined"; failureCode: string; failureMessage: string; transfer: Transfer | null };

// ── Merchants and onboarding ──────────────────────────────────────────────────────────────────

export type Merchant = Timestamps & {
  id: string;
  identity: string;
  application?: string;
  /** The OpenAPI lists PROVISIONING, APPROVED, REJECTED; the processor's docs add an "update requested" state. */
  onboarding_state: "PROVISIONING" | "APPROVED" | "REJECTED" | (string & {});
  processing_enabled: boolean;
  settlement_enabled: boolean;
  processor?: string;
  merchant_name?: string;
  mid?: string | null;
  tags?: Tags | null;
};

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

export type OnboardingLink = { link_url: string; expires_at: string };

export type OnboardingForm = Timestamps & {
  id: string;
  status: "IN_PROGRESS" | "COMPLETED" | (string & {});
  /** Null until the seller submits the form; the processor then creates the identity, bank account and merchant. */
  identity_id?: string | null;
  application_id?: string;
  merchant_processors?: { processor: string }[];
  onboarding_link?: OnboardingLink | null;
  tags?: Tags | null;
};

// ── Compliance forms (PCI SAQ-A) ──────────────────────────────────────────────────────────────

export type PciSaqAAttestation = { name: string; title: string; signed_at: string; ip_address: string; user_agent: string };

export type ComplianceForm = Timestamps & {
  id: string;
  type: "PCI_SAQ_A";
  state: "PENDING" | "INCOMPLETE" | "COMPLETE" | "INVALID";
  linked_to: string;
  linked_type?: string;
  due_at?: string;
  valid_from?: string;
  valid_until?: string;
  version?: string;
  files?: { unsigned_file?: string; signed_file?: string | null };
  pci_saq_a?: Partial<PciSaqAAttestation> & { is_accepted?: boolean | null };
  tags?: Tags | null;
};

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

export type Dispute = Timestamps & {
  id: string;
  transfer: string;
  merchant: string;
  amount?: number | null;
  state: "INQUIRY" | "PENDING" | "WON" | "LOST";
  response_state?: "NEEDS_RESPONSE" | "RESPONDED" | "ACCEPTED" | "NO_RESPONSE_ALLOWED" | "UNKNOWN";
  reason?: "CLERICAL" | "FRAUD" | "INQUIRY" | "QUALITY" | "TECHNICAL";
  respond_by?: string | null;
  occurred_at?: string | null;
  evidence_submitted?: string;
  dispute_details?: { case_id?: string | null; reason_code?: string | null } | null;
  tags?: Tags | null;
};

export type DisputeEvidence = Timestamps & {
  id: string;
  dispute: string;
  merchant?: string;
  state: "PENDING" | "SUCCEEDED" | "CANCELED" | "FAILED";
  tags?: Tags | null;
};

// ── Settlements ───────────────────────────────────────────────────────────────────────────────

export type Settlement = Timestamps & {
  id: string;
  merchant_id: string;
  currency: string;
  total_amount: number;
  total_fee?: number;
  total_fees?: number;
  net_amount: number;
  status: "PENDING" | "AWAITING_APPROVAL" | "APPROVED";
  destination?: string | null;
  tags?: Tags | null;
};

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
