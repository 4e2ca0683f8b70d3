import type { FailureReason } from "./test-data";

/** What the sandbox stores per resource: the processor's wire fields (without `_links`) and sandbox-only facts. */

export type Tags = Record<string, string>;
type Timestamps = { created_at: string; updated_at: string };

export type IdentityRecord = Timestamps & {
  id: string;
  application: string;
  entity: Record<string, unknown>;
  additional_underwriting_data?: Record<string, unknown> | null;
  tags: Tags;
};

export type InstrumentBehaviour = { decline?: FailureReason; ach?: FailureReason & { outcome: "returned" | "failed" } };

export type CardDetails = {
  brand: string;
  bin: string;
  last_four: string;
  expiration_month: number;
  expiration_year: number;
  card_type: string;
  issuer_country: string;
  address: Record<string, string | null> | null;
  address_verification: string;
  security_code_verification: string;
};

export type BankDetails = {
  bank_code: string;
  masked_account_number: string;
  account_type: "CHECKING" | "SAVINGS";
  country: string;
  bank_account_validation_check: string;
};

export type PaymentInstrumentRecord = Timestamps & {
  id: string;
  application: string;
  identity: string;
  type: "PAYMENT_CARD" | "BANK_ACCOUNT" | "PAYMENT_CARD_PRESENT";
  instrument_type: "PAYMENT_CARD" | "BANK_ACCOUNT" | "PAYMENT_CARD_PRESENT";
  fingerprint: string;
  name: string | null;
  currency: string;
  enabled: boolean;
  tags: Tags;
} & Partial<CardDetails> &
  Partial<BankDetails>;

/** An instrument's fields before it belongs to an identity: what a token carries. */
export type InstrumentDraft = Pick<PaymentInstrumentRecord, "type" | "instrument_type" | "fingerprint" | "name" | "currency"> &
  Partial<CardDetails> &
  Partial<BankDetails>;

export type TokenRecord = Timestamps & {
  id: string;
  fingerprint: string;
  instrument_type: "PAYMENT_CARD" | "BANK_ACCOUNT";
  currency: string;
  expires_at: string;
};

export type TokenInternal = { draft: InstrumentDraft; behaviour: InstrumentBehaviour; usedBy: string | null };

export type TransferState = "PENDING" | "SUCCEEDED" | "FAILED" | "CANCELED" | "UNKNOWN";

export type TransferRecord = Timestamps & {
  id: string;
  application: string;
  amount: number;
  amount_requested: number;
  currency: string;
  fee: number;
  state: TransferState;
  type: "DEBIT" | "CREDIT" | "REVERSAL" | "ADJUSTMENT" | "DISPUTE";
  subtype: string;
  merchant: string;
  merchant_identity: string;
  source: string | null;
  destination: string | null;
  device: string | null;
  operation_key?: string;
  parent_transfer: string | null;
  idempotency_id: string | null;
  failure_code: string | null;
  failure_message: string | null;
  ready_to_settle_at: string | null;
  statement_descriptor: string | null;
  trace_id: string;
  card_present_details: Record<string, unknown> | null;
  messages: string[];
  raw: null;
  externally_funded: string;
  additional_buyer_charges: null;
  additional_healthcare_data: null;
  address_verification: string | null;
  security_code_verification: string | null;
  split_transfers: null;
  tags: Tags;
};

/**
 * A fee the processor charges the merchant for a transfer (the `Fee` resource, listed by `GET /fees?linked_to=`): `amount`
 * is in cents, an integer or — as the processor's reference allows — a fraction of a cent.
 */
export type FeeRecord = Timestamps & {
  id: string;
  amount: number;
  currency: string;
  display_name: null;
  fee_subtype: "PLATFORM_FEE";
  fee_type: string;
  label: null;
  linked_id: string;
  linked_type: "TRANSFER";
  merchant: string;
  tags: Tags;
};

export type TransferInternal = {
  /** Canonical request body for `idempotency_id` comparison; null for transfers the sandbox made itself. */
  requestFingerprint: string | null;
  /** The status the creating call answered with, replayed for a repeated `idempotency_id`. */
  createdStatus: number;
  /**
   * `disputes`: the money a dispute moves (adjustment transfers); `system`: a settlement's funding transfer;
   * `authorizations`: the debit a capture makes.
   */
  endpoint: "transfers" | "reversals" | "disputes" | "system" | "authorizations";
  settlementId: string | null;
  /** What the merchant was charged for this sale once it succeeded. */
  fees?: FeeRecord[];
};

