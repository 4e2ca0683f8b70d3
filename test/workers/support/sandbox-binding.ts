import { env } from "cloudflare:workers";
import { expect } from "vitest";

import { BUILTIN_SANDBOX_BASE_URL } from "../../../src/context";
import { ADMIN_HEADERS, call, jsonInit } from "./http";
import { conformance, processorPathTemplate, processorRequestErrors } from "./processor-conformance";

/**
 * The sandbox processor as the service sees it: a separate Worker behind the SANDBOX_PROCESSOR service binding (its
 * REST API, as the processor client calls it) and behind `/sandbox/*` on the service's origin (its controls, as the
 * operator). Its own behaviour is tested in packages/sandbox-processor/test.
 */
export { conformance };

export const PROCESSOR_HEADERS = {
  Authorization: `Basic ${btoa(`${env.PROCESSOR_USERNAME}:${env.PROCESSOR_PASSWORD}`)}`,
  "Finix-Version": "2022-02-01",
};

export type Answer<T = any> = { status: number; body: T };

/** One REST call through the binding; the request body and the answer are checked against the processor's OpenAPI. */
export async function processor<T = any>(method: "GET" | "POST" | "PUT", path: string, body?: unknown): Promise<Answer<T>> {
  const template = processorPathTemplate(method, path);
  if (body !== undefined) expect(processorRequestErrors(method, template, body)).toEqual([]);
  const response = await env.SANDBOX_PROCESSOR!.fetch(
    new Request(BUILTIN_SANDBOX_BASE_URL + path, {
      method,
      headers: { ...PROCESSOR_HEADERS, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  const text = await response.text();
  const parsed = text ? JSON.parse(text) : null;
  expect(conformance(method, template, response.status, parsed)).toEqual([]);
  return { status: response.status, body: parsed as T };
}

async function controlResult<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`control ${what}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { result: T }).result;
}

const action = <T = any>(name: string, body: Record<string, unknown>) =>
  call(`/sandbox/control/${name}`, jsonInit("POST", body, ADMIN_HEADERS)).then((response) => controlResult<T>(response, name));

export type InboxRequest = { method: string; url: string; headers: Record<string, string>; body: string; receivedAt: string };

/** The controls these tests use, as the operator, through the service's `/sandbox/control` proxy. */
export const control = {
  settleAch: (id: string, outcome?: "succeed" | "fail" | "return") => action("settle-ach", { id, outcome }),
  setMerchantState: (id: string, state: string) => action("merchant-state", { id, state }),
  setWebhookSecret: (id: string, secretSigningKey: string) => action("webhook-secret", { id, secretSigningKey }),
  readInbox: (name: string) =>
    call(`/sandbox/control/inbox/${name}`, { headers: ADMIN_HEADERS }).then((response) => controlResult<InboxRequest[]>(response, "inbox")),
};

const address = { line1: "741 Douglass St", city: "San Mateo", region: "CA", postal_code: "94114", country: "USA" };

/** An APPROVED merchant made the way the API does it: seller identity, bank account, merchant, then underwriting. */
export async function approvedMerchant(businessName = "Binding Test Seller") {
  const entity = {
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
  const identity = await processor("POST", "/identities", { entity });
  await processor("POST", "/payment_instruments", {
    type: "BANK_ACCOUNT",
    identity: identity.body.id,
    name: businessName,
    account_number: "0000000016",
    bank_code: "123123123",
    account_type: "BUSINESS_CHECKING",
  });
  const merchant = await processor("POST", `/identities/${identity.body.id}/merchants`, { processor: "DUMMY_V1" });
  await control.setMerchantState(merchant.body.id, "APPROVED");
  return { merchantId: merchant.body.id as string };
}

export const TEST_CARD = {
  type: "PAYMENT_CARD",
  number: "4895142232120006",
  expiration_month: 12,
  expiration_year: 2031,
  security_code: "123",
  name: "Ada Lovelace",
};

export function bankFields(accountNumber: string, bankCode = "122105278") {
  return {
    type: "BANK_ACCOUNT",
    account_number: accountNumber,
    bank_code: bankCode,
    account_type: "PERSONAL_CHECKING",
    name: "Ada Lovelace",
  };
}

/** A buyer's reusable card (or bank) instrument, exchanged from a fresh browser token. */
export async function buyerInstrument(fields: Record<string, unknown> = TEST_CARD): Promise<string> {
  // The processor's OpenAPI requires seller fields on every identity; a buyer has none, so this body goes unchecked.
  const buyer = await env.SANDBOX_PROCESSOR!.fetch(
    new Request(`${BUILTIN_SANDBOX_BASE_URL}/identities`, {
      method: "POST",
      headers: { ...PROCESSOR_HEADERS, "Content-Type": "application/json" },
      body: JSON.stringify({ entity: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com" } }),
    }),
  );
  const token = await call(`/sandbox/processor/applications/${env.PROCESSOR_APPLICATION_ID}/tokens`, jsonInit("POST", fields));
  const instrument = await processor("POST", "/payment_instruments", {
    type: "TOKEN",
    token: ((await token.json()) as { id: string }).id,
    identity: ((await buyer.json()) as { id: string }).id,
  });
  return instrument.body.id;
}

export function sale(merchant: string, source: string, amount = 2500) {
  return processor("POST", "/transfers", { merchant, source, amount, currency: "USD", fee: 100, idempotency_id: crypto.randomUUID() });
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
