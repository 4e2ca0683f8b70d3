import { describe, expect, inject, it } from "vitest";

import {
  adminHeaders,
  DESKTOP,
  devServerAndChromium,
  expectToFit,
  newContext,
  PHONE,
  SERVICE_POLL,
  watchPage,
} from "../support/dashboard-browser.mjs";
import { devSecrets } from "../support/dev-server.mjs";
import { chargeableTenant, control } from "../support/index.mjs";

/** Empty when no Chromium was found: the global setup has already said the browser tests are skipped, and how to enable them. */
const CHROMIUM = inject("chromiumPath");

const suite = devServerAndChromium(CHROMIUM);

async function tenantKey(name) {
  const admin = adminHeaders();
  const tenant = await (
    await fetch(`${suite.server.baseUrl}/admin/tenants`, { method: "POST", headers: admin, body: JSON.stringify({ name }) })
  ).json();
  const { key } = await (await fetch(`${suite.server.baseUrl}/admin/tenants/${tenant.id}/keys`, { method: "POST", headers: admin })).json();
  return { "X-Api-Key": key, "Content-Type": "application/json" };
}

async function tokenizeInCheckout(page) {
  await page.goto(`${suite.server.baseUrl}/sandbox/checkout`);
  await page.waitForSelector("#finix-card-number");
  await expect.poll(() => page.textContent("#meta-output"), SERVICE_POLL).toContain("sandbox");
  await page.fill("#finix-card-name", "Ada Lovelace");
  await page.fill("#finix-card-number", "4895 1422 3212 0006");
  await page.fill("#finix-card-expiration_date", "12/30");
  await page.fill("#finix-card-security_code", "123");
  await page.click("#finix-submit");
  await expect.poll(() => page.textContent("#token-id"), SERVICE_POLL).toMatch(/^TK/);
  return (await page.textContent("#token-id")).trim();
}

function chargeWith(auth, token) {
  return fetch(`${suite.server.baseUrl}/v1/payments`, {
    method: "POST",
    headers: { ...auth, "Idempotency-Key": crypto.randomUUID() },
    body: JSON.stringify({
      amountCents: 4200,
      currency: "USD",
      orderRef: "browser-1",
      processorToken: token,
      buyer: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
    }),
  });
}

describe.skipIf(!CHROMIUM)("in a real browser", () => {
  it("a new merchant onboards through the hosted form and then charges a token from the checkout page", async () => {
    const auth = await tenantKey("Browser Bakery");
    // The sandbox decides a merchant 2 s after the form by default: held until the test decides it, so "pending" is seen
    // however slowly the browser reaches the status check.
    const operator = { Authorization: adminHeaders().Authorization };
    await control(suite.server.baseUrl, "config", { delaysSeconds: { merchantApproval: 3600 } }, operator);
    const page = await suite.browser.newPage();

    const blocked = await chargeWith(auth, await tokenizeInCheckout(page));
    expect(blocked.status).toBe(403);
    expect((await blocked.json()).type).toMatch(/merchant-not-ready$/);

    const form = await (
      await fetch(`${suite.server.baseUrl}/v1/onboarding`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ returnUrl: `${suite.server.baseUrl}/docs` }),
      })
    ).json();
    await page.goto(form.onboardingUrl);
    await page.click("#fill-test-data");
    await page.fill("#business_name", "Browser Bakery LLC");
    await page.check("#accept_terms");
    await Promise.all([page.waitForURL(`${suite.server.baseUrl}/docs?formId=${form.formId}`), page.click("#submit-onboarding")]);

    const pending = await (await fetch(`${suite.server.baseUrl}/v1/onboarding/status`, { headers: auth })).json();
    expect(pending.onboardingStatus).toBe("pending");
    await control(suite.server.baseUrl, "run-jobs", { kinds: ["merchant.decide"] }, operator);
    const ready = await (await fetch(`${suite.server.baseUrl}/v1/onboarding/status`, { headers: auth })).json();
    expect(ready).toMatchObject({ onboardingStatus: "enabled", chargesEnabled: true });

    await page.goto(ready.pci.actionUrl);
    await page.fill("#name", "Ada Lovelace");
    await page.fill("#title", "Owner");
    await page.check("#accept");
    await Promise.all([page.waitForSelector("#compliance-done"), page.click("#submit-attestation")]);
    const attested = await (await fetch(`${suite.server.baseUrl}/v1/onboarding/status`, { headers: auth })).json();
    expect(attested.pci.status).toBe("valid");

    const charged = await chargeWith(auth, await tokenizeInCheckout(page));
    expect(charged.status).toBe(201);
    expect((await charged.json()).status).toBe("succeeded");
  });

  it.each([
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ])("at %s width, a buyer pays the sandbox's hosted checkout page of a checkout form, once", async (width, viewport) => {
    const { merchantId } = await chargeableTenant(suite.server.baseUrl, adminHeaders(), `Hosted Checkout ${width}`, { key: false });
    const secrets = devSecrets();
    const processorAuth = {
      Authorization: `Basic ${btoa(`${secrets.PROCESSOR_USERNAME}:${secrets.PROCESSOR_PASSWORD}`)}`,
      "Finix-Version": "2022-02-01",
      "Content-Type": "application/json",
    };
    const created = await fetch(`${suite.server.baseUrl}/sandbox/processor/checkout_forms`, {
      method: "POST",
      headers: processorAuth,
      body: JSON.stringify({
        merchant_id: merchantId,
        payment_frequency: "ONE_TIME",
        allowed_payment_methods: ["PAYMENT_CARD", "BANK_ACCOUNT"],
        nickname: "Invoice 1042",
        amount_details: { amount_type: "FIXED", total_amount: 12500, currency: "USD" },
        additional_details: {
          collect_email: true,
          success_return_url: `${suite.server.baseUrl}/docs`,
          terms_of_service_url: `${suite.server.baseUrl}/docs`,
        },
      }),
    });
    expect(created.status).toBe(201);
    const form = await created.json();

    const context = await newContext(suite.browser, viewport);
    const page = await context.newPage();
    const seen = watchPage(page, suite.server.baseUrl);
    await page.goto(form.link_url);
    expect(await page.textContent("#checkout-amount")).toBe("$125.00");
    await page.fill("#first_name", "Grace");
    await page.fill("#last_name", "Hopper");
    await page.fill("#email", "grace@buyer.example");
    await page.fill("#number", "4000000000000002");
    await page.fill("#expiry", "12/31");
    await page.fill("#security_code", "123");
    await expectToFit(page, viewport);
    await page.click("#pay");
    await expect.poll(() => page.textContent("#checkout-error"), SERVICE_POLL).toContain("Declined");
    await expectToFit(page, viewport);

    await page.fill("#number", "4895 1422 3212 0006");
    await page.fill("#security_code", "123");
    await Promise.all([page.waitForURL(`${suite.server.baseUrl}/docs`), page.click("#pay")]);
    const attempts = await (
      await fetch(`${suite.server.baseUrl}/sandbox/processor/transfer_attempts?entity_id=${form.id}`, { headers: processorAuth })
    ).json();
    expect(attempts._embedded.transfer_attempts.map((attempt) => attempt.state).sort()).toEqual(["FAILED", "SUCCEEDED"]);

    await page.goto(form.link_url);
    expect(await page.textContent("main")).toContain("You have already paid");
    // The declined card's page is answered 422 (the form shown again with the processor's message), which Chromium logs.
    expect(seen).toEqual({ errors: [expect.stringContaining("status of 422")], external: [] });
    await context.close();
  });
});
