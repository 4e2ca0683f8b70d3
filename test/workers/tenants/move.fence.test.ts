/**
 * The fences a move keeps on its two databases (src/placement/tenant-fences.schema.ts): the target `arriving` until the flip,
 * the source `capturing` through the copy, `paused` from the pause to the flip and `left` for good after it.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createContext } from "../../../src/context";
import { FENCE_REFUSAL, isFenceRefusal } from "../../../src/db/tenancy";
import { CONTROL_BINDING, shardD1, shardsOf } from "../../../src/placement/shards";
import { tenantFences } from "../../../src/placement/tenant-fences.schema";
import type { TenantMoveRecord } from "../../../src/placement/tenant-moves.schema";
import { recordRequest } from "../../../src/requests/request-log.service";
import { type FencedDatabase, fenceTriggers } from "../../../src/tenant-moves/fence-triggers";
import { type MoveDatabases, moveStep, startMove } from "../../../src/tenant-moves/move.service";
import { SHARD_TABLES } from "../../../src/tenant-moves/shard-tables";
import { eventually } from "../support/callbacks";
import { shardDb } from "../support/db";
import { expectProblem } from "../support/http";
import { fenceOn, moveToEnd, otherShardInRegion, rowsOn } from "../support/moves";
import { lookup, type Payment } from "../support/payments";
import { storedRequestRows } from "../support/requests";
import { cardToken, charge, chargeableTenant, chargeBody } from "../support/sandbox";
import { tenantContext, tenantD1, tenantShardBinding } from "../support/shards";

type FenceState = (typeof tenantFences.$inferInsert)["state"];

type Fences = { source: string | null; target: string | null };

/** Steps the move one step at a time, noting both fences after each step, until it is done. */
async function fencesThroughMove(ctx: ReturnType<typeof createContext>, start: TenantMoveRecord, databases: MoveDatabases) {
  const seen: { step: string; fences: Fences }[] = [];
  let move = start;
  for (let n = 0; move.step !== "done"; n++) {
    if (n > 500) throw new Error("the move never finished");
    const outcome = await moveStep({ ctx, input: { move, databases } });
    if (outcome.waitMs > 0) await new Promise((resolve) => setTimeout(resolve, outcome.waitMs));
    move = outcome.move;
    seen.push({
      step: move.step,
      fences: { source: await fenceOn(move.fromShard, move.tenantId), target: await fenceOn(move.toShard, move.tenantId) },
    });
  }
  return seen;
}

describe("the fences of a move", { timeout: 30_000 }, () => {
  it("go arriving/capturing through the copy and catch-up, paused from the pause, and left with the target unfenced after the flip", async () => {
    const tenant = await chargeableTenant("Fenced Fennel");
    expect((await charge(tenant.auth, chargeBody(await cardToken()))).status).toBe(201);
    const from = await tenantShardBinding(tenant.tenantId);
    const to = await otherShardInRegion(tenant.tenantId);
    const ctx = createContext(env);
    const databases = { source: shardD1(env, from), target: shardD1(env, to) };
    const move = await startMove({ ctx, input: { tenantId: tenant.tenantId, to, allowCrossRegion: false } });
    expect({ source: await fenceOn(from, tenant.tenantId), target: await fenceOn(to, tenant.tenantId) }).toEqual({
      source: null,
      target: null,
    });

    const seen = await fencesThroughMove(ctx, move, databases);

    const fencesAt = (step: string) => seen.filter((entry) => entry.step === step).map((entry) => entry.fences);
    for (const step of ["copy", "compare", "catch-up"])
      for (const fences of fencesAt(step)) expect(fences, step).toEqual({ source: "capturing", target: "arriving" });
    for (const step of ["delta", "verify"])
      for (const fences of fencesAt(step)) expect(fences, step).toEqual({ source: "paused", target: "arriving" });
    expect(fencesAt("delete").at(-1)).toEqual({ source: "left", target: null });
    expect(fencesAt("done")).toEqual([{ source: "left", target: null }]);
    expect(await rowsOn(from, tenant.tenantId)).toEqual({});
    const row = await shardDb(databases.source).query.tenantFences.findFirst({
      columns: { moveStartedAt: true },
      where: eq(tenantFences.tenantId, tenant.tenantId),
    });
    expect(row).toEqual({ moveStartedAt: move.startedAt });
  });

  it("replaces the left fence when the tenant moves back to the database it left", async () => {
    const tenant = await chargeableTenant("Back Again Bakery");
    const from = await tenantShardBinding(tenant.tenantId);
    const to = await otherShardInRegion(tenant.tenantId);
    expect((await moveToEnd(tenant.tenantId, to)).step).toBe("done");
    expect(await fenceOn(from, tenant.tenantId)).toBe("left");

    expect((await moveToEnd(tenant.tenantId, from)).step).toBe("done");

    expect(await fenceOn(from, tenant.tenantId)).toBeNull();
    expect(await fenceOn(to, tenant.tenantId)).toBe("left");
    expect((await charge(tenant.auth, chargeBody(await cardToken()))).status).toBe(201);
    expect(await rowsOn(to, tenant.tenantId)).toEqual({});
  });
});

const oneLine = (sql: string) => sql.replace(/\s+/g, " ").replace(/;\s*$/, "").trim();

async function triggersOn(d1: D1Database): Promise<Map<string, string>> {
  const { results } = await d1
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'fence\\_%' ESCAPE '\\'")
    .all<{ name: string; sql: string }>();
  return new Map(results.map((row) => [row.name, oneLine(row.sql)]));
}

