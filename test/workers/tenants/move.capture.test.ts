/**
 * Change capture during a move: every write of a moving tenant on its source is recorded in the source's change log by
 * the capture_* triggers, the move catches up on those rows while the tenant is live, and its pause reads and verifies
 * only the rows changed since, however many the tenant has.
 */
import { env } from "cloudflare:workers";
import { and, countDistinct, eq, gt, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { callbackSigningSecrets } from "../../../src/callbacks/callback-endpoints.schema";
import { createContext } from "../../../src/context";
import { payments } from "../../../src/payments/payments.schema";
import { CONTROL_BINDING, shardD1, shardsOf } from "../../../src/placement/shards";
import { tenantFences } from "../../../src/placement/tenant-fences.schema";
import type { TenantMoveRecord } from "../../../src/placement/tenant-moves.schema";
import { captureTriggers } from "../../../src/tenant-moves/fence-triggers";
import { type MoveDatabases, moveStep, startMove } from "../../../src/tenant-moves/move.service";
import { SHARD_TABLES } from "../../../src/tenant-moves/shard-tables";
import { tenantChanges } from "../../../src/tenant-moves/tenant-changes.schema";
import { RECEIVER, revealSecrets, saveCallbackUrl } from "../support/callbacks";
import { shardDb } from "../support/db";
import { ADMIN_HEADERS, call, jsonInit } from "../support/http";
import { paymentId, seedPayments } from "../support/ledger";
import { fenceOn, otherShardInRegion } from "../support/moves";
import { lookup, type Payment, refund } from "../support/payments";
import { cardToken, charge, chargeableTenant, chargeBody } from "../support/sandbox";
import { insertRows, paymentRow } from "../support/seed";
import { tenantShardBinding } from "../support/shards";

const SEEDED = 200;

/** A move driven one step at a time, as the operator route or the cron would, with hooks between steps. */
async function stepper(tenantId: string) {
  const from = await tenantShardBinding(tenantId);
  const to = await otherShardInRegion(tenantId);
  const ctx = createContext(env);
  const databases: MoveDatabases = { source: shardD1(env, from), target: shardD1(env, to) };
  let move: TenantMoveRecord = await startMove({ ctx, input: { tenantId, to, allowCrossRegion: false } });
  const step = async () => {
    const outcome = await moveStep({ ctx, input: { move, databases } });
    if (outcome.waitMs > 0) await new Promise((resolve) => setTimeout(resolve, outcome.waitMs));
    move = outcome.move;
    return move;
  };
  return {
    from,
    to,
    databases,
    current: () => move,
    step,
    async until(done: (move: TenantMoveRecord) => boolean) {
      for (let n = 0; !done(move); n++) {
        if (n > 2_000) throw new Error(`the move never got there: ${JSON.stringify(move)}`);
        await step();
      }
      return move;
    },
  };
}

/** The index of a table in the copy's order: the copy has passed it once tableIndex is beyond it. */
const tableAt = (name: string) => SHARD_TABLES.findIndex((table) => table.name === name);

/** Every row of the tenant in every table a move copies, as the database holds it. */
async function dump(d1: D1Database, tenantId: string): Promise<Record<string, unknown[]>> {
  const rows: Record<string, unknown[]> = {};
  for (const table of SHARD_TABLES) {
    const key = table.primaryKey.map((column) => `"${column}"`).join(", ");
    rows[table.name] = await d1
      .prepare(`SELECT * FROM "${table.name}" WHERE "${table.tenantColumn}" = ? ORDER BY ${key}`)
      .bind(tenantId)
      .raw();
  }
  return rows;
}

const oneLine = (sql: string) => sql.replace(/\s+/g, " ").replace(/;\s*$/, "").trim();

const rotateSecret = (tenantId: string) => call(`/admin/tenants/${tenantId}/callbacks/secrets/rotate`, jsonInit("POST", {}, ADMIN_HEADERS));

describe("the change log", () => {
  it("has capture triggers for insert, update and delete on every table a move copies, on every database", async () => {
    const expected = captureTriggers();
    expect(expected).toHaveLength(SHARD_TABLES.length * 3);
    for (const [binding, d1] of [[CONTROL_BINDING, env.DB] as const, ...shardsOf(env).map((shard) => [shard.binding, shard.d1] as const)]) {
      const { results } = await d1
        .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'capture\\_%' ESCAPE '\\'")
        .all<{ name: string; sql: string }>();
      const present = new Map(results.map((row) => [row.name, oneLine(row.sql)]));
      for (const trigger of expected) expect(present.get(trigger.name), `${binding}: ${trigger.name}`).toBe(oneLine(trigger.sql));
    }
  });

  it("records a tenant's inserts, updates and deletes while its fence captures them, and nothing of other tenants", async () => {
    const moving = await chargeableTenant("Captured");
    const other = await chargeableTenant("Not Captured");
    const d1 = shardD1(env, await tenantShardBinding(moving.tenantId));
    const entries = (tenantId: string) =>
      shardDb(d1)
        .select({ tableName: tenantChanges.tableName, key: tenantChanges.key })
        .from(tenantChanges)
        .where(eq(tenantChanges.tenantId, tenantId))
        .orderBy(tenantChanges.seq);
    const writeAndDelete = async (tenantId: string, prefix: string) => {
      const db = shardDb(shardD1(env, await tenantShardBinding(tenantId)));
      await seedPayments(tenantId, [
        { id: paymentId(1, prefix), status: "succeeded", amountCents: 500, createdAt: new Date().toISOString() },
      ]);
      await db
        .update(payments)
        .set({ orderRef: "changed" })
        .where(eq(payments.id, paymentId(1, prefix)));
      await db.delete(payments).where(eq(payments.id, paymentId(1, prefix)));
    };

    await writeAndDelete(moving.tenantId, "before");
    expect(await entries(moving.tenantId)).toEqual([]);

    await shardDb(d1)
      .insert(tenantFences)
      .values({ tenantId: moving.tenantId, state: "capturing", moveStartedAt: new Date().toISOString() });
    await writeAndDelete(moving.tenantId, "during");
    await writeAndDelete(other.tenantId, "other");

    const key = JSON.stringify([paymentId(1, "during")]);
    expect(await entries(moving.tenantId)).toEqual([
      { tableName: "payments", key },
      { tableName: "payments", key },
      { tableName: "payments", key },
    ]);
    expect(await entries(other.tenantId)).toEqual([]);
  });
});

// Each test drives a whole move step by step, with the tenant writing: a longer budget than one request's.
describe("a move with change capture", { timeout: 60_000 }, () => {
  it("carries charges, refunds and a rotated signing secret written during the copy, and its pause verifies only the rows changed since", async () => {
    const tenant = await chargeableTenant("Writing Through Its Move");
    await seedPayments(
      tenant.tenantId,
      Array.from({ length: SEEDED }, (_, i) => ({
        id: paymentId(i, "moving"),
        status: "succeeded",
        amountCents: 1_000 + i,
        createdAt: new Date(Date.parse("2026-03-01T00:00:00Z") + i * 1000).toISOString(),
      })),
    );
    expect((await saveCallbackUrl(tenant.tenantId, `${RECEIVER}/hooks`)).status).toBe(200);
    const earlier = await (await charge(tenant.auth, chargeBody(await cardToken(), { amountCents: 4_000 }))).json<Payment>();
    const move = await stepper(tenant.tenantId);

    // Part of the way into the copy: payments copied, refunds and callback settings not yet or already.
    await move.until((at) => at.step !== "copy" || at.tableIndex > tableAt("payments"));
    expect(move.current().step).toBe("copy");
    const during = await charge(tenant.auth, chargeBody(await cardToken(), { amountCents: 6_000 }));
    expect(during.status, await during.clone().text()).toBe(201);
    const duringCopy = await during.json<Payment>();
    expect((await refund(tenant.auth, earlier.lcPaymentId, { amountCents: 700 })).status).toBe(200);
    expect((await refund(tenant.auth, duringCopy.lcPaymentId, { amountCents: 1_100 })).status).toBe(200);
    expect((await rotateSecret(tenant.tenantId)).status).toBe(200);
    const secrets = await revealSecrets(tenant.tenantId);
    expect(secrets).toHaveLength(2);

    // A write that reaches the source after the pause, before the drain step raises its fence (one routed there just
    // before the pause).
    await move.until((at) => at.step === "drain");
    await shardDb(move.databases.source)
      .update(payments)
      .set({ orderRef: "written-in-the-drain" })
      .where(eq(payments.id, paymentId(7, "moving")));

    // Verified, still paused, about to flip: both sides must hold the same rows.
    await move.until((at) => at.step === "verify" && at.tableIndex === 1);
    const [{ loggedSincePause }] = (await shardDb(move.databases.source)
      .select({ loggedSincePause: countDistinct(sql`${tenantChanges.tableName} || ${tenantChanges.key}`) })
      .from(tenantChanges)
      .where(and(eq(tenantChanges.tenantId, tenant.tenantId), gt(tenantChanges.seq, move.current().pauseCursor!)))) as [
      { loggedSincePause: number },
    ];
    expect(await dump(move.databases.target, tenant.tenantId)).toEqual(await dump(move.databases.source, tenant.tenantId));

    const done = await move.until((at) => at.step === "done");
    const tally = done.tally;
    const sum = (field: "sourceRows" | "deltaWritten") => Object.values(tally).reduce((total, entry) => total + (entry[field] ?? 0), 0);
    // The pause read and verified the rows changed since it began — the drain's payment and whatever else
    // was logged then — not the tenant's hundreds of payments.
    expect(tally.payments?.sourceRows).toBeGreaterThanOrEqual(1);
    expect(sum("sourceRows")).toBe(loggedSincePause);
    expect(sum("sourceRows")).toBeLessThan(10);
    expect(sum("deltaWritten")).toBeLessThanOrEqual(loggedSincePause);
    // The charge and its refund, written after the copy had passed the payments, were carried before the pause.
    expect(tally.payments?.caughtUpWritten).toBeGreaterThanOrEqual(1);
    expect(tally.refunds?.caughtUpWritten).toBeGreaterThanOrEqual(1);

    expect(await tenantShardBinding(tenant.tenantId)).toBe(move.to);
    expect(await dump(move.databases.source, tenant.tenantId)).toEqual(Object.fromEntries(SHARD_TABLES.map((table) => [table.name, []])));
    expect(await lookup(tenant.auth, earlier.lcPaymentId)).toMatchObject({ amountRefundedCents: 700 });
    expect(await lookup(tenant.auth, duringCopy.lcPaymentId)).toMatchObject({ amountRefundedCents: 1_100 });
    expect(await revealSecrets(tenant.tenantId)).toEqual(secrets);
    const drained = await shardDb(move.databases.target).query.payments.findFirst({
      columns: { orderRef: true },
      where: eq(payments.id, paymentId(7, "moving")),
    });
    expect(drained).toEqual({ orderRef: "written-in-the-drain" });
    // The source's change log goes with the move; its fence stays `left`, refusing the tenant's writes there.
    expect(await shardDb(move.databases.source).$count(tenantChanges, eq(tenantChanges.tenantId, tenant.tenantId))).toBe(0);
    expect(await fenceOn(move.from, tenant.tenantId)).toBe("left");
  });

  it("carries rows deleted on the source after their copy before the pause", async () => {
    const tenant = await chargeableTenant("Deleting Through Its Move");
    await seedPayments(
      tenant.tenantId,
      Array.from({ length: 50 }, (_, i) => ({
        id: paymentId(i, "gone"),
        status: "succeeded",
        amountCents: 900 + i,
        createdAt: new Date().toISOString(),
      })),
    );
    const endpoint = await call(
      "/v1/callback-endpoints",
      jsonInit("POST", { url: `${RECEIVER}/second`, enabledEvents: ["ping"] }, tenant.auth),
    );
    expect(endpoint.status, await endpoint.clone().text()).toBe(201);
    const { id: endpointId } = await endpoint.json<{ id: string }>();
    const move = await stepper(tenant.tenantId);

    // Both tables copied already: their deletions can only reach the target through the change log.
    const copiedBoth = Math.max(tableAt("callback_signing_secrets"), tableAt("payments"));
    await move.until((at) => at.step !== "copy" || at.tableIndex > copiedBoth);
    expect(move.current().step).toBe("copy");
    expect((await call(`/v1/callback-endpoints/${endpointId}`, { method: "DELETE", headers: tenant.auth })).status).toBe(200);
    await shardDb(move.databases.source)
      .delete(payments)
      .where(eq(payments.id, paymentId(3, "gone")));

    const done = await move.until((at) => at.step === "done");

    expect(done.tally.payments?.caughtUpDeleted).toBe(1);
    expect(done.tally.callback_signing_secrets?.caughtUpDeleted).toBe(1);
    expect(done.tally.payments?.deltaDeleted ?? 0).toBe(0);
    const target = shardDb(move.databases.target);
    expect(await target.$count(payments, eq(payments.tenantId, tenant.tenantId))).toBe(49);
    expect(await target.query.payments.findFirst({ where: eq(payments.id, paymentId(3, "gone")) })).toBeUndefined();
    expect(await target.$count(callbackSigningSecrets, eq(callbackSigningSecrets.endpointId, endpointId))).toBe(0);
    expect((await call(`/v1/callback-endpoints/${endpointId}`, { headers: tenant.auth })).status).toBe(404);
  });

  it("gives the target a row it holds differently with no change recorded, found by the comparison before the pause", async () => {
    const tenant = await chargeableTenant("Compared Before The Pause");
    await seedPayments(
      tenant.tenantId,
      Array.from({ length: 60 }, (_, i) => ({
        id: paymentId(i, "cmp"),
        status: "succeeded",
        amountCents: 800 + i,
        createdAt: new Date().toISOString(),
      })),
    );
    const move = await stepper(tenant.tenantId);
    await move.until((at) => at.step === "compare");
    // A leftover on the target (an earlier attempt's row, say) and a copied row altered there: no write of the tenant logged either.
    await seedPaymentOn(move.databases.target, tenant.tenantId, "lcpay_leftover0000000000000");
    await shardDb(move.databases.target)
      .update(payments)
      .set({ orderRef: "altered" })
      .where(eq(payments.id, paymentId(5, "cmp")));

    const done = await move.until((at) => at.step === "done");

    expect(done.tally.payments?.repaired).toBe(2);
    expect(done.tally.payments?.compared).toBe(60);
    const target = shardDb(move.databases.target);
    expect(await target.query.payments.findFirst({ where: eq(payments.id, "lcpay_leftover0000000000000") })).toBeUndefined();
    expect(await target.query.payments.findFirst({ columns: { orderRef: true }, where: eq(payments.id, paymentId(5, "cmp")) })).toEqual({
      orderRef: `order-${paymentId(5, "cmp")}`,
    });
  });
});

/** A payment row of the tenant written straight into one database. */
async function seedPaymentOn(d1: D1Database, tenantId: string, id: string) {
  await insertRows(shardDb(d1), payments, [
    paymentRow({
      id,
      tenantId,
      status: "succeeded",
      amountCents: 500,
      orderRef: "leftover",
      processorTransferId: `TR${id}`,
      processorState: "SUCCEEDED",
    }),
  ]);
}
