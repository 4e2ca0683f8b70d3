import type { Merchant } from "../processor";

export type OnboardingStatus = "not_started" | "pending" | "enabled" | "restricted";

/**
 * The processor's word on a merchant, mapped to readiness: charges need APPROVED and processing_enabled,
 * payouts need APPROVED and settlement_enabled; REJECTED, UPDATE_REQUESTED or an approved merchant with
 * processing switched off is `restricted`; PROVISIONING is `pending`.
 */
export function merchantReadiness(merchant: Pick<Merchant, "onboarding_state" | "processing_enabled" | "settlement_enabled"> | null) {
  if (!merchant) return { onboardingStatus: "not_started" as OnboardingStatus, chargesEnabled: false, payoutsEnabled: false };
  const approved = merchant.onboarding_state === "APPROVED";
  const chargesEnabled = approved && merchant.processing_enabled;
  const payoutsEnabled = approved && merchant.settlement_enabled;
  const onboardingStatus: OnboardingStatus =
    merchant.onboarding_state === "PROVISIONING" ? "pending" : chargesEnabled ? "enabled" : "restricted";
  return { onboardingStatus, chargesEnabled, payoutsEnabled };
}
