import { and, eq, isNull, ne, or, type SQL, sql } from "drizzle-orm";

import type { Database } from "../db/client";
import { tenants } from "../db/tenants.schema";
import { base64Url, randomBytes, timingSafeEqualStrings } from "../lib/crypto";
import { newId } from "../lib/ids";
import { instantMicros } from "../lib/instant";
import { ApiError } from "../lib/problem";
import { isLegacyControlShard } from "../placement/shards";
import { publicUrl, type RootContext, type ShardContext, type TenantContext } from "../platform/context";
import { type ComplianceForm, type Merchant, type OnboardingForm, paginate, ProcessorRejected } from "../processor";
import { mapMerchantToTenant, merchantTenant, type TenantOnShard, tenantShard } from "../tenants";
import { currentComplianceForm, isMoreCurrent, pciActionUrl, pciAttestationToken } from "./compliance-forms";
import { onboarding, type OnboardingRecord } from "./onboarding.schema";
import { onboardingRoutes } from "./onboarding-routes.schema";
import { merchantFlags, type Readiness, readinessOf } from "./readiness";

export const UNKNOWN_LINK = "Unknown onboarding link.";
export const UNKNOWN_ATTESTATION = "Unknown or outdated attestation link; see pci.actionUrl in GET /v1/onboarding/status.";

/** The largest single charge a merchant asks the processor for, in minor units. */
const MAX_TRANSACTION_AMOUNT = 100_000_000;
const LINK_MINUTES = 7 * 24 * 60;

function serviceLinks(ctx: ShardContext, returnToken: string) {
  return {
    return_url: publicUrl(ctx, `/onboarding/return/${returnToken}`),
    expired_session_url: publicUrl(ctx, `/onboarding/expired/${returnToken}`),
    terms_of_service_url: publicUrl(ctx, "/docs"),
    fee_details_url: publicUrl(ctx, "/docs"),
    expiration_in_minutes: LINK_MINUTES,
  };
}

/** The attestation link of the record's current PCI form. */
async function links(ctx: ShardContext, tenantId: string, record: OnboardingRecord | undefined) {
  return { pciActionUrl: await pciActionUrl(ctx, tenantId, record?.pciFormId ?? null) };
}

/** Read together (one batch is one snapshot): a merchant attached between two reads would look attached twice. */
async function tenantAndRecord(db: Database, tenantId: string) {
  const [[tenant], [record]] = await db.batch([
    db.select().from(tenants).where(eq(tenants.id, tenantId)),
    db.select().from(onboarding).where(eq(onboarding.tenantId, tenantId)),
  ]);
  if (!tenant) throw new ApiError("not-found", "No such tenant.");
  return { tenant, record };
}

function formView(form: OnboardingForm) {
  return {
    formId: form.id,
    status: form.status,
    onboardingUrl: form.onboarding_link?.link_url ?? null,
    expiresAt: form.onboarding_link?.expires_at ?? null,
  };
}

/** One hosted form at a time per tenant; a merchant already attached is not onboarded twice. */
export async function startOnboarding({
  ctx,
  input: { returnUrl, business },
}: {
  ctx: TenantContext;
  input: { returnUrl?: string; business?: Record<string, string> };
}) {
  const { db, env, processor } = ctx;
  const tenantId = ctx.tenant.id;
  const { tenant } = await tenantAndRecord(db, tenantId);
  if (tenant.processorMerchantId) throw new ApiError("conflict", "This tenant is already onboarded; see GET /v1/onboarding/status.");
  const returnToken = base64Url(randomBytes(24));
  const form = await processor.createOnboardingForm({
    onboarding_data: {
      entity: { business_name: tenant.name, doing_business_as: tenant.name, ...(business ?? {}) },
      max_transaction_amount: MAX_TRANSACTION_AMOUNT,
    },
    merchant_processors: [{ processor: env.PROCESSOR_ENV === "live" ? "FINIX_V1" : "DUMMY_V1" }],
    // The processor's schema types this one as a string here (an integer on /links).
    onboarding_link_details: { ...serviceLinks(ctx, returnToken), expiration_in_minutes: String(LINK_MINUTES) },
    tags: { lc_tenant_id: tenantId },
  });
  await routeOnboarding(ctx, tenantId, { processorFormId: form.id, returnToken });
  const now = ctx.clock.nowIso();
  const row = {
    tenantId,
    processorFormId: form.id,
    formStatus: form.status,
    onboardingUrl: form.onboarding_link?.link_url ?? null,
    onboardingUrlExpiresAt: form.onboarding_link?.expires_at ?? null,
    returnUrl: returnUrl ?? null,
    returnToken,
    createdAt: now,
    updatedAt: now,
  };
  await db
    .insert(onboarding)
    .values(row)
    .onConflictDoUpdate({ target: onboarding.tenantId, set: { ...row, createdAt: sql`${onboarding.createdAt}` } });
  return formView(form);
}

