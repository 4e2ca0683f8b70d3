// Operator reports that span tenants read every shard: their totals, order and limits are the platform's, not the
// first shard's.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createContext } from "../../../src/context";
import { refunds } from "../../../src/payments/payments.schema";
import { shardD1, shardsOf } from "../../../src/placement/shards";
import { startMove } from "../../../src/tenant-moves/move.service";
import { shardDb, shardOf } from "../support/db";
import { ADMIN_HEADERS, call, createTenant, expectProblem } from "../support/http";
import { paymentId, seedPayments } from "../support/ledger";
import { advanceMoveUntil, fenceOn, moveToEnd } from "../support/moves";
import { insertRows, refundRow } from "../support/seed";
import { tenantOnAnotherShard, tenantShardBinding } from "../support/shards";

type FeeCredit = { lcRefundId: string; tenantId: string; status: string; updatedAtUtc: string };
type Queue = { count: number; due: number; oldestCreatedAtUtc: string | null; nextCheckAtUtc: string | null };
type Backlog = { processingPayments: Queue; failedFeeCredits: { count: number; oldestUpdatedAtUtc: string | null } };

const at = (minute: number) => `2026-11-01T10:${String(minute).padStart(2, "0")}:00.000Z`;

/** Two tenants whose data lives on two different shards. */
async function tenantsOnTwoShards() {
  const first = { tenantId: (await createTenant("First Shard Co")).id };
  const second = await tenantOnAnotherShard(await tenantShardBinding(first.tenantId), async () => ({
    tenantId: (await createTenant("Second Shard Co")).id,
  }));
  return [first.tenantId, second.tenantId] as const;
}

/** A paid payment with a refund whose fee credit was given up at `updatedAt`; `feeReturned` marks the fee as returned since. */
async function givenUpFeeCredit(tenantId: string, n: number, updatedAt: string, { feeReturned = false } = {}) {
  const lcPaymentId = paymentId(n, "report");
  await seedPayments(tenantId, [
    { id: lcPaymentId, status: "succeeded", amountCents: 5000, createdAt: at(0), applicationFeeRefundedCents: feeReturned ? 10 : 0 },
  ]);
  const refundId = `lcref_report${String(n).padStart(8, "0")}`;
  await insertRows(await shardOf(tenantId), refunds, [
    refundRow({
      id: refundId,
      tenantId,
      paymentId: lcPaymentId,
      status: "succeeded",
      amountCents: 5000,
      refundApplicationFee: true,
      applicationFeeRefundCents: 10,
      feeCreditStatus: "failed",
      feeCreditFailureCode: "INVALID_FIELD",
      createdAt: updatedAt,
    }),
  ]);
  return refundId;
}

/** A charge whose outcome the reconciliation sweep has yet to learn, created at `createdAt`. */
async function processingPayment(tenantId: string, n: number, createdAt: string) {
  const lcPaymentId = paymentId(n, "pending");
  await seedPayments(tenantId, [{ id: lcPaymentId, status: "processing", amountCents: 1000, createdAt, nextCheckAt: createdAt }]);
}

const adminGet = async <T>(path: string) => {
  const response = await call(path, { headers: ADMIN_HEADERS });
  expect(response.status).toBe(200);
  return response.json<T>();
};

describe("operator reports across shards", () => {
  it("lists fee credits of every shard, most recently changed first, the limit counted over all of them", async () => {
    const [first, second] = await tenantsOnTwoShards();
    const oldest = await givenUpFeeCredit(first, 1, at(1));
    const older = await givenUpFeeCredit(second, 2, at(2));
    const newer = await givenUpFeeCredit(first, 3, at(3));
    const newest = await givenUpFeeCredit(second, 4, at(4));
    // Changed at the same instant as the newest: the larger id comes first, as on one shard.
    const tied = await givenUpFeeCredit(first, 7, at(4));

    const all = await adminGet<{ data: FeeCredit[] }>("/admin/payments/fee-credits?status=failed");
    expect(all.data.map((credit) => [credit.lcRefundId, credit.tenantId])).toEqual([
      [tied, first],
      [newest, second],
      [newer, first],
      [older, second],
      [oldest, first],
    ]);
    const firstThree = await adminGet<{ data: FeeCredit[] }>("/admin/payments/fee-credits?status=failed&limit=3");
    expect(firstThree.data.map((credit) => credit.lcRefundId)).toEqual([tied, newest, newer]);

    const backlog = await adminGet<Backlog>("/admin/payments/reconciliation");
    expect(backlog.failedFeeCredits).toEqual({ count: 5, oldestUpdatedAtUtc: at(1) });
  });

  it("sums the reconciliation backlog of every shard, with the oldest row and next check of all", async () => {
    const [first, second] = await tenantsOnTwoShards();
    await processingPayment(first, 1, at(20));
    await processingPayment(second, 2, at(10));
    await processingPayment(second, 3, at(30));

    const backlog = await adminGet<Backlog>("/admin/payments/reconciliation");
    expect(backlog.processingPayments).toEqual({ count: 3, due: 3, oldestCreatedAtUtc: at(10), nextCheckAtUtc: at(10) });
  });

  it("retries a fee credit on the shard that holds its refund; an unknown refund is a 404", async () => {
    const [first, second] = await tenantsOnTwoShards();
    await givenUpFeeCredit(first, 5, at(5));
    const returned = await givenUpFeeCredit(second, 6, at(6), { feeReturned: true });

    // The payment on the second shard has returned its whole fee: the retry is refused there, the credit stays given up.
    const retried = await call(`/admin/payments/fee-credits/${returned}/retry`, { method: "POST", headers: ADMIN_HEADERS });
    expect(retried.status).toBe(409);
    expect(await retried.json()).toMatchObject({ detail: expect.stringContaining("already returned") });
    const { data } = await adminGet<{ data: FeeCredit[] }>("/admin/payments/fee-credits?status=failed");
    expect(data.find((credit) => credit.lcRefundId === returned)).toMatchObject({ tenantId: second, status: "failed" });

    await expectProblem(
      await call("/admin/payments/fee-credits/lcref_report99999999/retry", { method: "POST", headers: ADMIN_HEADERS }),
      404,
      "not-found",
    );
  });
});

