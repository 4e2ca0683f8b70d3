/**
 * The cron during a move, and after one fails half-way: every sweep skips the moving tenant where its rows are not live
 * (the target's copy before the flip, the source's from the pause), and every other tenant of either shard keeps all of
 * its sweeps, whatever the move does.
 */
import { env } from "cloudflare:workers";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createContext } from "../../../src/context";
import { FENCE_REFUSAL } from "../../../src/db/tenancy";
import { events } from "../../../src/outbox/events.schema";
import { payments } from "../../../src/payments/payments.schema";
import { reconcileLedger } from "../../../src/payments/reconciliation";
import { shardD1, shardsOf } from "../../../src/placement/shards";
import type { TenantMoveRecord } from "../../../src/placement/tenant-moves.schema";
import { runScheduledSweeps } from "../../../src/scheduled";
import { findMove, startMove } from "../../../src/tenant-moves/move.service";
import { backdate, writeEvent } from "../support/callbacks";
import { shardDb, shardOf } from "../support/db";
import { createTenant } from "../support/http";
import { seedPayments, seedPayout } from "../support/ledger";
import { advanceMoveUntil, fenceOn, moveToEnd } from "../support/moves";
import { tenantShardBinding } from "../support/shards";

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** Two shards of one region: the source and the target of the moves here. */
const [SOURCE, TARGET] = shardsOf(env)
  .filter((shard) => shard.region === env.DEFAULT_REGION)
  .map((shard) => shard.binding) as [string, string];

type LostWork = { tenantId: string; eventId: string; paymentId: string };

/**
 * A tenant on `shard` with what the cron must pick up, past every grace: an event committed and never enqueued (the
 * callbacks sweep sends it) and a settled payment whose processor fee is due to be read (the ledger reconciliation).
 */
