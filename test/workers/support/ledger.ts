import { disputes } from "../../../src/disputes/disputes.schema";
import { payments } from "../../../src/payments/payments.schema";
import { payouts } from "../../../src/payouts/payouts.schema";
import { shardOf } from "./db";
import { disputeRow, insertRows, paymentRow, payoutRow } from "./seed";

/** A seeded payment: what its test is about, the rest as paymentRow fills it. */
type SeededPayment = Omit<Parameters<typeof paymentRow>[0], "tenantId"> & { createdAt: string };

/** Writes ledger rows directly, for tests of reads and guards that must not depend on the processor. */
export async function seedPayments(tenantId: string, rows: SeededPayment[]): Promise<void> {
  await insertRows(
    await shardOf(tenantId),
    payments,
    rows.map((row) =>
      paymentRow({
        ...row,
        tenantId,
        orderRef: `order-${row.id}`,
        processorTransferId: `TR${row.id.replace(/[^A-Za-z0-9]/g, "")}`,
        processorState: "SUCCEEDED",
      }),
    ),
  );
}

export function paymentId(n: number, prefix = "seed"): string {
  return `lcpay_${prefix}${String(n).padStart(8, "0")}`;
}

/** Dispute rows on seeded payments, one each, as the processor's dispute.created would leave them; their ids in order. */
export async function seedDisputes(tenantId: string, paymentIds: string[]): Promise<string[]> {
  const rows = paymentIds.map((paymentId) =>
    disputeRow({
      id: `lcdsp_seed${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}`,
      tenantId,
      paymentId,
      orderRef: `order-${paymentId}`,
    }),
  );
  await insertRows(await shardOf(tenantId), disputes, rows);
  return rows.map((row) => row.id);
}

/** A dispute row on a seeded payment (see seedDisputes). */
export const seedDispute = async (tenantId: string, paymentId: string): Promise<string> => (await seedDisputes(tenantId, [paymentId]))[0]!;

/** A paid payout row, as a synced settlement would leave it. */
export async function seedPayout(tenantId: string): Promise<string> {
  const id = `lcpo_seed${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}`;
  await insertRows(await shardOf(tenantId), payouts, [payoutRow({ id, tenantId, paymentCount: 1 })]);
  return id;
}
