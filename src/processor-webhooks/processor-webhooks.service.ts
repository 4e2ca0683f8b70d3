import { eq } from "drizzle-orm";
import { applyDisputeEvent, applyEvidenceEvent } from "../disputes";
import { sha256Hex } from "../lib/crypto";
import { applyComplianceFormEvent, applyMerchantEvent, applyOnboardingFormEvent } from "../onboarding";
import { applyTransferEvent, type ProcessorTransfer } from "../payments";
import { applyFundingTransferEvent, applySettlementEvent } from "../payouts";
import type { AppContext } from "../platform/context";
import type { ComplianceForm, Dispute, DisputeEvidence, Merchant } from "../processor";
import { processorWebhookReceipts } from "./processor-webhooks.schema";

export type ProcessorWebhook = {
  type: string;
  entity: string;
  occurred_at?: string;
  _embedded?: Record<string, unknown>;
};

export type Resource = { id: string; state?: string; updated_at?: string; [field: string]: unknown };

/** The `_embedded` key is the resource's (irregular) plural, so take the first array there. */
export function embeddedResource(webhook: ProcessorWebhook): Resource | null {
  for (const value of Object.values(webhook._embedded ?? {})) {
    if (Array.isArray(value) && value[0] && typeof value[0] === "object" && typeof (value[0] as Resource).id === "string") {
      return value[0] as Resource;
    }
  }
  return null;
}

export type WebhookOutcome = "applied" | "ignored" | "duplicate" | "unhandled";

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

type EntityHandler = (options: { ctx: AppContext; input: Resource }) => Promise<"applied" | "ignored">;

/** A transfer is a payment's (a sale or refund) or a payout's (a settlement's funding transfer): the first taker applies it. */
const toFirstTaker =
  (...handlers: EntityHandler[]): EntityHandler =>
  async (options) => {
    for (const handler of handlers) if ((await handler(options)) === "applied") return "applied";
    return "ignored";
  };

const transferEvent = toFirstTaker(
  ({ ctx, input }) => applyTransferEvent({ ctx, input: input as unknown as ProcessorTransfer }),
  ({ ctx, input }) => applyFundingTransferEvent({ ctx, input }),
);

/** Which capability each processor event belongs to; the rules live there, this is only the switchboard. */
export const ENTITY_HANDLERS: Record<string, EntityHandler> = {
  "transfer.created": transferEvent,
  "transfer.updated": transferEvent,
  "dispute.created": ({ ctx, input }) => applyDisputeEvent({ ctx, input: input as unknown as Dispute }),
  "dispute.updated": ({ ctx, input }) => applyDisputeEvent({ ctx, input: input as unknown as Dispute }),
  "evidence.created": ({ ctx, input }) => applyEvidenceEvent({ ctx, input: input as unknown as DisputeEvidence }),
  "evidence.updated": ({ ctx, input }) => applyEvidenceEvent({ ctx, input: input as unknown as DisputeEvidence }),
  "settlement.created": ({ ctx, input }) => applySettlementEvent({ ctx, input }),
  "settlement.updated": ({ ctx, input }) => applySettlementEvent({ ctx, input }),
  "settlement.accruing_started": ({ ctx, input }) => applySettlementEvent({ ctx, input }),
  "merchant.created": ({ ctx, input }) => applyMerchantEvent({ ctx, input: input as unknown as Merchant }),
  "merchant.updated": ({ ctx, input }) => applyMerchantEvent({ ctx, input: input as unknown as Merchant }),
  "merchant.underwritten": ({ ctx, input }) => applyMerchantEvent({ ctx, input: input as unknown as Merchant }),
  "compliance_form.created": ({ ctx, input }) => applyComplianceFormEvent({ ctx, input: input as unknown as ComplianceForm }),
  "compliance_form.updated": ({ ctx, input }) => applyComplianceFormEvent({ ctx, input: input as unknown as ComplianceForm }),
  "onboarding_form.updated": ({ ctx, input }) =>
    applyOnboardingFormEvent({ ctx, input: input as unknown as { id: string; status: string; identity_id?: string | null } }),
};

/** Records every delivery once, then applies it; a repeated delivery is acknowledged without effect. */
export async function receiveProcessorWebhook({
  ctx,
  input: webhook,
}: {
  ctx: AppContext;
  input: ProcessorWebhook;
}): Promise<WebhookOutcome> {
  const { db } = ctx;
  const resource = embeddedResource(webhook);
  if (!resource) return "unhandled";
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
      receivedAt: ctx.clock.nowIso(),
    })
    .onConflictDoNothing()
    .returning({ id: processorWebhookReceipts.id });
  if (inserted.length === 0) return "duplicate";

  const handler = ENTITY_HANDLERS[`${webhook.entity}.${webhook.type}`];
  try {
    const outcome = handler ? await handler({ ctx, input: resource }) : "unhandled";
    await db.update(processorWebhookReceipts).set({ outcome }).where(eq(processorWebhookReceipts.id, id));
    return outcome;
  } catch (error) {
    // Forget the receipt so the processor's retry is applied instead of being taken for a duplicate.
    await db.delete(processorWebhookReceipts).where(eq(processorWebhookReceipts.id, id));
    throw error;
  }
}