describe("operator reports while a tenant moves", () => {
  it("count a tenant once through its move's copy, pause and flip, and retry its fee credit only where it is live", async () => {
    const [source, target] = shardsOf(env)
      .filter((shard) => shard.region === env.DEFAULT_REGION)
      .map((shard) => shard.binding) as [string, string];
    const { id: tenantId } = await createTenant("Moving Reports Co");
    if ((await tenantShardBinding(tenantId)) !== source) await moveToEnd(tenantId, source);
    const refundId = await givenUpFeeCredit(tenantId, 40, at(40));
    await processingPayment(tenantId, 41, at(41));
    const retry = () => call(`/admin/payments/fee-credits/${refundId}/retry`, { method: "POST", headers: ADMIN_HEADERS });
    const counted = async () => {
      const backlog = await adminGet<Backlog>("/admin/payments/reconciliation");
      const { data } = await adminGet<{ data: FeeCredit[] }>("/admin/payments/fee-credits?status=failed&limit=100");
      return {
        failedFeeCredits: backlog.failedFeeCredits.count,
        processingPayments: backlog.processingPayments.count,
        listed: data.filter((credit) => credit.lcRefundId === refundId).length,
      };
    };
    const before = await counted();
    expect(before.listed).toBe(1);
    const ctx = createContext(env);
    const databases = { source: shardD1(env, source), target: shardD1(env, target) };
    let move = await startMove({ ctx, input: { tenantId, to: target, allowCrossRegion: false } });

    // Copying, its refunds already on the target too: live on the source only.
    move = await advanceMoveUntil(ctx, move, databases, (at) => (at.tally.refunds?.copied ?? 0) > 0);
    expect(await counted()).toEqual(before);

    // Paused: both sides whole, the map still names the source; the retry writes, so it waits for the move.
    move = await advanceMoveUntil(ctx, move, databases, (at) => at.step === "delta");
    expect(await counted()).toEqual(before);
    await expectProblem(await retry(), 503, "tenant-moving");

    // Flipped, the source not emptied yet: the target is the tenant's, and the retry acts there.
    await advanceMoveUntil(ctx, move, databases, (at) => at.step === "delete");
    expect(await counted()).toEqual(before);
    expect((await retry()).status).toBe(200);
    const attemptsOn = async (d1: D1Database) =>
      (await shardDb(d1).query.refunds.findFirst({ where: eq(refunds.id, refundId) }))?.checkAttempts;
    expect([await attemptsOn(databases.target), await attemptsOn(databases.source)]).toEqual([1, 0]);

    await moveToEnd(tenantId, target);
  }, 60_000);

  it("sends a retried fee credit at once while the tenant's move records its writes on the source", async () => {
    const [source, target] = shardsOf(env)
      .filter((shard) => shard.region === env.DEFAULT_REGION)
      .map((shard) => shard.binding) as [string, string];
    const { id: tenantId } = await createTenant("Captured Credit Co");
    if ((await tenantShardBinding(tenantId)) !== source) await moveToEnd(tenantId, source);
    const refundId = await givenUpFeeCredit(tenantId, 42, at(42));
    const ctx = createContext(env);
    const databases = { source: shardD1(env, source), target: shardD1(env, target) };
    const move = await startMove({ ctx, input: { tenantId, to: target, allowCrossRegion: false } });
    await advanceMoveUntil(ctx, move, databases, (step) => step.tableIndex > 0);
    expect(await fenceOn(source, tenantId)).toBe("capturing");

    const retried = await call(`/admin/payments/fee-credits/${refundId}/retry`, { method: "POST", headers: ADMIN_HEADERS });

    expect(retried.status).toBe(200);
    // Attempted by the retry itself, not left to the sweep: the change log's entry of the reservation changes nothing.
    const attempts = await shardDb(databases.source).query.refunds.findFirst({ where: eq(refunds.id, refundId) });
    expect(attempts?.checkAttempts).toBe(1);
    await moveToEnd(tenantId, target);
  }, 60_000);
});