/**
 * A card hold. The processor's document has no expired state: an authorization past `expires_at` keeps its `state`
 * and can no longer be captured or voided.
 */
export type AuthorizationRecord = Timestamps & {
  id: string;
  application: string;
  amount: number;
  amount_requested: number;
  /** What a capture took; 0 until then. */
  capture_amount: number;
  currency: string;
  /** A card-present hold is PENDING while the reader waits for the buyer, and CANCELED when the wait is canceled. */
  state: "PENDING" | "SUCCEEDED" | "FAILED" | "CANCELED";
  merchant: string;
  merchant_identity: string;
  /** The card held; for a card-present hold, the card read at the reader (null until one is read). */
  source: string | null;
  /** The reader a card-present hold (`CARD_PRESENT_AUTHORIZATION`) was made on; null for a card-not-present one. */
  device: string | null;
  card_present_details: Record<string, unknown> | null;
  /** The debit a capture made. */
  transfer: string | null;
  is_void: boolean;
  void_state: "UNATTEMPTED" | "SUCCEEDED";
  expires_at: string;
  idempotency_id: string | null;
  failure_code: string | null;
  failure_message: string | null;
  trace_id: string;
  messages: string[];
  raw: null;
  "3ds_redirect_url": null;
  additional_buyer_charges: null;
  additional_healthcare_data: null;
  address_verification: string | null;
  security_code_verification: string | null;
  tags: Tags;
};

export type AuthorizationInternal = {
  /** Canonical request body for `idempotency_id` comparison. */
  requestFingerprint: string;
  /** The status the creating call answered with, replayed for a repeated `idempotency_id`. */
  createdStatus: number;
  /** Its expiry was announced (`authorization.updated`): by the control, or when `expires_at` passed. */
  expiryAnnounced: boolean;
};

/** A merchant's fee profile (the processor's `fee_profile`, reduced to the card and ACH rate the sandbox applies). */
export type FeeProfile = { basisPoints: number; fixedFee: number };

export type MerchantInternal = { feeProfile?: FeeProfile };

export type MerchantOnboardingState = "PROVISIONING" | "APPROVED" | "REJECTED" | "UPDATE_REQUESTED";

export type MerchantRecord = Timestamps & {
  id: string;
  application: string;
  identity: string;
  onboarding_state: MerchantOnboardingState;
  processing_enabled: boolean;
  settlement_enabled: boolean;
  processor: string;
  mid: string | null;
  mcc: string | null;
  merchant_name: string;
  merchant_profile: string;
  verification: string;
  card_cvv_required: boolean;
  card_expiration_date_required: boolean;
  convenience_charges_enabled: boolean;
  creating_transfer_from_report_enabled: boolean;
  gross_settlement_enabled: boolean;
  level_two_level_three_data_enabled: boolean;
  rent_surcharges_enabled: boolean;
  surcharges_enabled: boolean;
  ready_to_settle_upon: string;
  fee_ready_to_settle_upon: string;
  settlement_funding_identifier: string;
  tags: Tags;
};

export type OnboardingLinkDetails = {
  return_url?: string;
  expired_session_url?: string;
  fee_details_url?: string;
  terms_of_service_url?: string;
};

export type OnboardingFormRecord = Timestamps & {
  id: string;
  application_id: string;
  status: "IN_PROGRESS" | "COMPLETED";
  identity_id: string | null;
  merchant_processors: { processor: string }[];
  onboarding_data: Record<string, unknown>;
  onboarding_link: { link_url: string; expires_at: string };
  onboarding_link_details: OnboardingLinkDetails & { expiration_in_minutes?: string };
  tags: Tags;
};

export type OnboardingLink = OnboardingLinkDetails & { bearerToken: string; expiresAt: string };

export type OnboardingFormInternal = {
  /** Raw prefill, tax ids included; the wire copy is masked. */
  prefill: Record<string, unknown>;
  links: OnboardingLink[];
  merchantId: string | null;
};