/** Attempts of a write that lost a race: each is decided again from what the concurrent one left. */
const CONCURRENT_WRITE_ATTEMPTS = 3;

/**
 * Runs `attempt` until it is settled (applied, or nothing to apply). Each attempt writes only if the row is as it read it
 * (its change token), and its events only with that write, so concurrent finalizes, sweeps and webhooks send a callback once.
 */
async function untilSettled(attempt: () => Promise<"settled" | "raced">): Promise<void> {
  for (let tries = 0; tries < CONCURRENT_WRITE_ATTEMPTS; tries++) if ((await attempt()) === "settled") return;
  throw new Error("The onboarding row kept changing under concurrent writes.");
}

/** The guarded write of an onboarding row read with `changeToken`, and the condition that this write (not another) happened. */
function guardedWrite(ctx: ShardContext, tenantId: string, changeToken: string | null, values: Partial<OnboardingRecord>) {
  const token = newId("chg");
  const write = ctx.db
    .update(onboarding)
    .set({ ...values, changeToken: token })
    .where(
      and(
        eq(onboarding.tenantId, tenantId),
        changeToken === null ? isNull(onboarding.changeToken) : eq(onboarding.changeToken, changeToken),
      ),
    )
    .returning({ tenantId: onboarding.tenantId });
  return { write, written: sql`EXISTS (SELECT 1 FROM onboarding WHERE tenant_id = ${tenantId} AND change_token = ${token})` };
}

/**
 * Merchant state from the processor, applied once and in order (older updates are ignored), with the events the
 * contract names: an onboarding or account change (status, payouts, the merchant attached) is `compliance_form.updated`,
 * a charges-enabled change `merchant.updated`; both when both changed.
 */
async function applyMerchant(ctx: ShardContext, tenantId: string, merchant: Merchant): Promise<void> {
  await untilSettled(async () => {
    const { db } = ctx;
    const { tenant, record } = await tenantAndRecord(db, tenantId);
    if (!record) return "settled";
    // Compared as instants: the processor's timestamps vary in precision ("…54.6Z" is later than "…54.59Z").
    const seen = instantMicros(record.merchantUpdatedAt);
    const incoming = instantMicros(merchant.updated_at);
    if (seen !== null && incoming !== null && incoming <= seen && tenant.processorMerchantId === merchant.id) return "settled";
    const pciLinks = await links(ctx, tenantId, record);
    const before = readinessOf(tenant, record, pciLinks);
    const flags = merchantFlags(merchant);
    const now = ctx.clock.nowIso();
    const changes = {
      processorIdentityId: merchant.identity,
      merchantOnboardingState: merchant.onboarding_state,
      processingEnabled: merchant.processing_enabled,
      settlementEnabled: merchant.settlement_enabled,
      merchantUpdatedAt: merchant.updated_at,
      updatedAt: now,
    };
    const after = readinessOf({ processorMerchantId: merchant.id }, { ...record, ...changes }, pciLinks);
    const accountChanged =
      before.onboardingStatus !== after.onboardingStatus ||
      before.payoutsEnabled !== after.payoutsEnabled ||
      tenant.processorMerchantId !== merchant.id;
    const chargesChanged = before.chargesEnabled !== after.chargesEnabled;
    // The control database's map first: once the shard names the merchant, its events must route here.
    if (tenant.processorMerchantId !== merchant.id) await mapMerchantToTenant({ ctx, input: { tenantId, merchantId: merchant.id } });
    const { write, written } = guardedWrite(ctx, tenantId, record.changeToken, changes);
    const gate = db
      .update(tenants)
      .set({ processorMerchantId: merchant.id, chargesEnabled: flags.chargesEnabled, updatedAt: now })
      .where(and(eq(tenants.id, tenantId), written));
    const events = [
      ...(accountChanged ? [accountEvent(ctx, tenantId, after, record.pciFormId, written)] : []),
      ...(chargesChanged ? [merchantEvent(ctx, tenantId, after, merchant.id, written)] : []),
    ];
    const [applied] = await db.batch([write, gate, ...events]);
    return applied.length > 0 ? "settled" : "raced";
  });
  await copyGateToControl(ctx, tenantId);
}

