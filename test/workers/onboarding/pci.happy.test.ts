import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { createApp } from "../../../src/app";
import { call } from "../support/http";
import { onboardingStatus as status, type Readiness } from "../support/onboarding";
import { processorGet } from "../support/payments";
import { signedDelivery } from "../support/processor-webhooks";
import { chargeableTenant, control } from "../support/sandbox";

type Form = { id: string; state: string; valid_until: string; created_at: string };
const formsOf = async (merchantId: string): Promise<Form[]> =>
  (await processorGet(`/compliance_forms?linked_to=${merchantId}&limit=100`))._embedded.compliance_forms;

/** The readiness a deployment against the processor itself reports (no built-in sandbox): served from the ledger, no processor call. */
async function statusOutsideSandbox(auth: Record<string, string>): Promise<Readiness> {
  const live = { ...env, PROCESSOR_BASE_URL: "https://finix.sandbox-payments-api.com" };
  const response = await createApp().fetch(new Request("https://payment-connect.test/v1/onboarding/status", { headers: auth }), live);
  expect(response.status).toBe(200);
  return response.json();
}

describe("PCI readiness from the merchant's compliance forms", () => {
  it("picks the current form by state and date across every page, from webhooks and on refresh", async () => {
    const { auth, merchantId } = await chargeableTenant("Paged Forms Co");
    const [first] = await formsOf(merchantId);
    // An attested form, valid for a year…
    const { renewal } = await control<{ renewal: Form }>("expire-compliance", { id: first!.id });
    await control("attest-compliance", { id: renewal.id });
    const attested = (await formsOf(merchantId)).find((form) => form.id === renewal.id)!;
    // …then eleven newer forms opened for attestation (each lapse of the first one opens another): the attested one is on page two.
    let open = renewal;
    for (let i = 0; i < 11; i++) open = (await control<{ renewal: Form }>("expire-compliance", { id: first!.id })).renewal;
    const forms = await formsOf(merchantId);
    expect(forms.length).toBeGreaterThan(10);
    expect(forms.findIndex((form) => form.id === attested.id)).toBeGreaterThanOrEqual(10);

    const expected = { status: "valid", validUntil: attested.valid_until.slice(0, 10), actionUrl: null };
    expect((await status(auth)).pci).toEqual(expected);
    expect((await status(auth, true)).pci).toEqual(expected);

    // Attesting the open one makes it current: valid for longer.
    await control("attest-compliance", { id: open.id });
    expect((await status(auth, true)).pci).toMatchObject({ status: "valid" });
  });

  it("orders the processor's merchant updates as instants: …54.6Z comes before …54.66Z", async () => {
    const { auth, merchantId } = await chargeableTenant("Instant Merchant Co");
    const merchant = await control<Record<string, unknown>>("get", { kind: "merchant", id: merchantId });
    const deliver = (updatedAt: string, processingEnabled: boolean) =>
      signedDelivery({
        type: "updated",
        entity: "merchant",
        _embedded: { merchants: [{ ...merchant, processing_enabled: processingEnabled, updated_at: updatedAt }] },
      });
    await deliver("2099-01-01T00:00:54.6Z", false);
    expect((await status(auth)).chargesEnabled).toBe(false);
    await deliver("2099-01-01T00:00:54.66Z", true);
    expect((await status(auth)).chargesEnabled).toBe(true);
    await deliver("2099-01-01T00:00:54.65Z", false);
    expect((await status(auth)).chargesEnabled).toBe(true);
  });
});

describe("the service's own PCI attestation page (outside the built-in sandbox)", () => {
  it("is pci.actionUrl, shows the sandbox page's form, and submits the attestation to the processor", async () => {
    const { auth, merchantId } = await chargeableTenant("Attesting Co");
    const readiness = await statusOutsideSandbox(auth);
    expect(readiness.pci.status).toBe("pending");
    const actionUrl = new URL(readiness.pci.actionUrl!);
    expect(actionUrl.pathname).toMatch(/^\/onboarding\/pci\/cf_[A-Za-z0-9]+\/[0-9a-f]{40}$/);
    expect(readiness.requirements.find((r) => r.code === "pci_saq_a")?.actionUrl).toBe(readiness.pci.actionUrl);

    const page = await call(actionUrl.pathname);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const id of ['id="compliance-attestation"', 'name="name"', 'name="title"', 'name="accept"', 'id="submit-attestation"']) {
      expect(html).toContain(id);
    }

    const incomplete = await call(actionUrl.pathname, { method: "POST", body: new URLSearchParams({ name: "Ada Lovelace" }) });
    expect(incomplete.status).toBe(422);
    expect(await incomplete.text()).toContain('id="compliance-error"');

    const signed = await call(actionUrl.pathname, {
      method: "POST",
      headers: { "User-Agent": "Mozilla/5.0 (attestation test)", "CF-Connecting-IP": "203.0.113.9" },
      body: new URLSearchParams({ name: "Ada Lovelace", title: "Owner", accept: "on" }),
    });
    expect(signed.status).toBe(200);
    expect(await signed.text()).toContain('id="compliance-done"');
    const [form] = await (await processorGet(`/compliance_forms?linked_to=${merchantId}&state=COMPLETE`))._embedded.compliance_forms;
    expect(form.pci_saq_a).toMatchObject({
      name: "Ada Lovelace",
      title: "Owner",
      ip_address: "203.0.113.9",
      user_agent: "Mozilla/5.0 (attestation test)",
    });
    expect((await statusOutsideSandbox(auth)).pci).toMatchObject({ status: "valid", actionUrl: null });
  });

  it("answers 404 to a wrong token, and to another tenant's form under this tenant's token", async () => {
    const mine = await chargeableTenant("Mine Co");
    const theirs = await chargeableTenant("Theirs Co");
    const myUrl = new URL((await statusOutsideSandbox(mine.auth)).pci.actionUrl!);
    const theirUrl = new URL((await statusOutsideSandbox(theirs.auth)).pci.actionUrl!);
    const [, , , myForm, myToken] = myUrl.pathname.split("/");
    const [, , , theirForm] = theirUrl.pathname.split("/");
    expect((await call(`/onboarding/pci/${myForm}/${"0".repeat(40)}`)).status).toBe(404);
    expect((await call(`/onboarding/pci/${theirForm}/${myToken}`)).status).toBe(404);
    const forged = await call(`/onboarding/pci/${theirForm}/${myToken}`, {
      method: "POST",
      body: new URLSearchParams({ name: "Mallory", title: "Owner", accept: "on" }),
    });
    expect(forged.status).toBe(404);
    expect((await statusOutsideSandbox(theirs.auth)).pci.status).toBe("pending");
  });
});
