import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { TEST_SELLER } from "../src/core/test-data";
import { call, jsonInit } from "./support/http";
import { approvedMerchant, buyerInstrument, control, eventually, processor, sale } from "./support/sandbox-processor";

const RETURN_URL = "https://platform.example/onboarding/return";
const EXPIRED_URL = "https://platform.example/onboarding/expired";

async function onboardingForm(details: Record<string, unknown> = {}) {
  const form = await processor("POST", "/onboarding_forms", {
    onboarding_data: { entity: { business_name: "Prefilled Co", email: "owner@prefilled.example" } },
    merchant_processors: [{ processor: "DUMMY_V1" }],
    onboarding_link_details: {
      return_url: RETURN_URL,
      expired_session_url: EXPIRED_URL,
      terms_of_service_url: "https://platform.example/terms",
      ...details,
    },
  });
  const link = new URL(form.body.onboarding_link.link_url);
  return { formId: form.body.id as string, path: link.pathname + link.search, bearerToken: link.searchParams.get("bearerToken")! };
}

function submit(formId: string, bearerToken: string, fields: Record<string, string>) {
  return call("/sandbox/onboarding", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": "198.51.100.7", "User-Agent": "Playwright" },
    body: new URLSearchParams({ formId, bearerToken, accept_terms: "on", ...fields }),
    redirect: "manual",
  });
}

async function merchantOf(formId: string) {
  const form = await processor("GET", `/onboarding_forms/${formId}`);
  const merchants = await processor("GET", `/identities/${form.body.identity_id}/merchants`, undefined, {
    validateAs: ["GET", "/merchants"],
    allowed: [/onboarding_state/],
  });
  return { form: form.body, merchant: merchants.body._embedded.merchants[0] };
}

