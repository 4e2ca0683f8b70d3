import { env } from "cloudflare:workers";

import { ADMIN_HEADERS, call, jsonInit, tenantWithKey } from "./http";

export const SUCCESS_CARD = "4895142232120006";

/** A sandbox control action as the operator (`/sandbox/control/*` takes the admin secret, or a tenant's key for its own merchant). */
export async function control<T = unknown>(
  action: string,
  body: Record<string, unknown> = {},
  auth: Record<string, string> = ADMIN_HEADERS,
): Promise<T> {
  const response = await call(`/sandbox/control/${action}`, jsonInit("POST", body, auth));
  if (!response.ok) throw new Error(`control ${action}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { result: T }).result;
}

/** Tokenizes as the browser library would: straight to the sandbox processor, never through /v1. */
export async function cardToken(number = SUCCESS_CARD): Promise<string> {
  const response = await call(
    `/sandbox/processor/applications/${env.PROCESSOR_APPLICATION_ID}/tokens`,
    jsonInit("POST", {
      type: "PAYMENT_CARD",
      number,
      expiration_month: 12,
      expiration_year: 2030,
      security_code: "123",
      name: "Ada Lovelace",
    }),
  );
  if (response.status !== 201) throw new Error(`token: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

export async function bankToken(accountNumber = "123456789", bankCode = "122105278"): Promise<string> {
  const response = await call(
    `/sandbox/processor/applications/${env.PROCESSOR_APPLICATION_ID}/tokens`,
    jsonInit("POST", {
      type: "BANK_ACCOUNT",
      account_number: accountNumber,
      bank_code: bankCode,
      account_type: "PERSONAL_CHECKING",
      name: "Ada Lovelace",
    }),
  );
  if (response.status !== 201) throw new Error(`token: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/** A tenant whose processor merchant is approved, so charges pass the gate. */
export async function chargeableTenant(name = "Chargeable Coffee") {
  const tenant = await tenantWithKey(name);
  const merchant = await control<{ id: string }>("create-merchant", { name, state: "APPROVED" });
  const linked = await call(
    `/admin/tenants/${tenant.tenantId}/processor-merchant`,
    jsonInit("POST", { processorMerchantId: merchant.id }, ADMIN_HEADERS),
  );
  if (linked.status !== 200) throw new Error(`link: ${linked.status} ${await linked.text()}`);
  return { ...tenant, merchantId: merchant.id };
}

export const buyer = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" };

export function chargeBody(token: string, overrides: Record<string, unknown> = {}) {
  return {
    amountCents: 2500,
    currency: "USD",
    orderRef: `order-${crypto.randomUUID().slice(0, 8)}`,
    processorToken: token,
    buyer,
    ...overrides,
  };
}

export function charge(auth: Record<string, string>, body: unknown, key: string = crypto.randomUUID()) {
  return call("/v1/payments", jsonInit("POST", body, { ...auth, "Idempotency-Key": key }));
}
