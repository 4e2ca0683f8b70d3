import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { call, expectProblem, jsonInit, tenantWithKey } from "../support/http";
import { onboard, onboardingStatus as status } from "../support/onboarding";
import { cardToken, charge, chargeBody, control } from "../support/sandbox";

describe("onboarding: restricted merchants and refused requests", () => {
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
