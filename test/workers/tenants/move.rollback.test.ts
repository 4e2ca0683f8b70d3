/**
 * The operator's way back from a move before its flip (`POST /admin/tenants/{tenantId}/move/cancel`): the tenant ends
 * wholly on its source, serving, its fences lifted, with nothing of it left on the target; a rollback crashed half-way
 * is finished by the cron, a late batch of the cancelled copy is deleted too, and after the flip the move only goes on.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createContext } from "../../../src/context";
import { payments as paymentRows } from "../../../src/payments/payments.schema";
import { shardD1 } from "../../../src/placement/shards";
import type { TenantMoveRecord } from "../../../src/placement/tenant-moves.schema";
import { runScheduledSweeps } from "../../../src/scheduled";
import { cancelMove, findMove, type MoveDatabases, moveStep, startMove } from "../../../src/tenant-moves/move.service";
import { SHARD_TABLES } from "../../../src/tenant-moves/shard-tables";
import { tenantChanges } from "../../../src/tenant-moves/tenant-changes.schema";
import { shardDb } from "../support/db";
import { ADMIN_HEADERS, call, expectProblem, PROBE, tenantWithKey } from "../support/http";
import { fenceOn, movePath, type MoveStatus, moveToEnd, otherShardInRegion, postMove, rowsOn } from "../support/moves";
import { lookup, type Payment, refund } from "../support/payments";
import { cardToken, charge, chargeableTenant, chargeBody } from "../support/sandbox";
import { tenantShardBinding } from "../support/shards";

const cancelPath = (tenantId: string) => `${movePath(tenantId)}/cancel`;
const postCancel = (tenantId: string, headers: Record<string, string> = ADMIN_HEADERS) =>
  call(cancelPath(tenantId), { method: "POST", headers });

/** Calls the cancel route until the rollback is done, as `npm run admin -- tenant move --cancel` does. */
async function cancelToEnd(tenantId: string): Promise<MoveStatus> {
  for (let n = 0; n < 20; n++) {
    const response = await postCancel(tenantId);
    const status = (await response.json()) as MoveStatus;
    expect([200, 202], JSON.stringify(status)).toContain(response.status);
    if (response.status === 200) return status;
  }
  throw new Error(`the cancel of ${tenantId}'s move did not finish`);
}

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

/** A tenant with payments (one refunded) on its shard, and the shard in its region a move takes it to. */
async function tenantToMove(name: string) {
  const tenant = await chargeableTenant(name);
  const payments: Payment[] = [];
  for (let n = 0; n < 3; n++)
    payments.push(await (await charge(tenant.auth, chargeBody(await cardToken(), { amountCents: 4_000 + n }))).json<Payment>());
  expect((await refund(tenant.auth, payments[0]!.lcPaymentId, { amountCents: 500 })).status).toBe(200);
  const from = await tenantShardBinding(tenant.tenantId);
  const to = await otherShardInRegion(tenant.tenantId);
  return { ...tenant, payments, from, to, databases: { source: shardD1(env, from), target: shardD1(env, to) } };
}

async function advanceUntil(
  ctx: ReturnType<typeof createContext>,
  move: TenantMoveRecord,
  databases: MoveDatabases,
  stop: (move: TenantMoveRecord) => boolean,
) {
  let current = move;
  for (let n = 0; !stop(current); n++) {
    if (n > 500) throw new Error("never got there");
    const outcome = await moveStep({ ctx, input: { move: current, databases } });
    if (outcome.waitMs > 0) await new Promise((resolve) => setTimeout(resolve, outcome.waitMs));
    current = outcome.move;
  }
  return current;
}

/** The entries of the tenant's change log on one database. */
const changesOn = (d1: D1Database, tenantId: string) => shardDb(d1).$count(tenantChanges, eq(tenantChanges.tenantId, tenantId));

/**
 * The tenant wholly on its source as before the move: its rows there, none on the target, no fence or change log on
 * either, serving.
 */
