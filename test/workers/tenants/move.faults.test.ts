/**
 * A move is resumable after a crash at any step: each step is one bounded batch saved in the control database after
 * its writes, so a Worker dying in the middle of one (its writes done, its progress not saved; or nothing done) leaves
 * a move the next call finishes with every row intact, once.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createContext } from "../../../src/context";
import { payments as paymentRows } from "../../../src/payments/payments.schema";
import { shardD1 } from "../../../src/placement/shards";
import { tenantFences } from "../../../src/placement/tenant-fences.schema";
import type { TenantMoveRecord } from "../../../src/placement/tenant-moves.schema";
import { runScheduledSweeps } from "../../../src/scheduled";
import { findMove, type MoveDatabases, moveStep, startMove } from "../../../src/tenant-moves/move.service";
import { SHARD_TABLES } from "../../../src/tenant-moves/shard-tables";
import { shardDb } from "../support/db";
import { call, expectProblem, PROBE } from "../support/http";
import { moveToEnd, otherShardInRegion, rowsOn } from "../support/moves";
import { lookup, type Payment, refund } from "../support/payments";
import { cardToken, charge, chargeableTenant, chargeBody } from "../support/sandbox";
import { tenantShardBinding } from "../support/shards";

/** A D1 database whose batches are written and then the Worker dies, before the step can save its progress. */
function crashingAfterWrites(d1: D1Database): D1Database {
  return new Proxy(d1, {
    get(target, property) {
      if (property === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          await target.batch(statements);
          throw new Error("crash after the batch was written");
        };
      }
      const value = Reflect.get(target, property) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** A D1 database the Worker dies on before it reads or writes anything. */
function crashingAtOnce(d1: D1Database): D1Database {
  return new Proxy(d1, {
    get() {
      throw new Error("crash before the step read anything");
    },
  });
}

/** A tenant with payments, a refund, callbacks and a reader: rows in many tables. */
async function busyTenant(name: string) {
  const tenant = await chargeableTenant(name);
  const payments: Payment[] = [];
  for (let n = 0; n < 3; n++)
    payments.push(await (await charge(tenant.auth, chargeBody(await cardToken(), { amountCents: 3_000 + n }))).json<Payment>());
  expect((await refund(tenant.auth, payments[0]!.lcPaymentId, { amountCents: 500 })).status).toBe(200);
  return { ...tenant, payments };
}

async function advanceUntil(ctx: ReturnType<typeof createContext>, move: TenantMoveRecord, databases: MoveDatabases, step: string) {
  let current = move;
  for (let n = 0; current.step !== step; n++) {
    if (n > 500) throw new Error(`never reached ${step}`);
    const outcome = await moveStep({ ctx, input: { move: current, databases } });
    if (outcome.waitMs > 0) await new Promise((resolve) => setTimeout(resolve, outcome.waitMs));
    current = outcome.move;
  }
  return current;
}

describe("a move crashed at each step, then resumed", () => {
  it.each([
    ["copy", crashingAfterWrites],
    ["compare", crashingAtOnce],
    ["catch-up", crashingAfterWrites],
    ["delta", crashingAfterWrites],
    ["verify", crashingAtOnce],
    ["delete", crashingAfterWrites],
  ] as const)("finishes after a crash in %s with every row on the target once and none on the source", async (step, crash) => {
    const tenant = await busyTenant(`Crash in ${step}`);
    const from = await tenantShardBinding(tenant.tenantId);
    const to = await otherShardInRegion(tenant.tenantId);
    const before = await rowsOn(from, tenant.tenantId);
    const ctx = createContext(env);
    const databases = { source: shardD1(env, from), target: shardD1(env, to) };
    let started = await startMove({ ctx, input: { tenantId: tenant.tenantId, to, allowCrossRegion: false } });
    // A payment changed after its copy, so the catch-up, the delta or the verification has a row to read when it crashes:
    // by the live tenant, or by a request routed before the pause, its write landing before the drain raises the fence.
    const changedBefore = { "catch-up": "compare", delta: "drain", verify: "drain" }[step as string];
    if (changedBefore) {
      started = await advanceUntil(ctx, started, databases, changedBefore);
      await shardDb(shardD1(env, from))
        .update(paymentRows)
        .set({ orderRef: "changed-after-its-copy" })
        .where(eq(paymentRows.id, tenant.payments[1]!.lcPaymentId));
    }
    let at = await advanceUntil(ctx, started, databases, step);
    // Into a table with rows of the tenant, so the crash lands after a batch of real rows was written.
    const wanted = Object.keys(before);
    const order = step === "delete" ? [...SHARD_TABLES].reverse() : SHARD_TABLES;
    if (crash === crashingAfterWrites && (step === "copy" || step === "delete")) {
      while (!wanted.includes(order[at.tableIndex]!.name)) at = (await moveStep({ ctx, input: { move: at, databases } })).move;
    }
    const crashed =
      step === "delete"
        ? { source: crash(databases.source), target: databases.target }
        : { source: databases.source, target: crash(databases.target) };

    await expect(moveStep({ ctx, input: { move: at, databases: crashed } })).rejects.toThrow(/crash/);
    const after = (await findMove(ctx, tenant.tenantId))!;
    expect({ step: after.step, tableIndex: after.tableIndex, cursor: after.cursor }).toEqual({
      step: at.step,
      tableIndex: at.tableIndex,
      cursor: at.cursor,
    });

    const finished = await moveToEnd(tenant.tenantId, to);
    expect(finished.step).toBe("done");
    for (const table of finished.tables) expect(table.sourceChecksum, table.table).toBe(table.targetChecksum);
    expect(await tenantShardBinding(tenant.tenantId)).toBe(to);
    expect(await rowsOn(to, tenant.tenantId)).toEqual(before);
    expect(await rowsOn(from, tenant.tenantId)).toEqual({});
    for (const payment of tenant.payments) expect((await lookup(tenant.auth, payment.lcPaymentId)).lcPaymentId).toBe(payment.lcPaymentId);
    if (changedBefore) {
      const row = await shardDb(shardD1(env, to)).query.payments.findFirst({
        columns: { orderRef: true },
        where: eq(paymentRows.id, tenant.payments[1]!.lcPaymentId),
      });
      expect(row).toEqual({ orderRef: "changed-after-its-copy" });
    }
  });

  it("is finished by the cron when its driver dies while the tenant is paused, the tenant answering 503 until then", async () => {
    const tenant = await busyTenant("Driver died in the drain");
    const from = await tenantShardBinding(tenant.tenantId);
    const to = await otherShardInRegion(tenant.tenantId);
    const before = await rowsOn(from, tenant.tenantId);
    const ctx = createContext(env);
    const databases = { source: shardD1(env, from), target: shardD1(env, to) };
    const started = await startMove({ ctx, input: { tenantId: tenant.tenantId, to, allowCrossRegion: false } });
    await advanceUntil(ctx, started, databases, "drain");
    const paused = await call(PROBE, { headers: tenant.auth });
    await expectProblem(paused, 503, "tenant-moving");

    await runScheduledSweeps(env);

    expect((await findMove(ctx, tenant.tenantId))!.step).toBe("done");
    expect(await tenantShardBinding(tenant.tenantId)).toBe(to);
    expect(await rowsOn(to, tenant.tenantId)).toEqual(before);
    expect(await rowsOn(from, tenant.tenantId)).toEqual({});
    expect((await call(PROBE, { headers: tenant.auth })).status).toBe(404);
  });

  // The fence refuses every write of the tenant on the source, so only the target can differ: a write behind the move's
  // back there (a fault no request can make) to a row changed since the pause stands for whatever keeps the sides apart.
  it(
    "ends the pause after verifications keep differing, writes resumed on the source, catches up again, and then finishes",
    { timeout: 30_000 },
    async () => {
      const tenant = await busyTenant("Written Behind The Pause");
      const from = await tenantShardBinding(tenant.tenantId);
      const to = await otherShardInRegion(tenant.tenantId);
      const ctx = createContext(env);
      const databases = { source: shardD1(env, from), target: shardD1(env, to) };
      let move = await startMove({ ctx, input: { tenantId: tenant.tenantId, to, allowCrossRegion: false } });
      // Changed by a request routed before the pause, landing before the drain raises the fence: a row the pause verifies.
      move = await advanceUntil(ctx, move, databases, "drain");
      const [source, target] = [shardDb(databases.source), shardDb(databases.target)];
      const firstPayment = eq(paymentRows.id, tenant.payments[0]!.lcPaymentId);
      await source.update(paymentRows).set({ orderRef: "changed-before-the-fence" }).where(firstPayment);
      const writeBehindTheMove = (orderRef: string) => target.update(paymentRows).set({ orderRef }).where(firstPayment);
      const fenceOnSource = async () =>
        (await source.query.tenantFences.findFirst({ where: eq(tenantFences.tenantId, tenant.tenantId) }))?.state;

      for (let failure = 1; failure <= 3; failure++) {
        move = await advanceUntil(ctx, move, databases, "verify");
        expect(await fenceOnSource()).toBe("paused");
        await writeBehindTheMove(`behind-${failure}`);
        while (move.step === "verify") move = (await moveStep({ ctx, input: { move, databases } })).move;
        expect(move.lastError).toMatch(/^verify: differs in payments/);
      }

      expect(move).toMatchObject({ step: "catch-up", pausedAt: null, verifyFailures: 0 });
      expect(move.lastError).toMatch(/writes resumed, catching up again$/);
      expect(await fenceOnSource()).toBe("capturing");
      expect((await call(PROBE, { headers: tenant.auth })).status).toBe(404);
      expect((await moveToEnd(tenant.tenantId, to)).step).toBe("done");
      const row = await target.query.payments.findFirst({ columns: { orderRef: true }, where: firstPayment });
      expect(row).toEqual({ orderRef: "changed-before-the-fence" });
    },
  );
});
