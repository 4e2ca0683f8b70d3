import { describe, expect, it } from "vitest";

import type { ProcessorClient } from "../../../src/processor";
import { FAKE_API_VERSION, FAKE_BASE_URL, FAKE_CREDENTIALS, fakeProcessor, type Reply } from "../support/fake-processor";
import { clientFor, linkDetails, saleRequest } from "../support/processor-client";
import { processorResponseErrors } from "../support/processor-conformance";
import * as fixtures from "../support/processor-fixtures";
import { IDS } from "../support/processor-fixtures";

const pngBytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

type RequestCase = {
  name: string;
  invoke: (client: ProcessorClient) => Promise<unknown>;
  sent: { method: string; template: string; path?: string; query?: Record<string, string>; body?: unknown };
  reply: Reply;
  returned: (result: any) => void;
};

const attestation = {
  name: "Pam Beesly",
  title: "Office Manager",
  signed_at: "2022-03-18T16:42:55Z",
  ip_address: "42.1.1.113",
  user_agent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)",
};

const requestCases: RequestCase[] = [
  {
    name: "createIdentity",
    invoke: (client) =>
      client.createIdentity({
        entity: { first_name: "John", last_name: "Smith", email: "finix_example@finix.com" },
        tags: { lc_payment_id: "lcpay_01" },
      }),
    sent: {
      method: "POST",
      template: "/identities",
      body: { entity: { first_name: "John", last_name: "Smith", email: "finix_example@finix.com" }, tags: { lc_payment_id: "lcpay_01" } },
    },
    reply: { status: 201, body: fixtures.buyerIdentity() },
    returned: (identity) => expect(identity.id).toBe(IDS.buyerIdentity),
  },
  {
    name: "getIdentity",
    invoke: (client) => client.getIdentity(IDS.buyerIdentity),
    sent: { method: "GET", template: "/identities/{identity_id}", path: `/identities/${IDS.buyerIdentity}` },
    reply: { status: 200, body: fixtures.buyerIdentity() },
    returned: (identity) => expect(identity.id).toBe(IDS.buyerIdentity),
  },
  {
    name: "createPaymentInstrument from a token",
    invoke: (client) =>
      client.createPaymentInstrument({ type: "TOKEN", token: IDS.token, identity: IDS.buyerIdentity, tags: { lc_tenant: "ten_01" } }),
    sent: {
      method: "POST",
      template: "/payment_instruments",
      body: { type: "TOKEN", token: IDS.token, identity: IDS.buyerIdentity, tags: { lc_tenant: "ten_01" } },
    },
    reply: { status: 201, body: fixtures.cardInstrument() },
    returned: (instrument) => expect([instrument.id, instrument.instrument_type]).toEqual([IDS.card, "PAYMENT_CARD"]),
  },
  {
    name: "createPaymentInstrument for a bank account",
    invoke: (client) =>
      client.createPaymentInstrument({
        type: "BANK_ACCOUNT",
        identity: IDS.buyerIdentity,
        name: "John Smith",
        account_number: "123123123",
        bank_code: "123123123",
        account_type: "PERSONAL_CHECKING",
        attempt_bank_account_validation_check: true,
      }),
    sent: {
      method: "POST",
      template: "/payment_instruments",
      body: {
        type: "BANK_ACCOUNT",
        identity: IDS.buyerIdentity,
        name: "John Smith",
        account_number: "123123123",
        bank_code: "123123123",
        account_type: "PERSONAL_CHECKING",
        attempt_bank_account_validation_check: true,
      },
    },
    reply: { status: 201, body: fixtures.bankAccountInstrument() },
    returned: (instrument) => expect(instrument.masked_account_number).toBe("XXXXX3123"),
  },
  {
    name: "getPaymentInstrument",
    invoke: (client) => client.getPaymentInstrument(IDS.card),
    sent: { method: "GET", template: "/payment_instruments/{payment_instrument_id}", path: `/payment_instruments/${IDS.card}` },
    reply: { status: 200, body: fixtures.cardInstrument() },
    returned: (instrument) => expect(instrument.last_four).toBe("8210"),
  },
  {
    name: "createTransfer (card or ACH sale)",
    invoke: (client) => client.createTransfer(saleRequest),
    sent: { method: "POST", template: "/transfers", body: saleRequest },
    reply: { status: 201, body: fixtures.saleTransfer() },
    returned: (result) => expect(result).toMatchObject({ outcome: "created", item: { id: IDS.sale, state: "SUCCEEDED" } }),
  },
  {
    name: "createCardPresentTransfer",
    invoke: (client) =>
      client.createCardPresentTransfer({
        device: IDS.device,
        amount: 150,
        currency: "USD",
        idempotency_id: "lcpay_02",
        tags: { lc_payment_id: "lcpay_02" },
      }),
    sent: {
      method: "POST",
      template: "/transfers",
      body: {
        device: IDS.device,
        amount: 150,
        currency: "USD",
        idempotency_id: "lcpay_02",
        tags: { lc_payment_id: "lcpay_02" },
        operation_key: "CARD_PRESENT_DEBIT",
      },
    },
    reply: { status: 201, body: fixtures.cardPresentTransfer() },
    returned: (result) =>
      expect(result).toMatchObject({
        outcome: "created",
        item: { device: IDS.device, card_present_details: { entry_mode: "CONTACTLESS" } },
      }),
  },
  {
    name: "createCardPresentAuthorization (a hold made on the reader)",
    invoke: (client) =>
      client.createCardPresentAuthorization({
        device: IDS.device,
        amount: 150,
        currency: "USD",
        idempotency_id: "lcpay_03",
        tags: { lc_payment_id: "lcpay_03" },
      }),
    sent: {
      method: "POST",
      template: "/authorizations",
      body: {
        device: IDS.device,
        amount: 150,
        currency: "USD",
        idempotency_id: "lcpay_03",
        tags: { lc_payment_id: "lcpay_03" },
        operation_key: "CARD_PRESENT_AUTHORIZATION",
      },
    },
    reply: { status: 201, body: fixtures.cardPresentAuthorization() },
    returned: (result) =>
      expect(result).toMatchObject({
        outcome: "created",
        item: { state: "SUCCEEDED", device: IDS.device, card_present_details: { entry_mode: "CHIP_ENTRY" } },
      }),
  },
  {
    name: "createMerchantCreditAdjustment",
    invoke: (client) =>
      client.createMerchantCreditAdjustment({
        merchant: IDS.merchant,
        source: IDS.platformFunding,
        amount: 60,
        currency: "USD",
        idempotency_id: "lcref_01_fee",
        tags: { lc_refund_id: "lcref_01" },
      }),
    sent: {
      method: "POST",
      template: "/transfers",
      body: {
        merchant: IDS.merchant,
        source: IDS.platformFunding,
        amount: 60,
        currency: "USD",
        idempotency_id: "lcref_01_fee",
        tags: { lc_refund_id: "lcref_01" },
        operation_key: "MERCHANT_CREDIT_ADJUSTMENT",
      },
    },
    reply: { status: 201, body: fixtures.merchantCreditAdjustment() },
    returned: (transfer) => expect([transfer.id, transfer.subtype]).toEqual([IDS.adjustment, "MERCHANT_CREDIT_ADJUSTMENT"]),
  },
  {
    name: "listIdentityPaymentInstruments",
    invoke: (client) => client.listIdentityPaymentInstruments(IDS.buyerIdentity, { after_cursor: IDS.bankAccount }),
    sent: {
      method: "GET",
      template: "/payment_instruments",
      query: { after_cursor: IDS.bankAccount, owner_identity_id: IDS.buyerIdentity },
    },
    reply: { status: 200, body: fixtures.listPage("/payment_instruments", "payment_instruments", [fixtures.cardInstrument()]) },
    returned: (page) => expect(page.items.map((instrument: { id: string }) => instrument.id)).toEqual([IDS.card]),
  },
  {
    name: "getTransfer",
    invoke: (client) => client.getTransfer(IDS.sale),
    sent: { method: "GET", template: "/transfers/{transfer_id}", path: `/transfers/${IDS.sale}` },
    reply: { status: 200, body: fixtures.saleTransfer() },
    returned: (transfer) => expect(transfer.id).toBe(IDS.sale),
  },
  {
    name: "findTransferByIdempotencyId",
    invoke: (client) => client.findTransferByIdempotencyId("lcpay_01"),
    sent: { method: "GET", template: "/transfers", query: { idempotency_id: "lcpay_01", limit: "10" } },
    reply: { status: 200, body: fixtures.listPage("/transfers", "transfers", [fixtures.saleTransfer()]) },
    returned: (transfer) => expect(transfer?.id).toBe(IDS.sale),
  },
  {
    name: "createReversal",
    invoke: (client) =>
      client.createReversal(IDS.sale, { refund_amount: 2000, idempotency_id: "lcref_01", tags: { lc_refund_id: "lcref_01" } }),
    sent: {
      method: "POST",
      template: "/transfers/{transfer_id}/reversals",
      path: `/transfers/${IDS.sale}/reversals`,
      body: { refund_amount: 2000, idempotency_id: "lcref_01", tags: { lc_refund_id: "lcref_01" } },
    },
    reply: { status: 201, body: fixtures.reversalTransfer() },
    returned: (reversal) => expect([reversal.type, reversal.parent_transfer]).toEqual(["REVERSAL", IDS.sale]),
  },
  {
    name: "getMerchant",
    invoke: (client) => client.getMerchant(IDS.merchant),
    sent: { method: "GET", template: "/merchants/{merchant_id}", path: `/merchants/${IDS.merchant}` },
    reply: { status: 200, body: fixtures.merchant() },
    returned: (merchant) => expect([merchant.onboarding_state, merchant.processing_enabled]).toEqual(["APPROVED", true]),
  },
  {
    name: "listIdentityMerchants",
    invoke: (client) => client.listIdentityMerchants(IDS.merchantIdentity, { limit: 20 }),
    sent: {
      method: "GET",
      template: "/identities/{identity_id}/merchants",
      path: `/identities/${IDS.merchantIdentity}/merchants`,
      query: { limit: "20" },
    },
    reply: { status: 200, body: fixtures.listPage(`/identities/${IDS.merchantIdentity}/merchants`, "merchants", [fixtures.merchant()]) },
    returned: (page) => expect(page).toMatchObject({ items: [{ id: IDS.merchant }], nextCursor: null }),
  },
  {
    name: "createOnboardingForm (processor chosen by the environment)",
    invoke: (client) =>
      client.createOnboardingForm({
        onboarding_data: { entity: { business_name: "Bobs Burgers", email: "bob@bobsburgers.example" }, max_transaction_amount: 100000 },
        onboarding_link_details: { ...linkDetails, expiration_in_minutes: "10080" },
        tags: { lc_tenant: "ten_01" },
      }),
    sent: {
      method: "POST",
      template: "/onboarding_forms",
      body: {
        onboarding_data: { entity: { business_name: "Bobs Burgers", email: "bob@bobsburgers.example" }, max_transaction_amount: 100000 },
        onboarding_link_details: { ...linkDetails, expiration_in_minutes: "10080" },
        tags: { lc_tenant: "ten_01" },
        merchant_processors: [{ processor: "DUMMY_V1" }],
      },
    },
    reply: { status: 200, body: fixtures.onboardingForm() },
    returned: (form) => expect(form.onboarding_link.link_url).toContain(IDS.onboardingForm),
  },
  {
    name: "getOnboardingForm",
    invoke: (client) => client.getOnboardingForm(IDS.onboardingForm),
    sent: { method: "GET", template: "/onboarding_forms/{onboarding_form_id}", path: `/onboarding_forms/${IDS.onboardingForm}` },
    reply: { status: 200, body: fixtures.onboardingForm({ status: "COMPLETED", identity_id: IDS.merchantIdentity }) },
    returned: (form) => expect([form.status, form.identity_id]).toEqual(["COMPLETED", IDS.merchantIdentity]),
  },
  {
    name: "createOnboardingLink",
    invoke: (client) => client.createOnboardingLink(IDS.onboardingForm, { ...linkDetails, expiration_in_minutes: 10080 }),
    sent: {
      method: "POST",
      template: "/onboarding_forms/{onboarding_form_id}/links",
      path: `/onboarding_forms/${IDS.onboardingForm}/links`,
      body: { ...linkDetails, expiration_in_minutes: 10080 },
    },
    reply: { status: 200, body: fixtures.onboardingLink() },
    returned: (link) => expect(link.expires_at).toBe("2022-07-11T22:39:55.469Z"),
  },
  {
    name: "listMerchantComplianceForms",
    invoke: (client) => client.listMerchantComplianceForms(IDS.merchant, { state: "INCOMPLETE" }),
    sent: { method: "GET", template: "/compliance_forms", query: { state: "INCOMPLETE", linked_to: IDS.merchant } },
    reply: { status: 200, body: fixtures.listPage("/compliance_forms", "compliance_forms", [fixtures.complianceForm()]) },
    returned: (page) => expect(page.items.map((form: { id: string }) => form.id)).toEqual([IDS.complianceForm]),
  },
  {
    name: "getComplianceForm",
    invoke: (client) => client.getComplianceForm(IDS.complianceForm),
    sent: { method: "GET", template: "/compliance_forms/{compliance_forms_id}", path: `/compliance_forms/${IDS.complianceForm}` },
    reply: { status: 200, body: fixtures.complianceForm() },
    returned: (form) => expect(form.state).toBe("INCOMPLETE"),
  },
  {
    name: "attestComplianceForm",
    invoke: (client) => client.attestComplianceForm(IDS.complianceForm, attestation),
    sent: {
      method: "PUT",
      template: "/compliance_forms/{compliance_forms_id}",
      path: `/compliance_forms/${IDS.complianceForm}`,
      body: { pci_saq_a: attestation },
    },
    reply: { status: 200, body: fixtures.complianceForm({ state: "COMPLETE", pci_saq_a: { ...attestation, is_accepted: true } }) },
    returned: (form) => expect(form.state).toBe("COMPLETE"),
  },
  {
    name: "createDevice",
    invoke: (client) =>
      client.createDevice(IDS.merchant, {
        name: "Front counter",
        model: "PAX_A920PRO",
        serial_number: "1850300145",
        description: "Front counter reader",
        configuration: { allow_debit: true, bypass_device_on_capture: true },
      }),
    sent: {
      method: "POST",
      template: "/merchants/{merchant_id}/devices",
      path: `/merchants/${IDS.merchant}/devices`,
      body: {
        name: "Front counter",
        model: "PAX_A920PRO",
        serial_number: "1850300145",
        description: "Front counter reader",
        configuration: { allow_debit: true, bypass_device_on_capture: true },
      },
    },
    reply: { status: 200, body: fixtures.device() },
    returned: (device) => expect([device.id, device.enabled]).toEqual([IDS.device, false]),
  },
  {
    name: "getDevice with its connection",
    invoke: (client) => client.getDevice(IDS.device, { includeConnection: true }),
    sent: { method: "GET", template: "/devices/{device_id}", path: `/devices/${IDS.device}`, query: { include_connection: "true" } },
    reply: { status: 200, body: fixtures.device({ connection: "OPEN" }) },
    returned: (device) => expect(device.connection).toBe("OPEN"),
  },
  {
    name: "setDeviceAction",
    invoke: (client) => client.setDeviceAction(IDS.device, "ACTIVATE"),
    sent: { method: "PUT", template: "/devices/{device_id}", path: `/devices/${IDS.device}`, body: { action: "ACTIVATE" } },
    reply: { status: 200, body: fixtures.device({ enabled: true }) },
    returned: (device) => expect(device.enabled).toBe(true),
  },
  {
    name: "cancelDeviceSale (the newer CANCEL action; answers the sale's transfer)",
    invoke: (client) => client.cancelDeviceSale(IDS.device),
    sent: { method: "PUT", template: "/devices/{device_id}", path: `/devices/${IDS.device}`, body: { action: "CANCEL" } },
    reply: {
      status: 200,
      body: {
        ...fixtures.cardPresentTransfer(),
        state: "CANCELED",
        failure_code: "CANCELLATION_VIA_API",
        failure_message: "The transaction was canceled through the API.",
      },
    },
    returned: (transfer) => expect(transfer).toMatchObject({ device: IDS.device, state: "CANCELED", failure_code: "CANCELLATION_VIA_API" }),
  },
  {
    name: "cancelDeviceHold (the same CANCEL with a hold on the reader; answers its authorization)",
    invoke: (client) => client.cancelDeviceHold(IDS.device),
    sent: { method: "PUT", template: "/devices/{device_id}", path: `/devices/${IDS.device}`, body: { action: "CANCEL" } },
    reply: {
      status: 200,
      body: { ...fixtures.cardPresentAuthorization(), state: "CANCELED", failure_code: "CANCELLATION_VIA_API" },
    },
    returned: (authorization) =>
      expect(authorization).toMatchObject({ device: IDS.device, state: "CANCELED", failure_code: "CANCELLATION_VIA_API" }),
  },
  {
    name: "findDevicesBySerialNumber (GET /devices, filtered as the processor's reference documents)",
    invoke: (client) => client.findDevicesBySerialNumber(IDS.merchant, "1850300145", { limit: 100 }),
    sent: { method: "GET", template: "/devices", query: { limit: "100", merchant_id: IDS.merchant, serial_number: "1850300145" } },
    reply: {
      status: 200,
      body: fixtures.listPage("/devices", "devices", [
        fixtures.device(),
        fixtures.device({ id: "DVanotherMerchantsReader", merchant: "MUsomeoneElse" }),
        fixtures.device({ id: "DVanotherSerialNumber", serial_number: "9999999999" }),
      ]),
      undocumented: true,
    },
    returned: (page) => {
      // No documented list has a device's shape, so each item is checked as GET /devices/{device_id} answers it.
      for (const item of page.items) expect(processorResponseErrors("GET", "/devices/{device_id}", 200, item)).toEqual([]);
      expect(page.items.map((device: { id: string }) => device.id)).toEqual([IDS.device]);
    },
  },
  {
    name: "listTransferFees (GET /fees?linked_to=, as the processor's reference documents; each fee's linked_id checked)",
    invoke: (client) => client.listTransferFees(IDS.sale, { limit: 100 }),
    sent: { method: "GET", template: "/fees", query: { limit: "100", linked_to: IDS.sale } },
    reply: {
      status: 200,
      body: fixtures.listPage("/fees", "fees", [
        {
          id: "FEcMVtzekuwTqTB94oLAeofh",
          amount: 30,
          currency: "USD",
          fee_type: "CARD_FIXED",
          linked_id: IDS.sale,
          linked_type: "TRANSFER",
        },
        {
          id: "FEnotThisTransfersFee01",
          amount: 99,
          currency: "USD",
          fee_type: "CARD_FIXED",
          linked_id: "TRsomeOther",
          linked_type: "TRANSFER",
        },
      ]),
      undocumented: true,
    },
    returned: (page) => expect(page.items.map((fee: { amount: number }) => fee.amount)).toEqual([30]),
  },
  {
    name: "listMerchantDisputes",
    invoke: (client) => client.listMerchantDisputes(IDS.merchant, { response_state: "NEEDS_RESPONSE", limit: 5 }),
    sent: { method: "GET", template: "/disputes", query: { response_state: "NEEDS_RESPONSE", limit: "5", merchant_id: IDS.merchant } },
    reply: { status: 200, body: fixtures.listPage("/disputes", "disputes", [fixtures.dispute()]) },
    returned: (page) => expect(page.items[0].respond_by).toBe("2022-02-03T07:43:03.73Z"),
  },
  {
    name: "listDisputes (the platform's, changed since a watermark)",
    invoke: (client) => client.listDisputes({ updatedSince: "2022-02-01T00:00:00.000Z", limit: 100, after_cursor: IDS.dispute }),
    sent: {
      method: "GET",
      template: "/disputes",
      query: { "updated_at.gte": "2022-02-01T00:00:00.000Z", limit: "100", after_cursor: IDS.dispute },
    },
    reply: { status: 200, body: fixtures.listPage("/disputes", "disputes", [fixtures.dispute()]) },
    returned: (page) => expect(page.items.map((dispute: { id: string }) => dispute.id)).toEqual([IDS.dispute]),
  },
  {
    name: "getDispute",
    invoke: (client) => client.getDispute(IDS.dispute),
    sent: { method: "GET", template: "/disputes/{dispute_id}", path: `/disputes/${IDS.dispute}` },
    reply: { status: 200, body: fixtures.dispute() },
    returned: (dispute) => expect(dispute.transfer).toBe(IDS.sale),
  },
  {
    name: "uploadDisputeEvidence (multipart part `file`)",
    invoke: (client) => client.uploadDisputeEvidence(IDS.dispute, new File([pngBytes], "receipt.png", { type: "image/png" })),
    sent: {
      method: "POST",
      template: "/disputes/{dispute_id}/evidence",
      path: `/disputes/${IDS.dispute}/evidence`,
      body: { file: "(binary)" },
    },
    reply: { status: 201, body: fixtures.disputeEvidence() },
    returned: (evidence) => expect([evidence.id, evidence.dispute]).toEqual([IDS.evidence, IDS.dispute]),
  },
  {
    name: "listDisputeEvidence",
    invoke: (client) => client.listDisputeEvidence(IDS.dispute, { limit: 20 }),
    sent: {
      method: "GET",
      template: "/disputes/{dispute_id}/evidence",
      path: `/disputes/${IDS.dispute}/evidence`,
      query: { limit: "20" },
    },
    reply: { status: 200, body: fixtures.listPage(`/disputes/${IDS.dispute}/evidence`, "evidences", [fixtures.disputeEvidence()]) },
    returned: (page) => expect(page.items[0]).toMatchObject({ id: IDS.evidence, tags: { "file-name": "receipt.png" } }),
  },
  {
    name: "getDisputeEvidence",
    invoke: (client) => client.getDisputeEvidence(IDS.dispute, IDS.evidence),
    sent: {
      method: "GET",
      template: "/disputes/{dispute_id}/evidence/{evidence_id}",
      path: `/disputes/${IDS.dispute}/evidence/${IDS.evidence}`,
    },
    reply: { status: 200, body: fixtures.disputeEvidence() },
    returned: (evidence) => expect(evidence.state).toBe("PENDING"),
  },
  {
    name: "submitDispute",
    invoke: (client) => client.submitDispute(IDS.dispute, "Signed receipt and delivery confirmation attached."),
    sent: {
      method: "POST",
      template: "/disputes/{dispute_id}/submit",
      path: `/disputes/${IDS.dispute}/submit`,
      body: { note: "Signed receipt and delivery confirmation attached." },
    },
    reply: { status: 200, body: fixtures.dispute({ response_state: "RESPONDED", evidence_submitted: "CHARGEBACK" }) },
    returned: (dispute) => expect(dispute.response_state).toBe("RESPONDED"),
  },
  {
    name: "acceptDispute",
    invoke: (client) => client.acceptDispute(IDS.dispute, "The merchant accepts the dispute."),
    sent: {
      method: "POST",
      template: "/disputes/{dispute_id}/accept",
      path: `/disputes/${IDS.dispute}/accept`,
      body: { note: "The merchant accepts the dispute." },
    },
    reply: { status: 200, body: fixtures.dispute({ response_state: "ACCEPTED" }) },
    returned: (dispute) => expect(dispute.response_state).toBe("ACCEPTED"),
  },
  {
    name: "listMerchantSettlements",
    invoke: (client) => client.listMerchantSettlements(IDS.merchant, { status: "APPROVED" }),
    sent: { method: "GET", template: "/settlements", query: { status: "APPROVED", merchant_id: IDS.merchant } },
    reply: { status: 200, body: fixtures.listPage("/settlements", "settlements", [fixtures.settlement()]) },
    returned: (page) => expect(page.items[0].net_amount).toBe(2238357),
  },
  {
    name: "getSettlement",
    invoke: (client) => client.getSettlement(IDS.settlement),
    sent: { method: "GET", template: "/settlements/{settlement_id}", path: `/settlements/${IDS.settlement}` },
    reply: { status: 200, body: fixtures.settlement() },
    returned: (settlement) => expect(settlement.total_fees).toBe(49305),
  },
  {
    name: "listSettlementFundingTransfers",
    invoke: (client) => client.listSettlementFundingTransfers(IDS.settlement, { limit: 50 }),
    sent: {
      method: "GET",
      template: "/settlements/{settlement_id}/funding_transfers",
      path: `/settlements/${IDS.settlement}/funding_transfers`,
      query: { limit: "50" },
    },
    reply: {
      status: 200,
      body: fixtures.listPage(`/settlements/${IDS.settlement}/funding_transfers`, "transfers", [fixtures.fundingTransfer()]),
    },
    returned: (page) => expect(page.items[0]).toMatchObject({ id: IDS.fundingTransfer, type: "CREDIT" }),
  },
  {
    name: "listSettlementTransfers",
    invoke: (client) => client.listSettlementTransfers(IDS.settlement, { limit: 100 }),
    sent: {
      method: "GET",
      template: "/settlements/{settlement_id}/transfers",
      path: `/settlements/${IDS.settlement}/transfers`,
      query: { limit: "100" },
    },
    reply: {
      status: 200,
      body: fixtures.listPage(`/settlements/${IDS.settlement}/transfers`, "transfers", [
        fixtures.saleTransfer(),
        fixtures.reversalTransfer(),
      ]),
    },
    returned: (page) => expect(page.items.map((transfer: { type: string }) => transfer.type)).toEqual(["DEBIT", "REVERSAL"]),
  },
  {
    name: "createWebhook",
    invoke: (client) =>
      client.createWebhook({
        url: "https://connect.example.com/webhooks/processor",
        authentication: { type: "BASIC", basic: { username: "processor-webhook", password: "webhook-password" } },
        enabled_events: [{ entity: "transfer", types: ["created", "updated"] }],
      }),
    sent: {
      method: "POST",
      template: "/webhooks",
      body: {
        url: "https://connect.example.com/webhooks/processor",
        authentication: { type: "BASIC", basic: { username: "processor-webhook", password: "webhook-password" } },
        enabled_events: [{ entity: "transfer", types: ["created", "updated"] }],
      },
    },
    reply: { status: 201, body: fixtures.webhook() },
    returned: (webhook) => expect(webhook.secret_signing_key).toMatch(/^[0-9a-f]{64}$/),
  },
  {
    name: "listWebhooks",
    invoke: (client) => client.listWebhooks(),
    sent: { method: "GET", template: "/webhooks", query: {} },
    reply: { status: 200, body: fixtures.listPage("/webhooks", "webhooks", [fixtures.webhook()]) },
    returned: (page) => expect(page.items[0].url).toBe("https://connect.example.com/webhooks/processor"),
  },
  {
    name: "updateWebhook",
    invoke: (client) => client.updateWebhook(IDS.webhook, { enabled: false }),
    sent: { method: "PUT", template: "/webhooks/{webhook_id}", path: `/webhooks/${IDS.webhook}`, body: { enabled: false } },
    reply: { status: 200, body: fixtures.webhook({ enabled: false }) },
    returned: (webhook) => expect(webhook.enabled).toBe(false),
  },
];

