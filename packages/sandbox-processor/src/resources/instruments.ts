import { invalidField, notFound } from "../core/errors";
import { fingerprintOf, processorId } from "../core/ids";
import type { InstrumentBehaviour, InstrumentDraft, Stored, Tags } from "../core/records";
import type { Sandbox } from "../core/sandbox";
import { achTestAccount, declineForCard, REUSABLE_TEST_TOKEN, TOKEN_LIFETIME_MINUTES } from "../core/test-data";

export type CardInput = {
  number: string;
  expiration_month: number;
  expiration_year: number;
  security_code?: string;
  name?: string;
  address?: Record<string, string | undefined>;
};

export type BankInput = {
  account_number: string;
  bank_code: string;
  account_type: "PERSONAL_CHECKING" | "PERSONAL_SAVINGS" | "BUSINESS_CHECKING" | "BUSINESS_SAVINGS";
  name?: string;
  attempt_bank_account_validation_check?: boolean;
};

type Draft = { draft: InstrumentDraft; behaviour: InstrumentBehaviour };

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** ABA routing numbers carry a 3-7-1 weighted checksum. */
function routingNumberValid(code: string): boolean {
  if (!/^\d{9}$/.test(code)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  return weights.reduce((sum, weight, i) => sum + weight * Number(code[i]), 0) % 10 === 0;
}

function brandOf(number: string): string {
  if (/^4/.test(number)) return "VISA";
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(number)) return "MASTERCARD";
  if (/^3[47]/.test(number)) return "AMERICAN_EXPRESS";
  if (/^(6011|65|64[4-9])/.test(number)) return "DISCOVER";
  if (/^35/.test(number)) return "JCB";
  if (/^3(0[0-5]|[68])/.test(number)) return "DINERS_CLUB";
  return "UNKNOWN";
}

function addressVerification(address: CardInput["address"]): string {
  if (!address?.postal_code) return "NO_ADDRESS";
  return address.line1 ? "POSTAL_CODE_AND_STREET_MATCH" : "POSTAL_CODE_MATCH";
}

/** Validates raw card fields as the processor would and keeps only what a payment instrument shows (never the full number or CVV). */
export async function cardDraft(input: CardInput, nowMs: number): Promise<Draft> {
  const number = input.number.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) throw invalidField("number", "Card number is invalid.");
  const now = new Date(nowMs);
  const expired =
    input.expiration_year < now.getUTCFullYear() ||
    (input.expiration_year === now.getUTCFullYear() && input.expiration_month < now.getUTCMonth() + 1);
  if (expired) throw invalidField("expiration_year", "The card has expired.");
  if (input.security_code !== undefined && !/^\d{3,4}$/.test(input.security_code))
    throw invalidField("security_code", "Security code must be 3 or 4 digits.");
  const decline = declineForCard(number);
  const address = input.address
    ? {
        line1: input.address.line1 ?? null,
        line2: input.address.line2 ?? null,
        city: input.address.city ?? null,
        region: input.address.region ?? null,
        postal_code: input.address.postal_code ?? null,
        country: input.address.country ?? "USA",
      }
    : null;
  return {
    draft: {
      type: "PAYMENT_CARD",
      instrument_type: "PAYMENT_CARD",
      fingerprint: await fingerprintOf(`card:${number}:${input.expiration_month}:${input.expiration_year}`),
      name: input.name ?? null,
      currency: "USD",
      brand: brandOf(number),
      bin: number.slice(0, 6),
      last_four: number.slice(-4),
      expiration_month: input.expiration_month,
      expiration_year: input.expiration_year,
      card_type: "CREDIT",
      issuer_country: "USA",
      address,
      address_verification: addressVerification(input.address),
      security_code_verification: input.security_code ? "MATCHED" : "UNKNOWN",
    },
    behaviour: decline ? { decline } : {},
  };
}

export async function bankDraft(input: BankInput): Promise<Draft> {
  if (!routingNumberValid(input.bank_code)) throw invalidField("bank_code", "Bank code (routing number) is invalid.");
  if (!/^\d{4,17}$/.test(input.account_number)) throw invalidField("account_number", "Account number must be 4 to 17 digits.");
  const testAccount = achTestAccount(input.bank_code, input.account_number);
  return {
    draft: {
      type: "BANK_ACCOUNT",
      instrument_type: "BANK_ACCOUNT",
      fingerprint: await fingerprintOf(`bank:${input.bank_code}:${input.account_number}`),
      name: input.name ?? null,
      currency: "USD",
      bank_code: input.bank_code,
      masked_account_number: `XXXXX${input.account_number.slice(-4)}`,
      account_type: input.account_type.endsWith("SAVINGS") ? "SAVINGS" : "CHECKING",
      country: "USA",
      bank_account_validation_check: input.attempt_bank_account_validation_check ? "VALID" : "NOT_ATTEMPTED",
    },
    behaviour: testAccount ? { ach: { outcome: testAccount.outcome, code: testAccount.code, message: testAccount.message } } : {},
  };
}

