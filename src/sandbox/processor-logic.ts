import { base, cardBrand, fingerprint, links, luhnValid, processorId, ProcessorFault } from "./resources";
import type { Resource, SandboxState } from "./state";
import {
  ACH_FAILING_ACCOUNTS,
  ACH_TEST_BANK_CODE,
  DECLINED_AMOUNT,
  DECLINING_CARDS,
  DEFAULT_DELAYS_SECONDS,
  DISPUTED_AMOUNT,
  ONBOARDING_OUTCOMES,
} from "./test-data";

type Tags = Record<string, string>;
type CardSecret = { kind: "card"; number: string };
type BankSecret = { kind: "bank"; accountNumber: string; bankCode: string };
type InstrumentSecret = CardSecret | BankSecret;
type TokenSecret = InstrumentSecret & { used: boolean; details: Record<string, unknown> };

export type Transfer = Resource & {
  amount: number;
  currency: string;
  state: "PENDING" | "SUCCEEDED" | "FAILED" | "CANCELED";
  type: string;
  subtype: string;
  merchant: string | null;
  source: string | null;
  idempotency_id: string | null;
  parent_transfer: string | null;
  failure_code: string | null;
  failure_message: string | null;
  tags: Tags;
};

const TOKEN_LIFETIME_MS = 30 * 60 * 1000;

/** The sandbox processor's behaviour; `emit` queues the webhooks the real processor would send. */
export class ProcessorLogic {
  constructor(
    readonly state: SandboxState,
    readonly applicationId: string,
    readonly publicBaseUrl: string,
  ) {}

  private transferPath = (id: string) => `/transfers/${id}`;

  emit(entity: string, type: string, resource: Resource): void {
    this.state.schedule(Date.now(), "webhook.emit", { entity, type, resourceId: resource.id, kind: entity });
  }

  createIdentity(body: { entity?: Record<string, unknown>; tags?: Tags; identity_roles?: string[] }): Resource {
    const identity = { ...base("ID"), application: this.applicationId, entity: body.entity ?? {}, tags: body.tags ?? {} };
    Object.assign(identity, { _links: links(`/identities/${identity.id}`, { merchants: `/identities/${identity.id}/merchants` }) });
    return this.state.insert("identity", identity);
  }

  createToken(body: Record<string, unknown>): Resource {
    const type = body.type === "BANK_ACCOUNT" ? "BANK_ACCOUNT" : "PAYMENT_CARD";
    let secret: TokenSecret;
    if (type === "PAYMENT_CARD") {
      const number = String(body.number ?? "").replace(/\D/g, "");
      if (!luhnValid(number)) throw new ProcessorFault(422, "INVALID_FIELD", "The card number is invalid.", "number");
      const month = Number(body.expiration_month);
      const year = Number(body.expiration_year);
      if (!(month >= 1 && month <= 12) || !(year >= 2000)) throw new ProcessorFault(422, "INVALID_FIELD", "The expiration date is invalid.", "expiration_month");
      secret = {
        kind: "card",
        number,
        used: false,
        details: { expiration_month: month, expiration_year: year, name: body.name ?? null, address: body.address ?? null },
      };
    } else {
      const accountNumber = String(body.account_number ?? "").replace(/\D/g, "");
      const bankCode = String(body.bank_code ?? "").replace(/\D/g, "");
      if (accountNumber.length < 4 || bankCode.length !== 9) throw new ProcessorFault(422, "INVALID_FIELD", "The bank account is invalid.", "account_number");
      secret = { kind: "bank", accountNumber, bankCode, used: false, details: { name: body.name ?? null, account_type: body.account_type ?? "PERSONAL_CHECKING" } };
    }
    const token = {
      ...base("TK"),
      currency: "USD",
      expires_at: new Date(Date.now() + TOKEN_LIFETIME_MS).toISOString(),
      fingerprint: fingerprint(secret.kind === "card" ? secret.number : secret.accountNumber),
      instrument_type: type,
    };
    return this.state.insert("token", token, { secret });
  }

