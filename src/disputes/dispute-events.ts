import { and, eq, type SQL, sql } from "drizzle-orm";

import type { EventInsert } from "../outbox/outbox";
import type { ShardContext } from "../platform/context";
import { disputeEvidence, disputes } from "./disputes.schema";

const paymentField = (column: "status" | "processor_state", paymentId: SQL | typeof disputes.paymentId) =>
  sql`(SELECT ${sql.raw(column)} FROM payments WHERE payments.id = ${paymentId})`;

const disputeObject = sql`json_object(
  'lcDisputeId', ${disputes.id}, 'processorDisputeId', ${disputes.processorDisputeId}, 'state', ${disputes.state},
  'responseState', ${disputes.responseState}, 'reason', ${disputes.reason}, 'amountCents', ${disputes.amountCents},
  'currency', ${disputes.currency}, 'respondBy', ${disputes.respondBy},
  'submitted', json(CASE WHEN ${disputes.submission} = 'submitted' THEN 'true' ELSE 'false' END))`;

/**
 * `dispute.created` / `dispute.updated`: the payment's fields as every payment event carries them (its status after the
 * dispute's effect) and the dispute, read as the same batch leaves both — put it after the dispute's and payment's writes.
 */
export function disputeEvent(
  ctx: ShardContext,
  input: { type: "dispute.created" | "dispute.updated"; disputeId: string; onlyIf: SQL },
): EventInsert {
  return ctx.outbox.recordFromRow({
    type: input.type,
    from: disputes,
    where: and(eq(disputes.id, input.disputeId), input.onlyIf)!,
    tenantId: disputes.tenantId,
    subjectId: disputes.paymentId,
    fields: {
      lcPaymentId: disputes.paymentId,
      orderRef: disputes.orderRef,
      status: paymentField("status", disputes.paymentId),
      processorTransferId: disputes.processorTransferId,
      processorState: paymentField("processor_state", disputes.paymentId),
      dispute: disputeObject,
    },
  });
}

/** `evidence.updated`: the processor's verdict on one evidence file (accepted, rejected, canceled), with its dispute. */
export function evidenceEvent(ctx: ShardContext, input: { evidenceId: string; onlyIf: SQL }): EventInsert {
  const ofDispute = (column: string) => sql`(SELECT ${sql.raw(column)} FROM disputes WHERE disputes.id = ${disputeEvidence.disputeId})`;
  return ctx.outbox.recordFromRow({
    type: "evidence.updated",
    from: disputeEvidence,
    where: and(eq(disputeEvidence.id, input.evidenceId), input.onlyIf)!,
    tenantId: disputeEvidence.tenantId,
    subjectId: ofDispute("payment_id"),
    fields: {
      lcDisputeId: disputeEvidence.disputeId,
      lcPaymentId: ofDispute("payment_id"),
      orderRef: ofDispute("order_ref"),
      evidence: sql`json_object('lcEvidenceId', ${disputeEvidence.id}, 'fileName', ${disputeEvidence.fileName},
        'contentType', ${disputeEvidence.contentType}, 'sizeBytes', ${disputeEvidence.sizeBytes}, 'sha256', ${disputeEvidence.sha256},
        'state', ${disputeEvidence.state}, 'failureMessage', ${disputeEvidence.failureMessage})`,
    },
  });
}