export function createToken(sandbox: Sandbox, applicationId: string, { draft, behaviour }: Draft): Stored<"token"> {
  if (applicationId !== sandbox.applicationId) throw notFound("Application", applicationId);
  // One clock reading, so a token lives exactly its lifetime.
  const nowMs = sandbox.nowMs();
  const now = new Date(nowMs).toISOString();
  return sandbox.store.insert(
    "token",
    {
      id: processorId("TK"),
      fingerprint: draft.fingerprint,
      instrument_type: draft.instrument_type === "BANK_ACCOUNT" ? "BANK_ACCOUNT" : "PAYMENT_CARD",
      currency: draft.currency,
      expires_at: new Date(nowMs + TOKEN_LIFETIME_MINUTES * 60 * 1000).toISOString(),
      created_at: now,
      updated_at: now,
    },
    { draft, behaviour, usedBy: null },
  );
}

export function createInstrument(
  sandbox: Sandbox,
  identityId: string,
  { draft, behaviour }: Draft,
  tags: Tags | null | undefined,
): Stored<"payment_instrument"> {
  sandbox.store.get("identity", identityId);
  const now = sandbox.nowIso();
  return sandbox.store.insert(
    "payment_instrument",
    {
      ...draft,
      id: processorId("PI"),
      application: sandbox.applicationId,
      identity: identityId,
      enabled: true,
      tags: tags ?? {},
      created_at: now,
      updated_at: now,
    },
    { behaviour },
  );
}

/** A token is single-use and lives thirty minutes; exchanging it yields a reusable payment instrument. */
export async function createInstrumentFromToken(
  sandbox: Sandbox,
  input: { token: string; identity: string; tags?: Tags | null },
): Promise<Stored<"payment_instrument">> {
  // Never stored, so no earlier exchange and no other identity can have spent it.
  if (input.token === REUSABLE_TEST_TOKEN.id)
    return createInstrument(sandbox, input.identity, await cardDraft(REUSABLE_TEST_TOKEN.card, sandbox.nowMs()), input.tags);
  const token = sandbox.store.get("token", input.token);
  if (token.internal.usedBy) throw invalidField("token", `Token ${input.token} has already been used.`);
  if (Date.parse(token.record.expires_at) <= sandbox.nowMs()) throw invalidField("token", `Token ${input.token} has expired.`);
  const instrument = createInstrument(sandbox, input.identity, token.internal, input.tags);
  sandbox.store.save("token", { ...token, internal: { ...token.internal, usedBy: instrument.record.id } });
  return instrument;
}

export function updateInstrument(
  sandbox: Sandbox,
  id: string,
  input: { enabled?: boolean; tags?: Tags | null; name?: string },
): Stored<"payment_instrument"> {
  const stored = sandbox.store.get("payment_instrument", id);
  const record = {
    ...stored.record,
    ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
    ...(input.tags !== undefined ? { tags: input.tags ?? {} } : {}),
    ...(input.name !== undefined ? { name: input.name } : {}),
    updated_at: sandbox.touch(stored.record.updated_at),
  };
  return sandbox.store.save("payment_instrument", { ...stored, record });
}

/** The platform's own bank account at the processor: what merchant credit adjustments are funded from (`source`). */
const PLATFORM_FUNDING_INSTRUMENT = "PIsandboxPlatformFunding";
const PLATFORM_IDENTITY = "IDsandboxPlatform";

/** Every sandbox has the platform's funding instrument, as a real application has its own bank account on file. */
export function ensurePlatformFunding(sandbox: Sandbox): void {
  if (sandbox.store.find("payment_instrument", PLATFORM_FUNDING_INSTRUMENT)) return;
  const now = sandbox.nowIso();
  if (!sandbox.store.find("identity", PLATFORM_IDENTITY)) {
    sandbox.store.insert(
      "identity",
      {
        id: PLATFORM_IDENTITY,
        application: sandbox.applicationId,
        entity: { business_name: "Sandbox Platform" },
        tags: {},
        created_at: now,
        updated_at: now,
      },
      {},
    );
  }
  sandbox.store.insert(
    "payment_instrument",
    {
      id: PLATFORM_FUNDING_INSTRUMENT,
      application: sandbox.applicationId,
      identity: PLATFORM_IDENTITY,
      type: "BANK_ACCOUNT",
      instrument_type: "BANK_ACCOUNT",
      fingerprint: "FPRsandboxPlatformFunding",
      name: "Sandbox Platform",
      currency: "USD",
      enabled: true,
      bank_code: "021000021",
      masked_account_number: "XXXXX0001",
      account_type: "CHECKING",
      country: "USA",
      bank_account_validation_check: "VALID",
      tags: {},
      created_at: now,
      updated_at: now,
    },
    { behaviour: {} },
  );
}
