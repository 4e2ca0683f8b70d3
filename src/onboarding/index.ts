/** The onboarding capability's public surface: its routes and what the processor's webhooks tell it. */
export { default as onboardingRouter } from "./onboarding.index";
export { applyComplianceFormEvent, applyMerchantEvent, applyOnboardingFormEvent } from "./onboarding.service";