  private instrumentFromSecret(identity: string, secret: InstrumentSecret, details: Record<string, unknown>, tags: Tags): Resource {
    const common = { ...base("PI"), application: this.applicationId, identity, enabled: true, currency: "USD", tags };
    const instrument =
      secret.kind === "card"
        ? {
            ...common,
            type: "PAYMENT_CARD",
            instrument_type: "PAYMENT_CARD",
            brand: cardBrand(secret.number),
            bin: secret.number.slice(0, 6),
            last_four: secret.number.slice(-4),
            card_type: "CREDIT",
            expiration_month: details.expiration_month as number,
            expiration_year: details.expiration_year as number,
            name: (details.name as string | null) ?? null,
            fingerprint: fingerprint(secret.number),
          }
        : {
            ...common,
            type: "BANK_ACCOUNT",
            instrument_type: "BANK_ACCOUNT",
            bank_code: secret.bankCode,
            masked_account_number: "XXXXX" + secret.accountNumber.slice(-4),
            account_type: String(details.account_type ?? "").includes("SAVINGS") ? "SAVINGS" : "CHECKING",
            country: "USA",
            name: (details.name as string | null) ?? null,
            fingerprint: fingerprint(secret.accountNumber),
          };
    Object.assign(instrument, { _links: links(`/payment_instruments/${instrument.id}`, { identity: `/identities/${identity}` }) });
    const stored: InstrumentSecret = secret.kind === "card" ? { kind: "card", number: secret.number } : { kind: "bank", accountNumber: secret.accountNumber, bankCode: secret.bankCode };
    return this.state.insert("payment_instrument", instrument, { secret: stored });
  }

  createPaymentInstrument(body: Record<string, unknown>): Resource {
    const identity = String(body.identity ?? "");
    if (!this.state.get("identity", identity)) throw new ProcessorFault(422, "INVALID_FIELD", "Identity not found.", "identity");
    const tags = (body.tags as Tags) ?? {};
    if (body.type === "TOKEN") {
      const token = this.state.get<Resource & { expires_at: string }>("token", String(body.token ?? ""));
      const secret = token ? this.state.secret<TokenSecret>(token.id) : null;
      if (!token || !secret) throw new ProcessorFault(422, "INVALID_FIELD", "Token not found.", "token");
      if (secret.used) throw new ProcessorFault(422, "INVALID_FIELD", "The token has already been used.", "token");
      if (Date.parse(token.expires_at) < Date.now()) throw new ProcessorFault(422, "INVALID_FIELD", "The token has expired.", "token");
      this.markTokenUsed(token.id, secret);
      return this.instrumentFromSecret(identity, secret, secret.details, tags);
    }
    if (body.type === "BANK_ACCOUNT") {
      const accountNumber = String(body.account_number ?? "");
      const bankCode = String(body.bank_code ?? "");
      if (!/^\d{4,17}$/.test(accountNumber) || !/^\d{9}$/.test(bankCode)) throw new ProcessorFault(422, "INVALID_FIELD", "The bank account is invalid.", "account_number");
      return this.instrumentFromSecret(identity, { kind: "bank", accountNumber, bankCode }, { name: body.name, account_type: body.account_type }, tags);
    }
    if (body.type === "PAYMENT_CARD") {
      const number = String(body.number ?? "");
      if (!luhnValid(number)) throw new ProcessorFault(422, "INVALID_FIELD", "The card number is invalid.", "number");
      return this.instrumentFromSecret(identity, { kind: "card", number }, body, tags);
    }
    throw new ProcessorFault(422, "INVALID_FIELD", "Unsupported payment instrument type.", "type");
  }

  /** Tokens are single-use: the first instrument made from one consumes it. */
  private markTokenUsed(tokenId: string, secret: TokenSecret): void {
    this.state.setSecret(tokenId, { ...secret, used: true });
  }