/**
 * The control row's copy of the shard's merchant and charge gate (the operator's view), after every merchant event: a
 * crash between the shard's write and this one is repaired by the merchant's next event (a webhook or the sweep).
 */
async function copyGateToControl(ctx: ShardContext, tenantId: string): Promise<void> {
  if (isLegacyControlShard(ctx.shard)) return;
  const gate = await ctx.db
    .select({ processorMerchantId: tenants.processorMerchantId, chargesEnabled: tenants.chargesEnabled, updatedAt: tenants.updatedAt })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .get();
  if (!gate) return;
  await ctx.control
    .update(tenants)
    .set(gate)
    .where(
      and(
        eq(tenants.id, tenantId),
        or(ne(tenants.chargesEnabled, gate.chargesEnabled), sql`${tenants.processorMerchantId} IS NOT ${gate.processorMerchantId}`),
      ),
    );
}

/** A PCI form becomes the tenant's current one when it is the same form updated, or a more current one (state, then date). */
function applyComplianceForm(ctx: ShardContext, tenantId: string, form: ComplianceForm): Promise<void> {
  return untilSettled(async () => {
    const { db } = ctx;
    const { tenant, record } = await tenantAndRecord(db, tenantId);
    if (!record || form.type !== "PCI_SAQ_A") return "settled";
    const recorded = record.pciFormId
      ? { state: (record.pciState ?? "PENDING") as ComplianceForm["state"], valid_until: record.pciValidUntil ?? undefined, created_at: "" }
      : null;
    if (record.pciFormId !== form.id && !isMoreCurrent(form, recorded, ctx.clock.nowMs())) return "settled";
    const changes = {
      pciFormId: form.id,
      pciState: form.state,
      pciValidUntil: form.valid_until ?? null,
      pciDueAt: form.due_at ?? null,
      updatedAt: ctx.clock.nowIso(),
    };
    const nextRecord: OnboardingRecord = { ...record, ...changes };
    const before = readinessOf(tenant, record, await links(ctx, tenantId, record));
    const after = readinessOf(tenant, nextRecord, await links(ctx, tenantId, nextRecord));
    const { write, written } = guardedWrite(ctx, tenantId, record.changeToken, changes);
    const unchanged = before.pci.status === after.pci.status && before.pci.validUntil === after.pci.validUntil;
    const events = [
      accountEvent(ctx, tenantId, after, form.id, written),
      merchantEvent(ctx, tenantId, after, tenant.processorMerchantId ?? form.linked_to, written),
    ];
    const [applied] = await db.batch([write, ...(unchanged ? [] : events)]);
    return applied.length > 0 ? "settled" : "raced";
  });
}

/** `compliance_form.updated`: the merchant's account as `GET /v1/onboarding/status` reports it, with its current PCI form. */
function accountEvent(ctx: ShardContext, tenantId: string, readiness: Readiness, pciFormId: string | null, onlyIf: SQL) {
  const { processorMerchantId, onboardingStatus, chargesEnabled, payoutsEnabled, reasons, requirements, pci } = readiness;
  return ctx.outbox.record({
    tenantId,
    type: "compliance_form.updated",
    subjectId: pciFormId ?? processorMerchantId ?? tenantId,
    data: {
      processorMerchantId,
      // A string, as the event has always typed it: empty until the processor issued a PCI form.
      processorComplianceFormId: pciFormId ?? "",
      onboardingStatus,
      chargesEnabled,
      payoutsEnabled,
      reasons,
      requirements,
      pci,
    },
    onlyIf,
  });
}

/** `merchant.updated`: whether the merchant can take charges, and its PCI attestation. */
function merchantEvent(ctx: ShardContext, tenantId: string, readiness: Readiness, subjectId: string, onlyIf: SQL) {
  const { processorMerchantId, onboardingStatus, chargesEnabled, payoutsEnabled, pci } = readiness;
  return ctx.outbox.record({
    tenantId,
    type: "merchant.updated",
    subjectId,
    data: { processorMerchantId, onboardingStatus, chargesEnabled, payoutsEnabled, pci },
    onlyIf,
  });
}

