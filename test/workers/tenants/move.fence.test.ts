/**
 * The fences a move keeps on its two databases (src/db/tenant-fences.schema.ts): the target `arriving` until the flip,
 * the source `capturing` through the copy, `paused` from the pause to the flip and `left` for good after it.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createContext } from "../../../src/context";
import { shardD1 } from "../../../src/db/shards";
import type { TenantMoveRecord } from "../../../src/db/tenant-moves.schema";
import { moveStep, startMove, type MoveDatabases } from "../../../src/shards/move.service";
import { cardToken, charge, chargeBody, chargeableTenant } from "../support/sandbox";
import { tenantShardBinding } from "../support/shards";
import { fenceOn, moveToEnd, otherShardInRegion, rowsOn } from "../support/moves";

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
  it("go arriving/capturing through the copy, paused from the pause, and left with the target unfenced after the flip", async () => {
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
    for (const fences of fencesAt("copy")) expect(fences).toEqual({ source: "capturing", target: "arriving" });
    for (const step of ["delta-delete", "delta-copy", "verify"])
      for (const fences of fencesAt(step)) expect(fences, step).toEqual({ source: "paused", target: "arriving" });
    expect(fencesAt("delete").at(-1)).toEqual({ source: "left", target: null });
    expect(fencesAt("done")).toEqual([{ source: "left", target: null }]);
    expect(await rowsOn(from, tenant.tenantId)).toEqual({});
    const row = await databases.source
      .prepare("SELECT move_started_at FROM tenant_fences WHERE tenant_id = ?")
      .bind(tenant.tenantId)
      .first();
    expect(row).toEqual({ move_started_at: move.startedAt });
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
