import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { eventInsert } from "../events/outbox";
import { sha256Hex } from "../lib/crypto";
import { nowIso } from "../lib/ids";
import { payments } from "../payments/payments.schema";
import { reconcileRefund } from "../payments/refund.service";
import { applySaleTransfer, findPaymentForTransfer, type ProcessorTransfer } from "../payments/transfer-state";
import { onComplianceFormEvent, onMerchantEvent, onOnboardingFormEvent } from "../onboarding/onboarding.webhooks";
import type { ComplianceForm, Merchant } from "../processor";
import { processorWebhookReceipts } from "./processor-webhooks.schema";

export type ProcessorWebhook = {
  type: string;
  entity: string;
  occurred_at?: string;
  _embedded?: Record<string, unknown>;
};

type Resource = { id: string; state?: string; updated_at?: string; [field: string]: unknown };

/** The `_embedded` key is the resource's (irregular) plural, so take the first array there. */
export function embeddedResource(webhook: ProcessorWebhook): Resource | null {
  for (const value of Object.values(webhook._embedded ?? {})) {
    if (Array.isArray(value) && value[0] && typeof value[0] === "object" && typeof (value[0] as Resource).id === "string") {
      return value[0] as Resource;
    }
  }
  return null;
}

export type WebhookOutcome = { outcome: "applied" | "ignored" | "duplicate" | "unhandled"; eventIds: string[] };

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

const DISPUTABLE = ["succeeded", "partially_refunded", "refunded"] as const;

async function applyDispute(db: Database, dispute: Resource): Promise<WebhookOutcome> {
  const transferId = typeof dispute.transfer === "string" ? dispute.transfer : null;
  if (!transferId) return { outcome: "ignored", eventIds: [] };
  const payment = await db.select().from(payments).where(eq(payments.processorTransferId, transferId)).get();
  if (!payment) return { outcome: "ignored", eventIds: [] };
  const now = nowIso();
  const moved = sql`EXISTS (SELECT 1 FROM payments WHERE id = ${payment.id} AND status = 'disputed' AND updated_at = ${now})`;
  const { statement: event, eventId } = eventInsert(db, {
    tenantId: payment.tenantId,
    type: "dispute.created",
    subjectId: payment.id,
    data: {
      lcPaymentId: payment.id,
      orderRef: payment.orderRef,
      status: "disputed",
      processorTransferId: payment.processorTransferId,
      processorState: payment.processorState,
      dispute: {
        processorDisputeId: dispute.id,
        state: dispute.state ?? null,
        reason: dispute.reason ?? null,
        amountCents: typeof dispute.amount === "number" ? dispute.amount : null,
        respondBy: dispute.respond_by ?? null,
      },
    },
    onlyIf: moved,
  });
  const [updated] = await db.batch([
    db
      .update(payments)
      .set({ status: "disputed", updatedAt: now })
      .where(and(eq(payments.id, payment.id), inArray(payments.status, [...DISPUTABLE])))
      .returning({ id: payments.id }),
    event,
  ]);
  return updated.length > 0 ? { outcome: "applied", eventIds: [eventId] } : { outcome: "ignored", eventIds: [] };
}

async function applyTransfer(db: Database, transfer: ProcessorTransfer): Promise<WebhookOutcome> {
  if (transfer.type === "REVERSAL") {
    const { eventIds } = await reconcileRefund(db, transfer);
    return { outcome: "applied", eventIds };
  }
  const payment = await findPaymentForTransfer(db, transfer);
  if (!payment) return { outcome: "ignored", eventIds: [] };
  const { applied, eventIds } = await applySaleTransfer(db, payment, transfer, { emitEvent: true });
  return { outcome: applied ? "applied" : "ignored", eventIds };
}

type EntityHandler = (db: Database, env: Env, resource: Resource) => Promise<WebhookOutcome>;

const applied = (eventIds: string[]): WebhookOutcome => ({ outcome: "applied", eventIds });

/** What each processor event does to the ledger. */
export const ENTITY_HANDLERS: Record<string, EntityHandler> = {
  "transfer.created": (db, _env, resource) => applyTransfer(db, resource as unknown as ProcessorTransfer),
  "transfer.updated": (db, _env, resource) => applyTransfer(db, resource as unknown as ProcessorTransfer),
  "dispute.created": (db, _env, resource) => applyDispute(db, resource),
  "merchant.created": async (db, env, resource) => applied(await onMerchantEvent(db, env, resource as unknown as Merchant)),
  "merchant.updated": async (db, env, resource) => applied(await onMerchantEvent(db, env, resource as unknown as Merchant)),
  "merchant.underwritten": async (db, env, resource) => applied(await onMerchantEvent(db, env, resource as unknown as Merchant)),
  "compliance_form.created": async (db, env, resource) =>
    applied(await onComplianceFormEvent(db, env, resource as unknown as ComplianceForm)),
  "compliance_form.updated": async (db, env, resource) =>
    applied(await onComplianceFormEvent(db, env, resource as unknown as ComplianceForm)),
  "onboarding_form.updated": async (db, _env, resource) =>
    applied(await onOnboardingFormEvent(db, resource as unknown as { id: string; status: string })),
};

/** Records every delivery once, then applies it; a repeated delivery is acknowledged without effect. */
export async function receiveProcessorWebhook(db: Database, env: Env, webhook: ProcessorWebhook): Promise<WebhookOutcome> {
  const resource = embeddedResource(webhook);
  if (!resource) return { outcome: "unhandled", eventIds: [] };
  const id = await receiptId(webhook, resource);
  const inserted = await db
    .insert(processorWebhookReceipts)
    .values({
      id,
      entity: webhook.entity,
      type: webhook.type,
      resourceId: resource.id,
      resourceState: resource.state ?? null,
      resourceUpdatedAt: resource.updated_at ?? null,
      outcome: "received",
      receivedAt: nowIso(),
    })
    .onConflictDoNothing()
    .returning({ id: processorWebhookReceipts.id });
  if (inserted.length === 0) return { outcome: "duplicate", eventIds: [] };

  const handler = ENTITY_HANDLERS[`${webhook.entity}.${webhook.type}`];
  try {
    const result = handler ? await handler(db, env, resource) : { outcome: "unhandled" as const, eventIds: [] };
    await db.update(processorWebhookReceipts).set({ outcome: result.outcome }).where(eq(processorWebhookReceipts.id, id));
    return result;
  } catch (error) {
    // Forget the receipt so the processor's retry is applied instead of being taken for a duplicate.
    await db.delete(processorWebhookReceipts).where(eq(processorWebhookReceipts.id, id));
    throw error;
  }
}
