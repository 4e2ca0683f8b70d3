/** The sandbox's test inputs: one source for its behaviour and for the table in this package's README. */

export type FailureReason = { code: string; message: string };

export const SUCCESS_CARDS = [
  { number: "4895142232120006", brand: "VISA" },
  { number: "4111111111111111", brand: "VISA" },
  { number: "5555555555554444", brand: "MASTERCARD" },
  { number: "378282246310005", brand: "AMERICAN_EXPRESS" },
  { number: "6011111111111117", brand: "DISCOVER" },
] as const;

/**
 * A token that is never used up: any identity exchanges it for a payment instrument of the first success card, as often
 * as it likes — so a written-down example (the API reference's "Try it out") charges as shown, for every tenant. Shaped
 * like the processor's ids (`TK` and 22 letters or digits); the processor has no such token and refuses it as unknown.
 */
export const REUSABLE_TEST_TOKEN = {
  id: "TKsandboxVisa4895Success",
  card: { number: SUCCESS_CARDS[0].number, expiration_month: 12, expiration_year: 2099, name: "Sandbox Test Card" },
} as const;

/** Cards whose card-not-present sale is declined (HTTP 402) with the processor's failure code. */
export const DECLINING_CARDS: Record<string, FailureReason> = {
  "4000000000000002": { code: "GENERIC_DECLINE", message: "The card was declined." },
  "4000000000009995": { code: "INSUFFICIENT_FUNDS", message: "The card has insufficient funds." },
  "4000000000000127": { code: "CALL_ISSUER", message: "Please contact card issuer for more information." },
};

/** Amounts that decline on any card, card-present included. */
export const DECLINING_AMOUNTS: Record<number, FailureReason> = {
  102: { code: "GENERIC_DECLINE", message: "The card was declined." },
  193: { code: "INSUFFICIENT_FUNDS", message: "The card has insufficient funds." },
};

/**
 * A card sale of this amount that succeeds is also charged an interchange fee with a fractional amount in cents — the
 * processor's reference's own example of a fee `amount` that is a double rather than an integer cents value.
 */
export const FRACTIONAL_FEE_SALE = { amount: 2393, feeType: "CARD_INTERCHANGE", feeAmount: 2.393 } as const;

/** A card sale of this amount succeeds and is disputed (chargeback) after the dispute delay. */
export const DISPUTED_AMOUNT = 888888;

/**
 * Evidence whose file name starts with this (any case) is accepted (PENDING) and then rejected by the processor
 * (FAILED, `evidence.updated`) when its review comes due.
 */
export const REJECTED_EVIDENCE_NAME = "evidence-rejected";

export const ACH_TEST_BANK_CODE = "122105278";

/**
 * With ACH_TEST_BANK_CODE. `failed`: the debit goes PENDING → FAILED at settlement; `returned`: it SUCCEEDS at
 * settlement and flips to FAILED after the return delay, when the bank's return arrives.
 */
export const ACH_TEST_ACCOUNTS: Record<string, FailureReason & { outcome: "failed" | "returned" }> = {
  "123120006": { outcome: "failed", code: "INSUFFICIENT_FUNDS", message: "R01: Insufficient funds." },
  "123120007": { outcome: "failed", code: "BANK_ACCOUNT_CLOSED", message: "R02: The bank account is closed." },
  "123120008": { outcome: "failed", code: "NO_BANK_ACCOUNT_FOUND", message: "R03: No account found; unable to locate the account." },
  "123120009": { outcome: "failed", code: "INVALID_BANK_ACCOUNT_NUMBER", message: "R04: Invalid account number." },
  "123120010": { outcome: "returned", code: "INSUFFICIENT_FUNDS", message: "R01: Insufficient funds (returned after settlement)." },
};

export type UnderwritingOutcome = "APPROVED" | "REJECTED" | "UPDATE_REQUESTED";

/** Business names (compared case-insensitively) that steer underwriting; every other name is APPROVED. */
export const ONBOARDING_OUTCOMES: Record<string, Exclude<UnderwritingOutcome, "APPROVED">> = {
  "Rejected Test Co": "REJECTED",
  "Update Requested Test Co": "UPDATE_REQUESTED",
};

export const DEFAULT_DELAYS_SECONDS = {
  achSettlement: 30,
  achReturn: 60,
  reversal: 2,
  merchantApproval: 2,
  dispute: 5,
  cardPresent: 10,
  settlement: 120,
  settlementApproval: 10,
  funding: 30,
  evidenceReview: 5,
};

/** How long a card-present POST /transfers holds the HTTP call open waiting for the buyer before answering PENDING. */
export const DEFAULT_CARD_PRESENT_MAX_BLOCK_SECONDS = 120;

export const TOKEN_LIFETIME_MINUTES = 30;
export const DEFAULT_ONBOARDING_LINK_MINUTES = 60;

export function declineForCard(number: string): FailureReason | null {
  return DECLINING_CARDS[number] ?? null;
}

export function declineForAmount(amount: number): FailureReason | null {
  return DECLINING_AMOUNTS[amount] ?? null;
}

export function achTestAccount(bankCode: string, accountNumber: string) {
  return bankCode === ACH_TEST_BANK_CODE ? (ACH_TEST_ACCOUNTS[accountNumber] ?? null) : null;
}

export function underwritingOutcome(businessName: string | null | undefined): UnderwritingOutcome {
  const name = (businessName ?? "").trim().toLowerCase();
  return Object.entries(ONBOARDING_OUTCOMES).find(([testName]) => testName.toLowerCase() === name)?.[1] ?? "APPROVED";
}

/** What "Fill with test data" puts in the hosted onboarding form: a seller that will be approved (field names as on the page). */
export const TEST_SELLER: Record<string, string> = {
  business_name: "Sandbox Coffee Roasters",
  doing_business_as: "Sandbox Coffee",
  business_type: "LIMITED_LIABILITY_COMPANY",
  business_tax_id: "123456789",
  business_phone: "4155550100",
  url: "https://coffee.example.com",
  mcc: "5812",
  incorporation_date: "2015-04-01",
  annual_card_volume: "250000",
  max_transaction_amount: "5000",
  business_address_line1: "741 Douglass St",
  business_address_city: "San Mateo",
  business_address_region: "CA",
  business_address_postal_code: "94114",
  first_name: "Jordan",
  last_name: "Rivera",
  title: "Owner",
  principal_percentage_ownership: "100",
  email: "jordan@coffee.example.com",
  phone: "4155550101",
  dob: "1985-06-15",
  tax_id: "987654321",
  personal_address_line1: "12 Elm St",
  personal_address_city: "San Mateo",
  personal_address_region: "CA",
  personal_address_postal_code: "94401",
  bank_account_name: "Sandbox Coffee Roasters LLC",
  bank_code: "122105278",
  account_number: "0000000016",
  account_type: "BUSINESS_CHECKING",
};