export type ComplianceFormRecord = Timestamps & {
  id: string;
  application_id: string;
  type: "PCI_SAQ_A";
  state: "PENDING" | "INCOMPLETE" | "COMPLETE" | "INVALID";
  linked_to: string;
  linked_type: "MERCHANT";
  compliance_form_template: string;
  version: string;
  due_at: string;
  valid_from: string;
  valid_until: string;
  files: { unsigned_file: string; signed_file: string | null };
  pci_saq_a: {
    name: string | null;
    title: string | null;
    signed_at: string | null;
    ip_address: string | null;
    user_agent: string | null;
    is_accepted: boolean | null;
  };
  tags: Tags;
};

export type DeviceRecord = Timestamps & {
  id: string;
  merchant: string;
  model: string;
  name: string;
  description: string | null;
  serial_number: string | null;
  enabled: boolean;
  idle_message: string | null;
  configuration_details: Record<string, unknown> | null;
  tags: Tags;
};

export type CardPresentOutcome = "approve" | "decline" | "cancel";

export type DeviceInternal = {
  connection: "OPEN" | "CLOSED";
  armedOutcome: CardPresentOutcome | null;
  /** The buyer taps just as the next cancel arrives: the cancel finds the sale already SUCCEEDED. */
  tapOnCancel?: boolean;
};

export type DisputeRecord = Timestamps & {
  id: string;
  application: string;
  transfer: string;
  merchant: string;
  identity: string;
  amount: number | null;
  state: "INQUIRY" | "PENDING" | "WON" | "LOST";
  response_state: "NEEDS_RESPONSE" | "RESPONDED" | "ACCEPTED" | "NO_RESPONSE_ALLOWED" | "UNKNOWN";
  reason: "CLERICAL" | "FRAUD" | "INQUIRY" | "QUALITY" | "TECHNICAL";
  respond_by: string | null;
  occurred_at: string | null;
  evidence_submitted: "CHARGEBACK" | "INQUIRY" | "NONE" | "NOT_SUPPORTED" | "UNKNOWN";
  action: string | null;
  message: string | null;
  dispute_details: { case_id: string | null; reason_code: string | null; pin_debit_adjustment_number: string | null };
  tags: Tags;
};

export type DisputeInternal = { note: string | null };

export type EvidenceRecord = Timestamps & {
  id: string;
  application: string;
  dispute: string;
  merchant: string;
  identity: string;
  state: "PENDING" | "SUCCEEDED" | "CANCELED" | "FAILED";
  tags: Tags;
};

export type EvidenceInternal = { sizeBytes: number };

export type SettlementRecord = Timestamps & {
  id: string;
  application: string;
  merchant_id: string;
  identity: string;
  currency: string;
  total_amount: number;
  total_fee: number;
  total_fees: number;
  net_amount: number;
  destination: string | null;
  status: "PENDING" | "AWAITING_APPROVAL" | "APPROVED";
  type: "MERCHANT_REVENUE";
  processor: string;
  payment_type: null;
  funds_flow: null;
  tags: Tags;
};

export type SettlementInternal = { transferIds: string[]; fundingTransferIds: string[] };

/** What a hosted checkout page collects or how it behaves, as its creator set it (`additional_details`). */
export type CheckoutAdditionalDetails = {
  collect_name?: boolean;
  collect_email?: boolean;
  success_return_url?: string;
  cart_return_url?: string;
  expired_session_url?: string;
  terms_of_service_url: string;
  expiration_in_minutes: number;
};

/** `ACTIVE` until its one payment succeeds (`COMPLETED`) or its time runs out (`EXPIRED`). */
export type CheckoutFormState = "ACTIVE" | "COMPLETED" | "EXPIRED";

/** A single-use hosted checkout page (the processor's Checkout Pages, `POST /checkout_forms`). */
export type CheckoutFormRecord = Timestamps & {
  id: string;
  application_id: string;
  merchant_id: string;
  nickname: string;
  payment_frequency: "ONE_TIME";
  is_multiple_use: false;
  is_authorization: false;
  allowed_payment_methods: string[];
  state: CheckoutFormState;
  amount_details: { amount_type: "FIXED"; total_amount: number; currency: string };
  items: Record<string, unknown>[];
  buyer_details: Record<string, unknown> | null;
  additional_details: CheckoutAdditionalDetails;
  branding: Record<string, unknown> | null;
  /** Where the buyer pays: the page the processor hosts. */
  link_url: string;
  tags: Tags;
};

export type CheckoutFormInternal = { expiresAt: string };

