import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { MAX_CHECK_INTERVAL_MS, RECONCILE_AFTER_MS } from "../../../src/payments/check-schedule";
import { payments } from "../../../src/payments/payments.schema";
import { CHECKS_PER_RUN, reconcileLedger } from "../../../src/payments/reconciliation";
import { rowsOnEveryShard, shardOf } from "../support/db";
import { ADMIN_HEADERS, call, expectProblem, tenantWithKey } from "../support/http";
import { paymentId } from "../support/ledger";
import { lookup } from "../support/payments";
import { cardToken, charge, chargeableTenant, chargeBody, control } from "../support/sandbox";
import { insertRows, paymentRow } from "../support/seed";
import { shardContexts } from "../support/shards";

const MINUTE = 60_000;
/**
 * The sweep's cap here: a tenth of the deployed one, with a tenth of the rows, is the same schedule at a tenth of the
 * processor calls.
 */
const TEST_CHECKS_PER_RUN = CHECKS_PER_RUN / 10;
const sweepAt = (nowMs: number) =>
  Promise.all(shardContexts({ nowMs }).map((ctx) => reconcileLedger({ ctx, input: { checksPerRun: TEST_CHECKS_PER_RUN } })));

/**
 * Long-pending ACH debits as the sweep finds them after a while: `processing`, checked many times, their next checks
 * spread over the coming hour (the backoff's cap). Their transfers are unknown to the processor, so every look at one
 * is a processor call that settles nothing. Their ids run opposite to their next checks, so only the due order takes
 * the earliest first. Returns their ids, earliest due first.
 */
async function seedLongPending(tenantId: string, count: number, prefix: string, firstDueMs: number, spreadMs: number) {
  const rows = Array.from({ length: count }, (_, i) =>
    paymentRow({
      id: paymentId(i, prefix),
      tenantId,
      idempotencyKey: `${prefix}-${i}`,
      status: "processing",
      method: "ach",
      amountCents: 1000,
      orderRef: `order-${i}`,
      processorTransferId: `TR${prefix}${String(i).padStart(8, "0")}`,
      processorState: "PENDING",
      nextCheckAt: new Date(firstDueMs + Math.floor(((count - 1 - i) * spreadMs) / count)).toISOString(),
      checkAttempts: 10,
      createdAt: "2026-01-01T00:00:00.000Z",
    }),
  );
  await insertRows(await shardOf(tenantId), payments, rows);
  return rows.toSorted((a, b) => a.nextCheckAt!.localeCompare(b.nextCheckAt!)).map((row) => row.id);
}

const checkState = async (prefix: string) =>
  rowsOnEveryShard((db) =>
    db
      .select({ id: payments.id, attempts: payments.checkAttempts, next: payments.nextCheckAt })
      .from(payments)
      .where(like(payments.id, `lcpay_${prefix}%`)),
  );

/**
 * A card charge whose answer was lost with the lookup down: `processing` in the ledger, SUCCEEDED at the processor. A
 * backlog is seeded on its tenant, so on the shard whose sweep must take it.
 */
async function stuckCharge() {
  const { auth, tenantId } = await chargeableTenant();
  await control("fault", { operation: "POST /transfers", kind: "drop-after", times: 1 });
  await control("fault", { operation: "GET /transfers", kind: "error", times: 1 });
  await expectProblem(await charge(auth, chargeBody(await cardToken())), 502, "processor-error");
  const { id } = (await (
    await shardOf(tenantId)
  ).query.payments.findFirst({ columns: { id: true }, where: eq(payments.tenantId, tenantId) }))!;
  expect((await lookup(auth, id)).status).toBe("processing");
  return { auth, id, tenantId, createdMs: Date.now() };
}

