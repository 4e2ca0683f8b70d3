import { hmacSha256Hex } from "../lib/crypto";
import { instantMicros } from "../lib/instant";
import { publicUrl, type RootContext } from "../platform/context";
import type { ComplianceForm } from "../processor";

type FormFacts = Pick<ComplianceForm, "state" | "valid_until" | "created_at"> & { type?: string | null };

/** Valid attestation first, then one awaiting attestation, then anything else (lapsed or INVALID). */
function rank(form: FormFacts, nowMs: number): number {
  const validUntil = instantMicros(form.valid_until);
  if (form.state === "COMPLETE" && (validUntil === null || validUntil > nowMs * 1000)) return 3;
  if (form.state === "PENDING" || form.state === "INCOMPLETE") return 2;
  return 1;
}

/** Within a rank the newest wins: the latest validity for attested forms, the latest created otherwise. */
function recency(form: FormFacts): number {
  return (form.state === "COMPLETE" ? instantMicros(form.valid_until) : null) ?? instantMicros(form.created_at) ?? 0;
}

/** True when `candidate` should be the merchant's current PCI form instead of `current`. */
export function isMoreCurrent(candidate: FormFacts, current: FormFacts | null, nowMs: number): boolean {
  if (candidate.type !== undefined && candidate.type !== "PCI_SAQ_A") return false;
  if (!current) return true;
  const byRank = rank(candidate, nowMs) - rank(current, nowMs);
  return byRank > 0 || (byRank === 0 && recency(candidate) >= recency(current));
}

/** The merchant's current PCI SAQ-A form among all of its forms, by state and then date (instants, not strings). */
export function currentComplianceForm(forms: ComplianceForm[], nowMs: number): ComplianceForm | null {
  let current: ComplianceForm | null = null;
  for (const form of forms) if (form.type === "PCI_SAQ_A" && isMoreCurrent(form, current, nowMs)) current = form;
  return current;
}

/** Names one tenant's one form in the attestation page's URL; nothing else reaches that page. */
export async function pciAttestationToken(env: Env, tenantId: string, formId: string): Promise<string> {
  return (await hmacSha256Hex(env.KEY_PEPPER, `pci-attestation\n${tenantId}\n${formId}`)).slice(0, 40);
}

/**
 * Where the merchant attests PCI SAQ-A: the processor expects the platform to collect the attestation, so outside the
 * built-in sandbox (which hosts its own page) it is this service's page, which submits it to the processor.
 */
export async function pciActionUrl(
  ctx: Pick<RootContext, "env" | "publicOrigin">,
  tenantId: string,
  formId: string | null,
): Promise<string | null> {
  if (!formId) return null;
  if (ctx.env.PROCESSOR_BASE_URL === "builtin") return publicUrl(ctx, `/sandbox/compliance/${formId}`);
  return publicUrl(ctx, `/onboarding/pci/${formId}/${await pciAttestationToken(ctx.env, tenantId, formId)}`);
}