async function expectWhollyOnSource(tenant: Awaited<ReturnType<typeof tenantToMove>>, before: Record<string, number>) {
  expect(await tenantShardBinding(tenant.tenantId)).toBe(tenant.from);
  // Every row it had (the cron's sweeps may have added some since, the source being live again).
  expect(await rowsOn(tenant.from, tenant.tenantId)).toMatchObject(before);
  expect(await rowsOn(tenant.to, tenant.tenantId)).toEqual({});
  expect({ source: await fenceOn(tenant.from, tenant.tenantId), target: await fenceOn(tenant.to, tenant.tenantId) }).toEqual({
    source: null,
    target: null,
  });
  expect([await changesOn(tenant.databases.source, tenant.tenantId), await changesOn(tenant.databases.target, tenant.tenantId)]).toEqual([
    0, 0,
  ]);
  expect((await call(PROBE, { headers: tenant.auth })).status).toBe(404);
  for (const payment of tenant.payments) expect((await lookup(tenant.auth, payment.lcPaymentId)).lcPaymentId).toBe(payment.lcPaymentId);
}

describe("a move cancelled before its flip", { timeout: 60_000 }, () => {
  it.each([
    ["during the copy, the tenant still writing", (move: TenantMoveRecord) => move.step === "copy" && move.tableIndex > 3],
    ["while paused, the target holding a whole copy", (move: TenantMoveRecord) => move.step === "verify"],
  ])("leaves the tenant wholly on its source, serving, with nothing of it on the target — %s", async (_, stop) => {
    const tenant = await tenantToMove("Cancelled Cannery");
    const before = await rowsOn(tenant.from, tenant.tenantId);
    const ctx = createContext(env);
    const started = await startMove({ ctx, input: { tenantId: tenant.tenantId, to: tenant.to, allowCrossRegion: false } });
    // A write of the tenant's once the copy has begun, recorded in the source's change log.
    const capturing = await advanceUntil(ctx, started, tenant.databases, (move) => move.step === "copy" && move.tableIndex > 0);
    await shardDb(tenant.databases.source)
      .update(paymentRows)
      .set({ orderRef: "written-during-the-move" })
      .where(eq(paymentRows.id, tenant.payments[1]!.lcPaymentId));
    await advanceUntil(ctx, capturing, tenant.databases, stop);
    expect(Object.keys(await rowsOn(tenant.to, tenant.tenantId)).length).toBeGreaterThan(0);
    expect(await changesOn(tenant.databases.source, tenant.tenantId)).toBeGreaterThan(0);

    const response = await postCancel(tenant.tenantId);

    expect(response.status).toBe(200);
    const cancelled = (await response.json()) as MoveStatus & { finishedAtUtc: string | null; failures: number };
    expect(cancelled).toMatchObject({ from: tenant.from, to: tenant.to, step: "cancelled", paused: false, lastError: null, failures: 0 });
    expect(cancelled.finishedAtUtc).not.toBeNull();
    await expectWhollyOnSource(tenant, before);
    const charged = await charge(tenant.auth, chargeBody(await cardToken()));
    expect(charged.status).toBe(201);
    expect(await rowsOn(tenant.from, tenant.tenantId)).toMatchObject({ payments: before.payments! + 1 });
    expect(await rowsOn(tenant.to, tenant.tenantId)).toEqual({});
    expect(await (await call(movePath(tenant.tenantId), { headers: ADMIN_HEADERS })).json()).toMatchObject({ step: "cancelled" });

    // Cancelling again changes nothing; moving again starts a fresh move, which finishes with every row.
    expect(await (await postCancel(tenant.tenantId)).json()).toMatchObject({ step: "cancelled", finishedAtUtc: cancelled.finishedAtUtc });
    const moved = await moveToEnd(tenant.tenantId, tenant.to);
    expect(moved.step).toBe("done");
    expect(await rowsOn(tenant.to, tenant.tenantId)).toMatchObject({ payments: before.payments! + 1 });
    expect(await rowsOn(tenant.from, tenant.tenantId)).toEqual({});
  });

  it("lets the writes a paused tenant was refused through at once, on the source", async () => {
    const tenant = await tenantToMove("Resumed Rotisserie");
    const ctx = createContext(env);
    const started = await startMove({ ctx, input: { tenantId: tenant.tenantId, to: tenant.to, allowCrossRegion: false } });
    await advanceUntil(ctx, started, tenant.databases, (move) => move.step === "delta");
    const token = await cardToken();
    await expectProblem(await charge(tenant.auth, chargeBody(token), "refused-while-paused"), 503, "tenant-moving");

    await cancelMove({ ctx, input: { tenantId: tenant.tenantId } });

    const retried = await charge(tenant.auth, chargeBody(token), "refused-while-paused");
    expect(retried.status).toBe(201);
    const { lcPaymentId } = await retried.json<Payment>();
    const row = await shardDb(tenant.databases.source).query.payments.findFirst({
      columns: { tenantId: true },
      where: eq(paymentRows.id, lcPaymentId),
    });
    expect(row).toEqual({ tenantId: tenant.tenantId });
    expect((await cancelToEnd(tenant.tenantId)).step).toBe("cancelled");
    expect(await rowsOn(tenant.to, tenant.tenantId)).toEqual({});
  });

  it("is finished by the cron after its driver crashed half-way, and deletes a late batch of the cancelled copy too", async () => {
    const tenant = await tenantToMove("Crashed Creamery");
    const before = await rowsOn(tenant.from, tenant.tenantId);
    const ctx = createContext(env);
    const started = await startMove({ ctx, input: { tenantId: tenant.tenantId, to: tenant.to, allowCrossRegion: false } });
    const paymentsTable = SHARD_TABLES.findIndex((table) => table.name === "payments");
    const copying = await advanceUntil(ctx, started, tenant.databases, (move) => move.step === "copy" && move.tableIndex > paymentsTable);
    // A driver that read the move before the cancel, and runs the copy's first step after the rollback emptied the
    // target: it fences both sides for a copy again and writes its first table's rows.
    const late = { ...copying, tableIndex: 0, cursor: null };

    let rollingBack = await cancelMove({ ctx, input: { tenantId: tenant.tenantId } });
    const crashed = { source: tenant.databases.source, target: crashingAfterWrites(tenant.databases.target) };
    // Stage 0 lifts the fences; stage n deletes the nth table children first: crash in the payments' batch.
    const paymentsStage = [...SHARD_TABLES].reverse().findIndex((table) => table.name === "payments") + 1;
    while (rollingBack.tableIndex < paymentsStage)
      rollingBack = (await moveStep({ ctx, input: { move: rollingBack, databases: tenant.databases } })).move;
    await expect(moveStep({ ctx, input: { move: rollingBack, databases: crashed } })).rejects.toThrow(/crash/);
    // Every table emptied: the next step is the rollback's last count.
    while (rollingBack.tableIndex <= SHARD_TABLES.length) {
      rollingBack = (await moveStep({ ctx, input: { move: rollingBack, databases: tenant.databases } })).move;
    }
    // The late batch is refused by the target's fence, or written and then found by the rollback's last count.
    const lateBatch = await moveStep({ ctx, input: { move: late, databases: tenant.databases } }).then(
      () => "written",
      () => "refused",
    );
    if (lateBatch === "written") {
      expect(await rowsOn(tenant.to, tenant.tenantId)).toEqual({ [SHARD_TABLES[0]!.name]: before[SHARD_TABLES[0]!.name] });
      expect(await fenceOn(tenant.from, tenant.tenantId)).toBe("capturing");
    }

    await runScheduledSweeps(env);

    expect((await findMove(ctx, tenant.tenantId))!).toMatchObject({ step: "cancelled", pausedAt: null, failures: 0 });
    await expectWhollyOnSource(tenant, before);
  });
});