/**
 * Every page of the merchant's compliance forms, applied as their webhooks would be: the recorded form's own news first
 * (an attestation that lapsed), then the current PCI SAQ-A form.
 */
export async function pullComplianceForms(ctx: TenantContext, merchantId: string): Promise<void> {
  const tenantId = ctx.tenant.id;
  const forms: ComplianceForm[] = [];
  for await (const form of paginate((after_cursor) => ctx.processor.listMerchantComplianceForms(merchantId, { after_cursor }))) {
    forms.push(form);
  }
  const { record } = await tenantAndRecord(ctx.db, tenantId);
  const recorded = forms.find((form) => form.id === record?.pciFormId);
  if (recorded) await applyComplianceForm(ctx, tenantId, recorded);
  const pci = currentComplianceForm(forms, ctx.clock.nowMs());
  if (pci && pci !== recorded) await applyComplianceForm(ctx, tenantId, pci);
}

/** The merchant, then its compliance forms. */
async function pullMerchantAndCompliance(ctx: TenantContext, merchant: Merchant): Promise<void> {
  await applyMerchant(ctx, ctx.tenant.id, merchant);
  await pullComplianceForms(ctx, merchant.id);
}

/**
 * Reads the tenant's form at the processor; once it is complete, attaches the merchant it created
 * (idempotent: reading twice attaches once). An expired link on an open form is renewed unless `renewLink` is false
 * (the cron's check leaves that to the merchant's next visit).
 */
export async function readOnboardingForm({
  ctx,
  input: { formId, renewLink = true },
}: {
  ctx: TenantContext;
  input: { formId: string; renewLink?: boolean };
}) {
  const tenantId = ctx.tenant.id;
  const { tenant, record } = await tenantAndRecord(ctx.db, tenantId);
  if (!record?.processorFormId || record.processorFormId !== formId) throw new ApiError("not-found", `No onboarding form ${formId}.`);
  let form = await ctx.processor.getOnboardingForm(formId);
  if (form.status === "COMPLETED" && form.identity_id && !tenant.processorMerchantId) {
    await routeOnboarding(ctx, tenantId, { processorIdentityId: form.identity_id });
    await ctx.db
      .update(onboarding)
      .set({ formStatus: form.status, processorIdentityId: form.identity_id, updatedAt: ctx.clock.nowIso() })
      .where(eq(onboarding.tenantId, tenantId));
    const [merchant] = (await ctx.processor.listIdentityMerchants(form.identity_id)).items;
    if (merchant) await pullMerchantAndCompliance(ctx, merchant);
  } else if (
    renewLink &&
    form.status !== "COMPLETED" &&
    form.onboarding_link &&
    (instantMicros(form.onboarding_link.expires_at) ?? 0) < ctx.clock.nowMs() * 1000
  ) {
    const link = await ctx.processor.createOnboardingLink(formId, serviceLinks(ctx, record.returnToken));
    form = { ...form, onboarding_link: link };
  }
  await ctx.db
    .update(onboarding)
    .set({
      formStatus: form.status,
      onboardingUrl: form.onboarding_link?.link_url ?? record.onboardingUrl,
      onboardingUrlExpiresAt: form.onboarding_link?.expires_at ?? record.onboardingUrlExpiresAt,
      updatedAt: ctx.clock.nowIso(),
    })
    .where(and(eq(onboarding.tenantId, tenantId), eq(onboarding.processorFormId, formId)));
  const { tenant: after } = await tenantAndRecord(ctx.db, tenantId);
  return { ...formView(form), processorMerchantId: after.processorMerchantId };
}

/** The onboarding a link's token names, of the context's tenant only (the link's owner in the control database). */
async function linkedOnboarding(ctx: TenantContext, returnToken: string): Promise<OnboardingRecord> {
  const record = await ctx.db
    .select()
    .from(onboarding)
    .where(and(eq(onboarding.returnToken, returnToken), eq(onboarding.tenantId, ctx.tenant.id)))
    .get();
  if (!record) throw new ApiError("not-found", UNKNOWN_LINK);
  return record;
}

