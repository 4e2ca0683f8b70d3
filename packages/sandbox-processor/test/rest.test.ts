import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { call } from "./support/http";
import {
  approvedMerchant,
  bankFields,
  BUYER_IDENTITY,
  buyerInstrument,
  control,
  processor,
  PROCESSOR_HEADERS,
  sale,
  SANDBOX_ORIGIN,
  sellerEntity,
  TEST_CARD,
  tokenize,
} from "./support/sandbox-processor";

// Every call below goes through `processor()`, which checks request and answer against the processor's OpenAPI.
describe("sandbox REST: authentication and versions", () => {
  it("refuses missing or wrong Basic credentials with the processor's 401", async () => {
    const missing = await processor("GET", "/identities", undefined, { headers: { Authorization: "" } });
    expect(missing.status).toBe(401);
    expect(missing.body._embedded.errors[0]).toMatchObject({ code: "UNKNOWN" });
    const wrong = await processor("GET", "/identities", undefined, {
      headers: { Authorization: `Basic ${btoa(`${env.PROCESSOR_USERNAME}:nope`)}` },
    });
    expect(wrong.status).toBe(401);
    expect(typeof wrong.body._embedded.errors[0].logref).toBe("string");
  });

  it("answers on the base version (offset paging) without Finix-Version, like the processor", async () => {
    await processor("POST", "/identities", { entity: { first_name: "Offset" } }, BUYER_IDENTITY);
    const base = await processor("GET", "/identities?limit=1", undefined, { headers: { "Finix-Version": "" } });
    expect(base.body.page).toMatchObject({ offset: 0, limit: 1 });
    expect(base.body.page.count).toBeGreaterThanOrEqual(1);
    const current = await processor("GET", "/identities?limit=1");
    expect(current.body.page).toHaveProperty("next_cursor");
  });

  it("answers 404 NOT_FOUND for unknown resources and routes", async () => {
    const unknown = await processor("GET", "/transfers/TRdoesnotexist");
    expect(unknown.status).toBe(404);
    expect(unknown.body._embedded.errors[0]).toMatchObject({ code: "NOT_FOUND" });
    expect((await processor("GET", "/nothing-here", undefined, { validateAs: "skip" })).status).toBe(404);
  });

  it("answers 422 INVALID_FIELD naming the field", async () => {
    const bad = await processor(
      "POST",
      "/transfers",
      { merchant: "MUx", source: "PIx", amount: -5, currency: "USD" },
      { requestOutsideSpec: "deliberately invalid" },
    );
    expect(bad.status).toBe(422);
    expect(bad.body._embedded.errors[0]).toMatchObject({ code: "INVALID_FIELD", field: "amount" });
  });
});

