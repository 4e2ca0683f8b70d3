import { env } from "cloudflare:workers";
import { expect } from "vitest";

// The processor's OpenAPI document is the repository's (vendor/finix-openapi), served to the tests by vitest.config.mjs.
import { conformance, processorPathTemplate, processorRequestErrors } from "../../../../test/workers/support/processor-conformance";
import { sandboxControl, sandboxObject, sandboxProcessorFetch } from "../../src/worker/object";

export { conformance };

export const SANDBOX_ORIGIN = "https://sandbox.processor.internal";
export const PROCESSOR_HEADERS = {
  Authorization: `Basic ${btoa(`${env.PROCESSOR_USERNAME}:${env.PROCESSOR_PASSWORD}`)}`,
  "Finix-Version": "2022-02-01",
};

export const control = sandboxControl(env);
export const sandboxStub = () => sandboxObject(env);
const processorFetch = sandboxProcessorFetch(env);

export type Answer<T = any> = { status: number; body: T; headers: Headers };

type CallOptions = {
  headers?: Record<string, string>;
  /** The processor's operation to validate against, when the sandbox path is not in its document (e.g. a list it links to). */
  validateAs?: [method: string, template: string] | "skip";
  /** Why this request body is not checked against the processor's request schema (a deliberately invalid body, or a documented gap). */
  requestOutsideSpec?: string;
  allowed?: RegExp[];
};

/** One REST call to the sandbox, in-process; the request body and the answer are checked against the processor's OpenAPI. */
export async function processor<T = any>(
  method: "GET" | "POST" | "PUT",
  path: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<Answer<T>> {
  const [validateMethod, template] =
    options.validateAs === "skip" ? [method, null] : (options.validateAs ?? [method, processorPathTemplate(method, path)]);
  if (template && body !== undefined && !(body instanceof FormData) && !options.requestOutsideSpec) {
    expect(processorRequestErrors(validateMethod, template, body)).toEqual([]);
  }
  const isJson = body !== undefined && !(body instanceof FormData);
  const response = await processorFetch(
    new Request(SANDBOX_ORIGIN + path, {
      method,
      headers: { ...PROCESSOR_HEADERS, ...(isJson ? { "Content-Type": "application/json" } : {}), ...options.headers },
      body: body === undefined ? undefined : isJson ? JSON.stringify(body) : body,
    }),
  );
  const text = await response.text();
  const parsed = text ? JSON.parse(text) : null;
  if (template) expect(conformance(validateMethod, template, response.status, parsed, options.allowed)).toEqual([]);
  return { status: response.status, body: parsed as T, headers: response.headers };
}

export async function tokenize(fields: Record<string, unknown>): Promise<Answer> {
  return processor("POST", `/applications/${env.PROCESSOR_APPLICATION_ID}/tokens`, fields, { validateAs: "skip" });
}

export const TEST_CARD = {
  type: "PAYMENT_CARD",
  number: "4895142232120006",
  expiration_month: 12,
  expiration_year: 2031,
  security_code: "123",
  name: "Ada Lovelace",
};

/** The processor's docs make every buyer field optional; its OpenAPI requires the seller's fields on every identity. */
export const BUYER_IDENTITY = { requestOutsideSpec: "buyer identity: the OpenAPI requires seller fields" } as const;

export function sellerEntity(businessName: string) {
  const address = { line1: "741 Douglass St", line2: "Apartment 7", city: "San Mateo", region: "CA", postal_code: "94114", country: "USA" };
  return {
    business_name: businessName,
    doing_business_as: businessName,
    business_type: "LIMITED_LIABILITY_COMPANY",
    business_tax_id: "123456789",
    business_phone: "+1 (408) 756-4497",
    business_address: address,
    default_statement_descriptor: businessName.slice(0, 20),
    url: "https://www.example.com",
    mcc: "5812",
    incorporation_date: { day: 27, month: 6, year: 2012 },
    annual_card_volume: 12_000_000,
    max_transaction_amount: 1_200_000,
    ach_max_transaction_amount: 1_000_000,
    has_accepted_credit_cards_previously: true,
    ownership_type: "PRIVATE",
    first_name: "Grace",
    last_name: "Hopper",
    title: "CEO",
    email: "grace@example.com",
    phone: "14158885080",
    dob: { day: 27, month: 6, year: 1978 },
    tax_id: "123456789",
    personal_address: address,
    principal_percentage_ownership: 100,
  };
}

/** An APPROVED merchant made the way the API does it: seller identity, bank account, merchant, then underwriting. */
export async function approvedMerchant(businessName = "Sandbox Test Seller") {
  const identity = await processor("POST", "/identities", { entity: sellerEntity(businessName), tags: { purpose: "test" } });
  await processor("POST", "/payment_instruments", {
    type: "BANK_ACCOUNT",
    identity: identity.body.id,
    name: businessName,
    account_number: "0000000016",
    bank_code: "123123123",
    account_type: "BUSINESS_CHECKING",
  });
  const merchant = await processor("POST", `/identities/${identity.body.id}/merchants`, { processor: "DUMMY_V1" });
  const approved = await control.setMerchantState(merchant.body.id, "APPROVED");
  return { identityId: identity.body.id as string, merchantId: merchant.body.id as string, merchant: approved };
}

/** A buyer's reusable card (or bank) instrument, exchanged from a fresh token. */
export async function buyerInstrument(fields: Record<string, unknown> = TEST_CARD): Promise<string> {
  const buyer = await processor(
    "POST",
    "/identities",
    { entity: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com" } },
    BUYER_IDENTITY,
  );
  const token = await tokenize(fields);
  const instrument = await processor("POST", "/payment_instruments", { type: "TOKEN", token: token.body.id, identity: buyer.body.id });
  return instrument.body.id;
}

export function bankFields(accountNumber: string, bankCode = "122105278") {
  return {
    type: "BANK_ACCOUNT",
    account_number: accountNumber,
    bank_code: bankCode,
    account_type: "PERSONAL_CHECKING",
    name: "Ada Lovelace",
  };
}

export function sale(merchant: string, source: string, amount = 2500, extra: Record<string, unknown> = {}) {
  return processor("POST", "/transfers", {
    merchant,
    source,
    amount,
    currency: "USD",
    fee: 100,
    idempotency_id: crypto.randomUUID(),
    ...extra,
  });
}

/** Polls until `check` passes (webhook deliveries and alarms run in the background). */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() - started > timeoutMs)
      throw new Error(`condition not met within ${timeoutMs} ms: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
