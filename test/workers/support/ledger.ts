import { env } from "cloudflare:workers";

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
  const statements = rows.map((row) =>
    env.DB.prepare(
      `INSERT INTO payments (id, tenant_id, idempotency_key, status, method, amount_cents, currency, application_fee_cents,
         amount_refunded_cents, order_ref, processor_merchant_id, processor_transfer_id, processor_state, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, 'USD', 10, ?, ?, 'MUseeded', ?, 'SUCCEEDED', ?, ?)`,
    ).bind(
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
  await env.DB.batch(statements);
}

export function paymentId(n: number, prefix = "seed"): string {
  return `lcpay_${prefix}${String(n).padStart(8, "0")}`;
}
