import { instantMicros } from "../lib/instant";
import type { OnboardingRecord } from "./onboarding.schema";

export type OnboardingStatus = "not_started" | "pending" | "enabled" | "restricted";
export type PciStatus = "valid" | "pending" | "expired" | "not_started";

export type Readiness = {
  processorMerchantId: string | null;
  onboardingStatus: OnboardingStatus;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  reasons: { code: string; message: string }[];
  requirements: { code: string; message: string; actionUrl: string | null; dueAt: string | null }[];
  pci: { status: PciStatus; validUntil: string | null; actionUrl: string | null };
  onboardingUrl: string | null;
};

/**
 * The processor's merchant flags, mapped: charges need APPROVED + processing_enabled, payouts APPROVED +
 * settlement_enabled; PROVISIONING is `pending`; REJECTED, UPDATE_REQUESTED or processing switched off
 * is `restricted`; no submitted form yet is `not_started`.
 */
export function merchantFlags(merchant: { onboarding_state: string; processing_enabled: boolean; settlement_enabled: boolean } | null) {
  if (!merchant) return { onboardingStatus: "not_started" as OnboardingStatus, chargesEnabled: false, payoutsEnabled: false };
  const approved = merchant.onboarding_state === "APPROVED";
  const chargesEnabled = approved && merchant.processing_enabled;
  const payoutsEnabled = approved && merchant.settlement_enabled;
  const onboardingStatus: OnboardingStatus =
    merchant.onboarding_state === "PROVISIONING" ? "pending" : chargesEnabled ? "enabled" : "restricted";
  return { onboardingStatus, chargesEnabled, payoutsEnabled };
}

export function pciStatus(record: Pick<OnboardingRecord, "pciFormId" | "pciState" | "pciValidUntil">, now: number): PciStatus {
  if (!record.pciFormId) return "not_started";
  const validUntil = instantMicros(record.pciValidUntil);
  if (validUntil !== null && validUntil < now * 1000) return "expired";
  return record.pciState === "COMPLETE" ? "valid" : "pending";
}

/** Readiness exactly as GET /v1/onboarding/status reports it, derived from the stored processor state and the PCI form's attestation link. */
export function readinessOf(
  tenant: { processorMerchantId: string | null },
  record: OnboardingRecord | undefined,
  links: { pciActionUrl: string | null },
  now = Date.now(),
): Readiness {
  const merchant = record?.merchantOnboardingState
    ? {
        onboarding_state: record.merchantOnboardingState,
        processing_enabled: record.processingEnabled,
        settlement_enabled: record.settlementEnabled,
      }
    : null;
  const flags = merchantFlags(tenant.processorMerchantId ? merchant : null);
  const reasons: Readiness["reasons"] = [];
  const requirements: Readiness["requirements"] = [];
  const formOpen = !!record?.processorFormId && record.formStatus !== "COMPLETED";
  const onboardingUrl = formOpen || record?.merchantOnboardingState === "UPDATE_REQUESTED" ? (record.onboardingUrl ?? null) : null;

  if (!record?.processorFormId && !tenant.processorMerchantId)
    requirements.push({
      code: "onboarding_form",
      message: "Create an onboarding form with POST /v1/onboarding and complete it.",
      actionUrl: null,
      dueAt: null,
    });
  else if (formOpen)
    requirements.push({
      code: "onboarding_form",
      message: "Complete the hosted onboarding form.",
      actionUrl: onboardingUrl,
      dueAt: record.onboardingUrlExpiresAt,
    });
  switch (record?.merchantOnboardingState) {
    case "PROVISIONING":
      reasons.push({ code: "under_review", message: "The processor is reviewing the application." });
      break;
    case "REJECTED":
      reasons.push({ code: "rejected", message: "The processor rejected the application." });
      break;
    case "UPDATE_REQUESTED":
      reasons.push({ code: "update_requested", message: "The processor needs more information." });
      requirements.push({
        code: "update_requested",
        message: "Update the application through the onboarding form.",
        actionUrl: onboardingUrl,
        dueAt: null,
      });
      break;
    case "APPROVED":
      if (!record.processingEnabled)
        reasons.push({ code: "processing_disabled", message: "The processor has disabled processing for this merchant." });
      if (!record.settlementEnabled)
        reasons.push({ code: "settlement_disabled", message: "The processor has disabled payouts for this merchant." });
      break;
  }

  const pci = record ? pciStatus(record, now) : "not_started";
  const pciActionUrl = record?.pciFormId && pci !== "valid" ? links.pciActionUrl : null;
  if (pci === "pending" || pci === "expired") {
    requirements.push({
      code: "pci_saq_a",
      message: pci === "expired" ? "The PCI SAQ-A attestation has expired; attest again." : "Attest PCI DSS SAQ-A compliance.",
      actionUrl: pciActionUrl,
      dueAt: record?.pciDueAt ?? null,
    });
  }
  return {
    processorMerchantId: tenant.processorMerchantId,
    ...flags,
    reasons,
    requirements,
    pci: { status: pci, validUntil: record?.pciValidUntil ? record.pciValidUntil.slice(0, 10) : null, actionUrl: pciActionUrl },
    onboardingUrl,
  };
}
