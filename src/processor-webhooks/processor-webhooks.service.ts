import { eq, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { applyDisputeEvent, applyEvidenceEvent } from "../disputes";
import { sha256Hex } from "../lib/crypto";
import { logEvent } from "../lib/log";
import { applyComplianceFormEvent, applyMerchantEvent, applyOnboardingFormEvent, onboardingOwner } from "../onboarding";
import { applyTransferEvent, saleTransferRecorded } from "../payments";
import { applyFundingTransferEvent, applySettlementEvent } from "../payouts";
import type { AppContext } from "../platform/context";
import { validationFailed } from "../platform/openapi";
import {
  ComplianceFormSchema,
  DisputeEvidenceSchema,
  DisputeSchema,
  MerchantSchema,
  OnboardingFormSchema,
  SettlementSchema,
  TransferSchema,
} from "../processor";
import { merchantTenant, type TenantOnShard } from "../tenants";
import { processorWebhookReceipts } from "./processor-webhooks.schema";

export const ProcessorWebhookSchema = z.object({
  type: z.string().min(1).max(64),
  entity: z.string().min(1).max(64),
  occurred_at: z.string().max(64).optional(),
  _embedded: z.record(z.string(), z.unknown()).optional(),
});

export type ProcessorWebhook = z.infer<typeof ProcessorWebhookSchema>;

type Resource = { id: string; state?: string; updated_at?: string };
type Applied = "applied" | "ignored";
type EntityHandler<T> = (options: { ctx: AppContext; input: T }) => Promise<Applied>;
/** What names the tenant a resource belongs to: its merchant, or before a merchant is attached its identity or hosted form. */
type Owner = { merchantId?: string | null; processorIdentityId?: string; processorFormId?: string };
/**
 * `recorded`: the capability's condition that the service already holds what the event says (null: none); `owner`:
 * what routes it to its tenant's shard.
 */
type CheckedResource = {
  resource: Resource;
  apply: ((ctx: AppContext) => Promise<Applied>) | null;
  recorded: ((ctx: AppContext) => SQL) | null;
  owner: Owner;
};

/**
 * A consumed entity: its resource checked against the processor's schema, then handed to the capability its event type
 * names; `recorded` is the capability's word on whether applying it would change nothing.
 */
function consumed<T extends Resource>(
  schema: z.ZodType<T>,
  owner: (resource: T) => Owner,
  handlers: Record<string, EntityHandler<T>>,
  recorded?: (ctx: AppContext, resource: T) => SQL,
) {
  return (value: unknown, type: string): { error: z.ZodError } | CheckedResource => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) return { error: parsed.error };
    const handler = Object.hasOwn(handlers, type) ? handlers[type] : undefined;
    return {
      resource: parsed.data,
      apply: handler ? (ctx) => handler({ ctx, input: parsed.data }) : null,
      recorded: handler && recorded ? (ctx) => recorded(ctx, parsed.data) : null,
      owner: owner(parsed.data),
    };
  };
}

const TransferEventSchema = TransferSchema.partial().required({ id: true, state: true, updated_at: true });

/** A transfer is a payment's (a sale or refund) or a payout's (a settlement's funding transfer): the first taker applies it. */
const transferEvent: EntityHandler<z.infer<typeof TransferEventSchema>> = async (options) =>
  (await applyTransferEvent(options)) === "applied" ? "applied" : applyFundingTransferEvent(options);

/**
 * Which capability each processor event belongs to; the rules live there, this is only the switchboard. Each resource
 * must fit the processor's schema, its enums exactly, with what the capability acts on required: transfers, disputes,
 * evidence and settlements are taken partially by their capabilities, merchants and forms whole.
 */