/** The browser's way back from the hosted form: the token names the onboarding, the merchant's own page follows. */
export async function completeReturn({ ctx, input: { returnToken } }: { ctx: TenantContext; input: { returnToken: string } }) {
  const record = await linkedOnboarding(ctx, returnToken);
  if (record.processorFormId) await readOnboardingForm({ ctx, input: { formId: record.processorFormId } });
  return { returnUrl: record.returnUrl, formId: record.processorFormId };
}

export async function renewExpiredLink({
  ctx,
  input: { returnToken },
}: {
  ctx: TenantContext;
  input: { returnToken: string };
}): Promise<string> {
  const record = await linkedOnboarding(ctx, returnToken);
  if (!record.processorFormId) throw new ApiError("not-found", "This onboarding has no hosted form.");
  const link = await ctx.processor.createOnboardingLink(record.processorFormId, serviceLinks(ctx, record.returnToken));
  await ctx.db
    .update(onboarding)
    .set({ onboardingUrl: link.link_url, onboardingUrlExpiresAt: link.expires_at, updatedAt: ctx.clock.nowIso() })
    .where(eq(onboarding.tenantId, record.tenantId));
  return link.link_url;
}

export async function getReadiness({ ctx, input: { refresh } }: { ctx: TenantContext; input: { refresh: boolean } }): Promise<Readiness> {
  const tenantId = ctx.tenant.id;
  let { tenant, record } = await tenantAndRecord(ctx.db, tenantId);
  if (refresh && record) {
    if (tenant.processorMerchantId) {
      await pullMerchantAndCompliance(ctx, await ctx.processor.getMerchant(tenant.processorMerchantId));
    } else if (record.processorFormId) {
      await readOnboardingForm({ ctx, input: { formId: record.processorFormId } });
    }
    ({ tenant, record } = await tenantAndRecord(ctx.db, tenantId));
  }
  return readinessOf(tenant, record, await links(ctx, tenantId, record));
}

/** For merchants onboarded outside the hosted form: readiness still comes only from the processor's record. */
export async function attachMerchant({
  ctx,
  input: { processorMerchantId },
}: {
  ctx: TenantContext;
  input: { processorMerchantId: string };
}): Promise<void> {
  const tenantId = ctx.tenant.id;
  const { record } = await tenantAndRecord(ctx.db, tenantId);
  const owner = await merchantTenant({ ctx, input: { merchantId: processorMerchantId } });
  if (owner && owner.tenantId !== tenantId)
    throw new ApiError("conflict", `Merchant ${processorMerchantId} already belongs to another tenant.`);
  const merchant = await ctx.processor.getMerchant(processorMerchantId);
  if (!record) {
    const now = ctx.clock.nowIso();
    await ctx.db.insert(onboarding).values({
      tenantId,
      returnToken: base64Url(randomBytes(24)),
      processorIdentityId: merchant.identity,
      createdAt: now,
      updatedAt: now,
    });
  }
  await pullMerchantAndCompliance(ctx, merchant);
}

/**
 * Applies a processor event to the tenant its merchant (or, before the merchant is attached, its identity) belongs to,
 * on this shard; a merchant of no tenant here is ignored.
 */
async function applyToMerchantsTenant(
  ctx: ShardContext,
  merchant: { id: string; identity?: string },
  apply: (tenantId: string) => Promise<void>,
): Promise<"applied" | "ignored"> {
  const owner =
    (await merchantTenant({ ctx, input: { merchantId: merchant.id } })) ??
    (await onboardingOwner(ctx, { processorIdentityId: merchant.identity }));
  if (!owner || owner.shard !== ctx.shard) return "ignored";
  await apply(owner.tenantId);
  return "applied";
}

/** merchant.created / updated / underwritten: readiness follows the processor's merchant. */
export function applyMerchantEvent({ ctx, input: merchant }: { ctx: ShardContext; input: Merchant }): Promise<"applied" | "ignored"> {
  return applyToMerchantsTenant(ctx, merchant, (tenantId) => applyMerchant(ctx, tenantId, merchant));
}

/** compliance_form.created / updated: the PCI status of the merchant the form is linked to. */
export function applyComplianceFormEvent({
  ctx,
  input: form,
}: {
  ctx: ShardContext;
  input: ComplianceForm;
}): Promise<"applied" | "ignored"> {
  return applyToMerchantsTenant(ctx, { id: form.linked_to }, (tenantId) => applyComplianceForm(ctx, tenantId, form));
}

