/**
 * Requests still at the processor when their tenant's move pauses: a charge, a refund and a reader sale routed to the old
 * shard before the pause whose writes come after it. The old shard's fence refuses them (503 tenant-moving with
 * Retry-After, or the reader's alarm trying again); retried, each completes on the new shard with the processor's one
 * transfer or reversal found again by its idempotency id, and the move ends with nothing of the tenant on the old shard.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";

import { createContext } from "../../../src/context";
import { shardD1 } from "../../../src/placement/shards";
import type { TenantMoveRecord } from "../../../src/placement/tenant-moves.schema";
import { type MoveDatabases, moveStep, startMove } from "../../../src/tenant-moves/move.service";
import { ADMIN_HEADERS, call, expectProblem } from "../support/http";
import { moveToEnd, otherShardInRegion, rowsOn } from "../support/moves";
import { lookup, type Payment, processorReversals, processorTransfersFor, refund } from "../support/payments";
import { cardToken, charge, chargeableTenant, chargeBody, control } from "../support/sandbox";
import { tenantShardBinding } from "../support/shards";
import { activeReader, buyer, finalPayment, type Sale, saleBody, startSale, transfersOnDevice, waitingOnReader } from "../support/terminal";

/** Long enough for the test to pause the move while the call is at the processor, short of the service's timeout. */
const SLOW_CALL_MS = Number(env.PROCESSOR_TIMEOUT_MS) - 300;

afterEach(async () => {
  await control("clear-faults");
});

/** The service's calls to the processor so far whose operation matches, as the sandbox counted them. */
async function callsTo(operation: RegExp): Promise<number> {
  const response = await call("/sandbox/control/calls", { headers: ADMIN_HEADERS });
  const counted = (await response.json<{ result: Record<string, number> }>()).result;
  return Object.entries(counted).reduce((sum, [name, n]) => (operation.test(name) ? sum + n : sum), 0);
}