  private newTransfer(fields: Partial<Transfer> & Record<string, unknown> & { amount: number; currency: string; state: Transfer["state"]; type: string; subtype: string }): Transfer {
    const transfer: Transfer = {
      ...base("TR"),
      application: this.applicationId,
      merchant: null,
      source: null,
      destination: null,
      device: null,
      fee: 0,
      fee_type: null,
      amount_requested: fields.amount,
      idempotency_id: null,
      parent_transfer: null,
      failure_code: null,
      failure_message: null,
      ready_to_settle_at: null,
      statement_descriptor: "FNX*PAYMENTCONNECT",
      trace_id: processorId("").toLowerCase(),
      messages: [],
      raw: null,
      tags: {},
      ...fields,
    } as Transfer;
    (transfer as Record<string, unknown>)._links = links(this.transferPath(transfer.id), { reversals: `${this.transferPath(transfer.id)}/reversals` });
    return transfer;
  }

  /** Same idempotency_id and same request: the original transfer; a different request under it: refused. */
  private replayed(idempotencyId: string | null, matches: (t: Transfer) => boolean): Transfer | null {
    if (!idempotencyId) return null;
    const existing = this.state.byIdempotencyId<Transfer>("transfer", idempotencyId);
    if (!existing) return null;
    if (!matches(existing)) throw new ProcessorFault(409, "CONFLICT", "idempotency_id was already used for a different request.", "idempotency_id");
    return existing;
  }

  createTransfer(body: Record<string, unknown>): { transfer: Transfer; declined: boolean } {
    const amount = body.amount;
    if (typeof amount !== "number" || !Number.isInteger(amount) || amount <= 0) throw new ProcessorFault(422, "INVALID_FIELD", "amount must be a positive integer.", "amount");
    const currency = String(body.currency ?? "USD");
    const idempotencyId = typeof body.idempotency_id === "string" ? body.idempotency_id : null;
    const tags = (body.tags as Tags) ?? {};

    if (body.operation_key === "MERCHANT_CREDIT_ADJUSTMENT") {
      const merchant = this.requireMerchant(String(body.merchant ?? ""));
      const replay = this.replayed(idempotencyId, (t) => t.amount === amount && t.merchant === merchant.id);
      if (replay) return { transfer: replay, declined: false };
      const transfer = this.newTransfer({ amount, currency, state: "SUCCEEDED", type: "ADJUSTMENT", subtype: "MERCHANT_CREDIT_ADJUSTMENT", merchant: merchant.id, idempotency_id: idempotencyId, tags });
      this.state.insert("transfer", transfer, { idempotencyId: idempotencyId ?? undefined });
      this.emit("transfer", "created", transfer);
      return { transfer, declined: false };
    }

    const merchant = this.requireMerchant(String(body.merchant ?? ""));
    const source = this.state.get<Resource & { instrument_type: string; enabled: boolean }>("payment_instrument", String(body.source ?? ""));
    if (!source) throw new ProcessorFault(422, "INVALID_FIELD", "Payment instrument not found.", "source");
    const replay = this.replayed(idempotencyId, (t) => t.amount === amount && t.source === source.id && t.merchant === merchant.id);
    if (replay) return { transfer: replay, declined: replay.state === "FAILED" };
    if (!(merchant.onboarding_state === "APPROVED" && merchant.processing_enabled)) {
      throw new ProcessorFault(422, "INVALID_FIELD", "The merchant is not approved for processing.", "merchant");
    }
    const fee = typeof body.fee === "number" ? body.fee : 0;
    const secret = this.state.secret<InstrumentSecret>(source.id);
    const transfer = this.newTransfer({ amount, currency, state: "PENDING", type: "DEBIT", subtype: "API", merchant: merchant.id, source: source.id, idempotency_id: idempotencyId, tags });
    Object.assign(transfer, { fee, merchant_identity: merchant.identity });

    if (secret?.kind === "bank") {
      this.state.insert("transfer", transfer, { idempotencyId: idempotencyId ?? undefined });
      this.state.schedule(Date.now() + DEFAULT_DELAYS_SECONDS.achSettlement * 1000, "ach.settle", { transferId: transfer.id });
      this.emit("transfer", "created", transfer);
      return { transfer, declined: false };
    }
    const decline = (secret && DECLINING_CARDS[secret.number]) ?? (amount === DECLINED_AMOUNT ? DECLINING_CARDS["4000000000000002"] : undefined);
    if (decline || source.enabled === false) {
      Object.assign(transfer, { state: "FAILED", failure_code: decline?.code ?? "PAYMENT_INSTRUMENT_DISABLED", failure_message: decline?.message ?? "The payment instrument is disabled." });
      this.state.insert("transfer", transfer, { idempotencyId: idempotencyId ?? undefined });
      this.emit("transfer", "created", transfer);
      return { transfer, declined: true };
    }
    transfer.state = "SUCCEEDED";
    transfer.ready_to_settle_at = new Date(Date.now() + 86_400_000).toISOString() as never;
    this.state.insert("transfer", transfer, { idempotencyId: idempotencyId ?? undefined });
    this.emit("transfer", "created", transfer);
    if (amount === DISPUTED_AMOUNT) this.state.schedule(Date.now() + DEFAULT_DELAYS_SECONDS.dispute * 1000, "dispute.open", { transferId: transfer.id });
    return { transfer, declined: false };
  }