/** A submitted form names the identity its merchant will belong to; the merchant's own events then attach it. */
export async function applyOnboardingFormEvent({
  ctx,
  input: form,
}: {
  ctx: ShardContext;
  input: { id: string; status: string; identity_id?: string | null };
}): Promise<"applied" | "ignored"> {
  const owner = await onboardingOwner(ctx, { processorFormId: form.id });
  if (!owner || owner.shard !== ctx.shard) return "ignored";
  if (form.identity_id) await routeOnboarding(ctx, owner.tenantId, { processorIdentityId: form.identity_id });
  await ctx.db
    .update(onboarding)
    .set({ formStatus: form.status, ...(form.identity_id ? { processorIdentityId: form.identity_id } : {}), updatedAt: ctx.clock.nowIso() })
    .where(eq(onboarding.processorFormId, form.id));
  return "applied";
}

/** The tenant whose current PCI form the page's link names; a wrong token, or a form that is no longer current, is a 404. */
async function attestationTenant(ctx: ShardContext, formId: string, token: string): Promise<string> {
  const record = await ctx.db.select().from(onboarding).where(eq(onboarding.pciFormId, formId)).get();
  if (!record || !timingSafeEqualStrings(token, await pciAttestationToken(ctx.env, record.tenantId, formId))) {
    throw new ApiError("not-found", UNKNOWN_ATTESTATION);
  }
  return record.tenantId;
}

/** The PCI form behind the service's attestation page, as the processor has it now. */
export async function readPciAttestation({
  ctx,
  input: { formId, token },
}: {
  ctx: ShardContext;
  input: { formId: string; token: string };
}) {
  await attestationTenant(ctx, formId, token);
  return ctx.processor.getComplianceForm(formId);
}

/**
 * The merchant's SAQ-A attestation, collected by the platform as the processor expects: who signed, when, from which
 * address and browser, submitted to the processor and applied to readiness at once (its webhook follows).
 */
export async function attestPci({
  ctx,
  input: { formId, token, name, title, ipAddress, userAgent },
}: {
  ctx: ShardContext;
  input: { formId: string; token: string; name: string; title: string; ipAddress: string; userAgent: string };
}): Promise<ComplianceForm> {
  const tenantId = await attestationTenant(ctx, formId, token);
  const form = await ctx.processor.attestComplianceForm(formId, {
    name,
    title,
    signed_at: ctx.clock.nowIso(),
    ip_address: ipAddress,
    user_agent: userAgent,
  });
  await applyComplianceForm(ctx, tenantId, form);
  return form;
}

type OnboardingRoute = { processorFormId?: string; processorIdentityId?: string; returnToken?: string };

/** Names the tenant's onboarding in the control database's routes, before its shard's row does (see onboardingRoutes). */
async function routeOnboarding(ctx: RootContext, tenantId: string, route: OnboardingRoute): Promise<void> {
  await ctx.control
    .insert(onboardingRoutes)
    .values({ tenantId, ...route })
    .onConflictDoUpdate({ target: onboardingRoutes.tenantId, set: route });
}

/** The tenant (and its shard) whose onboarding a processor form, identity or return link names, or null for none of ours. */
export async function onboardingOwner(ctx: RootContext, route: OnboardingRoute): Promise<TenantOnShard | null> {
  const [column, value] = route.processorFormId
    ? [onboardingRoutes.processorFormId, route.processorFormId]
    : route.processorIdentityId
      ? [onboardingRoutes.processorIdentityId, route.processorIdentityId]
      : [onboardingRoutes.returnToken, route.returnToken];
  if (!value) return null;
  const row = await ctx.control.select({ tenantId: onboardingRoutes.tenantId }).from(onboardingRoutes).where(eq(column, value)).get();
  const shard = row ? await tenantShard({ ctx, input: { tenantId: row.tenantId } }) : null;
  return row && shard ? { tenantId: row.tenantId, shard } : null;
}

/**
 * The shard of the tenant whose PCI form the attestation page names: the processor's form names its merchant (the link
 * carries no tenant); a form unknown there is null, as is a merchant of no tenant here.
 */
export async function pciFormOwner(ctx: RootContext, formId: string): Promise<TenantOnShard | null> {
  let form: ComplianceForm;
  try {
    form = await ctx.processor.getComplianceForm(formId);
  } catch (error) {
    if (error instanceof ProcessorRejected) return null;
    throw error;
  }
  return merchantTenant({ ctx, input: { merchantId: form.linked_to } });
}
