import { base64Url, randomBytes } from "../core/crypto";
import { processorId } from "../core/ids";
import type { OnboardingFormRecord, OnboardingLink, OnboardingLinkDetails, Stored, Tags } from "../core/records";
import type { Sandbox } from "../core/sandbox";
import { DEFAULT_ONBOARDING_LINK_MINUTES } from "../core/test-data";
import { createIdentity, maskEntity, updateIdentityEntity } from "./identities";
import { bankDraft, type BankInput, createInstrument } from "./instruments";
import { provisionMerchant, reprovisionMerchant } from "./merchants";

export type CreateOnboardingFormInput = {
  onboarding_data?: Record<string, unknown>;
  merchant_processors?: { processor: string }[];
  onboarding_link_details?: OnboardingLinkDetails & { expiration_in_minutes?: string | number };
  tags?: Tags | null;
};

export type LinkRequest = OnboardingLinkDetails & { expiration_in_minutes?: string | number };

export type LinkResolution =
  | { kind: "invalid" }
  | { kind: "expired"; redirect: string | null }
  | { kind: "completed"; redirect: string | null }
  | { kind: "open"; form: Stored<"onboarding_form">; link: OnboardingLink; updateRequested: boolean };

const MAX_LINK_MINUTES = 7 * 24 * 60;

function linkMinutes(value: string | number | undefined): number {
  const minutes = Number(value ?? DEFAULT_ONBOARDING_LINK_MINUTES);
  return Number.isFinite(minutes) && minutes > 0 ? Math.min(Math.floor(minutes), MAX_LINK_MINUTES) : DEFAULT_ONBOARDING_LINK_MINUTES;
}

/** Tax ids and account numbers are masked in what the processor shows back; the page keeps the raw prefill. */
function maskOnboardingData(data: Record<string, unknown>): Record<string, unknown> {
  const { entity, associated_entities, payment_instruments, ...rest } = data as {
    entity?: Record<string, unknown>;
    associated_entities?: Record<string, unknown>[];
    payment_instruments?: Record<string, unknown>;
  };
  const accountNumber = payment_instruments?.account_number;
  return {
    ...rest,
    ...(entity ? { entity: maskEntity(entity) } : {}),
    ...(associated_entities ? { associated_entities: associated_entities.map(maskEntity) } : {}),
    ...(payment_instruments
      ? {
          payment_instruments: {
            ...payment_instruments,
            ...(typeof accountNumber === "string" ? { account_number: `XXXXX${accountNumber.slice(-4)}` } : {}),
          },
        }
      : {}),
  };
}

function issueLink(sandbox: Sandbox, details: LinkRequest): OnboardingLink {
  return {
    return_url: details.return_url,
    expired_session_url: details.expired_session_url,
    fee_details_url: details.fee_details_url,
    terms_of_service_url: details.terms_of_service_url,
    bearerToken: base64Url(randomBytes(24)),
    expiresAt: sandbox.isoIn(linkMinutes(details.expiration_in_minutes) * 60),
  };
}

function linkUrl(sandbox: Sandbox, formId: string, link: OnboardingLink): string {
  const query = new URLSearchParams({ formId, applicationId: sandbox.applicationId, bearerToken: link.bearerToken });
  return `${sandbox.publicOrigin}/sandbox/onboarding?${query.toString()}`;
}

export function createOnboardingForm(sandbox: Sandbox, input: CreateOnboardingFormInput): Stored<"onboarding_form"> {
  const id = processorId("obf_");
  const details = input.onboarding_link_details ?? {};
  const link = issueLink(sandbox, details);
  const now = sandbox.nowIso();
  const record: OnboardingFormRecord = {
    id,
    application_id: sandbox.applicationId,
    status: "IN_PROGRESS",
    identity_id: null,
    merchant_processors: input.merchant_processors ?? [{ processor: "DUMMY_V1" }],
    onboarding_data: maskOnboardingData(input.onboarding_data ?? {}),
    onboarding_link: { link_url: linkUrl(sandbox, id, link), expires_at: link.expiresAt },
    onboarding_link_details: { ...details, expiration_in_minutes: String(linkMinutes(details.expiration_in_minutes)) },
    tags: input.tags ?? {},
    created_at: now,
    updated_at: now,
  };
  const stored = sandbox.store.insert("onboarding_form", record, { prefill: input.onboarding_data ?? {}, links: [link], merchantId: null });
  sandbox.emit("onboarding_form", "created", stored);
  return stored;
}

