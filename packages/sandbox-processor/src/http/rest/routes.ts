import * as authorizations from "./authorizations";
import * as checkoutForms from "./checkout-forms";
import * as complianceForms from "./compliance-forms";
import * as devices from "./devices";
import * as disputes from "./disputes";
import * as fees from "./fees";
import type { RestHandler } from "./http";
import * as identities from "./identities";
import * as merchants from "./merchants";
import * as onboardingForms from "./onboarding-forms";
import * as paymentInstruments from "./payment-instruments";
import * as paymentLinks from "./payment-links";
import * as settlements from "./settlements";
import * as transfers from "./transfers";
import * as webhooks from "./webhooks";

export type RestRoute = {
  method: "GET" | "POST" | "PUT";
  /** Written as in the processor's reference, `{param}` placeholders included. */
  path: string;
  handler: RestHandler;
  /**
   * The query parameters the route takes besides paging: those the processor documents for it and the sandbox
   * implements. Anything else is refused, so a client cannot rely on a filter the processor would not apply.
   */
  query?: readonly string[];
  /**
   * Where the processor documents a route or filter that its 2022-02-01 OpenAPI document (vendor/finix-openapi/) lacks:
   * its current API reference, or Finix.js for browser tokenization. The rest is checked against that document.
   */
  documentedIn?: "api-reference" | "finix.js";
  /** Filters of a route in the document that only the processor's current API reference lists. */
  referenceQuery?: readonly string[];
  /** Browser tokenization is authenticated by the public application id alone. */
  anonymous?: true;
};

/** Filters on a timestamp take `.gte` and `.lte`. */
const range = (name: string) => [`${name}.gte`, `${name}.lte`];

