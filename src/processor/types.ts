/** The processor's resources, as much of each as the service reads; field names are the processor's own. */

export type Tags = Record<string, string>;
type Links = Record<string, { href: string }>;

export type TransferState = "PENDING" | "SUCCEEDED" | "FAILED" | "CANCELED" | "UNKNOWN";

export type Identity = {
  id: string;
  entity?: Record<string, unknown>;
  tags?: Tags;
  created_at: string;
  updated_at: string;
};

export type PaymentInstrument = {
  id: string;
  type: string;
  instrument_type: string;
  identity: string;
  enabled?: boolean;
  fingerprint?: string;
  brand?: string | null;
  last_four?: string | null;
  masked_account_number?: string | null;
  tags?: Tags;
  created_at: string;
  updated_at: string;
};

export type Transfer = {
  id: string;
  amount: number;
  currency: string;
  state: TransferState;
  type?: string;
  subtype?: string;
  merchant?: string | null;
  source?: string | null;
  destination?: string | null;
  device?: string | null;
  fee?: number;
  idempotency_id?: string | null;
  parent_transfer?: string | null;
  failure_code?: string | null;
  failure_message?: string | null;
  ready_to_settle_at?: string | null;
  card_present_details?: Record<string, unknown> | null;
  tags?: Tags;
  created_at: string;
  updated_at: string;
  _links?: Links;
};

export type Merchant = {
  id: string;
  identity: string;
  onboarding_state: "PROVISIONING" | "APPROVED" | "REJECTED" | "UPDATE_REQUESTED" | string;
  processing_enabled: boolean;
  settlement_enabled: boolean;
  processor?: string;
  tags?: Tags;
  created_at: string;
  updated_at: string;
};

export type OnboardingForm = {
  id: string;
  status: "IN_PROGRESS" | "COMPLETED" | string;
  identity_id?: string | null;
  application_id?: string;
  onboarding_link?: { link_url: string; expires_at: string } | null;
  onboarding_link_details?: Record<string, unknown>;
  tags?: Tags;
  created_at: string;
  updated_at: string;
};

export type OnboardingLink = { link_url: string; expires_at: string };

export type ComplianceForm = {
  id: string;
  type: string;
  state: "PENDING" | "INCOMPLETE" | "COMPLETE" | "INVALID" | string;
  linked_to: string;
  linked_type?: string;
  due_at?: string | null;
  valid_from?: string | null;
  valid_until?: string | null;
  pci_saq_a?: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
};

export type Device = {
  id: string;
  merchant: string;
  model: string;
  name: string;
  description?: string | null;
  serial_number?: string | null;
  enabled: boolean;
  connection?: "OPEN" | "CLOSED" | string;
  tags?: Tags;
  created_at: string;
  updated_at: string;
};

export type Dispute = {
  id: string;
  transfer: string;
  merchant?: string;
  amount?: number | null;
  state: "INQUIRY" | "PENDING" | "WON" | "LOST" | string;
  response_state?: string;
  reason?: string;
  respond_by?: string | null;
  occurred_at?: string | null;
  evidence_submitted?: string;
  tags?: Tags;
  created_at: string;
  updated_at: string;
};

export type DisputeEvidence = { id: string; dispute: string; state: string; tags?: Tags; created_at: string; updated_at: string };

export type Settlement = {
  id: string;
  merchant_id?: string;
  currency: string;
  total_amount: number;
  total_fee?: number;
  total_fees?: number;
  net_amount: number;
  status: string;
  created_at: string;
  updated_at: string;
};

export type Webhook = {
  id: string;
  url: string;
  enabled: boolean;
  enabled_events?: { entity: string; types: string[] }[];
  secret_signing_key?: string;
  created_at: string;
  updated_at: string;
};

export type Page<T> = { items: T[]; nextCursor: string | null };

export type ProcessorErrorItem = { code: string; message: string; field?: string };

/** A decline is an expected answer, not an exception. */
export type TransferOutcome =
  | { outcome: "created"; transfer: Transfer }
  | { outcome: "declined"; failureCode: string; failureMessage: string; transfer: Transfer | null };
