import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";

import { callbackSigningSecrets } from "../../../src/callbacks/callback-endpoints.schema";
import {
  adminGet as get,
  adminPost as post,
  type CallbackDelivery as Delivery,
  type CallbackPage as Page,
  callbacksPath as base,
  deliveriesOf,
  failedDelivery,
  RECEIVER,
  revealSecrets,
  saveCallbackUrl,
  writeEvent,
} from "../support/callbacks";
import { shardOf } from "../support/db";
import { call, createTenant, expectProblem, jsonInit } from "../support/http";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("callback secrets at rest", () => {
  it("stores secrets sealed, never in plain text", async () => {
    const { id: tenantId } = await createTenant();
    await saveCallbackUrl(tenantId, `${RECEIVER}/sealed`);
    const { secret } = (await revealSecrets(tenantId))[0]!;
    const row = await (
      await shardOf(tenantId)
    ).query.callbackSigningSecrets.findFirst({ columns: { secretCiphertext: true }, where: eq(callbackSigningSecrets.tenantId, tenantId) });
    expect(row!.secretCiphertext).toMatch(/^v1\./);
    expect(row!.secretCiphertext).not.toContain(secret.slice("whsec_".length, 20));
  });
});

describe("the callbacks operator routes", () => {
  it("requires the admin secret and an existing tenant", async () => {
    const { id: tenantId } = await createTenant();
    for (const [path, init] of [
      [base(tenantId), {}],
      [`${base(tenantId)}/secrets`, {}],
      [`${base(tenantId)}/secrets/rotate`, { method: "POST" }],
      [`${base(tenantId)}/events`, {}],
      [`${base(tenantId)}/deliveries`, {}],
    ] as const) {
      await expectProblem(await call(path, init), 401, "unauthorized");
      await expectProblem(await call(path, { ...init, headers: { Authorization: "Bearer wrong" } }), 401, "unauthorized");
    }
    await expectProblem(await call(base(tenantId), jsonInit("PUT", { url: `${RECEIVER}/x` })), 401, "unauthorized");
    await expectProblem(await get(base("ten_doesnotexist")), 404, "not-found");
    await expectProblem(await saveCallbackUrl("ten_doesnotexist", `${RECEIVER}/x`), 404, "not-found");
    await expectProblem(await get(`${base(tenantId)}/events?limit=0`), 400, "validation-failed");
    await expectProblem(await get(`${base(tenantId)}/events?cursor=garbage`), 400, "invalid-cursor");
  });
});

describe("callbacks across tenants", () => {
  it("keeps tenants apart: one tenant cannot see or replay another's events or deliveries", async () => {
    const { id: alice } = await createTenant("Alice");
    const { id: bob } = await createTenant("Bob");
    await saveCallbackUrl(alice, `${RECEIVER}/alice`);
    await saveCallbackUrl(bob, `${RECEIVER}/bob`);
    const aliceEvent = await writeEvent(alice);
    await failedDelivery(alice, aliceEvent);

    const bobEvents = (await (await get(`${base(bob)}/events`)).json()) as Page<{ id: string }>;
    expect(bobEvents.data).toEqual([]);
    const bobDeliveries = (await (await get(`${base(bob)}/deliveries`)).json()) as Page<Delivery>;
    expect(bobDeliveries.data).toEqual([]);
    expect(((await (await get(`${base(bob)}/deliveries?eventId=${aliceEvent}`)).json()) as Page<Delivery>).data).toEqual([]);
    await expectProblem(await post(`${base(bob)}/events/${aliceEvent}/replay`), 404, "not-found");
    expect(
      ((await (await post(`${base(bob)}/deliveries/replay-failed`, { since: "2026-01-01T00:00:00Z" })).json()) as { data: Delivery[] })
        .data,
    ).toEqual([]);
    expect(await deliveriesOf(aliceEvent)).toHaveLength(1);

    const [aliceSecret] = await revealSecrets(alice);
    const [bobSecret] = await revealSecrets(bob);
    expect(aliceSecret!.secret).not.toBe(bobSecret!.secret);
  });
});
