/**
 * Answers of the processor, written after the examples in its published OpenAPI document (ids, shapes and
 * values), independent of the client's types. Each builder returns a fresh object the test may change.
 */

const API = "https://finix.sandbox-payments-api.com";
export const APPLICATION_ID = "APgPDQrLD52TYvqazjHJJchM";

export const IDS = {
  merchant: "MUeDVrf2ahuKc9Eg5TeZugvs",
  otherMerchant: "MUucec6fHeaWo3VHYoSkUySM",
  merchantIdentity: "IDuqZpDw28f2KK6YuDk4jNLg",
  buyerIdentity: "IDpcMZ7ceTy4iinCH7etmg1M",
  token: "TKiMxe323RE5Dq3wLVtG8kSW",
  card: "PIe2YvpcjvoVJ6PzoRPBK137",
  bankAccount: "PI3AbkuRR1JbT5kPiGQCXvD9",
  platformFunding: "PIr1Ru7ewBkEYVVn7SP1u5FW",
  sale: "TRhw2BGAqyFZcrjTYXq4qTvY",
  reversal: "TRvypgUn6Kv5DN8zQ4Yy7Z3X",
  adjustment: "TR8tUBpPkDeFAr3kFvWBk5Ww",
  device: "DVsEanpBtsAVvCHbNXkFaH6f",
  onboardingForm: "obf_cJUfiz97L8de54EwkC3Hiu",
  complianceForm: "cf_fEojUGLjwUiqNTBp68JWq8",
  dispute: "DIs7yQRkHDdMYhurzYz72SFk",
  evidence: "DF58kdVTa5eMQUjcXH2F7DH4",
  settlement: "STvUfBLbCUsun2KFoTuxR2j1",
  fundingTransfer: "TRm7HBAmCUcQ9RTSsmnzR7gB",
  webhook: "WHg3ocwoCz9PgF4ncZTyArFJ",
} as const;

function links(self: string, related: Record<string, string> = {}) {
  return Object.fromEntries(Object.entries({ self, ...related }).map(([name, path]) => [name, { href: API + path }]));
}

export function buyerIdentity() {
  return {
    id: IDS.buyerIdentity,
    created_at: "2022-10-11T00:36:12.34Z",
    updated_at: "2022-10-11T00:36:12.34Z",
    application: APPLICATION_ID,
    entity: {
      amex_mid: null,
      annual_card_volume: 0,
      business_address: null,
      business_name: null,
      business_phone: null,
      business_tax_id_provided: false,
      business_type: null,
      default_statement_descriptor: null,
      discover_mid: null,
      dob: null,
      doing_business_as: null,
      email: "finix_example@finix.com",
      first_name: "John",
      has_accepted_credit_cards_previously: false,
      incorporation_date: null,
      last_name: "Smith",
      max_transaction_amount: 0,
      mcc: null,
      personal_address: null,
      phone: null,
      principal_percentage_ownership: null,
      short_business_name: null,
      tax_authority: null,
      tax_id_provided: false,
      title: null,
      url: null,
    },
    tags: { lc_payment_id: "lcpay_01" },
    _links: links(`/identities/${IDS.buyerIdentity}`, { merchants: `/identities/${IDS.buyerIdentity}/merchants` }),
  };
}

export function cardInstrument() {
  return {
    id: IDS.card,
    created_at: "2022-10-11T01:42:22.32Z",
    updated_at: "2022-10-11T01:42:22.32Z",
    application: APPLICATION_ID,
    currency: "USD",
    enabled: true,
    fingerprint: "FPRiCenDk2SoRng7WjQTr7RJY",
    identity: IDS.buyerIdentity,
    instrument_type: "PAYMENT_CARD",
    address: { line1: "900 Metro Center Blv", line2: null, city: "San Francisco", region: "CA", postal_code: "94404", country: "USA" },
    address_verification: "UNKNOWN",
    bin: "520082",
    brand: "MASTERCARD",
    card_type: "DEBIT",
    expiration_month: 12,
    expiration_year: 2029,
    issuer_country: "NON_USA",
    last_four: "8210",
    name: "John Smith",
    security_code_verification: "UNKNOWN",
    tags: { lc_tenant: "ten_01" },
    type: "PAYMENT_CARD",
    _links: links(`/payment_instruments/${IDS.card}`, { identity: `/identities/${IDS.buyerIdentity}` }),
  };
}

