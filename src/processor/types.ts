import type { Tags } from "./resources";

/**
 * The processor's requests, as much of each as the service sends. Field names and enum values are the processor's own
 * (its OpenAPI, API version 2022-02-01); nothing here is renamed. What the service reads back is in `resources.ts`.
 */

export type Environment = "sandbox" | "live";

// ── Identities ────────────────────────────────────────────────────────────────────────────────

export type Address = { line1?: string; line2?: string; city?: string; region?: string; postal_code?: string; country?: string };

/** A buyer identity: every entity field is optional for buyers (the OpenAPI's required list applies to sellers). */
export type CreateBuyerIdentityRequest = {
  entity: { first_name?: string; last_name?: string; email?: string; phone?: string; personal_address?: Address };
  tags?: Tags;
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

/**
 * A sale's transfer or a hold's authorization as the processor answered it: a decline is an expected answer about the
 * buyer's money, not an exception (its item when the answer carries one).
 */
export type ChargeOutcome<T> =
  { outcome: "created"; item: T } | { outcome: "declined"; failureCode: string; failureMessage: string; item: T | null };

// ── Authorizations ────────────────────────────────────────────────────────────────────────────

/** A hold on a card: a card sale's fields but the fee, which is given at capture; the processor sets when it expires. */
export type CreateAuthorizationRequest = Omit<CreateSaleRequest, "fee" | "statement_descriptor">;

/**
 * A hold made on a PAX reader (`operation_key: CARD_PRESENT_AUTHORIZATION`, the processor's "Card Present
 * Authorization - EMV Card" request): the device implies the merchant and the card is read from the buyer.
 */
export type CreateCardPresentAuthorizationRequest = {
  device: string;
  amount: number;
  currency: string;
  idempotency_id: string;
  tags?: Tags;
};

/** Captures all or part of a hold into a transfer carrying `fee`, or voids it: one or the other, never both. */
export type UpdateAuthorizationRequest = { capture_amount: number; fee: number } | { void_me: true };

// ── Merchants and onboarding ──────────────────────────────────────────────────────────────────

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

// ── Compliance forms (PCI SAQ-A) ──────────────────────────────────────────────────────────────

export type PciSaqAAttestation = { name: string; title: string; signed_at: string; ip_address: string; user_agent: string };

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

// ── Lists ─────────────────────────────────────────────────────────────────────────────────────

/** Cursor parameters of every list (API version 2022-02-01); the processor caps `limit` at 100. */
export type PageRequest = { limit?: number; after_cursor?: string };