describe("hosted onboarding page", () => {
  it("shows the form prefilled, with stable field ids", async () => {
    const { path } = await onboardingForm();
    const response = await call(path);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('id="onboarding-form"');
    for (const name of [
      "business_name",
      "business_type",
      "first_name",
      "dob",
      "tax_id",
      "bank_code",
      "account_number",
      "account_type",
      "accept_terms",
      "submit-onboarding",
      "fill-test-data",
    ]) {
      expect(page).toContain(`id="${name}"`);
    }
    expect(page).toContain('value="Prefilled Co"');
    expect(page).toContain('href="https://platform.example/terms"');
  });

  it("creates identity, bank account, merchant and PCI form on submit, completes the form and returns to the platform", async () => {
    const { formId, bearerToken, path } = await onboardingForm();
    const response = await submit(formId, bearerToken, TEST_SELLER);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(RETURN_URL);

    const { form, merchant } = await merchantOf(formId);
    expect(form).toMatchObject({ status: "COMPLETED" });
    expect(form.identity_id).toMatch(/^ID/);
    const identity = await processor("GET", `/identities/${form.identity_id}`);
    expect(identity.body.entity).toMatchObject({
      business_name: TEST_SELLER.business_name,
      first_name: "Jordan",
      tax_id_provided: true,
      dob: { year: 1985, month: 6, day: 15 },
    });
    expect(identity.body.additional_underwriting_data).toMatchObject({
      merchant_agreement_accepted: true,
      merchant_agreement_ip_address: "198.51.100.7",
      merchant_agreement_user_agent: "Playwright",
    });
    const banks = await processor("GET", `/payment_instruments?owner_identity_id=${form.identity_id}`);
    expect(banks.body._embedded.payment_instruments).toMatchObject([{ type: "BANK_ACCOUNT", masked_account_number: "XXXXX0016" }]);
    expect(merchant).toMatchObject({ onboarding_state: "PROVISIONING", merchant_name: "Sandbox Coffee" });
    const compliance = await processor("GET", `/compliance_forms?linked_to=${merchant.id}`);
    expect(compliance.body._embedded.compliance_forms).toMatchObject([{ state: "PENDING", type: "PCI_SAQ_A" }]);

    await control.runJobs(["merchant.decide"]);
    expect((await processor("GET", `/merchants/${merchant.id}`)).body).toMatchObject({
      onboarding_state: "APPROVED",
      processing_enabled: true,
      settlement_enabled: true,
    });
    const again = await call(path, { redirect: "manual" });
    expect(again.status).toBe(303);
    expect(again.headers.get("Location")).toBe(RETURN_URL);
  });

  it("shows field errors and keeps what was typed", async () => {
    const { formId, bearerToken } = await onboardingForm();
    const response = await submit(formId, bearerToken, { ...TEST_SELLER, business_name: "", tax_id: "12", bank_code: "123456789" });
    expect(response.status).toBe(422);
    const page = await response.text();
    expect(page).toContain('id="error-business_name"');
    expect(page).toContain('id="error-tax_id"');
    expect(page).toContain(`value="${TEST_SELLER.first_name}"`);
    const bankRefused = await submit(formId, bearerToken, { ...TEST_SELLER, bank_code: "123456789" });
    expect(bankRefused.status).toBe(422);
    expect(await bankRefused.text()).toContain('id="error-bank_code"');
    expect((await processor("GET", `/onboarding_forms/${formId}`)).body.status).toBe("IN_PROGRESS");
  });

  it("rejects or asks for an update on the test business names; a resubmission is underwritten again", async () => {
    const rejected = await onboardingForm();
    await submit(rejected.formId, rejected.bearerToken, { ...TEST_SELLER, business_name: "Rejected Test Co" });
    const update = await onboardingForm();
    await submit(update.formId, update.bearerToken, { ...TEST_SELLER, business_name: "update requested test co" });
    await control.runJobs(["merchant.decide"]);
    expect((await merchantOf(rejected.formId)).merchant).toMatchObject({ onboarding_state: "REJECTED", processing_enabled: false });
    const { merchant } = await merchantOf(update.formId);
    // UPDATE_REQUESTED is the processor's newer state; its 2022-02-01 document lists only PROVISIONING, APPROVED, REJECTED.
    expect(merchant.onboarding_state).toBe("UPDATE_REQUESTED");

    const link = await processor("POST", `/onboarding_forms/${update.formId}/links`, { expiration_in_minutes: 30 });
    const relink = new URL(link.body.link_url);
    expect(await (await call(relink.pathname + relink.search)).text()).toContain('id="update-requested"');
    expect(
      (await submit(update.formId, relink.searchParams.get("bearerToken")!, { ...TEST_SELLER, business_name: "Fixed Test Co" })).status,
    ).toBe(303);
    await control.runJobs(["merchant.decide"]);
    const fixed = await merchantOf(update.formId);
    expect(fixed.merchant).toMatchObject({ id: merchant.id, onboarding_state: "APPROVED" });
  });

  it("sends an expired link to expired_session_url, and refuses unknown links", async () => {
    const { path } = await onboardingForm({ expiration_in_minutes: "1" });
    await control.advanceClock(61);
    const expired = await call(path, { redirect: "manual" });
    expect(expired.status).toBe(303);
    expect(expired.headers.get("Location")).toBe(EXPIRED_URL);
    const { formId } = await onboardingForm();
    expect((await call(`/sandbox/onboarding?formId=${formId}&bearerToken=forged`)).status).toBe(404);
  });

  it("can be submitted without a browser through the control route", async () => {
    const { formId } = await onboardingForm();
    const response = await call("/sandbox/control/submit-onboarding", jsonInit("POST", { id: formId, fields: TEST_SELLER }));
    expect(response.status).toBe(200);
    expect((await processor("GET", `/onboarding_forms/${formId}`)).body.status).toBe("COMPLETED");
  });
});

