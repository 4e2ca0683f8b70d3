/**
 * A move whose step keeps failing: the cron retries it after a backoff (a minute, doubling), not every minute; the
 * operator's list shows it with its error, its failures and its age; `/health/ready` counts it failing, then stuck
 * once it has made no progress for longer than the bound; the operator route drives it at once, and a step that
 * succeeds clears it all.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createContext } from "../../../src/context";
import { shardD1 } from "../../../src/placement/shards";
import { tenantMoves } from "../../../src/placement/tenant-moves.schema";
import { runScheduledSweeps } from "../../../src/scheduled";
import { findMove, startMove } from "../../../src/tenant-moves/move.service";
import { controlDb } from "../support/db";
import { ADMIN_HEADERS, call, expectProblem } from "../support/http";
import { type MoveStatus, moveToEnd, otherShardInRegion, postMove, rowsOn } from "../support/moves";
import { cardToken, charge, chargeableTenant, chargeBody } from "../support/sandbox";
import { tenantShardBinding } from "../support/shards";

type MoveSummary = {
  tenantId: string;
  step: string;
  paused: boolean;
  startedAtUtc: string;
  updatedAtUtc: string;
  finishedAtUtc: string | null;
  ageSeconds: number;
  idleSeconds: number;
  stuck: boolean;
  lastError: string | null;
  failures: number;
  lastFailedAtUtc: string | null;
  nextAttemptAtUtc: string | null;
};
type MovePage = { data: MoveSummary[]; hasMore: boolean; nextCursor: string };

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

async function movesPage(query = ""): Promise<MovePage> {
  const response = await call(`/admin/moves${query}`, { headers: ADMIN_HEADERS });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json<MovePage>();
}

/** Every page of the operator's list, followed as `npm run admin -- tenant moves` does. */
async function allMoves(limit = 200): Promise<MoveSummary[]> {
  const moves: MoveSummary[] = [];
  let cursor = "";
  do {
    const page = await movesPage(`?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    moves.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor);
  return moves;
}

const listed = async (tenantId: string) => (await allMoves()).find((move) => move.tenantId === tenantId);

async function readiness() {
  const response = await call("/health/ready");
  expect(response.status).toBe(200);
  const { detail } = await response.json<{ detail: { stuckTenantMoves: number; failingTenantMoves: number } }>();
  return { stuckTenantMoves: detail.stuckTenantMoves, failingTenantMoves: detail.failingTenantMoves };
}

/** A tenant with two payments, and the shard its move goes to. */
async function tenantToMove(name: string) {
  const tenant = await chargeableTenant(name);
  for (let n = 0; n < 2; n++)
    expect((await charge(tenant.auth, chargeBody(await cardToken(), { amountCents: 2_000 + n }))).status).toBe(201);
  const from = await tenantShardBinding(tenant.tenantId);
  return { ...tenant, from, to: await otherShardInRegion(tenant.tenantId) };
}

/** The target refuses the tenant's payments, as a full disk or a broken shard would: the copy's step fails there each time. */
async function refusePayments(target: string, tenantId: string): Promise<() => Promise<void>> {
  const trigger = `refuse_${tenantId}`;
  await shardD1(env, target)
    .prepare(
      `CREATE TRIGGER "${trigger}" BEFORE INSERT ON payments WHEN NEW.tenant_id = '${tenantId}' BEGIN SELECT RAISE(ABORT, 'the target refused the row'); END`,
    )
    .run();
  return async () => {
    await shardD1(env, target).prepare(`DROP TRIGGER "${trigger}"`).run();
  };
}

// Each test drives moves and several cron runs end to end.
describe("a move whose step keeps failing", { timeout: 60_000 }, () => {
  it("is retried by the cron after a minute, then two, then four — not every minute — and counted failing by /health/ready", async () => {
    const tenant = await tenantToMove("Failing Farm");
    const allow = await refusePayments(tenant.to, tenant.tenantId);
    const ctx = createContext(env);
    await startMove({ ctx, input: { tenantId: tenant.tenantId, to: tenant.to, allowCrossRegion: false } });
    const t0 = Date.now();
    const failuresAt = async (ms: number) => {
      await runScheduledSweeps(env, ms);
      const move = (await findMove(ctx, tenant.tenantId))!;
      return { step: move.step, failures: move.failures, lastFailedAt: move.lastFailedAt };
    };

    expect(await failuresAt(t0)).toEqual({ step: "copy", failures: 1, lastFailedAt: iso(t0) });
    expect(await failuresAt(t0 + MINUTE / 2)).toEqual({ step: "copy", failures: 1, lastFailedAt: iso(t0) });
    expect(await failuresAt(t0 + MINUTE)).toEqual({ step: "copy", failures: 2, lastFailedAt: iso(t0 + MINUTE) });
    expect(await failuresAt(t0 + 2 * MINUTE)).toEqual({ step: "copy", failures: 2, lastFailedAt: iso(t0 + MINUTE) });
    expect(await failuresAt(t0 + 3 * MINUTE)).toEqual({ step: "copy", failures: 3, lastFailedAt: iso(t0 + 3 * MINUTE) });
    for (const minute of [4, 5, 6]) expect((await failuresAt(t0 + minute * MINUTE)).failures).toBe(3);
    expect(await failuresAt(t0 + 7 * MINUTE)).toEqual({ step: "copy", failures: 4, lastFailedAt: iso(t0 + 7 * MINUTE) });

    const move = await listed(tenant.tenantId);
    expect(move).toMatchObject({
      step: "copy",
      paused: false,
      failures: 4,
      lastFailedAtUtc: iso(t0 + 7 * MINUTE),
      nextAttemptAtUtc: iso(t0 + 15 * MINUTE),
      stuck: false,
      finishedAtUtc: null,
    });
    expect(move!.lastError).toMatch(/^copy: .*the target refused the row/);
    expect(await readiness()).toEqual({ stuckTenantMoves: 0, failingTenantMoves: 1 });

    // Fixed, the operator drives it at once, whatever the backoff: the step that succeeds clears the failures.
    await allow();
    const driven = await postMove(tenant.tenantId, { to: tenant.to });
    const status = (await driven.json()) as MoveStatus & { failures: number; nextAttemptAtUtc: string | null };
    expect(status).toMatchObject({ lastError: null, failures: 0, nextAttemptAtUtc: null });
    expect(await readiness()).toEqual({ stuckTenantMoves: 0, failingTenantMoves: 0 });
    expect((await moveToEnd(tenant.tenantId, tenant.to)).step).toBe("done");
    expect(await rowsOn(tenant.to, tenant.tenantId)).toMatchObject({ payments: 2 });
  });

  it("waits at most an hour between tries however long it keeps failing", async () => {
    const tenant = await tenantToMove("Patient Pantry");
    const allow = await refusePayments(tenant.to, tenant.tenantId);
    const ctx = createContext(env);
    await startMove({ ctx, input: { tenantId: tenant.tenantId, to: tenant.to, allowCrossRegion: false } });
    const t0 = Date.now();
    await runScheduledSweeps(env, t0);
    // Nine failures in a row so far: the tenth try would come 256 minutes on, were it not capped at an hour.
    await controlDb().update(tenantMoves).set({ failures: 9 }).where(eq(tenantMoves.tenantId, tenant.tenantId));

    expect(await listed(tenant.tenantId)).toMatchObject({ failures: 9, nextAttemptAtUtc: iso(t0 + 60 * MINUTE) });
    await runScheduledSweeps(env, t0 + 59 * MINUTE);
    expect((await findMove(ctx, tenant.tenantId))!.failures).toBe(9);
    await runScheduledSweeps(env, t0 + 60 * MINUTE);
    expect((await findMove(ctx, tenant.tenantId))!.failures).toBe(10);

    await allow();
    expect((await moveToEnd(tenant.tenantId, tenant.to)).step).toBe("done");
  });

  it("is reported stuck by the list and /health/ready once it has made no progress for longer than the bound, until it goes on", async () => {
    const tenant = await tenantToMove("Stuck Sawmill");
    const allow = await refusePayments(tenant.to, tenant.tenantId);
    const response = await postMove(tenant.tenantId, { to: tenant.to });
    expect(response.status).toBe(202);
    expect(await response.json()).toMatchObject({
      step: "copy",
      failures: 1,
      lastError: expect.stringMatching(/the target refused the row/),
    });
    expect(await readiness()).toEqual({ stuckTenantMoves: 0, failingTenantMoves: 1 });

    // The move as it stands 20 minutes on, its step failing all along (the bound: 15 minutes without a step succeeding).
    const twentyMinutesAgo = iso(Date.now() - 20 * MINUTE);
    await controlDb()
      .update(tenantMoves)
      .set({ startedAt: twentyMinutesAgo, updatedAt: twentyMinutesAgo })
      .where(eq(tenantMoves.tenantId, tenant.tenantId));

    const move = await listed(tenant.tenantId);
    expect(move).toMatchObject({ step: "copy", stuck: true, updatedAtUtc: twentyMinutesAgo, lastError: expect.stringMatching(/refused/) });
    expect(move!.ageSeconds).toBeGreaterThanOrEqual(20 * 60);
    expect(move!.idleSeconds).toBeGreaterThanOrEqual(20 * 60);
    expect(await readiness()).toEqual({ stuckTenantMoves: 1, failingTenantMoves: 1 });

    await allow();
    expect((await postMove(tenant.tenantId, { to: tenant.to })).status).toBeLessThan(300);
    const progressed = await listed(tenant.tenantId);
    expect(progressed).toMatchObject({ stuck: false, failures: 0, lastError: null });
    expect(progressed!.idleSeconds).toBeLessThan(60);
    expect(await readiness()).toEqual({ stuckTenantMoves: 0, failingTenantMoves: 0 });
    expect((await moveToEnd(tenant.tenantId, tenant.to)).step).toBe("done");
  });

  it("holds up no other move: the cron goes on with the next while one waits out its backoff", async () => {
    const failing = await tenantToMove("Held Back Bakery");
    const healthy = await tenantToMove("Going On Grocers");
    const allow = await refusePayments(failing.to, failing.tenantId);
    const ctx = createContext(env);
    for (const tenant of [failing, healthy])
      await startMove({ ctx, input: { tenantId: tenant.tenantId, to: tenant.to, allowCrossRegion: false } });
    const t0 = Date.now();

    await runScheduledSweeps(env, t0);
    await runScheduledSweeps(env, t0 + MINUTE / 2);

    expect((await findMove(ctx, failing.tenantId))!).toMatchObject({ step: "copy", failures: 1 });
    expect((await findMove(ctx, healthy.tenantId))!).toMatchObject({ step: "done", failures: 0 });
    expect(await rowsOn(healthy.from, healthy.tenantId)).toEqual({});
    await allow();
    expect((await moveToEnd(failing.tenantId, failing.to)).step).toBe("done");
  });
});

describe("GET /admin/moves", { timeout: 60_000 }, () => {
  it("lists moves under way and recently finished, newest first, across pages, and no move finished over a week ago", async () => {
    const finished = await tenantToMove("Finished Florist");
    expect((await moveToEnd(finished.tenantId, finished.to)).step).toBe("done");
    const old = await tenantToMove("Long Ago Lumber");
    expect((await moveToEnd(old.tenantId, old.to)).step).toBe("done");
    const eightDaysAgo = iso(Date.now() - 8 * 24 * 60 * MINUTE);
    await controlDb()
      .update(tenantMoves)
      .set({ startedAt: eightDaysAgo, finishedAt: eightDaysAgo })
      .where(eq(tenantMoves.tenantId, old.tenantId));
    const running = await tenantToMove("Running River");
    await startMove({ ctx: createContext(env), input: { tenantId: running.tenantId, to: running.to, allowCrossRegion: false } });

    const everyMove = await allMoves(1);
    const ours = everyMove.filter((move) => [finished.tenantId, old.tenantId, running.tenantId].includes(move.tenantId));
    expect(ours.map((move) => move.tenantId)).toEqual([running.tenantId, finished.tenantId]);
    expect(ours[0]).toMatchObject({ step: "copy", finishedAtUtc: null, failures: 0, lastError: null, stuck: false });
    expect(ours[1]).toMatchObject({ step: "done", finishedAtUtc: expect.any(String), stuck: false });
    const starts = everyMove.map((move) => move.startedAtUtc);
    expect(starts).toEqual([...starts].sort().reverse());

    const first = await movesPage("?limit=1");
    expect(first).toMatchObject({ hasMore: true, nextCursor: expect.any(String) });
    expect((await moveToEnd(running.tenantId, running.to)).step).toBe("done");
  });

  it("refuses a bad query with problem+json: a page size out of range, an unknown parameter, a cursor not its own", async () => {
    for (const query of ["?limit=0", "?limit=201", "?limit=ten", "?state=stuck"]) {
      await expectProblem(await call(`/admin/moves${query}`, { headers: ADMIN_HEADERS }), 400, "validation-failed");
    }
    for (const cursor of ["not-a-cursor", btoa(JSON.stringify(["9999-12-31T00:00:00.000Z", "ten_zzz"])) + ".0123456789abcdef"]) {
      await expectProblem(
        await call(`/admin/moves?cursor=${encodeURIComponent(cursor)}`, { headers: ADMIN_HEADERS }),
        400,
        "invalid-cursor",
      );
    }
    await expectProblem(await call("/admin/moves"), 401, "unauthorized");
  });
});
