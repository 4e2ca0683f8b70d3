import { tenantD1 } from "./shards";

type SeededPayment = {
  id: string;
  status: string;
  amountCents: number;
  createdAt: string;
  amountRefundedCents?: number;
  method?: string;
};

/** Writes ledger rows directly, for tests of reads and guards that must not depend on the processor. */
export async function seedPayments(tenantId: string, rows: SeededPayment[]): Promise<void> {
  const db = await tenantD1(tenantId);
  const statements = rows.map((row) =>
    db
      .prepare(
        `INSERT INTO payments (id, tenant_id, idempotency_key, status, method, amount_cents, currency, application_fee_cents,
         amount_refunded_cents, order_ref, processor_merchant_id, processor_transfer_id, processor_state, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, 'USD', 10, ?, ?, 'MUseeded', ?, 'SUCCEEDED', ?, ?)`,
      )
      .bind(
        row.id,
        tenantId,
        `seed-${row.id}`,
        row.status,
        row.method ?? "card",
        row.amountCents,
        row.amountRefundedCents ?? 0,
        `order-${row.id}`,
        `TR${row.id.replace(/[^A-Za-z0-9]/g, "")}`,
        row.createdAt,
        row.createdAt,
      ),
  );
  await db.batch(statements);
}

export function paymentId(n: number, prefix = "seed"): string {
  return `lcpay_${prefix}${String(n).padStart(8, "0")}`;
}

/** A dispute row on a seeded payment, as the processor's dispute.created would leave it. */
export async function seedDispute(tenantId: string, paymentId: string): Promise<string> {
  const id = `lcdsp_seed${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}`;
  const now = new Date().toISOString();
  await (
    await tenantD1(tenantId)
  )
    .prepare(
      `INSERT INTO disputes (id, tenant_id, payment_id, order_ref, processor_dispute_id, processor_transfer_id, processor_merchant_id,
       amount_cents, currency, reason, state, response_state, respond_by, processor_updated_at, change_token, synced_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, 'MUseeded', 5000, 'USD', 'fraud', 'open', 'needs_response', ?, ?, 'seed', ?, ?, ?)`,
    )
    .bind(
      id,
      tenantId,
      paymentId,
      `order-${paymentId}`,
      `DI${id.slice(6)}`,
      `TR${paymentId.replace(/[^A-Za-z0-9]/g, "")}`,
      "2099-01-01T00:00:00.000Z",
      now,
      now,
      now,
      now,
    )
    .run();
  return id;
}

/** A paid payout row, as a synced settlement would leave it. */
export async function seedPayout(tenantId: string): Promise<string> {
  const id = `lcpo_seed${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}`;
  const now = new Date().toISOString();
  await (
    await tenantD1(tenantId)
  )
    .prepare(
      `INSERT INTO payouts (id, tenant_id, processor_settlement_id, processor_merchant_id, status, processor_status, gross_cents, fees_cents,
       net_cents, currency, payment_count, processor_updated_at, synced_at, created_at, updated_at)
     VALUES (?, ?, ?, 'MUseeded', 'paid', 'APPROVED', 5000, 80, 4920, 'USD', 1, ?, ?, ?, ?)`,
    )
    .bind(id, tenantId, `ST${id.slice(5)}`, now, now, now, now)
    .run();
  return id;
}