const CONSUMED_ENTITIES: Record<string, ReturnType<typeof consumed>> = {
  // Most webhooks are a sale's transfer.created after its answer was recorded: the receipt's statement answers them.
  transfer: consumed(
    TransferEventSchema,
    (transfer) => ({ merchantId: transfer.merchant }),
    { created: transferEvent, updated: transferEvent },
    saleTransferRecorded,
  ),
  dispute: consumed(
    DisputeSchema.partial().required({ id: true, transfer: true, state: true, updated_at: true }),
    (dispute) => ({ merchantId: dispute.merchant }),
    { created: applyDisputeEvent, updated: applyDisputeEvent },
  ),
  evidence: consumed(
    DisputeEvidenceSchema.partial().required({ id: true, dispute: true, state: true, updated_at: true }),
    (evidence) => ({ merchantId: evidence.merchant }),
    { created: applyEvidenceEvent, updated: applyEvidenceEvent },
  ),
  settlement: consumed(
    SettlementSchema.partial().required({ id: true, merchant_id: true, status: true, updated_at: true }),
    (settlement) => ({ merchantId: settlement.merchant_id }),
    { created: applySettlementEvent, updated: applySettlementEvent, accruing_started: applySettlementEvent },
  ),
  merchant: consumed(MerchantSchema, (merchant) => ({ merchantId: merchant.id, processorIdentityId: merchant.identity }), {
    created: applyMerchantEvent,
    updated: applyMerchantEvent,
    underwritten: applyMerchantEvent,
  }),
  compliance_form: consumed(ComplianceFormSchema, (form) => ({ merchantId: form.linked_to }), {
    created: applyComplianceFormEvent,
    updated: applyComplianceFormEvent,
  }),
  onboarding_form: consumed(OnboardingFormSchema, (form) => ({ processorFormId: form.id }), { updated: applyOnboardingFormEvent }),
};

/** What a receipt records of a resource of an entity the service does not consume; such an event is checked for no more. */
const UnconsumedResourceSchema = z.object({
  id: z.string().min(1).max(64),
  state: z.string().max(64).optional().catch(undefined),
  updated_at: z.string().max(64).optional().catch(undefined),
});

/** The `_embedded` key is the resource's (irregular) plural, so the resource is the first element of the first array there. */
function embeddedResource(webhook: ProcessorWebhook): { key: string; value: unknown } | null {
  for (const [key, value] of Object.entries(webhook._embedded ?? {})) {
    if (Array.isArray(value) && value.length > 0) return { key, value: value[0] };
  }
  return null;
}

/**
 * The event's resource, checked before anything is recorded: a consumed entity's against the processor's schema (a body
 * that does not fit is a 400), any other entity's only for what its receipt records (null: acknowledged, not recorded).
 */
function checkedResource(webhook: ProcessorWebhook): CheckedResource | null {
  const embedded = embeddedResource(webhook);
  const entity = Object.hasOwn(CONSUMED_ENTITIES, webhook.entity) ? CONSUMED_ENTITIES[webhook.entity] : undefined;
  if (!entity) {
    const unconsumed = UnconsumedResourceSchema.safeParse(embedded?.value);
    return unconsumed.success ? { resource: unconsumed.data, apply: null, recorded: null, owner: {} } : null;
  }
  const checked = entity(embedded?.value, webhook.type);
  if ("error" in checked) {
    const refused = validationFailed(checked.error, embedded ? ["_embedded", embedded.key, 0] : ["_embedded"]);
    logEvent("warn", "processor webhook refused", { entity: webhook.entity, type: webhook.type, errors: refused.extensions.errors });
    throw refused;
  }
  return checked;
}

/**
 * The shard of the tenant the resource belongs to, from the control database's maps (merchant → tenant, then the
 * onboarding's identity or form → tenant), or null for a resource of no tenant here.
 */
async function resourceOwner(ctx: AppContext, { merchantId, processorIdentityId, processorFormId }: Owner): Promise<TenantOnShard | null> {
  const byMerchant = merchantId ? await merchantTenant({ ctx, input: { merchantId } }) : null;
  if (byMerchant) return byMerchant;
  if (!processorIdentityId && !processorFormId) return null;
  return onboardingOwner(ctx, { processorIdentityId, processorFormId });
}

/**
 * A resource read from the processor's own records (the sweep of what lost webhooks never said), checked, routed and
 * applied exactly as its `{entity}.updated` webhook would be, on its tenant's shard (whose events are sent at once); one
 * that does not fit the processor's schema, or names no tenant here, is skipped.
 */
