import { and, eq, inArray, or } from "drizzle-orm";

import { boundList } from "../db/bound-list";
import type { ShardContext } from "../platform/context";
import { payments, refunds } from "./payments.schema";

/** A processor transfer as a settlement lists it: the sale, reversal or adjustment, and what it points back to. */
export type SettledTransfer = { id: string; idempotencyId: string | null; parentTransferId: string | null };

/** What a settled transfer is in the tenant's ledger: its payment (and refund), when it is one of the tenant's. */
export type LedgerEntry = { lcPaymentId: string; orderRef: string | null; lcRefundId: string | null };

/**
 * Matches settled transfers to the tenant's payments and refunds: a sale by its transfer id (or the payment id it
 * was created with as `idempotency_id`), a reversal or a fee credit by its refund, a dispute's movement by the sale
 * it points back to. Only this tenant's rows match; a settlement of any size is two statements (`boundList`).
 */
export async function ledgerEntriesForTransfers({
  ctx,
  input: { tenantId, transfers },
}: {
  ctx: ShardContext;
  input: { tenantId: string; transfers: SettledTransfer[] };
}): Promise<Map<string, LedgerEntry>> {
  const { db } = ctx;
  const transferIds = transfers.map((transfer) => transfer.id);
  const saleIds = transfers.flatMap((transfer) => [transfer.id, ...(transfer.parentTransferId ? [transfer.parentTransferId] : [])]);
  const idempotencyIds = transfers.flatMap((transfer) => (transfer.idempotencyId ? [transfer.idempotencyId.replace(/_fee$/, "")] : []));
  const sales = await db
    .select({ id: payments.id, orderRef: payments.orderRef, processorTransferId: payments.processorTransferId })
    .from(payments)
    .where(
      and(
        eq(payments.tenantId, tenantId),
        or(inArray(payments.processorTransferId, boundList(saleIds)), inArray(payments.id, boundList(idempotencyIds))),
      ),
    )
    .all();
  const refundRows = await db
    .select({
      id: refunds.id,
      paymentId: refunds.paymentId,
      orderRef: payments.orderRef,
      processorReversalId: refunds.processorReversalId,
      processorFeeAdjustmentId: refunds.processorFeeAdjustmentId,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      and(
        eq(refunds.tenantId, tenantId),
        or(
          inArray(refunds.id, boundList(idempotencyIds)),
          inArray(refunds.processorReversalId, boundList(transferIds)),
          inArray(refunds.processorFeeAdjustmentId, boundList(transferIds)),
        ),
      ),
    )
    .all();
  // Each row under every id a transfer can name it by, so a settlement of any size is matched in one pass.
  const refundBy = new Map<string, (typeof refundRows)[number]>();
  for (const row of refundRows) {
    for (const id of [row.id, row.processorReversalId, row.processorFeeAdjustmentId]) if (id) refundBy.set(id, row);
  }
  const saleBy = new Map<string, (typeof sales)[number]>();
  for (const row of sales) {
    saleBy.set(row.id, row);
    if (row.processorTransferId) saleBy.set(row.processorTransferId, row);
  }
  const entries = new Map<string, LedgerEntry>();
  for (const transfer of transfers) {
    const refund =
      refundBy.get(transfer.id) ?? (transfer.idempotencyId ? refundBy.get(transfer.idempotencyId.replace(/_fee$/, "")) : undefined);
    if (refund) {
      entries.set(transfer.id, { lcPaymentId: refund.paymentId, orderRef: refund.orderRef, lcRefundId: refund.id });
      continue;
    }
    const sale =
      saleBy.get(transfer.id) ??
      (transfer.parentTransferId ? saleBy.get(transfer.parentTransferId) : undefined) ??
      (transfer.idempotencyId ? saleBy.get(transfer.idempotencyId) : undefined);
    if (sale) entries.set(transfer.id, { lcPaymentId: sale.id, orderRef: sale.orderRef, lcRefundId: null });
  }
  return entries;
}
