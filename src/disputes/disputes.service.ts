import { and, eq, inArray, sql } from "drizzle-orm";
import type { AppContext } from "../platform/context";
import { payments } from "../payments";

type ProcessorDispute = { id: string; state?: string; [field: string]: unknown };

const DISPUTABLE = ["succeeded", "partially_refunded", "refunded"] as const;

/** dispute.created: the disputed payment moves to `disputed` and the tenant hears of it, once. */
export async function applyDisputeCreated({
  ctx,
  input: dispute,
}: {
  ctx: AppContext;
  input: ProcessorDispute;
}): Promise<"applied" | "ignored"> {
  const { db } = ctx;
  const transferId = typeof dispute.transfer === "string" ? dispute.transfer : null;
  if (!transferId) return "ignored";
  const payment = await db.select().from(payments).where(eq(payments.processorTransferId, transferId)).get();
  if (!payment) return "ignored";
  const now = ctx.clock.nowIso();
  const moved = sql`EXISTS (SELECT 1 FROM payments WHERE id = ${payment.id} AND status = 'disputed' AND updated_at = ${now})`;
  const event = ctx.outbox.record({
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
  return updated.length > 0 ? "applied" : "ignored";
}
