import * as complianceForms from "./compliance-forms";
import * as devices from "./devices";
import * as disputes from "./disputes";
import type { RestHandler } from "./http";
import * as identities from "./identities";
import * as merchants from "./merchants";
import * as onboardingForms from "./onboarding-forms";
import * as paymentInstruments from "./payment-instruments";
import * as settlements from "./settlements";
import * as transfers from "./transfers";
import * as webhooks from "./webhooks";

export type RestRoute = {
  method: "GET" | "POST" | "PUT";
  /** Written as in the processor's reference, `{param}` placeholders included. */
  path: string;
  handler: RestHandler;
  /** Browser tokenization is authenticated by the public application id alone. */
  anonymous?: true;
};

/** The processor's REST subset the sandbox serves. */
export const REST_ROUTES: RestRoute[] = [
  { method: "POST", path: "/identities", handler: identities.create },
  { method: "GET", path: "/identities", handler: identities.index },
  { method: "GET", path: "/identities/{identity_id}", handler: identities.get },
  { method: "POST", path: "/identities/{identity_id}/merchants", handler: identities.createMerchant },
  { method: "GET", path: "/identities/{identity_id}/merchants", handler: identities.merchants },

  { method: "POST", path: "/applications/{application_id}/tokens", handler: paymentInstruments.tokenize, anonymous: true },
  { method: "POST", path: "/payment_instruments", handler: paymentInstruments.create },
  { method: "GET", path: "/payment_instruments", handler: paymentInstruments.index },
  { method: "GET", path: "/payment_instruments/{payment_instrument_id}", handler: paymentInstruments.get },
  { method: "PUT", path: "/payment_instruments/{payment_instrument_id}", handler: paymentInstruments.update },

  { method: "POST", path: "/transfers", handler: transfers.create },
  { method: "GET", path: "/transfers", handler: transfers.index },
  { method: "GET", path: "/transfers/{transfer_id}", handler: transfers.get },
  { method: "PUT", path: "/transfers/{transfer_id}", handler: transfers.update },
  { method: "POST", path: "/transfers/{transfer_id}/reversals", handler: transfers.reverse },
  { method: "GET", path: "/transfers/{transfer_id}/reversals", handler: transfers.reversals },

  { method: "GET", path: "/merchants", handler: merchants.index },
  { method: "GET", path: "/merchants/{merchant_id}", handler: merchants.get },
  { method: "PUT", path: "/merchants/{merchant_id}", handler: merchants.update },
  { method: "POST", path: "/merchants/{merchant_id}/devices", handler: devices.create },
  { method: "GET", path: "/merchants/{merchant_id}/devices", handler: devices.merchantDevices },
  { method: "GET", path: "/devices/{device_id}", handler: devices.get },
  { method: "PUT", path: "/devices/{device_id}", handler: devices.update },

  { method: "POST", path: "/onboarding_forms", handler: onboardingForms.create },
  { method: "GET", path: "/onboarding_forms/{onboarding_form_id}", handler: onboardingForms.get },
  { method: "POST", path: "/onboarding_forms/{onboarding_form_id}/links", handler: onboardingForms.createLink },
  { method: "GET", path: "/compliance_forms", handler: complianceForms.index },
  { method: "GET", path: "/compliance_forms/{compliance_form_id}", handler: complianceForms.get },
  { method: "PUT", path: "/compliance_forms/{compliance_form_id}", handler: complianceForms.attest },

  { method: "GET", path: "/disputes", handler: disputes.index },
  { method: "GET", path: "/disputes/{dispute_id}", handler: disputes.get },
  { method: "POST", path: "/disputes/{dispute_id}/evidence", handler: disputes.uploadEvidence },
  { method: "GET", path: "/disputes/{dispute_id}/evidence", handler: disputes.evidence },
  { method: "GET", path: "/disputes/{dispute_id}/evidence/{evidence_id}", handler: disputes.evidenceItem },
  { method: "GET", path: "/disputes/{dispute_id}/adjustment_transfers", handler: disputes.adjustments },
  { method: "POST", path: "/disputes/{dispute_id}/submit", handler: disputes.submit },
  { method: "POST", path: "/disputes/{dispute_id}/accept", handler: disputes.accept },

  { method: "GET", path: "/settlements", handler: settlements.index },
  { method: "GET", path: "/settlements/{settlement_id}", handler: settlements.get },
  { method: "GET", path: "/settlements/{settlement_id}/funding_transfers", handler: settlements.fundingTransfers },
  { method: "GET", path: "/settlements/{settlement_id}/transfers", handler: settlements.transfers },

  { method: "POST", path: "/webhooks", handler: webhooks.create },
  { method: "GET", path: "/webhooks", handler: webhooks.index },
  { method: "GET", path: "/webhooks/{webhook_id}", handler: webhooks.get },
  { method: "PUT", path: "/webhooks/{webhook_id}", handler: webhooks.update },
];
