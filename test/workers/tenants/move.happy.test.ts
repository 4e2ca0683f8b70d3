/**
 * Moving a live tenant to another shard: everything it owns is copied, verified, flipped and deleted from the source,
 * and everything it uses — keys, payments, refunds, callbacks and their secrets, idempotency keys — works after.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ADMIN_HEADERS, call, PROBE } from "../support/http";
import { charge, chargeBody, chargeableTenant, cardToken } from "../support/sandbox";
import { lookup, refund, type Payment } from "../support/payments";
import { tenantShardBinding } from "../support/shards";
import { moveToEnd, otherShardInRegion, rowsOn } from "./move.support";

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
});