describe("the reconciliation sweep's schedule", () => {
  it("looks at a newly stuck charge on time although more long-pending debits are waiting than three runs take", async () => {
    const stuck = await stuckCharge();
    await seedLongPending(stuck.tenantId, 100, "starve", Date.now() - MINUTE, MAX_CHECK_INTERVAL_MS);
    await sweepAt(stuck.createdMs + RECONCILE_AFTER_MS + 1000);
    expect((await lookup(stuck.auth, stuck.id)).status).toBe("succeeded");
  });

  it("waits longer after each look that settles nothing: 2 minutes after creation, then 1, 2, 4 … minutes, at most an hour", async () => {
    const { auth, tenantId } = await chargeableTenant();
    // The processor never received this charge (the lookup finds nothing), so each look settles nothing.
    await control("fault", { operation: "POST /transfers", kind: "error", times: 1 });
    await expectProblem(await charge(auth, chargeBody(await cardToken())), 502, "processor-error");
    const row = async () =>
      (await (
        await shardOf(tenantId)
      ).query.payments.findFirst({
        columns: { nextCheckAt: true, checkAttempts: true },
        where: eq(payments.tenantId, tenantId),
      }))!;
    let due = Date.parse((await row()).nextCheckAt!);
    const gaps: number[] = [];
    for (let look = 1; look <= 5; look++) {
      await sweepAt(due);
      const next = Date.parse((await row()).nextCheckAt!);
      gaps.push(Math.round((next - due) / MINUTE));
      due = next;
    }
    expect(gaps).toEqual([1, 2, 4, 8, 16]);
    expect((await row()).checkAttempts).toBe(5);
  });

  it("re-checks every one of 1,000 long-pending rows at 30 a run within the hour's cap, earliest due first, and a new stuck charge at its first check", async () => {
    const backlog = 1000;
    const stuck = await stuckCharge();
    const start = Date.now();
    // Two minutes' worth are overdue at the first run, more than it takes: it takes the earliest due.
    const dueOrder = await seedLongPending(stuck.tenantId, backlog, "bound", start - 2 * MINUTE, MAX_CHECK_INTERVAL_MS);
    const firstCheck = stuck.createdMs + RECONCILE_AFTER_MS;
    let settledAt: number | null = null;
    // One cron run a minute for an hour and a minute.
    for (let minute = 0; minute <= 61; minute++) {
      const now = start + minute * MINUTE;
      await sweepAt(now);
      if (minute === 0) {
        const looked = (await checkState("bound")).filter((r) => r.attempts === 11).map((r) => r.id);
        expect(looked.toSorted()).toEqual(dueOrder.slice(0, TEST_CHECKS_PER_RUN).toSorted());
      }
      if (settledAt === null && (await lookup(stuck.auth, stuck.id)).status === "succeeded") settledAt = now;
    }
    expect(settledAt).not.toBeNull();
    expect(settledAt! - firstCheck).toBeLessThan(MINUTE);
    const rows = await checkState("bound");
    expect(rows).toHaveLength(backlog);
    // Every row was looked at within the hour (attempts 10 → 11); those looked at in the first minutes came due again an hour later.
    expect(rows.filter((r) => r.attempts < 11)).toEqual([]);
    expect(rows.filter((r) => r.attempts > 12)).toEqual([]);
    const latest = Math.max(...rows.map((r) => Date.parse(r.next!)));
    expect(latest).toBeLessThanOrEqual(start + 61 * MINUTE + MAX_CHECK_INTERVAL_MS);
    // The deployed cap's hour covers ten times the rows, at the same ratio of rows to checks.
    expect(TEST_CHECKS_PER_RUN * (MAX_CHECK_INTERVAL_MS / MINUTE)).toBeGreaterThanOrEqual(backlog);
    expect(CHECKS_PER_RUN * (MAX_CHECK_INTERVAL_MS / MINUTE)).toBeGreaterThanOrEqual(10 * backlog);
  }, 120_000);

  it("shows the operator its backlog: counts, due rows, the oldest, the next check", async () => {
    const tenant = await tenantWithKey();
    const now = Date.now();
    await seedLongPending(tenant.tenantId, 30, "backlog", now - 5 * MINUTE, 10 * MINUTE);
    const response = await call("/admin/payments/reconciliation", { headers: ADMIN_HEADERS });
    expect(response.status).toBe(200);
    const backlog = await response.json<{
      processingPayments: { count: number; due: number; oldestCreatedAtUtc: string; nextCheckAtUtc: string };
    }>();
    expect(backlog.processingPayments.count).toBeGreaterThanOrEqual(30);
    expect(backlog.processingPayments.due).toBeGreaterThanOrEqual(15);
    expect(Date.parse(backlog.processingPayments.nextCheckAtUtc)).toBeLessThanOrEqual(now - 5 * MINUTE);
    expect(backlog.processingPayments.oldestCreatedAtUtc <= "2026-01-01T00:00:00.000Z").toBe(true);
    await expectProblem(await call("/admin/payments/reconciliation", { headers: tenant.auth }), 401, "unauthorized");
  });
});