export function bankAccountInstrument() {
  return {
    id: IDS.bankAccount,
    created_at: "2022-10-11T01:42:53.29Z",
    updated_at: "2022-10-11T01:42:53.29Z",
    application: APPLICATION_ID,
    currency: "USD",
    enabled: true,
    fingerprint: "FPRd5moHxL3Ltuvk4cczxetCg",
    identity: IDS.buyerIdentity,
    instrument_type: "BANK_ACCOUNT",
    account_type: "CHECKING",
    bank_account_validation_check: "NOT_ATTEMPTED",
    bank_code: "123123123",
    country: "USA",
    masked_account_number: "XXXXX3123",
    name: "John Smith",
    tags: {},
    type: "BANK_ACCOUNT",
  };
}

export function saleTransfer(overrides: Record<string, unknown> = {}) {
  const id = (overrides.id as string | undefined) ?? IDS.sale;
  return {
    id,
    created_at: "2022-10-10T03:49:20.71Z",
    updated_at: "2022-10-10T03:49:21.62Z",
    additional_buyer_charges: null,
    additional_healthcare_data: null,
    address_verification: null,
    amount: 6031,
    amount_requested: 6031,
    application: APPLICATION_ID,
    currency: "USD",
    destination: null,
    externally_funded: "UNKNOWN",
    failure_code: null,
    failure_message: null,
    fee: 603,
    idempotency_id: "lcpay_01",
    merchant: IDS.merchant,
    merchant_identity: IDS.merchantIdentity,
    messages: [],
    raw: null,
    ready_to_settle_at: null,
    security_code_verification: null,
    source: IDS.card,
    split_transfers: null,
    state: "SUCCEEDED",
    statement_descriptor: "FNX*DUNDER MIFFLIN",
    subtype: "API",
    tags: { lc_payment_id: "lcpay_01" },
    trace_id: "9789aa49-23a5-47c5-9ca1-7492a582fcde",
    type: "DEBIT",
    _links: links(`/transfers/${id}`, { reversals: `/transfers/${id}/reversals`, source: `/payment_instruments/${IDS.card}` }),
    ...overrides,
  };
}

export function cardPresentTransfer() {
  return saleTransfer({
    device: IDS.device,
    source: "PIrNpA8xG1o9qiBzfzGMBUH4",
    fee: 0,
    card_present_details: {
      approval_code: "40854",
      brand: "VISA",
      emv_data: null,
      entry_mode: "CONTACTLESS",
      masked_account_number: "************0010",
      name: "TEST CARD",
      payment_type: "CREDIT",
    },
  });
}

/** After the processor's "Card Present Authorization - EMV Card" answer: a hold made on the reader, card read. */
export function cardPresentAuthorization(overrides: Record<string, unknown> = {}) {
  const id = "AUarp7Pz21Low4u2Urw5Ub4W";
  return {
    id,
    created_at: "2019-04-29T20:44:00.13Z",
    updated_at: "2022-10-10T05:59:17.59Z",
    "3ds_redirect_url": null,
    additional_buyer_charges: null,
    additional_healthcare_data: null,
    address_verification: null,
    amount: 150,
    amount_requested: 150,
    application: APPLICATION_ID,
    capture_amount: 0,
    card_present_details: {
      emv_data: {
        application_identifier: "A0000001523010",
        application_label: "DISCOVER",
        application_preferred_name: null,
        application_transaction_counter: "0005",
        cryptogram: "ARCQ F666F8891F870D33",
        issuer_code_table_index: null,
        pin_verified: false,
        tags: null,
      },
      masked_account_number: "************0059",
      name: "Test Card 05",
      brand: "DISCOVER",
      entry_mode: "CHIP_ENTRY",
      payment_type: "CREDIT",
      approval_code: "004839",
    },
    currency: "USD",
    device: IDS.device,
    expires_at: "2019-05-06T20:44:00.13Z",
    failure_code: null,
    failure_message: null,
    idempotency_id: "lcpay_03",
    is_void: false,
    merchant_identity: IDS.merchantIdentity,
    messages: [],
    raw: null,
    security_code_verification: null,
    source: "PImTHaz7XVPx4M7mhu9x8gkU",
    state: "SUCCEEDED",
    tags: { lc_payment_id: "lcpay_03" },
    trace_id: "FNX35FSuraeKKJr65wkGVFJni",
    transfer: null,
    void_state: "UNATTEMPTED",
    _links: links(`/authorizations/${id}`, { device: `/devices/${IDS.device}` }),
    ...overrides,
  };
}

