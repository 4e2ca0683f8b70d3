import { and, asc, desc, eq, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteInsertValue } from "drizzle-orm/sqlite-core";
import { z } from "zod";

import type { Database } from "../db/client";
import { applyDisputeEvent, applyEvidenceEvent } from "../disputes";
import { sha256Hex } from "../lib/crypto";
import { logEvent } from "../lib/log";
import { afterCursor, cursorScope, type Page, pageOf } from "../lib/pagination";
import { ApiError, type FieldError } from "../lib/problem";
import { redactSecrets } from "../lib/redact";
import { applyComplianceFormEvent, applyMerchantEvent, applyOnboardingFormEvent, onboardingOwner } from "../onboarding";
import { applyAuthorizationEvent, applyTransferEvent, saleTransferRecorded } from "../payments";
import { applyFundingTransferEvent, applySettlementEvent } from "../payouts";
import type { RootContext, ShardContext, TenantContext } from "../platform/context";
import { fieldErrorsOf } from "../platform/openapi";
import {
  AuthorizationSchema,
  ComplianceFormSchema,
  DisputeEvidenceSchema,
  DisputeSchema,
  MerchantSchema,
  OnboardingFormSchema,
  SettlementSchema,
  TransferSchema,
} from "../processor";
import { merchantTenant, type TenantOnShard } from "../tenants";
import {
  type ProcessorWebhookReceiptRecord,
  processorWebhookReceipts,
  type ReceiptOutcome,
  type ReceiptSource,
} from "./processor-webhooks.schema";

const ProcessorWebhookSchema = z.object({
  type: z.string().min(1).max(64),
  entity: z.string().min(1).max(64),
  occurred_at: z.string().max(64).optional(),
  _embedded: z.record(z.string(), z.unknown()).optional(),
});

type ProcessorWebhook = z.infer<typeof ProcessorWebhookSchema>;

type Resource = { id: string; state?: string; updated_at?: string };
type Applied = "applied" | "ignored";
type EntityHandler<T> = (options: { ctx: ShardContext; input: T }) => Promise<Applied>;
/** What names the tenant a resource belongs to: its merchant, or before a merchant is attached its identity or hosted form. */
type Owner = { merchantId?: string | null; processorIdentityId?: string; processorFormId?: string };
/**
 * `recorded`: the capability's condition that the service already holds what the event says (null: none); `owner`:
 * what routes it to its tenant's shard.
 */