/** `ACTIVE` until deactivated, expired, or (single use) paid: `COMPLETED`. */
export type PaymentLinkState = "ACTIVE" | "COMPLETED" | "EXPIRED" | "DEACTIVATED";

/** A hosted payment page for one fixed amount, paid once or (`is_multiple_use`) any number of times (`POST /payment_links`). */
export type PaymentLinkRecord = Timestamps & {
  id: string;
  application_id: string;
  merchant_id: string;
  nickname: string | null;
  payment_frequency: "ONE_TIME";
  is_multiple_use: boolean;
  allowed_payment_methods: string[];
  state: PaymentLinkState;
  amount_details: { amount_type: "FIXED"; total_amount: number; currency: string };
  items: Record<string, unknown>[];
  buyer_details: Record<string, unknown> | null;
  additional_details: Omit<CheckoutAdditionalDetails, "cart_return_url"> & { unsuccessful_return_url?: string };
  branding: Record<string, unknown> | null;
  /** Where the buyer pays (the field Finix's sample reads on checkout forms; the link's own is not documented). */
  link_url: string;
  tags: Tags;
};

export type PaymentLinkInternal = { expiresAt: string };

/** A link sent to one destination by e-mail or SMS (`POST /payment_links/{id}/delivery-attempts`). */
export type DeliveryAttemptRecord = Timestamps & {
  id: string;
  entity_id: string;
  entity_type: "PAYMENT_LINK";
  type: "EMAIL" | "SMS";
  destination: string;
  state: "SUCCEEDED";
};

/**
 * One buyer's submission on a hosted page (the processor's Transfer Attempt): which form it was made on, and the
 * transfer it made — the documented way to learn a hosted page's payments (`GET /transfer_attempts?entity_id=`).
 */
export type TransferAttemptRecord = Timestamps & {
  id: string;
  entity_id: string;
  entity_type: "CHECKOUT_FORM" | "PAYMENT_LINK";
  merchant_id: string;
  amount: number;
  currency: string;
  state: "SUCCEEDED" | "FAILED";
  buyer_details: { first_name: string; last_name: string; email: string | null; identity_id: string };
  payment_instrument_id: string;
  transfer_id: string;
  failure_code: string | null;
  failure_message: string | null;
  tags: Tags;
};

export type WebhookAuthentication =
  { type: "NONE" } | { type: "BASIC"; basic: { username: string; password: string } } | { type: "BEARER"; bearer: { token: string } };

export type EnabledEvent = { entity: string; types: string[] };

export type WebhookRecord = Timestamps & {
  id: string;
  application: string;
  url: string;
  enabled: boolean;
  enabled_events: EnabledEvent[];
  authentication: { type: WebhookAuthentication["type"] };
  secret_signing_key: string;
  previous_secret_expires_at: string | null;
};

export type WebhookInternal = { authentication: WebhookAuthentication };

type Entry<R, I = Record<string, never>> = { record: R; internal: I };

export interface KindMap {
  identity: Entry<IdentityRecord>;
  payment_instrument: Entry<PaymentInstrumentRecord, { behaviour: InstrumentBehaviour }>;
  token: Entry<TokenRecord, TokenInternal>;
  transfer: Entry<TransferRecord, TransferInternal>;
  authorization: Entry<AuthorizationRecord, AuthorizationInternal>;
  merchant: Entry<MerchantRecord, MerchantInternal>;
  onboarding_form: Entry<OnboardingFormRecord, OnboardingFormInternal>;
  checkout_form: Entry<CheckoutFormRecord, CheckoutFormInternal>;
  transfer_attempt: Entry<TransferAttemptRecord>;
  payment_link: Entry<PaymentLinkRecord, PaymentLinkInternal>;
  delivery_attempt: Entry<DeliveryAttemptRecord>;
  compliance_form: Entry<ComplianceFormRecord>;
  device: Entry<DeviceRecord, DeviceInternal>;
  dispute: Entry<DisputeRecord, DisputeInternal>;
  evidence: Entry<EvidenceRecord, EvidenceInternal>;
  settlement: Entry<SettlementRecord, SettlementInternal>;
  webhook: Entry<WebhookRecord, WebhookInternal>;
}

export type Kind = keyof KindMap;
export type RecordOf<K extends Kind> = KindMap[K]["record"];
export type InternalOf<K extends Kind> = KindMap[K]["internal"];
export type Stored<K extends Kind> = { record: RecordOf<K>; internal: InternalOf<K> };
