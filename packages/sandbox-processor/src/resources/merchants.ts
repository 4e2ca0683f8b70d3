import { invalidField } from "../core/errors";
import { processorId } from "../core/ids";
import type { FeeProfile, MerchantOnboardingState, MerchantRecord, Stored, Tags } from "../core/records";
import type { Sandbox } from "../core/sandbox";
import { underwritingOutcome } from "../core/test-data";
import { openComplianceForm } from "./compliance-forms";
import { createIdentity } from "./identities";

const SANDBOX_PROCESSOR_NAME = "DUMMY_V1";

function merchantName(entity: Record<string, unknown>): string {
  const name = entity.doing_business_as ?? entity.business_name ?? [entity.first_name, entity.last_name].filter(Boolean).join(" ");
  return typeof name === "string" && name ? name : "Sandbox Merchant";
}

/** A new merchant starts PROVISIONING with its PCI form open; underwriting decides after the approval delay. */
export function provisionMerchant(
  sandbox: Sandbox,
  identityId: string,
  input: { processor?: string | null; tags?: Tags | null } = {},
): Stored<"merchant"> {
  const identity = sandbox.store.get("identity", identityId);
  const now = sandbox.nowIso();
  const stored = sandbox.store.insert(
    "merchant",
    {
      id: processorId("MU"),
      application: sandbox.applicationId,
      identity: identityId,
      onboarding_state: "PROVISIONING",
      processing_enabled: true,
      settlement_enabled: true,
      processor: input.processor ?? SANDBOX_PROCESSOR_NAME,
      mid: null,
      mcc: typeof identity.record.entity.mcc === "string" ? identity.record.entity.mcc : null,
      merchant_name: merchantName(identity.record.entity),
      merchant_profile: processorId("MP"),
      verification: processorId("VI"),
      card_cvv_required: false,
      card_expiration_date_required: true,
      convenience_charges_enabled: false,
      creating_transfer_from_report_enabled: false,
      gross_settlement_enabled: false,
      level_two_level_three_data_enabled: false,
      rent_surcharges_enabled: false,
      surcharges_enabled: false,
      ready_to_settle_upon: "PROCESSOR_WINDOW",
      fee_ready_to_settle_upon: "PROCESSOR_WINDOW",
      settlement_funding_identifier: "UNSET",
      tags: input.tags ?? {},
      created_at: now,
      updated_at: now,
    },
    {},
  );
  sandbox.emit("merchant", "created", stored);
  openComplianceForm(sandbox, stored.record.id);
  sandbox.schedule("merchant.decide", stored.record.id, sandbox.config().delaysSeconds.merchantApproval);
  return stored;
}

/** A merchant in the given onboarding state at once, for tests and demos that do not go through the hosted form. */
export function createMerchantDirectly(sandbox: Sandbox, input: { name: string; state: MerchantOnboardingState }): Stored<"merchant"> {
  const identity = createIdentity(sandbox, { entity: { business_name: input.name, doing_business_as: input.name } });
  const merchant = provisionMerchant(sandbox, identity.record.id);
  return input.state === "PROVISIONING" ? merchant : setOnboardingState(sandbox, merchant.record.id, input.state);
}

/** Timer: the business name on the identity steers the outcome (see test-data). Only a merchant still PROVISIONING is decided. */
export function underwriteMerchant(sandbox: Sandbox, merchantId: string): void {
  const merchant = sandbox.store.find("merchant", merchantId);
  if (merchant?.record.onboarding_state !== "PROVISIONING") return;
  const identity = sandbox.store.get("identity", merchant.record.identity);
  setOnboardingState(sandbox, merchantId, underwritingOutcome(identity.record.entity.business_name as string | undefined));
}

export function setOnboardingState(sandbox: Sandbox, merchantId: string, state: MerchantOnboardingState): Stored<"merchant"> {
  const stored = sandbox.store.get("merchant", merchantId);
  const record: MerchantRecord = {
    ...stored.record,
    onboarding_state: state,
    ...(state === "APPROVED"
      ? {
          processing_enabled: true,
          settlement_enabled: true,
          mid: stored.record.mid ?? String(100_000_000_000 + Math.floor(Math.random() * 900_000_000_000)),
        }
      : {}),
    ...(state === "REJECTED" ? { processing_enabled: false, settlement_enabled: false } : {}),
    updated_at: sandbox.touch(stored.record.updated_at),
  };
  const saved = sandbox.store.save("merchant", { ...stored, record });
  sandbox.emit("merchant", "updated", saved);
  if (state === "APPROVED") sandbox.emit("merchant", "underwritten", saved);
  return saved;
}

/** An update request is answered by resubmitting the onboarding form; the merchant is underwritten again. */
export function reprovisionMerchant(sandbox: Sandbox, merchantId: string): Stored<"merchant"> {
  const saved = setOnboardingState(sandbox, merchantId, "PROVISIONING");
  sandbox.schedule("merchant.decide", merchantId, sandbox.config().delaysSeconds.merchantApproval);
  return saved;
}

export type MerchantUpdate = Partial<
  Pick<
    MerchantRecord,
    | "processing_enabled"
    | "settlement_enabled"
    | "merchant_name"
    | "card_cvv_required"
    | "card_expiration_date_required"
    | "convenience_charges_enabled"
    | "level_two_level_three_data_enabled"
    | "rent_surcharges_enabled"
    | "ready_to_settle_upon"
    | "fee_ready_to_settle_upon"
    | "settlement_funding_identifier"
    | "gross_settlement_enabled"
  >
> & { tags?: Tags | null };

export function updateMerchant(sandbox: Sandbox, merchantId: string, update: MerchantUpdate): Stored<"merchant"> {
  const stored = sandbox.store.get("merchant", merchantId);
  const { tags, ...fields } = update;
  const record = {
    ...stored.record,
    ...fields,
    ...(tags !== undefined ? { tags: tags ?? {} } : {}),
    updated_at: sandbox.touch(stored.record.updated_at),
  };
  const saved = sandbox.store.save("merchant", { ...stored, record });
  sandbox.emit("merchant", "updated", saved);
  return saved;
}

/** Money moves only for an APPROVED merchant with processing enabled, as at the processor. */
/** Sandbox-only: the fee profile a merchant's sales are charged by (the processor sets these up per merchant). */
export function setFeeProfile(sandbox: Sandbox, merchantId: string, feeProfile: FeeProfile): Stored<"merchant"> {
  const stored = sandbox.store.get("merchant", merchantId);
  return sandbox.store.save("merchant", { ...stored, internal: { ...stored.internal, feeProfile } });
}

export function processingMerchant(sandbox: Sandbox, merchantId: string, field = "merchant"): Stored<"merchant"> {
  const merchant = sandbox.store.get("merchant", merchantId);
  if (merchant.record.onboarding_state !== "APPROVED") {
    throw invalidField(field, `Merchant ${merchantId} is ${merchant.record.onboarding_state}; only APPROVED merchants can process.`);
  }
  if (!merchant.record.processing_enabled) throw invalidField(field, `Merchant ${merchantId} has processing disabled.`);
  return merchant;
}

/** Where a merchant's payouts go: the newest bank account on its identity. */
export function payoutInstrumentId(sandbox: Sandbox, identityId: string): string | null {
  return (
    sandbox.store.findOne("payment_instrument", [
      { field: "identity", equals: identityId },
      { field: "type", equals: "BANK_ACCOUNT" },
    ])?.record.id ?? null
  );
}