describe("processor client: request shapes against the processor's OpenAPI", () => {
  it.each(requestCases)("$name", async ({ invoke, sent, reply, returned }) => {
    const { client, processor } = clientFor(() => reply);

    const result = await invoke(client);

    expect(processor.violations).toEqual([]);
    expect(processor.calls).toHaveLength(1);
    const [call] = processor.calls;
    expect({ method: call!.method, template: call!.template }).toEqual({ method: sent.method, template: sent.template });
    if (sent.path) expect(call!.path).toBe(sent.path);
    if (sent.query) expect(call!.query).toEqual(sent.query);
    expect(call!.body).toEqual(sent.body);
    returned(result);
  });

  it("sends the evidence file's name and bytes", async () => {
    const { client, processor } = clientFor(() => ({ status: 201, body: fixtures.disputeEvidence() }));
    await client.uploadDisputeEvidence(IDS.dispute, new File([pngBytes], "receipt.png", { type: "image/png" }));
    const file = processor.calls[0]!.file!;
    expect(file.name).toBe("receipt.png");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pngBytes);
  });

  it("sends Basic auth, Finix-Version, Accept and Content-Type exactly", async () => {
    const seen: Headers[] = [];
    const { client } = clientFor(() => ({ status: 200, body: fixtures.saleTransfer() }), {
      fetch: async (request) => {
        seen.push(request.headers);
        return new Response(JSON.stringify(fixtures.saleTransfer()), { status: 200 });
      },
    });
    await client.getTransfer(IDS.sale);
    expect(Object.fromEntries(seen[0]!)).toEqual({
      authorization: `Basic ${btoa(`${FAKE_CREDENTIALS.username}:${FAKE_CREDENTIALS.password}`)}`,
      "finix-version": "2022-02-01",
      accept: "application/hal+json",
      "content-type": "application/json",
    });
  });

  it("the fake processor itself flags a misspelt field and a wrong type", async () => {
    const processor = fakeProcessor(() => ({ status: 201, body: fixtures.reversalTransfer() }));
    const headers = {
      Authorization: `Basic ${btoa(`${FAKE_CREDENTIALS.username}:${FAKE_CREDENTIALS.password}`)}`,
      "Finix-Version": FAKE_API_VERSION,
      Accept: "application/hal+json",
      "Content-Type": "application/json",
    };
    await processor.fetch(
      new Request(`${FAKE_BASE_URL}/transfers/${IDS.sale}/reversals`, {
        method: "POST",
        headers,
        body: JSON.stringify({ refundAmount: 100, idempotency_id: 7 }),
      }),
    );
    expect(processor.violations.join("\n")).toMatch(/refundAmount is not a field/);
    expect(processor.violations.join("\n")).toMatch(/idempotency_id/);
  });
});