  reverse(parentId: string, body: Record<string, unknown>): Transfer {
    const parent = this.state.get<Transfer>("transfer", parentId);
    if (!parent) throw new ProcessorFault(404, "NOT_FOUND", "Transfer not found.");
    const amount = body.refund_amount;
    if (typeof amount !== "number" || !Number.isInteger(amount) || amount <= 0) throw new ProcessorFault(422, "INVALID_FIELD", "refund_amount must be a positive integer.", "refund_amount");
    const idempotencyId = typeof body.idempotency_id === "string" ? body.idempotency_id : null;
    const replay = this.replayed(idempotencyId, (t) => t.amount === amount && t.parent_transfer === parent.id);
    if (replay) return replay;
    if (parent.state !== "SUCCEEDED" || parent.type !== "DEBIT") throw new ProcessorFault(422, "INVALID_FIELD", "Only succeeded debits can be reversed.", "transfer");
    const reversed = this.state
      .list<Transfer>("transfer", { limit: 10_000, where: (t) => t.parent_transfer === parent.id && t.state !== "FAILED" })
      .items.reduce((sum, t) => sum + t.amount, 0);
    if (reversed + amount > parent.amount) throw new ProcessorFault(422, "INVALID_FIELD", "refund_amount exceeds the transfer's remaining amount.", "refund_amount");
    const reversal = this.newTransfer({
      amount,
      currency: parent.currency,
      state: "PENDING",
      type: "REVERSAL",
      subtype: "API",
      merchant: parent.merchant,
      destination: parent.source,
      parent_transfer: parent.id,
      idempotency_id: idempotencyId,
      tags: (body.tags as Tags) ?? {},
    });
    this.state.insert("transfer", reversal, { idempotencyId: idempotencyId ?? undefined });
    this.state.schedule(Date.now() + 2000, "reversal.settle", { transferId: reversal.id });
    this.emit("transfer", "created", reversal);
    return reversal;
  }

  /** ACH debits settle later: SUCCEEDED, FAILED for the failing test accounts, or SUCCEEDED then returned. */
  settleAch(transferId: string, outcome?: "succeed" | "fail" | "return"): Transfer | null {
    const transfer = this.state.get<Transfer>("transfer", transferId);
    if (!transfer) return null;
    const secret = transfer.source ? this.state.secret<InstrumentSecret>(transfer.source) : null;
    const failing = secret?.kind === "bank" && secret.bankCode === ACH_TEST_BANK_CODE ? ACH_FAILING_ACCOUNTS[secret.accountNumber] : undefined;
    const decided = outcome ?? (failing ? (failing.returnedAfterSuccess ? "return" : "fail") : "succeed");
    if (transfer.state === "PENDING") {
      if (decided === "fail") Object.assign(transfer, { state: "FAILED", failure_code: failing?.code ?? "INSUFFICIENT_FUNDS", failure_message: failing?.message ?? "R01 Insufficient funds" });
      else transfer.state = "SUCCEEDED";
      this.state.update(transfer);
      this.emit("transfer", "updated", transfer);
      if (decided === "return") this.state.schedule(Date.now() + DEFAULT_DELAYS_SECONDS.achReturn * 1000, "ach.return", { transferId });
    } else if (transfer.state === "SUCCEEDED" && decided === "return") {
      Object.assign(transfer, { state: "FAILED", failure_code: failing?.code ?? "INSUFFICIENT_FUNDS", failure_message: failing?.message ?? "R01 Insufficient funds" });
      this.state.update(transfer);
      this.emit("transfer", "updated", transfer);
    }
    return transfer;
  }