export async function applyProcessorResource({
  ctx,
  input: { entity, resource },
}: {
  ctx: AppContext;
  input: { entity: string; resource: unknown };
}): Promise<Applied> {
  const checked = CONSUMED_ENTITIES[entity]!(resource, "updated");
  if ("error" in checked) {
    const refused = validationFailed(checked.error, [entity]);
    logEvent("error", "processor resource refused", { entity, errors: refused.extensions.errors });
    return "ignored";
  }
  const owner = checked.apply ? await resourceOwner(ctx, checked.owner) : null;
  if (!checked.apply || owner === null) return "ignored";
  const onShard = ctx.forShard(owner.shard);
  const outcome = await checked.apply(onShard);
  await onShard.outbox.flush();
  return outcome;
}

export type WebhookOutcome = Applied | "duplicate" | "unhandled";

/** The processor sends no event id; (entity, type, resource id, state, updated_at) identifies a delivery. */
async function receiptId(webhook: ProcessorWebhook, resource: Resource): Promise<string> {
  return (
    "pwh_" +
    (
      await sha256Hex(
        [webhook.entity, webhook.type, resource.id, resource.state ?? "", resource.updated_at ?? webhook.occurred_at ?? ""].join("\n"),
      )
    ).slice(0, 40)
  );
}

/** A delivery checked and routed: `owner` is the tenant its resource belongs to and its shard (null: no tenant here, or nothing to apply). */
export type RoutedWebhook = { webhook: ProcessorWebhook; checked: CheckedResource; owner: TenantOnShard | null };

/**
 * Checks the delivery's resource (a consumed entity's against the processor's schema: a 400 before anything is
 * recorded) and finds the shard it is applied on; null: no resource, acknowledged and not recorded.
 */
export async function routeProcessorWebhook({
  ctx,
  input: webhook,
}: {
  ctx: AppContext;
  input: ProcessorWebhook;
}): Promise<RoutedWebhook | null> {
  const checked = checkedResource(webhook);
  if (!checked) return null;
  return { webhook, checked, owner: checked.apply ? await resourceOwner(ctx, checked.owner) : null };
}

/**
 * Records every routed delivery once, on its tenant's shard (`ctx` is on it), then applies it; a repeated delivery is
 * acknowledged without effect, and one saying what the service already holds is recorded as ignored by the same
 * statement. One naming no tenant here is recorded on the control database and applied nowhere.
 */
export async function receiveProcessorWebhook({
  ctx,
  input: { webhook, checked, owner },
}: {
  ctx: AppContext;
  input: RoutedWebhook;
}): Promise<WebhookOutcome> {
  const { resource, apply, recorded } = checked;
  const id = await receiptId(webhook, resource);
  const receipt = {
    id,
    tenantId: owner?.tenantId ?? null,
    entity: webhook.entity,
    type: webhook.type,
    resourceId: resource.id,
    resourceState: resource.state ?? null,
    resourceUpdatedAt: resource.updated_at ?? null,
    receivedAt: ctx.clock.nowIso(),
  };
  if (owner === null) {
    const outcome = apply ? "ignored" : "unhandled";
    const [kept] = await ctx.control
      .insert(processorWebhookReceipts)
      .values({ ...receipt, outcome })
      .onConflictDoNothing()
      .returning({ id: processorWebhookReceipts.id });
    return kept ? outcome : "duplicate";
  }
  const { db } = ctx;
  const alreadyRecorded = recorded?.(ctx);
  const [received] = await db
    .insert(processorWebhookReceipts)
    .values({
      ...receipt,
      outcome: alreadyRecorded ? sql`CASE WHEN ${alreadyRecorded} THEN 'ignored' ELSE 'received' END` : "received",
    })
    .onConflictDoNothing()
    .returning({ outcome: processorWebhookReceipts.outcome });
  if (!received) return "duplicate";
  if (received.outcome === "ignored") return "ignored";

  try {
    const outcome = apply ? await apply(ctx) : "unhandled";
    await db.update(processorWebhookReceipts).set({ outcome }).where(eq(processorWebhookReceipts.id, id));
    return outcome;
  } catch (error) {
    // Forget the receipt so the processor's retry is applied instead of being taken for a duplicate.
    await db.delete(processorWebhookReceipts).where(eq(processorWebhookReceipts.id, id));
    throw error;
  }
}
