/**
 * Moving a live tenant to another shard: everything it owns is copied, verified, flipped and deleted from the source,
 * and everything it uses — keys, payments, refunds, callbacks and their secrets, idempotency keys — works after.
 */
import { env } from "cloudflare:workers";
import { and, eq, ne } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";

import { callbackDeliveries } from "../../../src/callbacks/deliveries.schema";
import { tenants } from "../../../src/db/tenants.schema";
import { disputes } from "../../../src/disputes/disputes.schema";
import { payments } from "../../../src/payments/payments.schema";
import { CONTROL_BINDING, shardD1, shardsOf } from "../../../src/placement/shards";
import { tenantShards } from "../../../src/placement/tenant-shards.schema";
import { SHARD_TABLES } from "../../../src/tenant-moves/shard-tables";
import { terminalReaders } from "../../../src/terminal/terminal.schema";
import { eventually, independentHmacHex, mockReceiver, RECEIVER, revealSecrets, saveCallbackUrl } from "../support/callbacks";
import { controlDb, shardDb } from "../support/db";
import { ADMIN_HEADERS, call, expectProblem, issueKey, jsonInit, PROBE, tenantWithKey } from "../support/http";
import { moveToEnd, otherShardInRegion, rowsOn, shardTableNames } from "../support/moves";
import { lookup, type Payment, processorTransfersFor, refund } from "../support/payments";
import { cardToken, charge, chargeableTenant, chargeBody, control } from "../support/sandbox";
import { disputeRow, insertRows, readerRow } from "../support/seed";
import { tenantShardBinding } from "../support/shards";
import { getReader, newSerial } from "../support/terminal";

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

describe("the tables a move copies", () => {
  it("are every table of a tenant shard, each after the tables it references", async () => {
    expect(SHARD_TABLES.map((table) => table.name).sort()).toEqual(await shardTableNames());
    SHARD_TABLES.forEach((table, index) => {
      for (const { parent } of table.foreignKeys)
        expect(
          SHARD_TABLES.findIndex((other) => other.name === parent),
          table.name,
        ).toBeLessThan(index);
    });
  });
});

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
        // Retried as a client must: the same request under the same key.
        const body = chargeBody(await cardToken(), { amountCents: 2_000 + n });
        const charged = await untilNotMoving(() => charge(tenant.auth, body, `${prefix}-${n}`), pauses);
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
    const target = shardDb(shardD1(env, to));
    const onTarget = await target
      .select({ id: payments.id, amountRefundedCents: payments.amountRefundedCents })
      .from(payments)
      .where(eq(payments.tenantId, tenant.tenantId));
    expect(new Map(onTarget.map((row) => [row.id, row.amountRefundedCents]))).toEqual(refunded);
    for (const [lcPaymentId, amountRefundedCents] of refunded) {
      expect(await lookup(tenant.auth, lcPaymentId)).toMatchObject({ lcPaymentId, amountRefundedCents });
      expect(await processorTransfersFor(lcPaymentId)).toBe(1);
    }

    // Every delivery (one per event written while callbacks were on) reaches the receiver once, from whichever shard.
    const deliveries = await target
      .select({ eventId: callbackDeliveries.eventId })
      .from(callbackDeliveries)
      .where(eq(callbackDeliveries.tenantId, tenant.tenantId));
    expect(deliveries.length).toBeGreaterThan(0);
    await eventually(
      () =>
        target.$count(
          callbackDeliveries,
          and(eq(callbackDeliveries.tenantId, tenant.tenantId), ne(callbackDeliveries.status, "delivered")),
        ),
      (undelivered) => undelivered === 0,
      30_000,
    );
    const received = receiver.received.map((callback) => callback.headers.get("LC-Event-Id")).sort();
    expect(received).toEqual(deliveries.map((delivery) => delivery.eventId).sort());
  }, 60_000);

  it("keeps keys, callbacks and their secrets, disputes, readers and an in-flight Idempotency-Key working after the move", async () => {
    const tenant = await chargeableTenant("Everything Intact");
    const second = await issueKey(tenant.tenantId);
    expect((await saveCallbackUrl(tenant.tenantId, `${RECEIVER}/after-move`)).status).toBe(200);
    const secretsBefore = await revealSecrets(tenant.tenantId);
    const readerId = await readerOn(await tenantShardBinding(tenant.tenantId), tenant.tenantId, tenant.merchantId);
    const body = chargeBody(await cardToken());
    const from = await tenantShardBinding(tenant.tenantId);
    const to = await otherShardInRegion(tenant.tenantId);

    // The charge is in flight when the move starts.
    const [charged, moved] = await Promise.all([charge(tenant.auth, body, "in-flight-key"), moveToEnd(tenant.tenantId, to)]);
    const first = await charged.text();
    expect(charged.status, first).toBe(201);
    expect(moved.step).toBe("done");
    const payment = JSON.parse(first) as Payment;
    const disputeId = await disputeOn(to, tenant.tenantId, payment.lcPaymentId);

    const replayed = await charge(tenant.auth, body, "in-flight-key");
    expect(replayed.status).toBe(201);
    expect(await replayed.text()).toBe(first);
    expect(await processorTransfersFor(payment.lcPaymentId)).toBe(1);

    expect((await call(PROBE, { headers: { "X-Api-Key": second.key } })).status).toBe(404);
    const keys = await (
      await call(`/admin/tenants/${tenant.tenantId}/keys`, { headers: ADMIN_HEADERS })
    ).json<{ data: { id: string }[] }>();
    expect(keys.data.map((key) => key.id).sort()).toEqual([tenant.keyId, second.id].sort());
    expect(
      (await call(`/admin/tenants/${tenant.tenantId}/keys/${second.id}/revoke`, { method: "POST", headers: ADMIN_HEADERS })).status,
    ).toBe(200);
    expect((await call(PROBE, { headers: { "X-Api-Key": second.key } })).status).toBe(401);

    const settings = await (await call(`/admin/tenants/${tenant.tenantId}/callbacks`, { headers: ADMIN_HEADERS })).json<{ url: string }>();
    expect(settings.url).toBe(`${RECEIVER}/after-move`);
    expect(await revealSecrets(tenant.tenantId)).toEqual(secretsBefore);
    const receiver = mockReceiver(RECEIVER);
    expect((await refund(tenant.auth, payment.lcPaymentId, { amountCents: 100 })).status).toBe(200);
    const [callback] = await eventually(
      async () => receiver.received,
      (received) => received.length > 0,
    );
    const signature = callback!.headers.get("LC-Signature")!;
    const t = Number(/^t=(\d+),/.exec(signature)![1]);
    expect(signature).toBe(`t=${t},v1=${await independentHmacHex(secretsBefore[0]!.secret, `${t}.${callback!.rawBody}`)}`);

    const dispute = await call(`/v1/disputes/${disputeId}`, { headers: tenant.auth });
    expect(dispute.status).toBe(200);
    expect(await dispute.json()).toMatchObject({ lcDisputeId: disputeId, lcPaymentId: payment.lcPaymentId });
    expect(await getReader(tenant.auth, readerId)).toMatchObject({ lcReaderId: readerId, status: "active" });
    expect(await rowsOn(from, tenant.tenantId)).toEqual({});
  }, 60_000);
});