const setFence = (d1: D1Database, tenantId: string, state: FenceState) =>
  shardDb(d1)
    .insert(tenantFences)
    .values({ tenantId, state, moveStartedAt: new Date().toISOString() })
    .onConflictDoUpdate({ target: tenantFences.tenantId, set: { state } });

describe("the fence triggers", () => {
  it("guard every shard table's inserts, updates and deletes on the control database and on every shard", async () => {
    const databases: [string, D1Database, FencedDatabase][] = [
      [CONTROL_BINDING, env.DB, "control"],
      ...shardsOf(env).map((shard): [string, D1Database, FencedDatabase] => [shard.binding, shard.d1, "shard"]),
    ];
    for (const [binding, d1, database] of databases) {
      const present = await triggersOn(d1);
      const expected = fenceTriggers(database);
      expect(expected).toHaveLength(SHARD_TABLES.length * 3);
      for (const trigger of expected) expect(present.get(trigger.name), `${binding}: ${trigger.name}`).toBe(oneLine(trigger.sql));
    }
  });

  it("refuse a paused or left tenant's writes in the statement itself, and let other tenants and states write", async () => {
    const tenant = await chargeableTenant("Refused Radish");
    const other = await chargeableTenant("Unfenced Upton");
    const paid = await (await charge(tenant.auth, chargeBody(await cardToken()))).json<Payment>();
    const d1 = await tenantD1(tenant.tenantId);
    const update = () => d1.prepare("UPDATE payments SET order_ref = 'late' WHERE id = ?").bind(paid.lcPaymentId).run();
    const remove = () => d1.prepare("DELETE FROM events WHERE tenant_id = ?").bind(tenant.tenantId).run();

    for (const state of ["paused", "left"] as const) {
      await setFence(d1, tenant.tenantId, state);
      const refused = await update().catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(Error);
      expect((refused as Error).message).toContain(FENCE_REFUSAL);
      expect(isFenceRefusal(refused)).toBe(true);
      await expect(remove()).rejects.toThrow(FENCE_REFUSAL);
      const late = await charge(tenant.auth, chargeBody(await cardToken()));
      await expectProblem(late, 503, "tenant-moving");
      expect(late.headers.get("Retry-After")).toBe("5");
      expect((await charge(other.auth, chargeBody(await cardToken()))).status).toBe(201);
    }
    // Written: in `capturing` the change log's entry is counted too.
    for (const [state, changes] of [
      ["capturing", 2],
      ["arriving", 1],
    ] as const) {
      await setFence(d1, tenant.tenantId, state);
      expect((await update()).meta.changes, state).toBe(changes);
    }
    await shardDb(d1).delete(tenantFences).where(eq(tenantFences.tenantId, tenant.tenantId));
    expect(((await lookup(tenant.auth, paid.lcPaymentId)) as { orderRef?: string }).orderRef).toBe("late");
    expect((await charge(tenant.auth, chargeBody(await cardToken()))).status).toBe(201);
  });

  it("keep the control database's tenant row writable once the tenant has left it, and refuse it while paused", async () => {
    const tenant = await chargeableTenant("Control Row Cafe");
    const rename = () => env.DB.prepare("UPDATE tenants SET name = 'Renamed' WHERE id = ?").bind(tenant.tenantId).run();
    await setFence(env.DB, tenant.tenantId, "paused");
    await expect(rename()).rejects.toThrow(FENCE_REFUSAL);
    await setFence(env.DB, tenant.tenantId, "left");
    expect((await rename()).meta.changes).toBe(1);
    await shardDb(env.DB).delete(tenantFences).where(eq(tenantFences.tenantId, tenant.tenantId));
  });
});

describe("a write resolved to the old shard before the pause and made after the flip", { timeout: 30_000 }, () => {
  it("is refused there: an event fails cleanly, a request's log row still reaches the tenant's store, nothing is left behind", async () => {
    const tenant = await chargeableTenant("Late Writer Larder");
    const from = await tenantShardBinding(tenant.tenantId);
    const to = await otherShardInRegion(tenant.tenantId);
    // What a queue consumer, an alarm or a request's waitUntil work holds: the shard it resolved before the move.
    const resolvedBefore = await tenantContext(tenant.tenantId);

    expect((await moveToEnd(tenant.tenantId, to)).step).toBe("done");

    const event = resolvedBefore.outbox.record({
      tenantId: tenant.tenantId,
      type: "transfer.updated",
      subjectId: "lcpay_late",
      data: { lcPaymentId: "lcpay_late" },
    });
    const refused = await resolvedBefore.db.batch([event]).catch((error: unknown) => error);
    expect(isFenceRefusal(refused)).toBe(true);
    const traceId = crypto.randomUUID().replaceAll("-", "");
    await recordRequest({
      ctx: resolvedBefore,
      input: {
        apiKeyId: "key_late",
        receivedAt: new Date().toISOString(),
        method: "GET",
        path: "/v1/payments",
        query: "",
        status: 200,
        durationMs: 1,
        traceId,
        idempotencyKey: undefined,
      },
    });
    const logged = await eventually(
      () => storedRequestRows(tenant.tenantId),
      (rows) => rows.some((row) => row.traceId === traceId),
    );
    expect(logged.filter((row) => row.traceId === traceId)).toHaveLength(1);
    expect(await rowsOn(from, tenant.tenantId)).toEqual({});
  });
});