async function untilCalled(operation: RegExp, before: number): Promise<void> {
  for (let polls = 0; (await callsTo(operation)) <= before; polls++) {
    if (polls > 400) throw new Error(`the service never called ${operation}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * A move of the tenant to the other shard of its region, stepped through its copy and comparison to its catch-up: with
 * so little logged, the next step pauses it.
 */
async function moveCopied(tenantId: string) {
  const ctx = createContext(env);
  const from = await tenantShardBinding(tenantId);
  const to = await otherShardInRegion(tenantId);
  const databases: MoveDatabases = { source: shardD1(env, from), target: shardD1(env, to) };
  let move = await startMove({ ctx, input: { tenantId, to, allowCrossRegion: false } });
  while (move.step !== "catch-up") move = (await moveStep({ ctx, input: { move, databases } })).move;
  return { ctx, from, to, databases, move };
}

/** The pause and its first step, as a driver runs them: from here the old shard has all it will ever have. */
async function pause({
  ctx,
  databases,
  move,
}: {
  ctx: ReturnType<typeof createContext>;
  databases: MoveDatabases;
  move: TenantMoveRecord;
}) {
  const paused = (await moveStep({ ctx, input: { move, databases } })).move;
  await moveStep({ ctx, input: { move: paused, databases } });
}

describe("a request at the processor when its tenant's move pauses", { timeout: 60_000 }, () => {
  it("a charge: refused 503 tenant-moving, then completed on the new shard under its key with the one transfer", async () => {
    const tenant = await chargeableTenant("Slow Sale Bakery");
    const moving = await moveCopied(tenant.tenantId);
    const key = crypto.randomUUID();
    const body = chargeBody(await cardToken(), { amountCents: 3_300 });
    await control("fault", { operation: "POST /transfers", kind: "latency", latencyMs: SLOW_CALL_MS, times: 1 });
    const transfersBefore = await callsTo(/^POST \/transfers$/);

    const inFlight = charge(tenant.auth, body, key);
    await untilCalled(/^POST \/transfers$/, transfersBefore);
    await pause(moving);
    const refused = await inFlight;

    await expectProblem(refused, 503, "tenant-moving");
    expect(refused.headers.get("Retry-After")).toBe("5");
    expect((await moveToEnd(tenant.tenantId, moving.to)).step).toBe("done");
    const retried = await charge(tenant.auth, body, key);
    expect(retried.status).toBe(201);
    const payment = await retried.json<Payment>();
    expect(payment).toMatchObject({ status: "succeeded", amountCents: 3_300 });
    expect(await processorTransfersFor(payment.lcPaymentId)).toBe(1);
    expect((await charge(tenant.auth, body, key)).headers.get("Idempotent-Replayed")).toBe("true");
    expect((await lookup(tenant.auth, payment.lcPaymentId)).processorTransferId).toBe(payment.processorTransferId);
    expect(await tenantShardBinding(tenant.tenantId)).toBe(moving.to);
    expect(await rowsOn(moving.from, tenant.tenantId)).toEqual({});
  });

  it("a refund: refused 503 tenant-moving with its amount still reserved, then completed on the new shard with the one reversal", async () => {
    const tenant = await chargeableTenant("Slow Refund Deli");
    const paid = await (await charge(tenant.auth, chargeBody(await cardToken(), { amountCents: 4_000 }))).json<Payment>();
    const moving = await moveCopied(tenant.tenantId);
    const key = crypto.randomUUID();
    await control("fault", { operation: "POST /transfers/{id}/reversals", kind: "latency", latencyMs: SLOW_CALL_MS, times: 1 });
    const reversalsBefore = await callsTo(/reversals$/);

    const inFlight = refund(tenant.auth, paid.lcPaymentId, { amountCents: 1_500 }, key);
    await untilCalled(/reversals$/, reversalsBefore);
    await pause(moving);
    const refused = await inFlight;

    await expectProblem(refused, 503, "tenant-moving");
    expect(refused.headers.get("Retry-After")).toBe("5");
    expect((await moveToEnd(tenant.tenantId, moving.to)).step).toBe("done");
    const retried = await refund(tenant.auth, paid.lcPaymentId, { amountCents: 1_500 }, key);
    expect(retried.status).toBe(200);
    expect(await retried.json<Payment>()).toMatchObject({ lcPaymentId: paid.lcPaymentId, amountRefundedCents: 1_500 });
    expect((await processorReversals(paid.processorTransferId)).map((reversal) => reversal.amount)).toEqual([1_500]);
    // The new shard holds exactly what is left to refund: 2,500 cents, not a cent more.
    await expectProblem(await refund(tenant.auth, paid.lcPaymentId, { amountCents: 2_501 }), 409, "refund-exceeds-balance");
    expect((await refund(tenant.auth, paid.lcPaymentId, { amountCents: 2_500 })).status).toBe(200);
    expect(await rowsOn(moving.from, tenant.tenantId)).toEqual({});
  });

  it("a reader sale: its alarm's write is refused on the old shard and tried again on the new one, with the one transfer", async () => {
    const tenant = await chargeableTenant("Slow Reader Bistro");
    const reader = await activeReader(tenant.auth);
    const moving = await moveCopied(tenant.tenantId);

    const started = await startSale(tenant.auth, saleBody(reader.lcReaderId, { amountCents: 1_250 }));
    expect(started.status).toBe(202);
    const sale = await started.json<Sale>();
    await waitingOnReader(reader.processorDeviceId);
    await pause(moving);
    expect((await moveToEnd(tenant.tenantId, moving.to)).step).toBe("done");
    await buyer(reader.processorDeviceId, "approve");

    const settled = await finalPayment(tenant.auth, sale.lcPaymentId, 40_000);
    expect(settled).toMatchObject({ status: "succeeded", amountCents: 1_250 });
    const transfers = (await transfersOnDevice(reader.processorDeviceId)).filter(
      (transfer) => transfer.idempotency_id === sale.lcPaymentId,
    );
    expect(transfers.map((transfer) => transfer.id)).toEqual([settled.processorTransferId]);
    expect(await tenantShardBinding(tenant.tenantId)).toBe(moving.to);
    expect(await rowsOn(moving.from, tenant.tenantId)).toEqual({});
  });
});
