/** The onboarding capability's public surface: its routes, what the processor's webhooks tell it (and the sweep for those lost), readiness for the dashboard. */
export { default as onboardingRouter } from "./onboarding.router";
export * as onboardingTables from "./onboarding.schema";
export {
  applyComplianceFormEvent,
  applyMerchantEvent,
  applyOnboardingFormEvent,
  getReadiness,
  onboardingOwner,
  startOnboarding,
} from "./onboarding.service";
export { sweepOnboarding } from "./onboarding.sweep";
export type { Readiness } from "./readiness";