describe("sandbox REST: identities and payment instruments", () => {
  it("creates, reads and pages identities with limit, after_cursor and next_cursor", async () => {
    const created = [];
    for (let i = 0; i < 3; i++)
      created.push(
        (
          await processor(
            "POST",
            "/identities",
            { entity: { first_name: `P${i}`, tax_id: "123456789" }, tags: { n: String(i) } },
            BUYER_IDENTITY,
          )
        ).body,
      );
    expect(created[0].id).toMatch(/^ID[A-Za-z0-9]{22}$/);
    expect(created[0].entity).toMatchObject({ first_name: "P0", tax_id_provided: true });
    expect(created[0].entity).not.toHaveProperty("tax_id");
    expect(created[0]._links.self.href).toBe(`${SANDBOX_ORIGIN}/identities/${created[0].id}`);
    expect((await processor("GET", `/identities/${created[1].id}`)).body.tags).toEqual({ n: "1" });

    const first = await processor("GET", "/identities?limit=2");
    expect(first.body._embedded.identities.map((i: { id: string }) => i.id)).toEqual([created[2].id, created[1].id]);
    expect(first.body.page).toEqual({ limit: 2, next_cursor: created[1].id });
    expect(first.body._links.next.href).toContain(`after_cursor=${created[1].id}`);
    const second = await processor("GET", `/identities?limit=2&after_cursor=${first.body.page.next_cursor}`);
    expect(second.body._embedded.identities[0].id).toBe(created[0].id);
    expect((await processor("GET", "/identities?limit=500")).body.page.limit).toBe(100);
  });

  it("turns a token into a card instrument with the token's details, and takes raw bank accounts", async () => {
    const buyer = await processor("POST", "/identities", { entity: { first_name: "Ada" } }, BUYER_IDENTITY);
    const token = await tokenize(TEST_CARD);
    const card = await processor("POST", "/payment_instruments", {
      type: "TOKEN",
      token: token.body.id,
      identity: buyer.body.id,
      tags: { lc_tenant_id: "ten_1" },
    });
    expect(card.status).toBe(201);
    expect(card.body).toMatchObject({
      type: "PAYMENT_CARD",
      instrument_type: "PAYMENT_CARD",
      identity: buyer.body.id,
      brand: "VISA",
      bin: "489514",
      last_four: "0006",
      expiration_month: 12,
      expiration_year: 2031,
      fingerprint: token.body.fingerprint,
      security_code_verification: "MATCHED",
      tags: { lc_tenant_id: "ten_1" },
      enabled: true,
    });
    expect(JSON.stringify(card.body)).not.toContain("4895142232120006");

    const bank = await processor("POST", "/payment_instruments", {
      type: "BANK_ACCOUNT",
      identity: buyer.body.id,
      name: "Ada Lovelace",
      account_number: "123456789",
      bank_code: "122105278",
      account_type: "PERSONAL_SAVINGS",
      attempt_bank_account_validation_check: true,
    });
    expect(bank.body).toMatchObject({
      instrument_type: "BANK_ACCOUNT",
      account_type: "SAVINGS",
      masked_account_number: "XXXXX6789",
      bank_code: "122105278",
      bank_account_validation_check: "VALID",
    });

    expect((await processor("GET", `/payment_instruments/${card.body.id}`)).body.id).toBe(card.body.id);
    const listed = await processor("GET", `/payment_instruments?owner_identity_id=${buyer.body.id}`);
    expect(listed.body._embedded.payment_instruments.map((pi: { id: string }) => pi.id)).toEqual([bank.body.id, card.body.id]);
    const disabled = await processor("PUT", `/payment_instruments/${card.body.id}`, { enabled: false });
    expect(disabled.body.enabled).toBe(false);
  });

  it("refuses invalid card and bank numbers", async () => {
    expect((await tokenize({ ...TEST_CARD, number: "4895142232120007" })).body._embedded.errors[0]).toMatchObject({ field: "number" });
    expect((await tokenize(bankFields("123456789", "123456789"))).body._embedded.errors[0]).toMatchObject({ field: "bank_code" });
    expect((await tokenize({ ...TEST_CARD, expiration_year: 2001 })).status).toBe(422);
  });
});

