import { describe, expect, inject, it } from "vitest";

import { adminHeaders, devServerAndChromium } from "../support/dashboard-browser.mjs";
import { control } from "../support/index.mjs";

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
  await expect.poll(() => page.textContent("#meta-output")).toContain("sandbox");
  await page.fill("#finix-card-name", "Ada Lovelace");
  await page.fill("#finix-card-number", "4895 1422 3212 0006");
  await page.fill("#finix-card-expiration_date", "12/30");
  await page.fill("#finix-card-security_code", "123");
  await page.click("#finix-submit");
  await expect.poll(() => page.textContent("#token-id")).toMatch(/^TK/);
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
});
