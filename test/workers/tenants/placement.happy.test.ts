/**
 * Placement by region: a new tenant goes to the open shard of its region with the most room, the control database maps
 * it there, and the shard holds the tenant's row (its tables reference it) while no other shard does.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { tenants } from "../../../src/db/tenants.schema";
import { shardsOf } from "../../../src/placement/shards";
import { tenantShards } from "../../../src/placement/tenant-shards.schema";
import { controlDb, shardDb } from "../support/db";
import { ADMIN_HEADERS, call, jsonInit } from "../support/http";

type Tenant = { id: string; region: string | null };
type ShardReport = { shard: string; region: string; open: boolean; tenants: number; rows: number; sizeBytes: number };

async function createTenantIn(region: string | undefined, name = "Placed Roasters"): Promise<Tenant> {
  const response = await call("/admin/tenants", jsonInit("POST", { name, region }, ADMIN_HEADERS));
  expect(response.status, await response.clone().text()).toBe(201);
  return response.json();
}

/** The shard the control database's map names for the tenant. */
const mappedShard = async (tenantId: string) =>
  (await controlDb().query.tenantShards.findFirst({ where: eq(tenantShards.tenantId, tenantId) }))?.shard;

async function shardsHolding(tenantId: string): Promise<string[]> {
  const holding = [];
  for (const shard of shardsOf(env)) {
    if (await shardDb(shard.d1).$count(tenants, eq(tenants.id, tenantId))) holding.push(shard.binding);
  }
  return holding;
}

async function shardList(): Promise<ShardReport[]> {
  const response = await call("/admin/shards", { headers: ADMIN_HEADERS });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: ShardReport[] }).data;
}

describe("placing tenants on shards by region", () => {
  it("runs with at least two shards in the default region, and one of another region", () => {
    const shards = shardsOf(env);
    expect(shards.filter((shard) => shard.region === env.DEFAULT_REGION && shard.open).length).toBeGreaterThanOrEqual(2);
    expect(shards.some((shard) => shard.region !== env.DEFAULT_REGION)).toBe(true);
  });

  it("places a tenant of the default region on that region's shards, spreading tenants over shards of equal room", async () => {
    const defaultShards = shardsOf(env).filter((shard) => shard.region === env.DEFAULT_REGION);
    const placed = [];
    for (let n = 0; n < defaultShards.length * 2; n++) placed.push(await createTenantIn(undefined, `Default ${n}`));
    for (const tenant of placed) {
      expect(tenant.region).toBe(env.DEFAULT_REGION);
      const shard = await mappedShard(tenant.id);
      expect(defaultShards.map((s) => s.binding)).toContain(shard);
      expect(await shardsHolding(tenant.id)).toEqual([shard]);
    }
    const shards = await Promise.all(placed.map((tenant) => mappedShard(tenant.id)));
    for (const shard of defaultShards) expect(shards.filter((binding) => binding === shard.binding)).toHaveLength(2);
  });

  it("places a tenant created with region eu on the eu shard, and says so wherever the tenant is shown", async () => {
    const tenant = await createTenantIn("eu", "Berlin Bakery");
    expect(tenant.region).toBe("eu");
    const euShards = shardsOf(env).filter((shard) => shard.region === "eu");
    expect(euShards.map((shard) => shard.binding)).toContain(await mappedShard(tenant.id));
    expect(await shardsHolding(tenant.id)).toEqual([await mappedShard(tenant.id)]);
    const listed = (await (await call("/admin/tenants?limit=200", { headers: ADMIN_HEADERS })).json()) as { data: Tenant[] };
    expect(listed.data.find((t) => t.id === tenant.id)?.region).toBe("eu");
    const renamed = await call(`/admin/tenants/${tenant.id}`, jsonInit("PATCH", { name: "Berlin Bakery GmbH" }, ADMIN_HEADERS));
    expect(((await renamed.json()) as Tenant).region).toBe("eu");
  });

  it("writes a tenant's name and fee schedule to its shard's copy too, where charges read the fee", async () => {
    const tenant = await createTenantIn("eu", "Fee Schedule Frites");
    const changes = { name: "Fee Schedule Frites SA", feeBasisPoints: 150, feeFixedCents: 20 };
    const patched = await call(`/admin/tenants/${tenant.id}`, jsonInit("PATCH", changes, ADMIN_HEADERS));
    expect(patched.status).toBe(200);
    const shard = shardsOf(env).find((configured) => configured.binding === "DB_SHARD_EU_1")!;
    const copy = await shardDb(shard.d1).query.tenants.findFirst({
      columns: { name: true, feeBasisPoints: true, feeFixedCents: true, updatedAt: true },
      where: eq(tenants.id, tenant.id),
    });
    const control = await controlDb().query.tenants.findFirst({ columns: { updatedAt: true }, where: eq(tenants.id, tenant.id) });
    expect(copy).toEqual({ name: changes.name, feeBasisPoints: 150, feeFixedCents: 20, updatedAt: control!.updatedAt });
  });

  it("places a new tenant on the shard of its region with the most room, whatever the tenant counts", async () => {
    const [fuller, emptier] = shardsOf(env).filter((shard) => shard.region === env.DEFAULT_REGION);
    const before = await shardList();
    // A megabyte more on one shard: it has less room than the other, though it may hold fewer tenants.
    await fuller!.d1.batch([
      fuller!.d1.prepare("CREATE TABLE ballast (bytes BLOB)"),
      fuller!.d1.prepare("INSERT INTO ballast VALUES (zeroblob(1048576))"),
    ]);
    const first = await createTenantIn(undefined, "Room One");
    const second = await createTenantIn(undefined, "Room Two");
    expect(await mappedShard(first.id)).toBe(emptier!.binding);
    expect(await mappedShard(second.id)).toBe(emptier!.binding);
    await fuller!.d1.prepare("DROP TABLE ballast").run();

    const after = await shardList();
    expect(after.map((shard) => shard.shard)).toEqual(shardsOf(env).map((shard) => shard.binding));
    const emptierAfter = after.find((shard) => shard.shard === emptier!.binding)!;
    const emptierBefore = before.find((shard) => shard.shard === emptier!.binding)!;
    expect(emptierAfter).toMatchObject({ region: env.DEFAULT_REGION, open: true, tenants: emptierBefore.tenants + 2 });
    expect(emptierAfter.rows).toBe(emptierBefore.rows + 2);
    expect(emptierAfter.sizeBytes).toBeGreaterThan(0);
  });
});
