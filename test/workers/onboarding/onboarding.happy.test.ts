import { describe, expect, it } from "vitest";

import { ADMIN_HEADERS, call, expectProblem, jsonInit, tenantWithKey } from "../support/http";
import { type Form, onboard, onboardingStatus as status, submitHostedForm } from "../support/onboarding";
import { cardToken, charge, chargeBody, control } from "../support/sandbox";

type AccountEvent = { type: string; body: Record<string, unknown> & { chargesEnabled: boolean; pci: { status: string } } };

/** The tenant's onboarding callbacks, oldest first, with the bodies as delivered. */
async function accountEvents(tenantId: string): Promise<AccountEvent[]> {
  const response = await call(`/admin/tenants/${tenantId}/callbacks/events?limit=50`, { headers: ADMIN_HEADERS });
  expect(response.status).toBe(200);
  return (await response.json<{ data: AccountEvent[] }>()).data.reverse();
}

const ACCOUNT_FIELDS = [
  "processorMerchantId",
  "processorComplianceFormId",
  "onboardingStatus",
  "chargesEnabled",
  "payoutsEnabled",
  "reasons",
  "requirements",
  "pci",
];

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

  it("sends compliance_form.updated for each onboarding change, and merchant.updated where charges or PCI changed", async () => {
    const { auth, tenantId } = await tenantWithKey();
    await onboard(auth);
    const attached = await accountEvents(tenantId);
    // The merchant attached (an onboarding change), then its PCI form issued (a PCI change): charges stay off throughout.
    expect(attached.map((event) => [event.type, event.body.pci.status]).sort()).toEqual([
      ["compliance_form.updated", "not_started"],
      ["compliance_form.updated", "pending"],
      ["merchant.updated", "pending"],
    ]);
    const attach = attached.find((event) => event.body.pci.status === "not_started")!;
    expect(Object.keys(attach.body).sort()).toEqual(["createdAtUtc", "id", "type", ...ACCOUNT_FIELDS].sort());
    expect(attach.body).toMatchObject({
      processorComplianceFormId: "",
      onboardingStatus: "pending",
      chargesEnabled: false,
      reasons: [{ code: "under_review" }],
    });
    expect((attach.body.processorMerchantId as string).startsWith("MU")).toBe(true);

    await control("run-jobs", { kinds: ["merchant.decide"] });
    const approved = (await accountEvents(tenantId)).slice(attached.length);
    expect(approved).toContainEqual(
      expect.objectContaining({ type: "compliance_form.updated", body: expect.objectContaining({ onboardingStatus: "enabled" }) }),
    );
    expect(approved).toContainEqual(
      expect.objectContaining({ type: "merchant.updated", body: expect.objectContaining({ chargesEnabled: true }) }),
    );

    const { pci } = await status(auth);
    const attest = await call(new URL(pci.actionUrl!).pathname, {
      method: "POST",
      body: new URLSearchParams({ name: "Ada Lovelace", title: "Owner", accept: "on" }),
      redirect: "manual",
    });
    expect(attest.status).toBe(200);
    const attested = (await accountEvents(tenantId)).slice(attached.length + approved.length);
    // One batch: the two events share their instant, so their order in the list is not theirs.
    expect(attested.map((event) => [event.type, event.body.pci.status]).sort()).toEqual([
      ["compliance_form.updated", "valid"],
      ["merchant.updated", "valid"],
    ]);
    // Each merchant.updated reports a change of charges or PCI from the one before it.
    const merchantEvents = (await accountEvents(tenantId)).filter((event) => event.type === "merchant.updated");
    merchantEvents.reduce<AccountEvent["body"] | null>((previous, { body }) => {
      if (previous) expect([previous.chargesEnabled, previous.pci.status]).not.toEqual([body.chargesEnabled, body.pci.status]);
      return body;
    }, null);
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
});
