import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, expectProblem, jsonInit, tenantWithKey } from "./helpers";
import { TEST_SELLER } from "../../packages/sandbox-processor/src/core/test-data";
import { cardToken, charge, chargeBody, control } from "./support/sandbox";

type Form = { formId: string; status: string; onboardingUrl: string; expiresAt: string };
type Readiness = {
  processorMerchantId: string | null;
  onboardingStatus: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  reasons: { code: string }[];
  requirements: { code: string; actionUrl: string | null }[];
  pci: { status: string; validUntil: string | null; actionUrl: string | null };
  onboardingUrl: string | null;
};

const status = async (auth: Record<string, string>, refresh = false) =>
  (await call(`/v1/onboarding/status${refresh ? "?refresh=true" : ""}`, { headers: auth })).json<Readiness>();

/** Fills in and submits the sandbox's hosted form exactly as the browser would post it. */
async function submitHostedForm(onboardingUrl: string, businessName = "Blue Bottle Coffee") {
  const url = new URL(onboardingUrl);
  const page = await call(`${url.pathname}${url.search}`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('name="business_name"');
  const fields = new URLSearchParams({
    formId: url.searchParams.get("formId")!,
    bearerToken: url.searchParams.get("bearerToken")!,
    accept_terms: "on",
    ...TEST_SELLER,
    business_name: businessName,
  });
  return call("/sandbox/onboarding", { method: "POST", body: fields, redirect: "manual" });
}

async function onboard(auth: Record<string, string>, businessName?: string) {
  const form = await (
    await call("/v1/onboarding", jsonInit("POST", { returnUrl: "https://merchant.example/onboarded" }, auth))
  ).json<Form>();
  const submitted = await submitHostedForm(form.onboardingUrl, businessName);
  expect(submitted.status).toBe(303);
  const back = new URL(submitted.headers.get("Location")!);
  const returned = await call(back.pathname, { redirect: "manual" });
  return { form, returned };
}

describe("onboarding", () => {
  it("goes from not_started to charging through the hosted form", async () => {
    const { auth } = await tenantWithKey();
    expect(await status(auth)).toMatchObject({
      onboardingStatus: "not_started",
      chargesEnabled: false,
      processorMerchantId: null,
      pci: { status: "not_started" },
    });
    await expectProblem(await charge(auth, chargeBody(await cardToken())), 403, "merchant-not-ready");

    const created = await call("/v1/onboarding", jsonInit("POST", { returnUrl: "https://merchant.example/onboarded" }, auth));
    expect(created.status).toBe(201);
    const form = await created.json<Form>();
    expect(form).toMatchObject({ status: "IN_PROGRESS" });
    expect(form.formId).toMatch(/^obf_/);
    expect((await status(auth)).requirements.map((r) => r.code)).toContain("onboarding_form");

    const submitted = await submitHostedForm(form.onboardingUrl);
    const back = new URL(submitted.headers.get("Location")!);
    expect(back.pathname).toMatch(/^\/onboarding\/return\//);
    const returned = await call(back.pathname, { redirect: "manual" });
    expect(returned.status).toBe(303);
    expect(returned.headers.get("Location")).toBe(`https://merchant.example/onboarded?formId=${form.formId}`);

    const pending = await status(auth);
    expect(pending).toMatchObject({ onboardingStatus: "pending", chargesEnabled: false, onboardingUrl: null });
    expect(pending.processorMerchantId).toMatch(/^MU/);
    await expectProblem(await charge(auth, chargeBody(await cardToken())), 403, "merchant-not-ready");

    await control("run-jobs", { kinds: ["merchant.decide"] });
    const ready = await status(auth);
    expect(ready).toMatchObject({ onboardingStatus: "enabled", chargesEnabled: true, payoutsEnabled: true, reasons: [] });
    expect(ready.pci).toMatchObject({ status: "pending" });
    expect(ready.pci.actionUrl).toContain("/sandbox/compliance/cf_");
    expect((await charge(auth, chargeBody(await cardToken()))).status).toBe(201);

    const read = await (
      await call(`/v1/onboarding/form/${form.formId}`, { headers: auth })
    ).json<{ status: string; processorMerchantId: string }>();
    expect(read).toMatchObject({ status: "COMPLETED", processorMerchantId: ready.processorMerchantId });
  });

  it("follows the PCI attestation, and asks for a new one when it expires", async () => {
    const { auth } = await tenantWithKey();
    await onboard(auth);
    await control("run-jobs", { kinds: ["merchant.decide"] });
    const { pci } = await status(auth);
    const attest = await call(new URL(pci.actionUrl!).pathname, {
      method: "POST",
      body: new URLSearchParams({ name: "Ada Lovelace", title: "Owner", accept: "on" }),
      redirect: "manual",
    });
    expect(attest.status).toBe(200);
    const valid = await status(auth);
    expect(valid.pci.status).toBe("valid");
    expect(valid.pci.validUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(valid.pci.actionUrl).toBeNull();
    const formId = new URL(pci.actionUrl!).pathname.split("/").pop();
    await control("expire-compliance", { id: formId });
    // The processor invalidates the expired attestation and opens a fresh form to attest.
    const expired = await status(auth);
    expect(["expired", "pending"]).toContain(expired.pci.status);
    expect(expired.pci.actionUrl).toContain("/sandbox/compliance/cf_");
    expect(expired.requirements.map((r) => r.code)).toContain("pci_saq_a");
  });

  it("reports rejected and update-requested merchants as restricted", async () => {
    for (const [name, reason] of [
      ["Rejected Test Co", "rejected"],
      ["Update Requested Test Co", "update_requested"],
    ] as const) {
      const { auth } = await tenantWithKey(name);
      await onboard(auth, name);
      await control("run-jobs", { kinds: ["merchant.decide"] });
      const readiness = await status(auth);
      expect(readiness).toMatchObject({ onboardingStatus: "restricted", chargesEnabled: false });
      expect(readiness.reasons.map((r) => r.code)).toContain(reason);
      await expectProblem(await charge(auth, chargeBody(await cardToken())), 403, "merchant-not-ready");
    }
  });

  it("stops charges when the processor restricts the merchant, and refresh re-pulls", async () => {
    const { auth } = await tenantWithKey();
    await onboard(auth);
    await control("run-jobs", { kinds: ["merchant.decide"] });
    const { processorMerchantId } = await status(auth);
    await call(`/sandbox/processor/merchants/${processorMerchantId}`, {
      method: "PUT",
      headers: {
        Authorization: `Basic ${btoa(`${env.PROCESSOR_USERNAME}:${env.PROCESSOR_PASSWORD}`)}`,
        "Finix-Version": "2022-02-01",
        "Content-Type": "application/json",
      },
      body: JSON.stringify({ processing_enabled: false }),
    });
    await control("run-jobs", {});
    const restricted = await status(auth, true);
    expect(restricted).toMatchObject({ onboardingStatus: "restricted", chargesEnabled: false });
    expect(restricted.reasons.map((r) => r.code)).toContain("processing_disabled");
    await expectProblem(await charge(auth, chargeBody(await cardToken())), 403, "merchant-not-ready");
  });

  it("reading the form twice attaches once; another tenant's form is 404", async () => {
    const { auth } = await tenantWithKey();
    const other = await tenantWithKey();
    const { form } = await onboard(auth);
    const eventCount = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM events").first<{ n: number }>())!.n;
    const first = await (await call(`/v1/onboarding/form/${form.formId}`, { headers: auth })).json<{ processorMerchantId: string }>();
    const afterFirst = await eventCount();
    const second = await (await call(`/v1/onboarding/form/${form.formId}`, { headers: auth })).json<{ processorMerchantId: string }>();
    expect(second.processorMerchantId).toBe(first.processorMerchantId);
    expect(await eventCount()).toBe(afterFirst);
    await expectProblem(await call(`/v1/onboarding/form/${form.formId}`, { headers: other.auth }), 404, "not-found");
  });

  it("rejects a second onboarding once a merchant is attached, and bad input", async () => {
    const { auth } = await tenantWithKey();
    await onboard(auth);
    await expectProblem(await call("/v1/onboarding", jsonInit("POST", {}, auth)), 409, "conflict");
    await expectProblem(
      await call("/v1/onboarding", jsonInit("POST", { returnUrl: "javascript:alert(1)" }, auth)),
      400,
      "validation-failed",
    );
    await expectProblem(await call("/v1/onboarding/status?refresh=maybe", { headers: auth }), 400, "validation-failed");
  });
});
