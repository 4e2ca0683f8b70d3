import { and, eq, type SQL, sql } from "drizzle-orm";

import type { EventInsert } from "../outbox/outbox";
import type { ShardContext } from "../platform/context";
import { payments } from "./payments.schema";

/**
 * A payment event (`transfer.updated`): the body the contract fixes — lcPaymentId, orderRef, status, processorTransferId,
 * processorState — then the stored instrument a repeat charge can use, what was refunded and why the payment failed (an
 * ACH return says so here), read from the payment row as the same batch leaves it, so put it after the row's UPDATE.
 */
export function paymentEvent(
  ctx: ShardContext,
  input: { tenantId: string; paymentId: string; type: "transfer.updated"; onlyIf?: SQL },
): EventInsert {
  return ctx.outbox.recordFromRow({
    type: input.type,
    from: payments,
    where: and(eq(payments.id, input.paymentId), eq(payments.tenantId, input.tenantId), input.onlyIf ?? sql`1`)!,
    tenantId: payments.tenantId,
    subjectId: payments.id,
    fields: {
      lcPaymentId: payments.id,
      orderRef: payments.orderRef,
      status: payments.status,
      processorTransferId: payments.processorTransferId,
      processorState: payments.processorState,
      processorInstrumentId: payments.processorInstrumentId,
      amountRefundedCents: payments.amountRefundedCents,
      failureCode: payments.failureCode,
    },
  });
}