describe("a tenant from before shards (its data in the control database)", () => {
  it("moves to a shard with nothing lost, keeping its control row, and is in the default region after", async () => {
    const tenant = await tenantWithKey("Since Before Shards");
    await asBeforeShards(tenant.tenantId);
    const merchant = await control<{ id: string }>("create-merchant", { name: "Since Before Shards", state: "APPROVED" });
    const linked = await call(
      `/admin/tenants/${tenant.tenantId}/processor-merchant`,
      jsonInit("POST", { processorMerchantId: merchant.id }, ADMIN_HEADERS),
    );
    expect(linked.status, await linked.clone().text()).toBe(200);
    expect(await tenantShardBinding(tenant.tenantId)).toBe(CONTROL_BINDING);
    const paid = await (await charge(tenant.auth, chargeBody(await cardToken(), { amountCents: 5_000 }))).json<Payment>();
    expect(paid.status).toBe("succeeded");
    expect((await refund(tenant.auth, paid.lcPaymentId, { amountCents: 700 })).status).toBe(200);
    const inControl = await rowsOn(CONTROL_BINDING, tenant.tenantId);
    expect(inControl).toMatchObject({ tenants: 1, payments: 1, refunds: 1 });
    const to = shardsOf(env).find((shard) => shard.region === env.DEFAULT_REGION)!.binding;

    const moved = await moveToEnd(tenant.tenantId, to);

    expect(moved).toMatchObject({ from: CONTROL_BINDING, to, region: env.DEFAULT_REGION, step: "done" });
    expect(await rowsOn(to, tenant.tenantId)).toEqual(inControl);
    // Only the control row is left in the control database: it is the tenant, not a copy of it.
    expect(await rowsOn(CONTROL_BINDING, tenant.tenantId)).toEqual({ tenants: 1 });
    expect(await tenantShardBinding(tenant.tenantId)).toBe(to);
    const listed = await (
      await call(`/admin/tenants?limit=200`, { headers: ADMIN_HEADERS })
    ).json<{ data: { id: string; region: string | null }[] }>();
    expect(listed.data.find((row) => row.id === tenant.tenantId)?.region).toBe(env.DEFAULT_REGION);
    expect(await lookup(tenant.auth, paid.lcPaymentId)).toMatchObject({ amountRefundedCents: 700 });
    expect((await charge(tenant.auth, chargeBody(await cardToken()))).status).toBe(201);
    expect(await rowsOn(to, tenant.tenantId)).toMatchObject({ payments: 2 });
  });
});

/** Makes a new tenant what a deployment from before shards holds: no tenant_shards row, no shard copy of its row. */
async function asBeforeShards(tenantId: string): Promise<void> {
  const shard = shardDb(shardD1(env, await tenantShardBinding(tenantId)));
  await controlDb().delete(tenantShards).where(eq(tenantShards.tenantId, tenantId));
  await shard.delete(tenants).where(eq(tenants.id, tenantId));
}

/** An active reader of the tenant, as registering and activating it leaves it, on the tenant's shard. */
async function readerOn(binding: string, tenantId: string, merchantId: string): Promise<string> {
  const id = `lcrdr_moved${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}`;
  await insertRows(shardDb(shardD1(env, binding)), terminalReaders, [
    readerRow({ id, tenantId, serialNumber: newSerial(), processorMerchantId: merchantId }),
  ]);
  return id;
}

/** A dispute of the payment, as the processor's dispute.created leaves it, on the tenant's shard. */
async function disputeOn(binding: string, tenantId: string, paymentId: string): Promise<string> {
  const id = `lcdsp_moved${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}`;
  const db = shardDb(shardD1(env, binding));
  const payment = (await db.query.payments.findFirst({ where: eq(payments.id, paymentId) }))!;
  await insertRows(db, disputes, [
    disputeRow({
      id,
      tenantId: payment.tenantId,
      paymentId,
      orderRef: payment.orderRef,
      processorTransferId: payment.processorTransferId!,
      processorMerchantId: payment.processorMerchantId,
      amountCents: 1000,
      respondBy: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    }),
  ]);
  return id;
}