async function tenantWithLostWork(name: string, shard: string): Promise<LostWork> {
  const { id: tenantId } = await createTenant(name);
  if ((await tenantShardBinding(tenantId)) !== shard) await moveToEnd(tenantId, shard);
  const eventId = await writeEvent(tenantId);
  await backdate(eventId, minutesAgo(10), { enqueued: false });
  const paymentId = `lcpay_swept${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  await seedPayments(tenantId, [{ id: paymentId, status: "succeeded", amountCents: 1_000, createdAt: minutesAgo(10) }]);
  await (
    await shardOf(tenantId)
  )
    .update(payments)
    .set({ nextCheckAt: minutesAgo(1) })
    .where(eq(payments.id, paymentId));
  return { tenantId, eventId, paymentId };
}

type Swept = "swept" | "not swept" | "absent";

/** What the cron did with a tenant's lost work on one database: its event sent, its payment checked. */
async function sweptOn(binding: string, work: LostWork): Promise<{ event: Swept; payment: Swept }> {
  const db = shardDb(shardD1(env, binding));
  const event = await db.query.events.findFirst({ columns: { enqueuedAt: true }, where: eq(events.id, work.eventId) });
  const payment = await db.query.payments.findFirst({ columns: { checkAttempts: true }, where: eq(payments.id, work.paymentId) });
  return {
    event: event === undefined ? "absent" : event.enqueuedAt === null ? "not swept" : "swept",
    payment: payment === undefined ? "absent" : payment.checkAttempts === 0 ? "not swept" : "swept",
  };
}

const SWEPT = { event: "swept", payment: "swept" };
const NOT_SWEPT = { event: "not swept", payment: "not swept" };

/** A trigger on one database that refuses a move's write there, every time, until dropped: a step that keeps failing. */
async function refuseOn(binding: string, name: string, trigger: string): Promise<() => Promise<unknown>> {
  const d1 = shardD1(env, binding);
  await d1.prepare(`CREATE TRIGGER ${name} ${trigger}`).run();
  return () => d1.prepare(`DROP TRIGGER ${name}`).run();
}

async function startedMove(tenantId: string): Promise<{ move: TenantMoveRecord; ctx: ReturnType<typeof createContext> }> {
  const ctx = createContext(env);
  return { ctx, move: await startMove({ ctx, input: { tenantId, to: TARGET, allowCrossRegion: false } }) };
}

const databases = () => ({ source: shardD1(env, SOURCE), target: shardD1(env, TARGET) });

describe("the cron while a move has failed half-way", () => {
  it("sweeps every other tenant of both shards while the move is stuck in its pause, and the moving tenant on neither", async () => {
    const moving = await tenantWithLostWork("Stuck In Pause", SOURCE);
    const sameSource = await tenantWithLostWork("Beside It On The Source", SOURCE);
    const onTarget = await tenantWithLostWork("Already On The Target", TARGET);
    const started = await startedMove(moving.tenantId);
    const pausing = await advanceMoveUntil(started.ctx, started.move, databases(), (at) => at.step === "drain");
    // Written by a request routed before the pause, landing before the drain raises the fence (too recent for the
    // sweep): the delta carries it, and that is what fails.
    const lateEventId = await writeEvent(moving.tenantId);
    const release = await refuseOn(
      TARGET,
      "refuse_late_event",
      `BEFORE INSERT ON events WHEN NEW.id = '${lateEventId}' BEGIN SELECT RAISE(ABORT, 'the target refuses this row'); END`,
    );
    await advanceMoveUntil(started.ctx, pausing, databases(), (at) => at.step === "delta");
    expect([await fenceOn(SOURCE, moving.tenantId), await fenceOn(TARGET, moving.tenantId)]).toEqual(["paused", "arriving"]);

    await runScheduledSweeps(env, Date.now());

    const move = (await findMove(started.ctx, moving.tenantId))!;
    expect(move.step).toBe("delta");
    expect(move.lastError).toContain("the target refuses this row");
    expect(await sweptOn(SOURCE, sameSource)).toEqual(SWEPT);
    expect(await sweptOn(TARGET, onTarget)).toEqual(SWEPT);
    // Paused on the source, a partial copy on the target: neither side's rows are the tenant's live ones.
    expect(await sweptOn(SOURCE, moving)).toEqual(NOT_SWEPT);
    expect(await sweptOn(TARGET, moving)).toEqual(NOT_SWEPT);

    await release();
    await moveToEnd(moving.tenantId, TARGET);
  }, 60_000);

  it("sweeps the source's other tenants while the move's delete keeps failing, and the moved tenant only on its new shard", async () => {
    const moving = await tenantWithLostWork("Stuck In Delete", SOURCE);
    const sameSource = await tenantWithLostWork("Left Behind On The Source", SOURCE);
    const onTarget = await tenantWithLostWork("Host On The Target", TARGET);
    const started = await startedMove(moving.tenantId);
    await advanceMoveUntil(started.ctx, started.move, databases(), (at) => at.step === "delete");
    // Whichever of the two the delete reaches first, children first, stops it: both stay on the source.
    const releases = await Promise.all(
      ["events", "payments"].map((table) =>
        refuseOn(
          SOURCE,
          `refuse_delete_${table}`,
          `BEFORE DELETE ON ${table} WHEN OLD.tenant_id = '${moving.tenantId}' BEGIN SELECT RAISE(ABORT, 'the source refuses this delete'); END`,
        ),
      ),
    );

    await runScheduledSweeps(env, Date.now());

    const move = (await findMove(started.ctx, moving.tenantId))!;
    expect(move.step).toBe("delete");
    expect(move.lastError).toContain("the source refuses this delete");
    expect(await sweptOn(SOURCE, sameSource)).toEqual(SWEPT);
    expect(await sweptOn(TARGET, onTarget)).toEqual(SWEPT);
    // Flipped: live on the target, stale on the source until its rows are gone.
    expect(await sweptOn(TARGET, moving)).toEqual(SWEPT);
    expect(await sweptOn(SOURCE, moving)).toEqual(NOT_SWEPT);

    for (const release of releases) await release();
    await moveToEnd(moving.tenantId, TARGET);
  }, 60_000);
});

describe("the cron while a move copies", () => {
  it("sweeps the moving tenant on its source, where it is live, and never its partial copy on the target", async () => {
    const moving = await tenantWithLostWork("Copied While Live", SOURCE);
    const onTarget = await tenantWithLostWork("Neighbour On The Target", TARGET);
    const payoutId = await seedPayout(moving.tenantId);
    const started = await startedMove(moving.tenantId);
    // Payouts are copied after the events and payments: refused there, the copy stays partial.
    const release = await refuseOn(
      TARGET,
      "refuse_payout_copy",
      `BEFORE INSERT ON payouts WHEN NEW.id = '${payoutId}' BEGIN SELECT RAISE(ABORT, 'the target refuses this row'); END`,
    );
    await advanceMoveUntil(
      started.ctx,
      started.move,
      databases(),
      (at) => (at.tally.events?.copied ?? 0) > 0 && (at.tally.payments?.copied ?? 0) > 0,
    );
    expect([await fenceOn(SOURCE, moving.tenantId), await fenceOn(TARGET, moving.tenantId)]).toEqual(["capturing", "arriving"]);

    await runScheduledSweeps(env, Date.now());

    const stuck = (await findMove(started.ctx, moving.tenantId))!;
    expect([stuck.step, stuck.lastError]).toEqual(["copy", expect.stringContaining("the target refuses this row")]);
    expect(await sweptOn(SOURCE, moving)).toEqual(SWEPT);
    expect(await sweptOn(TARGET, moving)).toEqual(NOT_SWEPT);
    expect(await sweptOn(TARGET, onTarget)).toEqual(SWEPT);

    await release();
    await moveToEnd(moving.tenantId, TARGET);
  }, 60_000);
});

describe("a sweep meeting a tenant fenced since its read", () => {
  it("skips that tenant's row and goes on with every other tenant's, past the rows in flight", async () => {
    const fenced = await tenantWithLostWork("Paused Mid Sweep", SOURCE);
    const other = await tenantWithLostWork("Swept All The Same", SOURCE);
    const db = shardDb(shardD1(env, SOURCE));
    // The fenced tenant's row is the oldest due; the other tenant's are more than the run has in flight at once.
    await db
      .update(payments)
      .set({ nextCheckAt: minutesAgo(30) })
      .where(eq(payments.id, fenced.paymentId));
    const otherPayments = Array.from(
      { length: 30 },
      (_, n) => `lcpay_others${String(n).padStart(4, "0")}${crypto.randomUUID().slice(0, 8)}`,
    );
    await seedPayments(
      other.tenantId,
      otherPayments.map((id) => ({ id, status: "succeeded", amountCents: 500, createdAt: minutesAgo(10) })),
    );
    await db
      .update(payments)
      .set({ nextCheckAt: minutesAgo(1) })
      .where(inArray(payments.id, otherPayments));
    // As the source's fence refuses a tenant paused after the sweep read its rows (no fence row yet at the read).
    const release = await refuseOn(
      SOURCE,
      "refuse_as_fenced",
      `BEFORE UPDATE ON payments WHEN OLD.tenant_id = '${fenced.tenantId}' BEGIN SELECT RAISE(ABORT, '${FENCE_REFUSAL.replaceAll("'", "''")}'); END`,
    );

    await reconcileLedger({ ctx: createContext(env).forShard(SOURCE) });

    const checked = await db.$count(payments, and(eq(payments.tenantId, other.tenantId), eq(payments.checkAttempts, 1)));
    expect(checked).toBe(otherPayments.length + 1);
    expect((await sweptOn(SOURCE, fenced)).payment).toBe("not swept");
    await release();
  }, 60_000);
});
