import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, problemBody } from "../../src/lib/problem";
import { BUILTIN_SANDBOX_BASE_URL, processorClient, processorConfig } from "../../src/context";
import { createProcessorClient, isOutcomeUnknown, paginate, type ProcessorClient } from "../../src/processor";
import { FAKE_API_VERSION, FAKE_BASE_URL, FAKE_CREDENTIALS, fakeProcessor, type ProcessorCall, type Reply } from "./support/fake-processor";
import * as fixtures from "./support/processor-fixtures";
import { IDS } from "./support/processor-fixtures";

type Respond = (call: ProcessorCall) => Reply | Promise<Reply>;

function clientFor(respond: Respond, options: { timeoutMs?: number; fetch?: (request: Request) => Promise<Response> } = {}) {
  const processor = fakeProcessor(respond);
  const client = createProcessorClient({
    baseUrl: FAKE_BASE_URL,
    ...FAKE_CREDENTIALS,
    apiVersion: FAKE_API_VERSION,
    applicationId: fixtures.APPLICATION_ID,
    environment: "sandbox",
    timeoutMs: options.timeoutMs,
    fetch: options.fetch ?? processor.fetch,
  });
  return { client, processor };
}

async function rejectionOf(promise: Promise<unknown>): Promise<ApiError> {
  const outcome = await promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!("error" in outcome)) throw new Error(`expected a rejection, got ${JSON.stringify(outcome.value)}`);
  if (!(outcome.error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(outcome.error)}`);
  return outcome.error;
}

const never = () => new Promise<Response>(() => {});
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const saleRequest = {
  merchant: IDS.merchant,
  source: IDS.card,
  amount: 6031,
  currency: "USD",
  fee: 603,
  idempotency_id: "lcpay_01",
  tags: { lc_payment_id: "lcpay_01" },
};

const pngBytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

type RequestCase = {
  name: string;
  invoke: (client: ProcessorClient) => Promise<unknown>;
  sent: { method: string; template: string; path?: string; query?: Record<string, string>; body?: unknown };
  reply: Reply;
  returned: (result: any) => void;
};

const linkDetails = {
  return_url: "https://connect.example.com/onboarding/return",
  expired_session_url: "https://connect.example.com/onboarding/expired",
  terms_of_service_url: "https://connect.example.com/terms",
  fee_details_url: "https://connect.example.com/fees",
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
    returned: (identity) => expect(identity.entity.email).toBe("finix_example@finix.com"),
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
    returned: (result) => expect(result).toMatchObject({ outcome: "created", transfer: { id: IDS.sale, state: "SUCCEEDED" } }),
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
        transfer: { device: IDS.device, card_present_details: { entry_mode: "CONTACTLESS" } },
      }),
  },
  {
    name: "createMerchantCreditAdjustment",
    invoke: (client) =>
      client.createMerchantCreditAdjustment({
        merchant: IDS.merchant,
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
      }),
    sent: {
      method: "POST",
      template: "/merchants/{merchant_id}/devices",
      path: `/merchants/${IDS.merchant}/devices`,
      body: { name: "Front counter", model: "PAX_A920PRO", serial_number: "1850300145", description: "Front counter reader" },
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
    name: "listMerchantDisputes",
    invoke: (client) => client.listMerchantDisputes(IDS.merchant, { response_state: "NEEDS_RESPONSE", limit: 5 }),
    sent: { method: "GET", template: "/disputes", query: { response_state: "NEEDS_RESPONSE", limit: "5", merchant_id: IDS.merchant } },
    reply: { status: 200, body: fixtures.listPage("/disputes", "disputes", [fixtures.dispute()]) },
    returned: (page) => expect(page.items[0].respond_by).toBe("2022-02-03T07:43:03.73Z"),
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

  it("percent-encodes ids in paths, so an id cannot reach another route", async () => {
    const { client, processor } = clientFor(() => ({ status: 200, body: fixtures.saleTransfer() }));
    await client.getTransfer("TR1/../../merchants/MU1");
    expect(processor.calls[0]).toMatchObject({ template: "/transfers/{transfer_id}", path: "/transfers/TR1%2F..%2F..%2Fmerchants%2FMU1" });
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

describe("processor client: pagination", () => {
  const pages: Record<string, { items: ReturnType<typeof fixtures.dispute>[]; next: string | null }> = {
    first: { items: [fixtures.dispute({ id: "DI1" }), fixtures.dispute({ id: "DI2" })], next: "DI2" },
    DI2: { items: [fixtures.dispute({ id: "DI3" }), fixtures.dispute({ id: "DI4" })], next: "DI4" },
    DI4: { items: [fixtures.dispute({ id: "DI5" })], next: null },
  };

  it("follows next_cursor with after_cursor across three pages", async () => {
    const { client, processor } = clientFor(({ query }) => {
      const page = pages[query.after_cursor ?? "first"]!;
      return { status: 200, body: fixtures.listPage("/disputes", "disputes", page.items, page.next) };
    });

    const ids: string[] = [];
    for await (const dispute of paginate((after_cursor) => client.listMerchantDisputes(IDS.merchant, { limit: 2, after_cursor })))
      ids.push(dispute.id);

    expect(ids).toEqual(["DI1", "DI2", "DI3", "DI4", "DI5"]);
    expect(processor.calls.map((call) => call.query)).toEqual([
      { limit: "2", merchant_id: IDS.merchant },
      { limit: "2", after_cursor: "DI2", merchant_id: IDS.merchant },
      { limit: "2", after_cursor: "DI4", merchant_id: IDS.merchant },
    ]);
    expect(processor.violations).toEqual([]);
  });

  it("stops with an error when the processor repeats a cursor instead of looping forever", async () => {
    const { client } = clientFor(() => ({ status: 200, body: fixtures.listPage("/webhooks", "webhooks", [fixtures.webhook()], "WHsame") }));
    const seen: string[] = [];
    const walk = async () => {
      for await (const webhook of paginate((after_cursor) => client.listWebhooks({ after_cursor }))) seen.push(webhook.id);
    };
    const error = await rejectionOf(walk());
    expect(error.slug).toBe("processor-error");
    expect(seen).toHaveLength(2);
  });

  it("never passes on another merchant's settlements, compliance forms or disputes", async () => {
    const { client } = clientFor(({ template }) => {
      if (template === "/settlements") {
        return {
          status: 200,
          body: fixtures.listPage("/settlements", "settlements", [
            fixtures.settlement(),
            fixtures.settlement({ id: "STother", merchant_id: IDS.otherMerchant }),
          ]),
        };
      }
      if (template === "/compliance_forms") {
        return {
          status: 200,
          body: fixtures.listPage("/compliance_forms", "compliance_forms", [
            fixtures.complianceForm({ id: "cf_other", linked_to: IDS.otherMerchant }),
          ]),
        };
      }
      return {
        status: 200,
        body: fixtures.listPage("/disputes", "disputes", [fixtures.dispute({ id: "DIother", merchant: IDS.otherMerchant })], "DIother"),
      };
    });

    expect((await client.listMerchantSettlements(IDS.merchant)).items.map((item) => item.id)).toEqual([IDS.settlement]);
    expect((await client.listMerchantComplianceForms(IDS.merchant)).items).toEqual([]);
    expect(await client.listMerchantDisputes(IDS.merchant)).toEqual({ items: [], nextCursor: "DIother" });
  });

  it("finds no transfer when the processor ignores the idempotency_id filter", async () => {
    const { client } = clientFor(() => ({
      status: 200,
      body: fixtures.listPage("/transfers", "transfers", [fixtures.saleTransfer({ id: "TRunrelated", idempotency_id: "lcpay_other" })]),
    }));
    expect(await client.findTransferByIdempotencyId("lcpay_01")).toBeNull();
  });
});

describe("processor client: declines are values", () => {
  it("reads a 402 as a decline carrying the processor's code and message", async () => {
    const { client, processor } = clientFor(() => ({
      status: 402,
      body: fixtures.processorErrors({ code: "CALL_ISSUER", message: "Please contact card issuer for more information." }),
    }));

    const result = await client.createTransfer(saleRequest);

    expect(result).toEqual({
      outcome: "declined",
      failureCode: "CALL_ISSUER",
      failureMessage: "Please contact card issuer for more information.",
      transfer: null,
    });
    expect(processor.violations).toEqual([]);
  });

  it("reads a created transfer in state FAILED as a decline with its failure_code", async () => {
    const failed = fixtures.saleTransfer({
      state: "FAILED",
      failure_code: "INSUFFICIENT_FUNDS",
      failure_message: "The card has insufficient funds.",
    });
    const { client, processor } = clientFor(() => ({ status: 201, body: failed }));

    const result = await client.createTransfer(saleRequest);

    expect(result).toMatchObject({
      outcome: "declined",
      failureCode: "INSUFFICIENT_FUNDS",
      failureMessage: "The card has insufficient funds.",
      transfer: { id: IDS.sale },
    });
    expect(processor.violations).toEqual([]);
  });

  it("keeps a PENDING ACH sale as created", async () => {
    const { client } = clientFor(() => ({ status: 201, body: fixtures.saleTransfer({ state: "PENDING", source: IDS.bankAccount }) }));
    expect(await client.createTransfer({ ...saleRequest, source: IDS.bankAccount })).toMatchObject({
      outcome: "created",
      transfer: { state: "PENDING" },
    });
  });

  it("throws processor-rejected when a merchant credit adjustment fails", async () => {
    const failed = fixtures.merchantCreditAdjustment();
    const { client } = clientFor(() => ({
      status: 201,
      body: { ...failed, state: "FAILED", failure_code: "INSUFFICIENT_FUNDS", failure_message: "Platform balance too low." },
    }));
    const error = await rejectionOf(
      client.createMerchantCreditAdjustment({ merchant: IDS.merchant, amount: 60, currency: "USD", idempotency_id: "lcref_01_fee" }),
    );
    expect([error.slug, error.extensions.code, isOutcomeUnknown(error)]).toEqual(["processor-rejected", "INSUFFICIENT_FUNDS", false]);
  });
});

describe("processor client: errors", () => {
  it("maps a 422 on a sale to processor-rejected (not a decline) with the processor's code, field and message", async () => {
    const message = `Payment instrument ${IDS.card} is disabled.`;
    const { client, processor } = clientFor(() => ({
      status: 422,
      body: fixtures.processorErrors({ code: "INVALID_FIELD", field: "source", message }),
    }));

    const error = await rejectionOf(client.createTransfer(saleRequest));

    expect(error.slug).toBe("processor-rejected");
    expect(error.message).toBe(message);
    expect(error.extensions).toEqual({
      code: "INVALID_FIELD",
      processorErrors: [{ code: "INVALID_FIELD", field: "source", message }],
      outcomeUnknown: false,
    });
    expect(isOutcomeUnknown(error)).toBe(false);
    expect(processor.violations).toEqual([]);
  });

  it("maps a 404 to processor-rejected NOT_FOUND", async () => {
    const { client } = clientFor(() => ({
      status: 404,
      body: fixtures.processorErrors({ code: "NOT_FOUND", message: "Transfer TRnope not found" }),
    }));
    const error = await rejectionOf(client.getTransfer("TRnope"));
    expect([error.slug, error.extensions.code]).toEqual(["processor-rejected", "NOT_FOUND"]);
  });

  it("maps a 401 to processor-error without the processor's words, outcome definite", async () => {
    const { client } = clientFor(() => ({
      status: 401,
      body: fixtures.processorErrors({ code: "UNKNOWN", message: "Bad credentials for USfakeProcessorKey7Qx" }),
    }));
    const error = await rejectionOf(client.getMerchant(IDS.merchant));
    expect(error.slug).toBe("processor-error");
    expect(JSON.stringify(problemBody(error, "trace"))).not.toContain("Bad credentials");
    expect(isOutcomeUnknown(error)).toBe(false);
  });

  it("maps a 429 to processor-error with a definite outcome (nothing was applied)", async () => {
    const { client } = clientFor(() => ({
      status: 429,
      body: fixtures.processorErrors({ code: "TOO_MANY_REQUESTS", message: "Rate limit exceeded" }),
      undocumented: true,
    }));
    const error = await rejectionOf(client.createTransfer(saleRequest));
    expect([error.slug, isOutcomeUnknown(error)]).toEqual(["processor-error", false]);
  });

  it("maps a 500 to processor-error with an unknown outcome", async () => {
    const { client } = clientFor(() => ({
      status: 500,
      body: fixtures.processorErrors({ code: "SERVER_ERROR", message: "An unexpected error occurred." }),
      undocumented: true,
    }));
    const error = await rejectionOf(client.createTransfer(saleRequest));
    expect([error.slug, error.status, isOutcomeUnknown(error)]).toEqual(["processor-error", 502, true]);
  });

  it("treats a 201 whose body cannot be read as an unknown outcome", async () => {
    const { client } = clientFor(() => ({ status: 201, body: null }), {
      fetch: async () => new Response("<html>upstream reset</html>", { status: 201 }),
    });
    const error = await rejectionOf(client.createTransfer(saleRequest));
    expect([error.slug, isOutcomeUnknown(error)]).toEqual(["processor-error", true]);
  });

  it("times out a call that never answers: processor-timeout, outcome unknown", async () => {
    const { client } = clientFor(() => ({ status: 200, body: null }), { timeoutMs: 50, fetch: never });
    const error = await rejectionOf(client.createTransfer(saleRequest));
    expect([error.slug, error.status, isOutcomeUnknown(error)]).toEqual(["processor-timeout", 504, true]);
  });

  it("aborts the request's signal on timeout, so a real fetch stops waiting too", async () => {
    let signal: AbortSignal | undefined;
    const { client } = clientFor(() => ({ status: 200, body: null }), {
      timeoutMs: 50,
      fetch: (request) => {
        signal = request.signal;
        return never();
      },
    });
    await rejectionOf(client.getTransfer(IDS.sale));
    expect(signal?.aborted).toBe(true);
  });

  it("gives a card-present sale far longer than the default timeout", async () => {
    const { client, processor } = clientFor(
      async ({ method }) => {
        await delay(150);
        return method === "POST" ? { status: 201, body: fixtures.cardPresentTransfer() } : { status: 200, body: fixtures.saleTransfer() };
      },
      { timeoutMs: 50 },
    );

    const sale = await client.createCardPresentTransfer({ device: IDS.device, amount: 150, currency: "USD", idempotency_id: "lcpay_02" });
    const lookup = await rejectionOf(client.getTransfer(IDS.sale));

    expect(sale.outcome).toBe("created");
    expect(lookup.slug).toBe("processor-timeout");
    expect(processor.violations).toEqual([]);
  });

  it("treats a dropped connection as an unknown outcome", async () => {
    const { client } = clientFor(() => ({ status: 200, body: null }), {
      fetch: async () => {
        throw new TypeError("Network connection lost.");
      },
    });
    const error = await rejectionOf(client.createReversal(IDS.sale, { refund_amount: 100, idempotency_id: "lcref_02" }));
    expect([error.slug, isOutcomeUnknown(error)]).toEqual(["processor-error", true]);
  });
});

describe("processor client: logs and secrets", () => {
  afterEach(() => vi.restoreAllMocks());

  function captureLogs(): string[] {
    const lines: string[] = [];
    for (const method of ["log", "warn", "error"] as const)
      vi.spyOn(console, method).mockImplementation((line: unknown) => void lines.push(String(line)));
    return lines;
  }

  it("logs one structured line per call: method, path template, status, duration, x-request-id", async () => {
    const lines = captureLogs();
    const { client } = clientFor(() => ({ status: 201, body: fixtures.reversalTransfer() }));

    await client.createReversal(IDS.sale, { refund_amount: 2000, idempotency_id: "lcref_01" });

    const calls = lines.map((line) => JSON.parse(line)).filter((record) => record.message === "processor call");
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: "POST",
      pathTemplate: "/transfers/{transfer_id}/reversals",
      status: 201,
      processorRequestId: expect.stringMatching(/^req-/),
    });
    expect(calls[0].durationMs).toEqual(expect.any(Number));
  });

  it("never lets the credentials reach an error body or a log line", async () => {
    const lines = captureLogs();
    const secrets = [
      FAKE_CREDENTIALS.username,
      FAKE_CREDENTIALS.password,
      btoa(`${FAKE_CREDENTIALS.username}:${FAKE_CREDENTIALS.password}`),
    ];
    const answers: Reply[] = [
      { status: 401, body: fixtures.processorErrors({ code: "UNKNOWN", message: `Unknown key ${FAKE_CREDENTIALS.username}` }) },
      { status: 403, body: fixtures.processorErrors({ code: "FORBIDDEN", message: `User ${FAKE_CREDENTIALS.username} may not do this` }) },
      { status: 422, body: fixtures.processorErrors({ code: "INVALID_FIELD", field: "amount", message: "amount must be positive" }) },
      { status: 500, body: fixtures.processorErrors({ code: "SERVER_ERROR", message: "oops" }), undocumented: true },
    ];
    const errors: ApiError[] = [];
    for (const answer of answers) {
      const { client } = clientFor(() => answer);
      errors.push(await rejectionOf(client.createTransfer(saleRequest)));
    }
    errors.push(await rejectionOf(clientFor(() => answers[0]!, { timeoutMs: 20, fetch: never }).client.getTransfer(IDS.sale)));
    const dropped = async () => {
      throw new TypeError("Network connection lost.");
    };
    errors.push(await rejectionOf(clientFor(() => answers[0]!, { fetch: dropped }).client.getTransfer(IDS.sale)));

    const exposed = [...errors.map((error) => JSON.stringify(problemBody(error, "trace")) + error.message), ...lines].join("\n");
    expect(lines.length).toBeGreaterThanOrEqual(errors.length);
    for (const secret of secrets) expect(exposed).not.toContain(secret);
  });
});

describe("processor configuration", () => {
  afterEach(() => vi.unstubAllGlobals());

  const realProcessorEnv = {
    ...env,
    PROCESSOR_BASE_URL: FAKE_BASE_URL,
    PROCESSOR_USERNAME: FAKE_CREDENTIALS.username,
    PROCESSOR_PASSWORD: FAKE_CREDENTIALS.password,
    PROCESSOR_API_VERSION: FAKE_API_VERSION,
  };

  it("uses the built-in sandbox when PROCESSOR_BASE_URL is builtin", () => {
    const config = processorConfig({ ...env, PROCESSOR_BASE_URL: "builtin" });
    expect(config).toMatchObject({
      baseUrl: BUILTIN_SANDBOX_BASE_URL,
      environment: "sandbox",
      applicationId: env.PROCESSOR_APPLICATION_ID,
    });
  });

  it("talks to the configured processor over the global fetch otherwise", async () => {
    const processor = fakeProcessor(() => ({ status: 200, body: fixtures.merchant() }));
    vi.stubGlobal("fetch", processor.fetch);

    const merchant = await processorClient(realProcessorEnv).getMerchant(IDS.merchant);

    expect(merchant.id).toBe(IDS.merchant);
    expect(processor.calls.map((call) => call.path)).toEqual([`/merchants/${IDS.merchant}`]);
    expect(processor.violations).toEqual([]);
  });

  it("reads the timeout from PROCESSOR_TIMEOUT_MS and falls back to 30 s when it is not a positive number", () => {
    expect(processorConfig({ ...realProcessorEnv, PROCESSOR_TIMEOUT_MS: "1500" }).timeoutMs).toBe(1500);
    expect(processorConfig({ ...realProcessorEnv, PROCESSOR_TIMEOUT_MS: "soon" }).timeoutMs).toBe(30_000);
  });

  it("refuses an unknown environment and a live environment on the built-in sandbox", () => {
    expect(() => processorConfig({ ...realProcessorEnv, PROCESSOR_ENV: "production" })).toThrow(/PROCESSOR_ENV/);
    expect(() => processorConfig({ ...env, PROCESSOR_ENV: "live", PROCESSOR_BASE_URL: "builtin" })).toThrow(/live/);
  });

  it("asks for the live processor on live onboarding forms", async () => {
    const processor = fakeProcessor(() => ({
      status: 200,
      body: fixtures.onboardingForm({ merchant_processors: [{ processor: "FINIX_V1" }] }),
    }));
    vi.stubGlobal("fetch", processor.fetch);

    await processorClient({ ...realProcessorEnv, PROCESSOR_ENV: "live" }).createOnboardingForm({ onboarding_link_details: linkDetails });

    expect(processor.calls[0]!.body).toMatchObject({ merchant_processors: [{ processor: "FINIX_V1" }] });
  });
});