describe("sandbox REST: transfers, reversals, merchants", () => {
  it("makes a card sale, finds it by id and by idempotency_id, updates its tags", async () => {
    const { merchantId, identityId } = await approvedMerchant();
    const source = await buyerInstrument();
    const created = await sale(merchantId, source, 6031, { idempotency_id: "order-6031", tags: { order: "6031" } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      state: "SUCCEEDED",
      type: "DEBIT",
      subtype: "API",
      amount: 6031,
      fee: 100,
      merchant: merchantId,
      merchant_identity: identityId,
      source,
    });
    expect(created.body.id).toMatch(/^TR/);
    expect(created.body._links.source.href).toBe(`${SANDBOX_ORIGIN}/payment_instruments/${source}`);
    expect((await processor("GET", `/transfers/${created.body.id}`)).body.state).toBe("SUCCEEDED");
    const found = await processor("GET", "/transfers?idempotency_id=order-6031");
    expect(found.body._embedded.transfers.map((t: { id: string }) => t.id)).toEqual([created.body.id]);
    const byMerchant = await processor("GET", `/transfers?merchant_id=${merchantId}&state=SUCCEEDED`);
    expect(byMerchant.body._embedded.transfers).toHaveLength(1);
    expect((await processor("PUT", `/transfers/${created.body.id}`, { tags: { note: "x" } })).body.tags).toEqual({ note: "x" });
  });

  it("reverses up to the remaining amount, PENDING then SUCCEEDED", async () => {
    const { merchantId } = await approvedMerchant();
    const parent = await sale(merchantId, await buyerInstrument(), 1000);
    const refund = await processor("POST", `/transfers/${parent.body.id}/reversals`, {
      refund_amount: 600,
      idempotency_id: "refund-1",
      tags: { reason: "test" },
    });
    expect(refund.status).toBe(201);
    expect(refund.body).toMatchObject({
      type: "REVERSAL",
      state: "PENDING",
      amount: 600,
      parent_transfer: parent.body.id,
      idempotency_id: "refund-1",
    });
    const tooMuch = await processor("POST", `/transfers/${parent.body.id}/reversals`, { refund_amount: 401 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body._embedded.errors[0]).toMatchObject({ code: "INVALID_FIELD", field: "refund_amount" });
    await control.settleReversal(refund.body.id);
    const reversals = await processor("GET", `/transfers/${parent.body.id}/reversals`);
    expect(reversals.body._embedded.transfers).toMatchObject([{ id: refund.body.id, state: "SUCCEEDED" }]);
  });

  it("credits a merchant with a MERCHANT_CREDIT_ADJUSTMENT transfer", async () => {
    const { merchantId } = await approvedMerchant();
    const adjustment = await processor("POST", "/transfers", {
      merchant: merchantId,
      source: "PIsandboxPlatformFunding",
      amount: 130,
      currency: "USD",
      operation_key: "MERCHANT_CREDIT_ADJUSTMENT",
      idempotency_id: "lcref_1_fee",
    });
    expect(adjustment.body).toMatchObject({
      type: "ADJUSTMENT",
      subtype: "MERCHANT_CREDIT_ADJUSTMENT",
      state: "SUCCEEDED",
      amount: 130,
      merchant: merchantId,
    });
  });

  it("reads merchants by id and by identity, and toggles processing and settlement", async () => {
    const identity = await processor("POST", "/identities", { entity: sellerEntity("Toggle Co") });
    const created = await processor("POST", `/identities/${identity.body.id}/merchants`, { processor: "DUMMY_V1", tags: { k: "v" } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      onboarding_state: "PROVISIONING",
      identity: identity.body.id,
      processor: "DUMMY_V1",
      merchant_name: "Toggle Co",
    });
    const listed = await processor("GET", `/identities/${identity.body.id}/merchants`, undefined, { validateAs: ["GET", "/merchants"] });
    expect(listed.body._embedded.merchants.map((m: { id: string }) => m.id)).toEqual([created.body.id]);
    const off = await processor("PUT", `/merchants/${created.body.id}`, { processing_enabled: false, settlement_enabled: false });
    expect(off.body).toMatchObject({ processing_enabled: false, settlement_enabled: false });
    expect((await processor("GET", `/merchants/${created.body.id}`)).body.processing_enabled).toBe(false);
  });

  it("refuses sales for a merchant that is not APPROVED or has processing disabled", async () => {
    const { merchantId } = await approvedMerchant();
    const source = await buyerInstrument();
    await processor("PUT", `/merchants/${merchantId}`, { processing_enabled: false });
    const refused = await sale(merchantId, source);
    expect(refused.status).toBe(422);
    expect(refused.body._embedded.errors[0].field).toBe("merchant");
  });
});

describe("sandbox REST: devices, onboarding, compliance, settlements", () => {
  it("registers a device, activates it and reports its connection", async () => {
    const { merchantId } = await approvedMerchant();
    const device = await processor("POST", `/merchants/${merchantId}/devices`, {
      name: "Front counter",
      model: "PAX_A920PRO",
      serial_number: "1234567890",
      description: "Till 1",
      configuration: { allow_debit: true, bypass_device_on_capture: true },
    });
    expect(device.status).toBe(200);
    expect(device.body).toMatchObject({ merchant: merchantId, enabled: false, model: "PAX_A920PRO" });
    expect(device.body.id).toMatch(/^DV/);
    expect((await processor("GET", `/devices/${device.body.id}`)).body).not.toHaveProperty("connection");
    expect((await processor("GET", `/devices/${device.body.id}?include_connection=true`)).body.connection).toBe("CLOSED");
    expect((await processor("PUT", `/devices/${device.body.id}`, { action: "ACTIVATE" })).body.enabled).toBe(true);
    expect((await processor("GET", `/devices/${device.body.id}?include_connection=true`)).body.connection).toBe("OPEN");
    await control.setDeviceConnection(device.body.id, "CLOSED");
    expect((await processor("GET", `/devices/${device.body.id}?include_connection=true`)).body.connection).toBe("CLOSED");
    await control.setDeviceConnection(device.body.id, "OPEN");
    expect((await processor("PUT", `/devices/${device.body.id}`, { action: "DEACTIVATE" })).body.enabled).toBe(false);
    expect((await processor("GET", `/devices/${device.body.id}?include_connection=true`)).body.connection).toBe("CLOSED");
  });

  it("creates an onboarding form (200) with a link, reads it, and issues new links", async () => {
    const form = await processor("POST", "/onboarding_forms", {
      onboarding_data: { entity: { business_name: "Prefilled Co", tax_id: "111223333" }, max_transaction_amount: 100000 },
      merchant_processors: [{ processor: "DUMMY_V1" }],
      onboarding_link_details: {
        return_url: "https://platform.example/return",
        expired_session_url: "https://platform.example/expired",
        expiration_in_minutes: "30",
      },
      tags: { tenant: "t1" },
    });
    expect(form.status).toBe(200);
    expect(form.body).toMatchObject({ status: "IN_PROGRESS", identity_id: null, application_id: env.PROCESSOR_APPLICATION_ID });
    expect(form.body.id).toMatch(/^obf_/);
    expect(form.body.onboarding_data.entity).toMatchObject({ business_name: "Prefilled Co", tax_id_provided: true });
    expect(form.body.onboarding_link.link_url).toContain(`${env.BASE_URL}/sandbox/onboarding?formId=${form.body.id}`);
    const expiresIn = Date.parse(form.body.onboarding_link.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(29 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(30 * 60_000);
    expect((await processor("GET", `/onboarding_forms/${form.body.id}`)).body.id).toBe(form.body.id);
    const link = await processor("POST", `/onboarding_forms/${form.body.id}/links`, {
      expiration_in_minutes: 60,
      return_url: "https://platform.example/again",
    });
    expect(link.body.link_url).not.toBe(form.body.onboarding_link.link_url);
  });

  it("lists a merchant's PCI SAQ-A form and completes it with an attestation valid for a year", async () => {
    const { merchantId } = await approvedMerchant();
    const forms = await processor("GET", `/compliance_forms?linked_to=${merchantId}`);
    const [form] = forms.body._embedded.compliance_forms;
    expect(form).toMatchObject({ type: "PCI_SAQ_A", state: "PENDING", linked_to: merchantId, linked_type: "MERCHANT" });
    expect(form.id).toMatch(/^cf_/);
    const attested = await processor("PUT", `/compliance_forms/${form.id}`, {
      pci_saq_a: {
        name: "Grace Hopper",
        title: "CEO",
        signed_at: new Date().toISOString(),
        ip_address: "203.0.113.9",
        user_agent: "Mozilla/5.0",
      },
    });
    expect(attested.body).toMatchObject({ state: "COMPLETE", pci_saq_a: { name: "Grace Hopper", is_accepted: true } });
    const yearMs = Date.parse(attested.body.valid_until) - Date.parse(attested.body.valid_from);
    expect(Math.round(yearMs / 86_400_000)).toBe(365);
    expect((await processor("GET", `/compliance_forms/${form.id}`)).body.state).toBe("COMPLETE");
    expect((await processor("GET", `/compliance_forms?linked_to=${merchantId}&state=PENDING`)).body._embedded.compliance_forms).toEqual([]);
  });

  it("settles a merchant's sales, refunds and fees into a settlement with a funding transfer", async () => {
    const { merchantId, identityId } = await approvedMerchant();
    const source = await buyerInstrument();
    const first = await sale(merchantId, source, 10_000, { fee: 300 });
    await sale(merchantId, source, 5_000, { fee: 200 });
    const refund = await processor("POST", `/transfers/${first.body.id}/reversals`, { refund_amount: 1_000 });
    await control.settleReversal(refund.body.id);
    const settlement = await control.closeSettlement(merchantId);
    expect(settlement).toMatchObject({
      merchant_id: merchantId,
      identity: identityId,
      total_amount: 14_000,
      total_fees: 500,
      net_amount: 13_500,
      status: "APPROVED",
    });

    const listed = await processor("GET", `/settlements?merchant_id=${merchantId}`);
    expect(listed.body._embedded.settlements.map((s: { id: string }) => s.id)).toEqual([settlement!.id]);
    expect((await processor("GET", `/settlements/${settlement!.id}`)).body.net_amount).toBe(13_500);
    const funding = await processor("GET", `/settlements/${settlement!.id}/funding_transfers`);
    expect(funding.body._embedded.transfers).toMatchObject([
      { type: "CREDIT", subtype: "SETTLEMENT_MERCHANT", amount: 13_500, state: "SUCCEEDED", destination: settlement!.destination },
    ]);
    expect(funding.body._embedded.transfers[0].ready_to_settle_at).toBeTruthy();
    expect((await processor("GET", `/settlements/${settlement!.id}/transfers`)).body._embedded.transfers).toHaveLength(3);
    expect(await control.closeSettlement(merchantId)).toBeNull();
  });
});

describe("sandbox over HTTP", () => {
  it("serves the same REST API under /sandbox/processor with links on that origin", async () => {
    const response = await call("/sandbox/processor/identities", {
      method: "POST",
      headers: { ...PROCESSOR_HEADERS, "Content-Type": "application/json" },
      body: JSON.stringify({ entity: { first_name: "Http" } }),
    });
    expect(response.status).toBe(201);
    const body = await response.json<{ id: string; _links: { self: { href: string } } }>();
    expect(body._links.self.href).toBe(`https://payment-connect.test/sandbox/processor/identities/${body.id}`);
    expect(response.headers.get("x-request-id")).toBeTruthy();
  });
});

describe("the processor's x-request-id", () => {
  it("is on every answer, each its own: a success, a decline, a refusal, a fault, an unknown route, bad credentials", async () => {
    const { merchantId } = await approvedMerchant();
    const card = await buyerInstrument();
    await control.addFault({ operation: "GET /merchants/{id}", kind: "error", status: 503, times: 1 });
    const answers = [
      await processor("GET", `/merchants/${merchantId}`, undefined, { validateAs: "skip" }),
      await processor("GET", `/merchants/${merchantId}`),
      await sale(merchantId, card, 102),
      await processor("GET", "/fees?linked_id=TRx", undefined, { validateAs: "skip" }),
      await processor("GET", "/nothing/here", undefined, { validateAs: "skip" }),
      await processor("GET", "/identities", undefined, { validateAs: "skip", headers: { Authorization: "Basic d3Jvbmc6d3Jvbmc=" } }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([503, 200, 402, 400, 404, 401]);
    const ids = answers.map((answer) => answer.headers.get("x-request-id"));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