describe("a cancel the move refuses", { timeout: 60_000 }, () => {
  it("answers 409 after the flip, when the tenant's data lives on the target: the move only goes on, to done", async () => {
    const tenant = await tenantToMove("Flipped Fishery");
    const ctx = createContext(env);
    const started = await startMove({ ctx, input: { tenantId: tenant.tenantId, to: tenant.to, allowCrossRegion: false } });
    await advanceUntil(ctx, started, tenant.databases, (move) => move.step === "delete");

    const problem = await expectProblem(await postCancel(tenant.tenantId), 409, "conflict");
    expect(problem.detail).toContain("past its flip");
    expect((await findMove(ctx, tenant.tenantId))!.step).toBe("delete");
    expect(await tenantShardBinding(tenant.tenantId)).toBe(tenant.to);

    expect((await moveToEnd(tenant.tenantId, tenant.to)).step).toBe("done");
    expect(await rowsOn(tenant.from, tenant.tenantId)).toEqual({});
    await expectProblem(await postCancel(tenant.tenantId), 409, "conflict");
    expect((await call(PROBE, { headers: tenant.auth })).status).toBe(404);
  });

  it("answers 409 to a new move while the rollback is under way, and takes it once the move is cancelled", async () => {
    const tenant = await tenantToMove("Waiting Winery");
    const ctx = createContext(env);
    await startMove({ ctx, input: { tenantId: tenant.tenantId, to: tenant.to, allowCrossRegion: false } });
    await cancelMove({ ctx, input: { tenantId: tenant.tenantId } });

    const problem = await expectProblem(await postMove(tenant.tenantId, { to: tenant.to }), 409, "conflict");
    expect(problem.detail).toContain("being cancelled");
    expect((await cancelToEnd(tenant.tenantId)).step).toBe("cancelled");
    expect((await moveToEnd(tenant.tenantId, tenant.to)).step).toBe("done");
  });

  it("answers 404 for a tenant never moved or unknown, 400 for a malformed id and 401 without the operator secret", async () => {
    const { tenantId, auth } = await tenantWithKey("Never Moved Nursery");
    await expectProblem(await postCancel(tenantId), 404, "not-found");
    await expectProblem(await postCancel("ten_doesNotExist123"), 404, "not-found");
    await expectProblem(await postCancel("not-a-tenant"), 400, "validation-failed");
    await expectProblem(await postCancel(tenantId, {}), 401, "unauthorized");
    await expectProblem(await postCancel(tenantId, auth), 401, "unauthorized");
  });

  it("touches only its own tenant: another tenant moving between the same shards keeps its rows and fences, and finishes", async () => {
    const cancelled = await tenantToMove("Cancelled Confectioner");
    const other = await tenantToMove("Other Orchard");
    const ctx = createContext(env);
    let otherMove = await startMove({ ctx, input: { tenantId: other.tenantId, to: other.to, allowCrossRegion: false } });
    otherMove = await advanceUntil(ctx, otherMove, other.databases, (move) => move.step === "delta");
    const otherBefore = await rowsOn(other.from, other.tenantId);
    const otherCopy = await rowsOn(other.to, other.tenantId);
    expect(otherCopy).toEqual(otherBefore);
    const started = await startMove({ ctx, input: { tenantId: cancelled.tenantId, to: cancelled.to, allowCrossRegion: false } });
    await advanceUntil(ctx, started, cancelled.databases, (move) => move.step === "delta");

    expect((await cancelToEnd(cancelled.tenantId)).step).toBe("cancelled");

    expect(await rowsOn(other.from, other.tenantId)).toEqual(otherBefore);
    expect(await rowsOn(other.to, other.tenantId)).toEqual(otherCopy);
    expect({ source: await fenceOn(other.from, other.tenantId), target: await fenceOn(other.to, other.tenantId) }).toEqual({
      source: "paused",
      target: "arriving",
    });
    expect((await findMove(ctx, other.tenantId))!).toMatchObject({ step: otherMove.step, pausedAt: otherMove.pausedAt });
    await expectProblem(await call(PROBE, { headers: other.auth }), 503, "tenant-moving");
    expect((await moveToEnd(other.tenantId, other.to)).step).toBe("done");
    expect(await rowsOn(other.to, other.tenantId)).toEqual(otherBefore);
    expect(await rowsOn(cancelled.to, cancelled.tenantId)).toEqual({});
  });
});