  settleReversal(transferId: string, outcome: "succeed" | "fail" = "succeed"): Transfer | null {
    const reversal = this.state.get<Transfer>("transfer", transferId);
    if (!reversal || reversal.state !== "PENDING") return reversal;
    if (outcome === "fail") Object.assign(reversal, { state: "FAILED", failure_code: "REVERSAL_FAILED", failure_message: "The refund could not be processed." });
    else reversal.state = "SUCCEEDED";
    this.state.update(reversal);
    this.emit("transfer", "updated", reversal);
    return reversal;
  }

  openDispute(transferId: string): Resource | null {
    const transfer = this.state.get<Transfer>("transfer", transferId);
    if (!transfer) return null;
    const dispute = {
      ...base("DI"),
      application: this.applicationId,
      transfer: transfer.id,
      merchant: transfer.merchant,
      amount: transfer.amount,
      state: "PENDING",
      response_state: "NEEDS_RESPONSE",
      reason: "FRAUD",
      respond_by: new Date(Date.now() + 14 * 86_400_000).toISOString(),
      occurred_at: new Date().toISOString(),
      evidence_submitted: "NONE",
      action: null,
      message: null,
      dispute_details: { case_id: processorId("CASE"), reason_code: "10.4" },
      tags: {},
    };
    Object.assign(dispute, { _links: links(`/disputes/${dispute.id}`, { transfer: this.transferPath(transfer.id) }) });
    this.state.insert("dispute", dispute);
    this.emit("dispute", "created", dispute);
    return dispute;
  }

  requireMerchant(id: string): Resource & { onboarding_state: string; processing_enabled: boolean; identity: string } {
    const merchant = this.state.get<Resource & { onboarding_state: string; processing_enabled: boolean; identity: string }>("merchant", id);
    if (!merchant) throw new ProcessorFault(422, "INVALID_FIELD", "Merchant not found.", "merchant");
    return merchant;
  }

  createMerchant(identityId: string, onboardingState: "PROVISIONING" | "APPROVED" | "REJECTED" | "UPDATE_REQUESTED", name: string): Resource {
    const approved = onboardingState === "APPROVED";
    const merchant = {
      ...base("MU"),
      application: this.applicationId,
      identity: identityId,
      onboarding_state: onboardingState,
      processing_enabled: approved,
      settlement_enabled: approved,
      processor: "DUMMY_V1",
      mcc: "5812",
      merchant_name: name,
      mid: processorId("").slice(0, 12),
      merchant_profile: processorId("MP"),
      verification: processorId("VI"),
      card_cvv_required: false,
      card_expiration_date_required: true,
      level_two_level_three_data_enabled: false,
      ready_to_settle_upon: "RECONCILIATION",
      settlement_funding_identifier: "UNSET",
      gross_settlement_enabled: false,
      surcharges_enabled: false,
      convenience_charges_enabled: false,
      rent_surcharges_enabled: false,
      gateway: null,
      tags: {},
    };
    Object.assign(merchant, { _links: links(`/merchants/${merchant.id}`, { identity: `/identities/${identityId}` }) });
    this.state.insert("merchant", merchant);
    this.emit("merchant", "created", merchant);
    this.createComplianceForm(merchant.id);
    return merchant;
  }