type CheckedResource = {
  resource: Resource;
  apply: ((ctx: ShardContext) => Promise<Applied>) | null;
  recorded: ((ctx: ShardContext) => SQL) | null;
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
  recorded?: (ctx: ShardContext, resource: T) => SQL,
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
 * Which capability each processor event belongs to; the rules live there, this is only the switchboard. Each resource is
 * read by its schema (`src/processor/resources.ts`: tolerant where the service only stores, exact where it acts), with
 * what the capability acts on required: transfers, disputes, evidence and settlements are taken partially by their
 * capabilities, merchants and forms whole.
 */
const CONSUMED_ENTITIES: Record<string, ReturnType<typeof consumed>> = {
  // Most webhooks are a sale's transfer.created after its answer was recorded: the receipt's statement answers them.
  transfer: consumed(
    TransferEventSchema,
    (transfer) => ({ merchantId: transfer.merchant }),
    { created: transferEvent, updated: transferEvent },
    saleTransferRecorded,
  ),
  // A hold's capture, void or lapse, and a hold whose own answer was lost.
  authorization: consumed(
    AuthorizationSchema.partial().required({ id: true, state: true }),
    (authorization) => ({ merchantId: authorization.merchant }),
    { created: applyAuthorizationEvent, updated: applyAuthorizationEvent },
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

/** What identifies a body that does not fit, read as far as it goes: each field a short string, else absent. */
const leniently = z.string().min(1).max(64).optional().catch(undefined);
const LenientWebhookSchema = z
  .object({
    type: leniently,
    entity: leniently,
    occurred_at: leniently,
    _embedded: z.record(z.string(), z.unknown()).optional().catch(undefined),
  })
  .catch({});
const LenientResourceSchema = z.object({ id: leniently, state: leniently, updated_at: leniently }).catch({});

/** The `_embedded` key is the resource's (irregular) plural, so the resource is the first element of the first array there. */
function embeddedResource(webhook: Pick<ProcessorWebhook, "_embedded">): { key: string; value: unknown } | null {
  for (const [key, value] of Object.entries(webhook._embedded ?? {})) {
    if (Array.isArray(value) && value.length > 0) return { key, value: value[0] };
  }
  return null;
}

/**
 * The event's resource, checked before anything is recorded: a consumed entity's against the processor's schema (the
 * fields that do not fit, where they sit in the body), any other entity's only for what its receipt records (null:
 * acknowledged, not recorded).
 */
function checkedResource(webhook: ProcessorWebhook): { unfit: FieldError[] } | CheckedResource | null {
  const embedded = embeddedResource(webhook);
  const entity = Object.hasOwn(CONSUMED_ENTITIES, webhook.entity) ? CONSUMED_ENTITIES[webhook.entity] : undefined;
  if (!entity) {
    const unconsumed = UnconsumedResourceSchema.safeParse(embedded?.value);
    return unconsumed.success ? { resource: unconsumed.data, apply: null, recorded: null, owner: {} } : null;
  }
  const checked = entity(embedded?.value, webhook.type);
  if ("error" in checked) return { unfit: fieldErrorsOf(checked.error, embedded ? ["_embedded", embedded.key, 0] : ["_embedded"]) };
  return checked;
}

/** The reason's field of a delivery that fit but whose applying failed: the cron tries it again (`retryFailedApplications`). */
export const APPLYING = "(applying)";

/** Why applying failed, as a reason: the error's name and message, secrets redacted, never its stack. */
const applyFailure = (error: unknown): FieldError[] => [
  {
    field: APPLYING,
    message: redactSecrets(error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 500),
  },
];

/**
 * The shard of the tenant the resource belongs to, from the control database's maps (merchant → tenant, then the
 * onboarding's identity or form → tenant), or null for a resource of no tenant here.
 */
async function resourceOwner(ctx: RootContext, { merchantId, processorIdentityId, processorFormId }: Owner): Promise<TenantOnShard | null> {
  const byMerchant = merchantId ? await merchantTenant({ ctx, input: { merchantId } }) : null;
  if (byMerchant) return byMerchant;
  if (!processorIdentityId && !processorFormId) return null;
  return onboardingOwner(ctx, { processorIdentityId, processorFormId });
}

export type WebhookOutcome = Applied | "duplicate" | "unhandled" | "unprocessable";

/** What a receipt says of its delivery, whether or not the body fit. */
type ReceiptKey = {
  id: string;
  entity: string;
  type: string;
  resourceId: string;
  resourceState: string | null;
  resourceUpdatedAt: string | null;
};

/** The processor sends no event id; (entity, type, resource id, state, updated_at) identifies a delivery. */
async function receiptKey(
  webhook: { entity?: string; type?: string; occurred_at?: string },
  resource: { id?: string; state?: string; updated_at?: string },
  rawBody: string,
): Promise<ReceiptKey> {
  const entity = webhook.entity ?? "";
  const type = webhook.type ?? "";
  // A body naming no resource is told apart from another only by its bytes.
  const identity = resource.id ?? `body:${await sha256Hex(rawBody)}`;
  const id =
    "pwh_" +
    (await sha256Hex([entity, type, identity, resource.state ?? "", resource.updated_at ?? webhook.occurred_at ?? ""].join("\n"))).slice(
      0,
      40,
    );
  return {
    id,
    entity,
    type,
    resourceId: resource.id ?? "",
    resourceState: resource.state ?? null,
    resourceUpdatedAt: resource.updated_at ?? null,
  };
}

/** The key a body that does not fit is kept under: the same as its receipt's once it fits. */
function lenientKey(json: unknown, rawBody: string): Promise<ReceiptKey> {
  const webhook = LenientWebhookSchema.parse(json);
  return receiptKey(webhook, LenientResourceSchema.parse(embeddedResource(webhook)?.value), rawBody);
}

/** A delivery checked and routed: `owner` is the tenant its resource belongs to and its shard (null: no tenant here, or nothing to apply). */
type RoutedWebhook = { webhook: ProcessorWebhook; checked: CheckedResource; owner: TenantOnShard | null };

/**
 * A receipt's insert, once per id; `retake` (a reapply) also takes over the row when it is the reapply's own kept
 * receipt or one left `received` by an apply that failed without being forgotten.
 */
function insertReceipt(database: Database, values: SQLiteInsertValue<typeof processorWebhookReceipts>, retake: boolean) {
  const insert = database.insert(processorWebhookReceipts).values(values);
  return retake
    ? insert.onConflictDoUpdate({
        target: processorWebhookReceipts.id,
        set: { outcome: sql`excluded.outcome`, tenantId: sql`excluded.tenant_id` },
        setWhere: inArray(processorWebhookReceipts.outcome, ["received", "reapplying"]),
      })
    : insert.onConflictDoNothing();
}

/**
 * Records a routed delivery once, on its tenant's shard (`ctx` is on it), then applies it; a repeated delivery is
 * acknowledged without effect, and one saying what the service already holds is recorded as ignored by the same
 * statement. One naming no tenant here is recorded on the control database and applied nowhere. `retake`: a reapply's
 * (its kept receipt is the same row when the tenant's data is on the control database; applying again changes nothing
 * applied before: every handler only moves forward).
 */
async function receiveProcessorWebhook({
  ctx: root,
  input: { routed, key, retake, onShard },
}: {
  ctx: RootContext;
  input: { routed: RoutedWebhook; key: ReceiptKey; retake: boolean; onShard: TenantContext | null };
}): Promise<WebhookOutcome> {
  const { checked, owner } = routed;
  const { apply, recorded } = checked;
  const receipt = { ...key, tenantId: owner?.tenantId ?? null, receivedAt: root.clock.nowIso() };
  if (onShard === null) {
    const outcome = apply ? "ignored" : "unhandled";
    const [kept] = await insertReceipt(root.control, { ...receipt, outcome }, retake).returning({ id: processorWebhookReceipts.id });
    return kept ? outcome : "duplicate";
  }
  const ctx = onShard;
  const { db } = ctx;
  const alreadyRecorded = recorded?.(ctx);
  const [received] = await insertReceipt(
    db,
    { ...receipt, outcome: alreadyRecorded ? sql`CASE WHEN ${alreadyRecorded} THEN 'ignored' ELSE 'received' END` : "received" },
    retake,
  ).returning({ outcome: processorWebhookReceipts.outcome });
  if (!received) return "duplicate";
  if (received.outcome === "ignored") return "ignored";

  try {
    const outcome = apply ? await apply(ctx) : "unhandled";
    await db.update(processorWebhookReceipts).set({ outcome }).where(eq(processorWebhookReceipts.id, key.id));
    return outcome;
  } catch (error) {
    // Forget the receipt so the delivery kept unprocessable can be applied later instead of being taken for a duplicate.
    await db
      .delete(processorWebhookReceipts)
      .where(eq(processorWebhookReceipts.id, key.id))
      .catch((forgetting: unknown) =>
        logEvent("error", "processor webhook receipt not forgotten", { id: key.id, error: String(forgetting) }),
      );
    throw error;
  }
}

/** What became of a signed body: its outcome, why it is unprocessable, and the context whose outbox holds what it recorded. */
type Attempt = {
  key: ReceiptKey;
  outcome: WebhookOutcome;
  reason: FieldError[] | null;
  tenantId: string | null;
  onShard: TenantContext | null;
};

/**
 * Reads a signed body with today's schemas, routes it to its tenant's shard and applies it; never throws for the body:
 * one that does not fit, cannot be routed or whose applying throws is `unprocessable`, with the reason.
 */
async function attemptSignedBody(ctx: RootContext, rawBody: string, retake: boolean): Promise<Attempt | null> {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    const key = await lenientKey(null, rawBody);
    return {
      key,
      outcome: "unprocessable",
      reason: [{ field: "(body)", message: "The body is not JSON." }],
      tenantId: null,
      onShard: null,
    };
  }
  const parsed = ProcessorWebhookSchema.safeParse(json);
  const checked = parsed.success ? checkedResource(parsed.data) : { unfit: fieldErrorsOf(parsed.error) };
  if (checked === null) return null;
  if ("unfit" in checked || !parsed.success) {
    const key = await lenientKey(json, rawBody);
    return { key, outcome: "unprocessable", reason: "unfit" in checked ? checked.unfit : [], tenantId: null, onShard: null };
  }
  const webhook = parsed.data;
  const key = await receiptKey(webhook, checked.resource, rawBody);
  let owner: TenantOnShard | null = null;
  try {
    owner = checked.apply ? await resourceOwner(ctx, checked.owner) : null;
    const onShard = owner ? ctx.forTenant({ id: owner.tenantId, shard: owner.shard }) : null;
    const outcome = await receiveProcessorWebhook({ ctx, input: { routed: { webhook, checked, owner }, key, retake, onShard } });
    return { key, outcome, reason: null, tenantId: owner?.tenantId ?? null, onShard };
  } catch (error) {
    return { key, outcome: "unprocessable", reason: applyFailure(error), tenantId: owner?.tenantId ?? null, onShard: null };
  }
}

/**
 * Keeps a signed delivery that could not be applied on the control database, with its raw body and reason, once per
 * receipt id: a repeated one is a duplicate. A failure to keep it throws, so the processor retries the delivery.
 */
async function keepUnprocessable(
  ctx: RootContext,
  input: { key: ReceiptKey; reason: FieldError[]; rawBody: string; source: ReceiptSource; tenantId: string | null },
): Promise<"unprocessable" | "duplicate"> {
  const [kept] = await ctx.control
    .insert(processorWebhookReceipts)
    .values({
      ...input.key,
      tenantId: input.tenantId,
      outcome: "unprocessable",
      receivedAt: ctx.clock.nowIso(),
      source: input.source,
      rawBody: input.rawBody,
      reason: JSON.stringify(input.reason),
    })
    .onConflictDoNothing()
    .returning({ id: processorWebhookReceipts.id });
  if (!kept) return "duplicate";
  logEvent("warn", "processor webhook unprocessable", {
    receiptId: input.key.id,
    entity: input.key.entity,
    type: input.key.type,
    reason: input.reason,
  });
  return "unprocessable";
}

/**
 * A signed delivery is never lost for its shape: applied on its tenant's shard and recorded once, or kept as
 * unprocessable on the control database with its raw body and reason. Answers the outcome and the context whose outbox
 * the request flushes (the tenant's shard's).
 */
export async function acceptProcessorWebhook({
  ctx,
  input: { rawBody },
}: {
  ctx: RootContext;
  input: { rawBody: string };
}): Promise<{ outcome: WebhookOutcome; entity: string; type: string; onShard: TenantContext | null }> {
  const attempt = await attemptSignedBody(ctx, rawBody, false);
  if (!attempt) return { outcome: "unhandled", entity: "", type: "", onShard: null };
  const { key, reason, tenantId, onShard } = attempt;
  const outcome = reason ? await keepUnprocessable(ctx, { key, reason, rawBody, source: "webhook", tenantId }) : attempt.outcome;
  return { outcome, entity: key.entity, type: key.type, onShard };
}

/** A tenant paused by a move: its placement says so, or its shard refused the write (its fence). */
function isTenantMoving(error: unknown): boolean {
  return (error instanceof ApiError && error.slug === "tenant-moving") || String(error).includes("tenant-moving");
}

/**
 * A resource read from the processor's own records (the sweep of what lost webhooks never said), checked, routed and
 * applied exactly as its `{entity}.updated` webhook would be, on its tenant's shard (whose events are sent at once); one
 * that names no tenant here is skipped, one that does not fit is kept as unprocessable (once per entity, id, state and
 * updated_at) and the feed moves on. One of a tenant paused by a move is `deferred`: kept the same way with the error
 * applying it met, which the cron applies once the tenant has landed (`retryFailedApplications`), exactly once.
 */
export async function applyProcessorResource({
  ctx,
  input: { entity, resource },
}: {
  ctx: RootContext;
  input: { entity: string; resource: unknown };
}): Promise<Applied | "deferred"> {
  const checked = CONSUMED_ENTITIES[entity]!(resource, "updated");
  const rawBody = () => JSON.stringify(resource);
  const sweptKey = () => receiptKey({ entity, type: "updated" }, LenientResourceSchema.parse(resource), rawBody());
  if ("error" in checked) {
    const reason = fieldErrorsOf(checked.error, [entity]);
    await keepUnprocessable(ctx, { key: await sweptKey(), reason, rawBody: rawBody(), source: "sweep", tenantId: null });
    return "ignored";
  }
  let owner: TenantOnShard | null = null;
  try {
    owner = checked.apply ? await resourceOwner(ctx, checked.owner) : null;
    if (!checked.apply || owner === null) return "ignored";
    const onShard = ctx.forTenant({ id: owner.tenantId, shard: owner.shard });
    const outcome = await checked.apply(onShard);
    await onShard.outbox.flush();
    return outcome;
  } catch (error) {
    if (!isTenantMoving(error)) throw error;
    const tenantId = owner?.tenantId ?? null;
    await keepUnprocessable(ctx, { key: await sweptKey(), reason: applyFailure(error), rawBody: rawBody(), source: "sweep", tenantId });
    return "deferred";
  }
}

/** How long a reapply run's hold on a receipt lasts: one taken by a run that died is taken again after it. */
export const REAPPLY_HOLD_MS = 5 * 60_000;

export type ReappliedReceipt = { id: string; outcome: ReceiptOutcome; reason: FieldError[] | null };

const reapplyScope = (ctx: RootContext) => cursorScope(ctx, "processor-webhooks-reapply");

/** Unprocessable receipts, and those a reapply run took and never finished. */
const awaitingReapply = (ctx: RootContext) =>
  or(
    eq(processorWebhookReceipts.outcome, "unprocessable"),
    and(
      eq(processorWebhookReceipts.outcome, "reapplying"),
      lt(processorWebhookReceipts.reappliedAt, new Date(ctx.clock.nowMs() - REAPPLY_HOLD_MS).toISOString()),
    ),
  );

/**
 * Reapplies one page of the kept unprocessable receipts, oldest first, each as a fresh delivery would be: its stored body
 * read with today's schemas, routed to its tenant's shard and applied. Each is taken by one guarded UPDATE first, so two
 * runs at once apply it once; one that applies becomes `applied`, `ignored` or `unhandled` (a shard that already holds
 * its receipt: `ignored`), one that still fails stays `unprocessable` with its new reason.
 */
export async function reapplyUnprocessableWebhooks({
  ctx,
  input: { limit, cursor },
}: {
  ctx: RootContext;
  input: { limit: number; cursor?: string };
}): Promise<Page<ReappliedReceipt>> {
  const { control } = ctx;
  const scope = reapplyScope(ctx);
  const columns = { createdAt: processorWebhookReceipts.receivedAt, id: processorWebhookReceipts.id };
  const rows = await control
    .select({ id: processorWebhookReceipts.id, receivedAt: processorWebhookReceipts.receivedAt })
    .from(processorWebhookReceipts)
    .where(and(awaitingReapply(ctx), await afterCursor(columns, cursor, scope, "oldestFirst")))
    .orderBy(asc(processorWebhookReceipts.receivedAt), asc(processorWebhookReceipts.id))
    .limit(limit + 1)
    .all();
  const page = await pageOf(rows, limit, scope, (row) => ({ createdAt: row.receivedAt, id: row.id }));
  const reapplied: ReappliedReceipt[] = [];
  for (const { id } of page.data) {
    const result = await reapplyReceipt(ctx, id);
    if (result) reapplied.push(result);
  }
  return { ...page, data: reapplied };
}

/** One receipt taken and reapplied; null: another run took it first, or it is no longer unprocessable. */
async function reapplyReceipt(ctx: RootContext, id: string): Promise<ReappliedReceipt | null> {
  const { control } = ctx;
  // The guarded transition: only the run whose UPDATE changed the row applies it.
  const [taken] = await control
    .update(processorWebhookReceipts)
    .set({ outcome: "reapplying", reappliedAt: ctx.clock.nowIso() })
    .where(and(eq(processorWebhookReceipts.id, id), awaitingReapply(ctx)))
    .returning();
  if (!taken) return null;
  const body = taken.source === "sweep" ? sweptAsWebhook(taken) : (taken.rawBody ?? "");
  const attempt = await attemptSignedBody(ctx, body, true);
  const outcome: ReceiptOutcome = !attempt ? "unhandled" : attempt.outcome === "duplicate" ? "ignored" : attempt.outcome;
  const reason = attempt?.reason ?? null;
  // Still this run's hold (its own time), whatever applying wrote to the row when it is also the tenant's receipt.
  await control
    .update(processorWebhookReceipts)
    .set({ outcome, tenantId: attempt?.tenantId ?? null, ...(reason ? { reason: JSON.stringify(reason) } : {}) })
    .where(and(eq(processorWebhookReceipts.id, id), eq(processorWebhookReceipts.reappliedAt, taken.reappliedAt!)));
  if (attempt?.onShard) await attempt.onShard.outbox.flush();
  logEvent(outcome === "unprocessable" ? "warn" : "info", "processor webhook reapplied", { receiptId: id, outcome, reason });
  return { id, outcome, reason };
}

/** How long after a failed application the cron tries it again, and for how long it keeps trying before leaving it to the operator. */
export const APPLY_RETRY_AFTER_MS = 60_000;
export const APPLY_RETRY_FOR_MS = 24 * 60 * 60 * 1000;
/**
 * Failed applications the cron tries again per run: enough for what a feed sets aside while a busy tenant's move pauses
 * it (each costs a few subrequests of the run's budget).
 */
const APPLY_RETRIES_PER_RUN = 200;

/**
 * The cron's turn on deliveries that fit but whose applying failed (a shard's error, a tenant paused by a move): each is
 * reapplied as the operator's command would, a minute after its last try, for a day; one that does not fit waits for a
 * fix and the operator's reapply.
 */
export async function retryFailedApplications({ ctx }: { ctx: RootContext }): Promise<void> {
  const now = ctx.clock.nowMs();
  const lastTry = sql<string>`coalesce(${processorWebhookReceipts.reappliedAt}, ${processorWebhookReceipts.receivedAt})`;
  const due = await ctx.control
    .select({ id: processorWebhookReceipts.id })
    .from(processorWebhookReceipts)
    .where(
      and(
        eq(processorWebhookReceipts.outcome, "unprocessable"),
        sql`json_extract(${processorWebhookReceipts.reason}, '$[0].field') = ${APPLYING}`,
        lt(lastTry, new Date(now - APPLY_RETRY_AFTER_MS).toISOString()),
        sql`${processorWebhookReceipts.receivedAt} > ${new Date(now - APPLY_RETRY_FOR_MS).toISOString()}`,
      ),
    )
    .orderBy(asc(processorWebhookReceipts.receivedAt))
    .limit(APPLY_RETRIES_PER_RUN)
    .all();
  for (const { id } of due) await reapplyReceipt(ctx, id);
}

/** A swept resource, as the `{entity}.updated` webhook the sweep applies it as. */
function sweptAsWebhook(receipt: ProcessorWebhookReceiptRecord): string {
  const resource: unknown = JSON.parse(receipt.rawBody ?? "null");
  return JSON.stringify({ type: receipt.type, entity: receipt.entity, _embedded: { [receipt.entity]: [resource] } });
}

/**
 * The control database's receipts with one outcome, newest first: the unprocessable ones kept there, those reapplied
 * since, and those naming no tenant here.
 */
export async function listProcessorWebhookReceipts({
  ctx,
  input: { outcome, limit, cursor },
}: {
  ctx: RootContext;
  input: { outcome: ReceiptOutcome; limit: number; cursor?: string };
}): Promise<Page<ProcessorWebhookReceiptRecord>> {
  const scope = cursorScope(ctx, "processor-webhook-receipts", { filters: [outcome] });
  const columns = { createdAt: processorWebhookReceipts.receivedAt, id: processorWebhookReceipts.id };
  const rows = await ctx.control
    .select()
    .from(processorWebhookReceipts)
    .where(and(eq(processorWebhookReceipts.outcome, outcome), await afterCursor(columns, cursor, scope)))
    .orderBy(desc(processorWebhookReceipts.receivedAt), desc(processorWebhookReceipts.id))
    .limit(limit + 1)
    .all();
  return pageOf(rows, limit, scope, (row) => ({ createdAt: row.receivedAt, id: row.id }));
}
