import { describe, expect, it } from "vitest";

import { ownerOf, signedInOwner } from "../support/dashboard";
import { chargeableTenant } from "../support/sandbox";

describe("overview", () => {
  it("starts onboarding: the hosted form is created for the session's tenant and the overview links to it", async () => {
    const { browser } = await signedInOwner("Onboarding Deli");
    const { html } = await browser.open("/dashboard");
    expect(html).toContain("Not started");
    expect(html).toContain("Start onboarding");
    const started = await browser.post("/dashboard/onboarding");
    expect(started.status).toBe(303);
    expect(started.headers.get("Location")).toBe("/dashboard?notice=onboarding-started");
    const { html: after } = await browser.open("/dashboard?notice=onboarding-started");
    expect(after).toMatch(/<a class="button" href="[^"]+\/sandbox\/onboarding\?formId=obf_[^"]+">Continue onboarding<\/a>/);
    expect(after).not.toContain("Start onboarding");
  });

  it("shows an approved merchant as ready, with its PCI status and action", async () => {
    const { tenantId } = await chargeableTenant("Ready Roasters");
    const { browser } = await ownerOf(tenantId);
    const { html } = await browser.open("/dashboard?refresh=true");
    expect(html).toContain("Ready Roasters");
    expect(html).toMatch(/Charges enabled<\/dt><dd><span class="badge good">Yes/);
    expect(html).toContain("Attest PCI compliance");
    expect(html).not.toContain("Start onboarding");
  });
});