  decideMerchant(merchantId: string, outcome: string): Resource | null {
    const merchant = this.state.get<Resource & { onboarding_state: string }>("merchant", merchantId);
    if (!merchant) return null;
    const approved = outcome === "APPROVED";
    Object.assign(merchant, { onboarding_state: outcome, processing_enabled: approved, settlement_enabled: approved });
    this.state.update(merchant);
    this.emit("merchant", approved ? "underwritten" : "updated", merchant);
    if (approved) this.emit("merchant", "updated", merchant);
    return merchant;
  }

  createComplianceForm(merchantId: string): Resource {
    const now = Date.now();
    const form = {
      ...base("cf_"),
      type: "PCI_SAQ_A",
      state: "PENDING",
      linked_to: merchantId,
      linked_type: "MERCHANT",
      due_at: new Date(now + 30 * 86_400_000).toISOString(),
      valid_from: null,
      valid_until: null,
      version: "2018.10",
      compliance_form_template: processorId("cft_"),
      files: { signed_file: null, unsigned_file: processorId("FILE_") },
      pci_saq_a: { name: null, signed_at: null, title: null, ip_address: null, user_agent: null, is_accepted: false },
      application_id: this.applicationId,
      tags: {},
    };
    this.state.insert("compliance_form", form);
    this.emit("compliance_form", "created", form);
    return form;
  }

  attestComplianceForm(id: string, body: Record<string, unknown>): Resource {
    const form = this.state.get<Resource & { state: string; pci_saq_a: Record<string, unknown> }>("compliance_form", id);
    if (!form) throw new ProcessorFault(404, "NOT_FOUND", "Compliance form not found.");
    const attestation = body.pci_saq_a as Record<string, unknown> | undefined;
    for (const field of ["name", "title", "signed_at", "ip_address", "user_agent"]) {
      if (!attestation || typeof attestation[field] !== "string" || !attestation[field]) {
        throw new ProcessorFault(422, "INVALID_FIELD", `pci_saq_a.${field} is required.`, `pci_saq_a.${field}`);
      }
    }
    const now = new Date();
    Object.assign(form, {
      state: "COMPLETE",
      pci_saq_a: { ...attestation, is_accepted: true },
      valid_from: now.toISOString(),
      valid_until: new Date(now.getTime() + 365 * 86_400_000).toISOString(),
      files: { signed_file: processorId("FILE_"), unsigned_file: processorId("FILE_") },
    });
    this.state.update(form);
    this.emit("compliance_form", "updated", form);
    return form;
  }

  /** Completes a hosted onboarding form as the merchant's submission would. */
  submitOnboarding(formId: string, fields: { businessName: string; accountNumber: string; bankCode: string; [field: string]: string }): { form: Resource; merchant: Resource } {
    const form = this.state.get<Resource & { status: string; identity_id: string | null }>("onboarding_form", formId);
    if (!form) throw new ProcessorFault(404, "NOT_FOUND", "Onboarding form not found.");
    if (form.status === "COMPLETED") throw new ProcessorFault(422, "INVALID_FIELD", "This onboarding form was already submitted.");
    const identity = this.createIdentity({
      entity: {
        business_name: fields.businessName,
        doing_business_as: fields.businessName,
        first_name: fields.firstName,
        last_name: fields.lastName,
        email: fields.email,
        business_type: fields.businessType || "LIMITED_LIABILITY_COMPANY",
        phone: fields.phone,
      },
      tags: { onboarding_form: formId },
    });
    this.instrumentFromSecret(identity.id, { kind: "bank", accountNumber: fields.accountNumber, bankCode: fields.bankCode }, { name: fields.businessName, account_type: "BUSINESS_CHECKING" }, {});
    const merchant = this.createMerchant(identity.id, "PROVISIONING", fields.businessName);
    const outcome = ONBOARDING_OUTCOMES[fields.businessName] ?? "APPROVED";
    this.state.schedule(Date.now() + DEFAULT_DELAYS_SECONDS.merchantApproval * 1000, "merchant.decide", { merchantId: merchant.id, outcome });
    Object.assign(form, { status: "COMPLETED", identity_id: identity.id });
    this.state.update(form);
    this.emit("onboarding_form", "updated", form);
    return { form, merchant };
  }
}
