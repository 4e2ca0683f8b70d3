import { expect } from "vitest";

import { TEST_SELLER } from "../../../packages/sandbox-processor/src/core/test-data";
import { call, jsonInit } from "./http";

// Helpers shared by the onboarding tests (test/workers/onboarding/).

export type Form = { formId: string; status: string; onboardingUrl: string; expiresAt: string };
export type Readiness = {
  processorMerchantId: string | null;
  onboardingStatus: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  reasons: { code: string }[];
  requirements: { code: string; actionUrl: string | null }[];
  pci: { status: string; validUntil: string | null; actionUrl: string | null };
  onboardingUrl: string | null;
};

export const onboardingStatus = async (auth: Record<string, string>, refresh = false) =>
  (await call(`/v1/onboarding/status${refresh ? "?refresh=true" : ""}`, { headers: auth })).json<Readiness>();

/** Fills in and submits the sandbox's hosted form exactly as the browser would post it. */
export async function submitHostedForm(onboardingUrl: string, businessName = "Blue Bottle Coffee") {
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

export async function onboard(auth: Record<string, string>, businessName?: string) {
  const form = await (
    await call("/v1/onboarding", jsonInit("POST", { returnUrl: "https://merchant.example/onboarded" }, auth))
  ).json<Form>();
  const submitted = await submitHostedForm(form.onboardingUrl, businessName);
  expect(submitted.status).toBe(303);
  const back = new URL(submitted.headers.get("Location")!);
  const returned = await call(back.pathname, { redirect: "manual" });
  return { form, returned };
}