export function reversalTransfer() {
  return saleTransfer({
    id: IDS.reversal,
    amount: 2000,
    amount_requested: 2000,
    fee: 0,
    idempotency_id: "lcref_01",
    parent_transfer: IDS.sale,
    source: null,
    destination: IDS.card,
    state: "PENDING",
    type: "REVERSAL",
    tags: { lc_refund_id: "lcref_01" },
  });
}

export function merchantCreditAdjustment() {
  return saleTransfer({
    id: IDS.adjustment,
    amount: 60,
    amount_requested: 60,
    fee: 0,
    idempotency_id: "lcref_01_fee",
    source: IDS.platformFunding,
    subtype: "MERCHANT_CREDIT_ADJUSTMENT",
    type: "ADJUSTMENT",
    tags: { lc_refund_id: "lcref_01" },
  });
}

export function merchant(overrides: Record<string, unknown> = {}) {
  return {
    id: IDS.merchant,
    created_at: "2022-01-27T07:36:58.19Z",
    updated_at: "2022-10-06T20:25:24.06Z",
    application: APPLICATION_ID,
    card_cvv_required: false,
    card_expiration_date_required: true,
    convenience_charges_enabled: false,
    creating_transfer_from_report_enabled: true,
    fee_ready_to_settle_upon: "RECONCILIATION",
    gross_settlement_enabled: false,
    identity: IDS.merchantIdentity,
    level_two_level_three_data_enabled: false,
    mcc: "4900",
    merchant_name: "Bobs Burgers",
    merchant_profile: "MPzW2oRPtkLxK3fymcMACFi",
    mid: "FNXh6htoPnfwmgGdvaG4L67Q1",
    onboarding_state: "APPROVED",
    processing_enabled: true,
    processor: "DUMMY_V1",
    ready_to_settle_upon: "RECONCILIATION",
    rent_surcharges_enabled: false,
    settlement_enabled: true,
    settlement_funding_identifier: "UNSET",
    surcharges_enabled: false,
    tags: {},
    verification: "VIxfDrRKZZzkCDDbeCT15oDN",
    _links: links(`/merchants/${IDS.merchant}`, { identity: `/identities/${IDS.merchantIdentity}` }),
    ...overrides,
  };
}

export function onboardingLink() {
  return {
    expires_at: "2022-07-11T22:39:55.469Z",
    link_url: `https://sandbox.payments-dashboard.com/merchant-onboarding?formId=${IDS.onboardingForm}&applicationId=${APPLICATION_ID}&bearerToken=eyJhbGciOiJIUzUxMiJ9.e30.c2ln`,
  };
}

export function onboardingForm(overrides: Record<string, unknown> = {}) {
  return {
    id: IDS.onboardingForm,
    created_at: "2022-07-11T22:39:55.469Z",
    updated_at: "2022-07-11T22:39:55.469Z",
    application_id: APPLICATION_ID,
    identity_id: null,
    merchant_processors: [{ processor: "DUMMY_V1" }],
    onboarding_link: onboardingLink(),
    onboarding_link_details: {
      return_url: "https://connect.example.com/onboarding/return",
      expired_session_url: "https://connect.example.com/onboarding/expired",
      terms_of_service_url: "https://connect.example.com/terms",
      fee_details_url: "https://connect.example.com/fees",
      expiration_in_minutes: "10080",
    },
    status: "IN_PROGRESS",
    tags: {},
    ...overrides,
  };
}

export function complianceForm(overrides: Record<string, unknown> = {}) {
  return {
    id: IDS.complianceForm,
    created_at: "2022-06-22T01:20:12.439149Z",
    updated_at: "2022-07-06T17:32:00.328699Z",
    application_id: APPLICATION_ID,
    compliance_form_template: "cft_wua8ua1yLAcHRK9mx2mF9K",
    due_at: "2022-09-20T01:20:12.430835Z",
    files: { signed_file: null, unsigned_file: "FILE_fFGMCY4sxGYTqpjnXh54kC" },
    linked_to: IDS.merchant,
    linked_type: "MERCHANT",
    pci_saq_a: { ip_address: null, is_accepted: false, name: null, signed_at: null, title: null, user_agent: null },
    state: "INCOMPLETE",
    tags: {},
    type: "PCI_SAQ_A",
    valid_from: "2022-06-22T01:20:12.978825Z",
    valid_until: "2023-06-22T01:20:12.97883Z",
    version: "2018.5",
    ...overrides,
  };
}