/** A fresh link to resume (or, after an update request, redo) the form; unset URLs fall back to the form's. */
export function createOnboardingLink(sandbox: Sandbox, formId: string, request: LinkRequest): { link_url: string; expires_at: string } {
  const form = sandbox.store.get("onboarding_form", formId);
  const link = issueLink(sandbox, { ...form.record.onboarding_link_details, ...request });
  const onboarding_link = { link_url: linkUrl(sandbox, formId, link), expires_at: link.expiresAt };
  sandbox.store.save("onboarding_form", {
    record: { ...form.record, onboarding_link, updated_at: sandbox.touch(form.record.updated_at) },
    internal: { ...form.internal, links: [...form.internal.links, link] },
  });
  return onboarding_link;
}

/** The link a browser arrived with (its bearer token), or — for control calls — the form's newest link. */
export function resolveOnboardingLink(sandbox: Sandbox, formId: string, bearerToken: string | null): LinkResolution {
  const form = sandbox.store.find("onboarding_form", formId);
  const link =
    bearerToken === null ? form?.internal.links.at(-1) : form?.internal.links.find((candidate) => candidate.bearerToken === bearerToken);
  if (!form || !link) return { kind: "invalid" };
  if (Date.parse(link.expiresAt) <= sandbox.nowMs()) return { kind: "expired", redirect: link.expired_session_url ?? null };
  const merchant = form.internal.merchantId ? sandbox.store.find("merchant", form.internal.merchantId) : null;
  const updateRequested = merchant?.record.onboarding_state === "UPDATE_REQUESTED";
  if (form.record.status === "COMPLETED" && !updateRequested) return { kind: "completed", redirect: link.return_url ?? null };
  return { kind: "open", form, link, updateRequested };
}

export type OnboardingSubmission = {
  entity: Record<string, unknown>;
  bank: BankInput;
  client: { ipAddress: string; userAgent: string };
};

/**
 * What the processor does when the seller submits: the identity, its bank account and the merchant (PROVISIONING,
 * with its PCI form) are created, and the form is COMPLETED. After an update request the same merchant is underwritten again.
 */
export async function submitOnboardingForm(
  sandbox: Sandbox,
  formId: string,
  bearerToken: string | null,
  submission: OnboardingSubmission,
): Promise<LinkResolution> {
  const before = resolveOnboardingLink(sandbox, formId, bearerToken);
  if (before.kind !== "open") return before;
  const bank = await bankDraft(submission.bank);
  // Checked again after the await: another submission may have completed the form meanwhile.
  const resolution = resolveOnboardingLink(sandbox, formId, bearerToken);
  if (resolution.kind !== "open") return resolution;
  const { form, link } = resolution;
  const agreement = {
    merchant_agreement_accepted: true,
    merchant_agreement_ip_address: submission.client.ipAddress,
    merchant_agreement_timestamp: sandbox.nowIso(),
    merchant_agreement_user_agent: submission.client.userAgent,
  };
  const identity = form.record.identity_id
    ? updateIdentityEntity(sandbox, form.record.identity_id, submission.entity)
    : createIdentity(sandbox, {
        entity: submission.entity,
        additional_underwriting_data: {
          ...(form.internal.prefill.additional_underwriting_data as Record<string, unknown> | undefined),
          ...agreement,
        },
      });
  createInstrument(sandbox, identity.record.id, bank, {});
  const merchantId = form.internal.merchantId
    ? reprovisionMerchant(sandbox, form.internal.merchantId).record.id
    : provisionMerchant(sandbox, identity.record.id, { processor: form.record.merchant_processors[0]?.processor ?? null }).record.id;
  const saved = sandbox.store.save("onboarding_form", {
    record: { ...form.record, status: "COMPLETED", identity_id: identity.record.id, updated_at: sandbox.touch(form.record.updated_at) },
    internal: { ...form.internal, merchantId },
  });
  sandbox.emit("onboarding_form", "updated", saved);
  return { kind: "completed", redirect: link.return_url ?? null };
}