/** The processor's REST subset the sandbox serves. */
export const REST_ROUTES: RestRoute[] = [
  { method: "POST", path: "/identities", handler: identities.create },
  { method: "GET", path: "/identities", handler: identities.index, query: [] },
  { method: "GET", path: "/identities/{identity_id}", handler: identities.get },
  { method: "POST", path: "/identities/{identity_id}/merchants", handler: identities.createMerchant },
  {
    method: "GET",
    path: "/identities/{identity_id}/merchants",
    handler: identities.merchants,
    query: [],
    documentedIn: "api-reference",
  },

  {
    method: "POST",
    path: "/applications/{application_id}/tokens",
    handler: paymentInstruments.tokenize,
    anonymous: true,
    documentedIn: "finix.js",
  },
  { method: "POST", path: "/payment_instruments", handler: paymentInstruments.create },
  { method: "GET", path: "/payment_instruments", handler: paymentInstruments.index, query: ["owner_identity_id", "type"] },
  { method: "GET", path: "/payment_instruments/{payment_instrument_id}", handler: paymentInstruments.get },
  { method: "PUT", path: "/payment_instruments/{payment_instrument_id}", handler: paymentInstruments.update },

  { method: "POST", path: "/transfers", handler: transfers.create },
  {
    method: "GET",
    path: "/transfers",
    handler: transfers.index,
    query: ["idempotency_id", "merchant_id", "state", ...range("created_at"), ...range("updated_at")],
  },
  { method: "GET", path: "/transfers/{transfer_id}", handler: transfers.get },
  { method: "PUT", path: "/transfers/{transfer_id}", handler: transfers.update },
  { method: "POST", path: "/transfers/{transfer_id}/reversals", handler: transfers.reverse },
  { method: "GET", path: "/transfers/{transfer_id}/reversals", handler: transfers.reversals, query: [] },
  { method: "POST", path: "/authorizations", handler: authorizations.create },
  {
    method: "GET",
    path: "/authorizations",
    handler: authorizations.index,
    query: ["idempotency_id", "merchant_id", "state", ...range("created_at"), ...range("updated_at")],
  },
  { method: "GET", path: "/authorizations/{authorization_id}", handler: authorizations.get },
  { method: "PUT", path: "/authorizations/{authorization_id}", handler: authorizations.update },
  { method: "GET", path: "/fees", handler: fees.index, query: ["linked_to"], documentedIn: "api-reference" },

  { method: "GET", path: "/merchants", handler: merchants.index, query: [...range("created_at"), ...range("updated_at")] },
  { method: "GET", path: "/merchants/{merchant_id}", handler: merchants.get },
  { method: "PUT", path: "/merchants/{merchant_id}", handler: merchants.update },
  { method: "POST", path: "/merchants/{merchant_id}/devices", handler: devices.create },
  { method: "GET", path: "/devices", handler: devices.index, query: ["merchant_id", "serial_number"], documentedIn: "api-reference" },
  { method: "GET", path: "/devices/{device_id}", handler: devices.get, query: ["include_connection"] },
  { method: "PUT", path: "/devices/{device_id}", handler: devices.update },

  { method: "POST", path: "/onboarding_forms", handler: onboardingForms.create },
  { method: "GET", path: "/onboarding_forms/{onboarding_form_id}", handler: onboardingForms.get },
  { method: "POST", path: "/onboarding_forms/{onboarding_form_id}/links", handler: onboardingForms.createLink },
  { method: "POST", path: "/checkout_forms", handler: checkoutForms.create, documentedIn: "api-reference" },
  { method: "GET", path: "/checkout_forms", handler: checkoutForms.index, query: [], documentedIn: "api-reference" },
  { method: "GET", path: "/checkout_forms/{checkout_form_id}", handler: checkoutForms.get, documentedIn: "api-reference" },
  { method: "POST", path: "/payment_links", handler: paymentLinks.create, documentedIn: "api-reference" },
  { method: "GET", path: "/payment_links", handler: paymentLinks.index, query: ["state"], documentedIn: "api-reference" },
  { method: "GET", path: "/payment_links/{payment_link_id}", handler: paymentLinks.get, documentedIn: "api-reference" },
  { method: "PUT", path: "/payment_links/{payment_link_id}", handler: paymentLinks.update, documentedIn: "api-reference" },
  {
    method: "POST",
    path: "/payment_links/{payment_link_id}/delivery-attempts",
    handler: paymentLinks.send,
    documentedIn: "api-reference",
  },
  {
    method: "GET",
    path: "/payment_links/{payment_link_id}/delivery-attempts",
    handler: paymentLinks.deliveries,
    query: [...range("created_at")],
    documentedIn: "api-reference",
  },
  {
    method: "GET",
    path: "/transfer_attempts",
    handler: checkoutForms.attempts,
    query: ["entity_id", "entity_type", "merchant_id", "state", ...range("created_at")],
    documentedIn: "api-reference",
  },
  { method: "GET", path: "/transfer_attempts/{transfer_attempt_id}", handler: checkoutForms.attempt, documentedIn: "api-reference" },
  {
    method: "GET",
    path: "/compliance_forms",
    handler: complianceForms.index,
    query: ["state", "linked_to"],
    referenceQuery: ["linked_to"],
  },
  { method: "GET", path: "/compliance_forms/{compliance_form_id}", handler: complianceForms.get },
  { method: "PUT", path: "/compliance_forms/{compliance_form_id}", handler: complianceForms.attest },

  {
    method: "GET",
    path: "/disputes",
    handler: disputes.index,
    query: [
      "state",
      "response_state",
      "merchant_id",
      "transfer_id",
      ...range("respond_by"),
      ...range("created_at"),
      ...range("updated_at"),
    ],
  },
  { method: "GET", path: "/disputes/{dispute_id}", handler: disputes.get },
  { method: "POST", path: "/disputes/{dispute_id}/evidence", handler: disputes.uploadEvidence },
  { method: "GET", path: "/disputes/{dispute_id}/evidence", handler: disputes.evidence, query: [] },
  { method: "GET", path: "/disputes/{dispute_id}/evidence/{evidence_id}", handler: disputes.evidenceItem },
  { method: "GET", path: "/disputes/{dispute_id}/adjustment_transfers", handler: disputes.adjustments, query: [] },
  { method: "POST", path: "/disputes/{dispute_id}/submit", handler: disputes.submit },
  { method: "POST", path: "/disputes/{dispute_id}/accept", handler: disputes.accept },

  {
    method: "GET",
    path: "/settlements",
    handler: settlements.index,
    query: ["merchant_id", "status", ...range("created_at")],
    referenceQuery: ["merchant_id"],
  },
  { method: "GET", path: "/settlements/{settlement_id}", handler: settlements.get },
  { method: "GET", path: "/settlements/{settlement_id}/funding_transfers", handler: settlements.fundingTransfers, query: [] },
  { method: "GET", path: "/settlements/{settlement_id}/transfers", handler: settlements.transfers, query: [] },

  { method: "POST", path: "/webhooks", handler: webhooks.create },
  { method: "GET", path: "/webhooks", handler: webhooks.index, query: [] },
  { method: "GET", path: "/webhooks/{webhook_id}", handler: webhooks.get },
  { method: "PUT", path: "/webhooks/{webhook_id}", handler: webhooks.update },
];