export function device(overrides: Record<string, unknown> = {}) {
  return {
    id: IDS.device,
    created_at: "2019-03-01T02:27:20.366Z",
    updated_at: "2022-04-05T18:48:40.383Z",
    configuration_details: {
      allow_debit: true,
      check_for_duplicate_transactions: true,
      prompt_amount_confirmation: false,
      prompt_manual_entry: false,
      prompt_signature: "NEVER",
      signature_threshold_amount: 0,
      bypass_device_on_capture: false,
    },
    description: "Front counter reader",
    enabled: false,
    idle_message: null,
    merchant: IDS.merchant,
    model: "PAX_A920PRO",
    name: "Front counter",
    serial_number: "1850300145",
    tags: {},
    _links: links(`/devices/${IDS.device}`, { merchant: `/merchants/${IDS.merchant}` }),
    ...overrides,
  };
}

export function dispute(overrides: Record<string, unknown> = {}) {
  return {
    id: IDS.dispute,
    created_at: "2022-01-27T07:43:03.74Z",
    updated_at: "2022-09-16T22:21:54.75Z",
    action: null,
    amount: 888888,
    application: APPLICATION_ID,
    dispute_details: { case_id: "CB-2209-11", pin_debit_adjustment_number: null, reason_code: "10.4" },
    evidence_submitted: "NONE",
    identity: IDS.buyerIdentity,
    merchant: IDS.merchant,
    message: null,
    occurred_at: "2022-01-27T07:42:48.56Z",
    reason: "FRAUD",
    respond_by: "2022-02-03T07:43:03.73Z",
    response_state: "NEEDS_RESPONSE",
    state: "PENDING",
    tags: {},
    transfer: IDS.sale,
    ...overrides,
  };
}

export function disputeEvidence() {
  return {
    id: IDS.evidence,
    created_at: "2022-08-15T21:37:04.41Z",
    updated_at: "2022-08-15T21:37:04.41Z",
    application: APPLICATION_ID,
    dispute: IDS.dispute,
    identity: IDS.buyerIdentity,
    merchant: IDS.merchant,
    state: "PENDING",
    tags: { "file-extension": ".png", "content-type": "image/png", "file-name": "receipt.png" },
  };
}

export function settlement(overrides: Record<string, unknown> = {}) {
  return {
    id: IDS.settlement,
    created_at: "2022-08-09T17:06:02.99Z",
    updated_at: "2022-08-09T17:15:25.60Z",
    application: APPLICATION_ID,
    currency: "USD",
    destination: null,
    funds_flow: null,
    identity: IDS.merchantIdentity,
    merchant_id: IDS.merchant,
    net_amount: 2238357,
    payment_type: null,
    processor: "DUMMY_V1",
    status: "APPROVED",
    tags: {},
    total_amount: 2287662,
    total_fee: 49305,
    total_fees: 49305,
    type: "MERCHANT_REVENUE",
    ...overrides,
  };
}

export function fundingTransfer() {
  return saleTransfer({
    id: IDS.fundingTransfer,
    amount: 2238357,
    amount_requested: 2238357,
    fee: 0,
    idempotency_id: null,
    source: null,
    destination: "PIbBqgQS6vV2Nz4qxvuBx9Bh",
    type: "CREDIT",
    subtype: "SETTLEMENT_MERCHANT",
    tags: {},
  });
}

export function webhook(overrides: Record<string, unknown> = {}) {
  return {
    id: IDS.webhook,
    created_at: "2022-10-10T03:56:10.15Z",
    updated_at: "2022-10-10T03:56:10.15Z",
    application: APPLICATION_ID,
    authentication: { type: "BASIC" },
    enabled: true,
    enabled_events: [{ entity: "transfer", types: ["created", "updated"] }],
    previous_secret_expires_at: null,
    secret_signing_key: "3afb49c98ac08a67a58efa5580b24e5984bc36d7ebd404e875234f107deed108",
    url: "https://connect.example.com/webhooks/processor",
    ...overrides,
  };
}

/** A list answer of API version 2022-02-01: `_embedded.<plural>`, `_links`, and a cursor `page`. */
export function listPage(path: string, plural: string, items: unknown[], nextCursor: string | null = null) {
  return {
    _embedded: { [plural]: items },
    _links: { self: { href: API + path }, ...(nextCursor ? { next: { href: `${API}${path}?after_cursor=${nextCursor}` } } : {}) },
    page: { limit: 10, next_cursor: nextCursor },
  };
}

/** The processor's error body; its OpenAPI models `logref` as an object. */
export function processorErrors(...errors: { code: string; message: string; field?: string }[]) {
  return {
    total: errors.length,
    _embedded: {
      errors: errors.map((error, index) => ({ ...error, logref: { logref: `94ec22ea5b4c4b5b_${index}` }, _links: {} })),
    },
  };
}
