/** The sandbox's test inputs; the README's table is generated from the same facts. */

export const SUCCESS_CARDS = ["4895142232120006", "4111111111111111", "5555555555554444", "378282246310005"];

/** Cards whose sale is declined, with the processor's failure code. */
export const DECLINING_CARDS: Record<string, { code: string; message: string }> = {
  "4000000000000002": { code: "GENERIC_DECLINE", message: "The card was declined." },
  "4000000000009995": { code: "INSUFFICIENT_FUNDS", message: "The card has insufficient funds." },
  "4000000000000127": { code: "CALL_ISSUER", message: "Please contact card issuer for more information." },
};

/** Amounts with a fixed outcome on any card. */
export const DECLINED_AMOUNT = 102;
export const DISPUTED_AMOUNT = 888888;

export const ACH_TEST_BANK_CODE = "122105278";
/** With ACH_TEST_BANK_CODE: debits that fail at settlement, or succeed and are returned afterwards. */
export const ACH_FAILING_ACCOUNTS: Record<string, { code: string; message: string; returnedAfterSuccess: boolean }> = {
  "123120006": { code: "INSUFFICIENT_FUNDS", message: "R01 Insufficient funds", returnedAfterSuccess: false },
  "123120007": { code: "BANK_ACCOUNT_CLOSED", message: "R02 Account closed", returnedAfterSuccess: false },
  "123120008": { code: "NO_BANK_ACCOUNT_FOUND", message: "R03 No account", returnedAfterSuccess: false },
  "123120009": { code: "INVALID_BANK_ACCOUNT_NUMBER", message: "R04 Invalid account number", returnedAfterSuccess: false },
  "123120010": { code: "INSUFFICIENT_FUNDS", message: "R01 Insufficient funds (returned after settlement)", returnedAfterSuccess: true },
};

/** Business names on the hosted onboarding form that steer the underwriting outcome. */
export const ONBOARDING_OUTCOMES: Record<string, "REJECTED" | "UPDATE_REQUESTED"> = {
  "Rejected Test Co": "REJECTED",
  "Update Requested Test Co": "UPDATE_REQUESTED",
};

export const DEFAULT_DELAYS_SECONDS = {
  achSettlement: 30,
  achReturn: 60,
  merchantApproval: 2,
  dispute: 5,
  cardPresent: 10,
};
