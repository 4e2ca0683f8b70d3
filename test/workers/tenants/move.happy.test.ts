/**
 * Moving a live tenant to another shard: everything it owns is copied, verified, flipped and deleted from the source,
 * and everything it uses — keys, payments, refunds, callbacks and their secrets, idempotency keys — works after.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { shardD1 } from "../../../src/db/shards";
import { eventually, mockReceiver, RECEIVER, saveCallbackUrl } from "../support/callbacks";
import { ADMIN_HEADERS, call, expectProblem, PROBE } from "../support/http";
import { charge, chargeBody, chargeableTenant, cardToken } from "../support/sandbox";
import { lookup, processorTransfersFor, refund, type Payment } from "../support/payments";
import { tenantShardBinding } from "../support/shards";
import { moveToEnd, otherShardInRegion, rowsOn } from "./move.support";

afterEach(() => {
  vi.restoreAllMocks();
});

/** A client that honours 503 tenant-moving: it waits as Retry-After says (shortened here) and sends the same request again. */
async function untilNotMoving(send: () => Promise<Response>, pauses: { count: number }): Promise<Response> {
  for (;;) {
    const response = await send();
    if (response.status !== 503) return response;
    await expectProblem(response, 503, "tenant-moving");
    pauses.count++;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("moving a tenant to another shard of its region", () => {
  it("copies every row, verifies each table, flips the map and leaves nothing on the source", async () => {
    const tenant = await chargeableTenant("Moving Roasters");
    const paid = await (await charge(tenant.auth, chargeBody(await cardToken(), { amountCents: 4_000 }))).json<Payment>();
    expect((await refund(tenant.auth, paid.lcPaymentId, { amountCents: 1_000 })).status).toBe(200);
    const from = await tenantShardBinding(tenant.tenantId);
    const to = await otherShardInRegion(tenant.tenantId);
    const before = await rowsOn(from, tenant.tenantId);
    expect(before.payments).toBe(1);
    expect(before.refunds).toBe(1);

    const moved = await moveToEnd(tenant.tenantId, to);

    expect(moved).toMatchObject({ from, to, region: env.DEFAULT_REGION, step: "done", paused: false, lastError: null });
    for (const table of moved.tables) {
      expect(table.sourceRows, table.table).toBe(table.targetRows);
      expect(table.sourceChecksum, table.table).toBe(table.targetChecksum);
    }
    expect(await tenantShardBinding(tenant.tenantId)).toBe(to);
    expect(await rowsOn(to, tenant.tenantId)).toEqual(before);
    expect(await rowsOn(from, tenant.tenantId)).toEqual({});
    const tenantView = await (
      await call(`/admin/tenants?limit=200`, { headers: ADMIN_HEADERS })
    ).json<{ data: { id: string; region: string }[] }>();
    expect(tenantView.data.find((row) => row.id === tenant.tenantId)?.region).toBe(env.DEFAULT_REGION);

    expect((await call(PROBE, { headers: tenant.auth })).status).toBe(404);
    const found = await lookup(tenant.auth, paid.lcPaymentId);
    expect(found).toMatchObject({ lcPaymentId: paid.lcPaymentId, amountRefundedCents: 1_000 });
    expect((await charge(tenant.auth, chargeBody(await cardToken()))).status).toBe(201);
    expect(await rowsOn(to, tenant.tenantId)).toMatchObject({ payments: 2 });
    expect(await rowsOn(from, tenant.tenantId)).toEqual({});
  });

  it("moves while charges, refunds and callbacks go on: none lost, none doubled, each callback delivered once", async () => {
    const tenant = await chargeableTenant("Busy Bakery");
    expect((await saveCallbackUrl(tenant.tenantId, `${RECEIVER}/hooks`)).status).toBe(200);
    const receiver = mockReceiver(RECEIVER);
    const from = await tenantShardBinding(tenant.tenantId);
    const to = await otherShardInRegion(tenant.tenantId);
    const refunded = new Map<string, number>();
    const pauses = { count: 0 };
    let moving = true;

    async function traffic(prefix: string) {
      for (let n = 0; moving || n < 6; n++) {
        const token = await cardToken();
        const charged = await untilNotMoving(
          () => charge(tenant.auth, chargeBody(token, { amountCents: 2_000 + n }), `${prefix}-${n}`),
          pauses,
        );
        expect(charged.status, await charged.clone().text()).toBe(201);
        const { lcPaymentId } = await charged.json<Payment>();
        refunded.set(lcPaymentId, 0);
        if (n % 2 === 0) {
          const refundedNow = await untilNotMoving(
            () => refund(tenant.auth, lcPaymentId, { amountCents: 300 }, `${prefix}-refund-${n}`),
            pauses,
          );
          expect(refundedNow.status, await refundedNow.clone().text()).toBe(200);
          refunded.set(lcPaymentId, 300);
        }
      }
    }
    const clients = [traffic("one"), traffic("two")];
    const moved = await moveToEnd(tenant.tenantId, to);
    moving = false;
    await Promise.all(clients);

    expect(moved.step).toBe("done");
    expect(pauses.count).toBeGreaterThan(0);
    expect(await tenantShardBinding(tenant.tenantId)).toBe(to);
    expect(await rowsOn(from, tenant.tenantId)).toEqual({});
    const target = shardD1(env, to);
    const onTarget = await target
      .prepare("SELECT id, amount_refunded_cents FROM payments WHERE tenant_id = ?")
      .bind(tenant.tenantId)
      .all<{ id: string; amount_refunded_cents: number }>();
    expect(new Map(onTarget.results.map((row) => [row.id, row.amount_refunded_cents]))).toEqual(refunded);
    for (const [lcPaymentId, amountRefundedCents] of refunded) {
      expect(await lookup(tenant.auth, lcPaymentId)).toMatchObject({ lcPaymentId, amountRefundedCents });
      expect(await processorTransfersFor(lcPaymentId)).toBe(1);
    }

    // Every delivery (one per event written while callbacks were on) reaches the receiver once, from whichever shard.
    const deliveries = await target
      .prepare("SELECT event_id FROM callback_deliveries WHERE tenant_id = ?")
      .bind(tenant.tenantId)
      .all<{ event_id: string }>();
    expect(deliveries.results.length).toBeGreaterThan(0);
    await eventually(
      () =>
        target
          .prepare("SELECT COUNT(*) AS n FROM callback_deliveries WHERE tenant_id = ? AND status <> 'delivered'")
          .bind(tenant.tenantId)
          .first<number>("n"),
      (undelivered) => undelivered === 0,
      30_000,
    );
    const received = receiver.received.map((callback) => callback.headers.get("LC-Event-Id")).sort();
    expect(received).toEqual(deliveries.results.map((delivery) => delivery.event_id).sort());
  }, 60_000);
});