describe("PCI SAQ-A attestation page", () => {
  async function pendingForm() {
    const merchant = await control.createMerchant({ name: "Attesting Co", state: "APPROVED" });
    const forms = await processor("GET", `/compliance_forms?linked_to=${merchant.id}`);
    return forms.body._embedded.compliance_forms[0].id as string;
  }

  it("shows the attestation and signs it with name, title, IP and user agent", async () => {
    const id = await pendingForm();
    const page = await (await call(`/sandbox/compliance/${id}`)).text();
    for (const field of ["compliance-attestation", "name", "title", "accept", "submit-attestation"])
      expect(page).toContain(`id="${field}"`);
    const signed = await call(`/sandbox/compliance/${id}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": "203.0.113.4", "User-Agent": "Playwright" },
      body: new URLSearchParams({ name: "Jordan Rivera", title: "Owner", accept: "on" }),
    });
    expect(signed.status).toBe(200);
    expect(await signed.text()).toContain('id="compliance-done"');
    const form = await processor("GET", `/compliance_forms/${id}`);
    expect(form.body).toMatchObject({
      state: "COMPLETE",
      pci_saq_a: { name: "Jordan Rivera", title: "Owner", ip_address: "203.0.113.4", user_agent: "Playwright", is_accepted: true },
    });
  });

  it("needs every field, follows return_url, and answers 404 for an unknown form", async () => {
    const id = await pendingForm();
    const incomplete = await call(`/sandbox/compliance/${id}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name: "X" }),
    });
    expect(incomplete.status).toBe(422);
    expect(await incomplete.text()).toContain('id="compliance-error"');
    const done = await call(`/sandbox/compliance/${id}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name: "Jordan", title: "Owner", accept: "on", return_url: "https://platform.example/pci-done" }),
      redirect: "manual",
    });
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("https://platform.example/pci-done");
    expect((await call("/sandbox/compliance/cf_unknown")).status).toBe(404);
  });

  it("expires on the control route: the form turns INVALID and a new PENDING form opens", async () => {
    const id = await pendingForm();
    await control.attestComplianceForm(id, {
      name: "A",
      title: "B",
      signed_at: new Date().toISOString(),
      ip_address: "127.0.0.1",
      user_agent: "test",
    });
    const { expired, renewal } = await control.expireComplianceForm({ id });
    expect(expired).toMatchObject({ id, state: "INVALID" });
    expect(renewal).toMatchObject({ state: "PENDING", linked_to: expired.linked_to });
  });

  it("expires by merchant: the merchant's newest form, whose id the caller need not know", async () => {
    const first = await pendingForm();
    const merchantId = (await processor("GET", `/compliance_forms/${first}`)).body.linked_to as string;
    const once = await control.expireComplianceForm({ merchant: merchantId });
    expect(once.expired).toMatchObject({ id: first, state: "INVALID" });
    const twice = await control.expireComplianceForm({ merchant: merchantId });
    expect(twice.expired).toMatchObject({ id: once.renewal.id, state: "INVALID" });
    expect(twice.renewal).toMatchObject({ state: "PENDING", linked_to: merchantId });
  });
});

describe("merchant processing control", () => {
  it("switches processing off and on, as the processor's merchant update does: sales refused meanwhile, merchant.updated each time", async () => {
    await processor("POST", "/webhooks", {
      url: `${env.BASE_URL}/sandbox/inbox/processing`,
      authentication: { type: "NONE" },
      enabled_events: [{ entity: "merchant", types: ["updated"] }],
    });
    const { merchantId } = await approvedMerchant("Paused Seller");
    const card = await buyerInstrument();

    expect(await control.setMerchantProcessing(merchantId, false)).toMatchObject({
      id: merchantId,
      onboarding_state: "APPROVED",
      processing_enabled: false,
    });
    expect((await sale(merchantId, card)).status).toBe(422);
    expect(await control.setMerchantProcessing(merchantId, true)).toMatchObject({ id: merchantId, processing_enabled: true });
    expect((await sale(merchantId, card)).status).toBe(201);

    const updates = await eventually(
      () => control.readInbox("processing"),
      (requests) => requests.filter((request) => request.body.includes(merchantId)).length >= 2,
    );
    const flags = updates
      .filter((request) => request.body.includes(merchantId))
      .map(
        (request) => JSON.parse(request.body) as { type: string; _embedded: { merchants: { id: string; processing_enabled: boolean }[] } },
      )
      .map((body) => [body.type, body._embedded.merchants[0]!.processing_enabled]);
    expect(flags.slice(-2)).toEqual([
      ["updated", false],
      ["updated", true],
    ]);
  });
});
