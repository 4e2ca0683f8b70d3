import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { nowIso } from "../lib/ids";
import type { ComplianceForm, Merchant } from "../processor";
import { onboarding } from "./onboarding.schema";
import { applyComplianceForm, applyMerchant, tenantForMerchant } from "./onboarding.service";

/** merchant.created / updated / underwritten: readiness follows the processor's merchant. */
export async function onMerchantEvent(db: Database, env: Env, merchant: Merchant): Promise<string[]> {
  const tenantId = await tenantForMerchant(db, merchant);
  return tenantId ? applyMerchant(db, env, tenantId, merchant) : [];
}

export async function onComplianceFormEvent(db: Database, env: Env, form: ComplianceForm): Promise<string[]> {
  const tenantId = await tenantForMerchant(db, { id: form.linked_to });
  return tenantId ? applyComplianceForm(db, env, tenantId, form) : [];
}

/** A submitted form names the identity its merchant will belong to; the merchant's own events then attach it. */
export async function onOnboardingFormEvent(
  db: Database,
  form: { id: string; status: string; identity_id?: string | null },
): Promise<string[]> {
  await db
    .update(onboarding)
    .set({ formStatus: form.status, ...(form.identity_id ? { processorIdentityId: form.identity_id } : {}), updatedAt: nowIso() })
    .where(eq(onboarding.processorFormId, form.id));
  return [];
}
