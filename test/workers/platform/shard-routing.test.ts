/**
 * The plan past one D1 database (docs/scale.md), simulated with three local databases: a control database that maps
 * each tenant, and each of its keys, to the shard holding its data, and two shards that each run the unchanged service.
 * The router below stands in for the thin front the plan adds: it places a new tenant on the emptier shard, then sends
 * every request to its tenant's shard with that shard as the `DB` binding. What the simulation proves is that the
 * service needs nothing else: a tenant's reads and writes reach its own shard only, and nothing of it lands elsewhere.
 */
import { applyD1Migrations, createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../../src/index";
import { hashApiKey } from "../../../src/tenants/api-keys";
import { ADMIN_HEADERS, jsonInit } from "../support/http";
import { paymentId } from "../support/ledger";

type ShardName = "DB_SHARD_A" | "DB_SHARD_B";
const SHARDS: ShardName[] = ["DB_SHARD_A", "DB_SHARD_B"];
const shardEnv = env as unknown as Env & Record<ShardName, D1Database>;
const control = env.DB;

async function placeTenant(): Promise<ShardName> {
  const { results } = await control.prepare("SELECT shard, COUNT(*) AS tenants FROM shard_tenants GROUP BY shard").all<{
    shard: ShardName;
    tenants: number;
  }>();
  const load = (shard: ShardName) => results.find((row) => row.shard === shard)?.tenants ?? 0;
  return [...SHARDS].sort((a, b) => load(a) - load(b))[0]!;
}

async function shardOfTenant(tenantId: string): Promise<ShardName | null> {
  return (await control.prepare("SELECT shard FROM shard_tenants WHERE tenant_id = ?").bind(tenantId).first<ShardName>("shard")) ?? null;
}

async function shardOfKey(key: string): Promise<ShardName | null> {
  const tenantId = await control
    .prepare("SELECT tenant_id FROM shard_keys WHERE key_hash = ?")
    .bind(await hashApiKey(key, env.KEY_PEPPER))
    .first<string>("tenant_id");
  return tenantId ? shardOfTenant(tenantId) : null;
}

async function forward(request: Request, shard: ShardName): Promise<Response> {
  const executionCtx = createExecutionContext();
  const response = await worker.fetch(request, { ...env, DB: shardEnv[shard] }, executionCtx);
  await waitOnExecutionContext(executionCtx);
  return response;
}

/** The front: operator routes by the tenant in the path (a new tenant is placed first), tenant routes by the key. */
async function route(path: string, init: RequestInit = {}): Promise<Response> {
  const request = new Request(`https://payment-connect.test${path}`, init);
  const tenantInPath = /^\/admin\/tenants\/([^/]+)/.exec(path)?.[1];
  if (path === "/admin/tenants" && request.method === "POST") {
    const shard = await placeTenant();
    const response = await forward(request, shard);
    const tenant = (await response.clone().json()) as { id: string };
    await control.prepare("INSERT INTO shard_tenants (tenant_id, shard) VALUES (?, ?)").bind(tenant.id, shard).run();
    return response;
  }
  if (tenantInPath) {
    const shard = await shardOfTenant(tenantInPath);
    if (!shard) return new Response(null, { status: 404 });
    const response = await forward(request, shard);
    if (/^\/admin\/tenants\/[^/]+\/keys$/.test(path) && response.status === 201) {
      const { key } = (await response.clone().json()) as { key: string };
      await control
        .prepare("INSERT INTO shard_keys (key_hash, tenant_id) VALUES (?, ?)")
        .bind(await hashApiKey(key, env.KEY_PEPPER), tenantInPath)
        .run();
    }
    return response;
  }
  const key = request.headers.get("X-Api-Key");
  const shard = key ? await shardOfKey(key) : null;
  return forward(request, shard ?? "DB_SHARD_A");
}

async function seedShardPayments(shard: ShardName, tenantId: string, ids: string[]): Promise<void> {
  const now = new Date().toISOString();
  await shardEnv[shard].batch(
    ids.map((id) =>
      shardEnv[shard]
        .prepare(
          `INSERT INTO payments (id, tenant_id, idempotency_key, status, method, amount_cents, currency, application_fee_cents,
             processor_merchant_id, processor_transfer_id, processor_state, created_at, updated_at)
           VALUES (?, ?, ?, 'succeeded', 'card', 2500, 'USD', 40, 'MUshard', ?, 'SUCCEEDED', ?, ?)`,
        )
        .bind(id, tenantId, `key-${id}`, `TR${id.replace(/[^A-Za-z0-9]/g, "")}`, now, now),
    ),
  );
}

const rowsIn = async (db: D1Database, table: string, tenantId: string) =>
  (await db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE tenant_id = ?`).bind(tenantId).first<number>("n")) ?? 0;

type Merchant = { tenantId: string; key: string; shard: ShardName; payments: string[] };

describe("tenant data in D1 shards, routed by a control database", () => {
  const merchants: Merchant[] = [];

  beforeAll(async () => {
    for (const shard of SHARDS) await applyD1Migrations(shardEnv[shard], env.TEST_MIGRATIONS);
    await control.batch([
      control.prepare("CREATE TABLE IF NOT EXISTS shard_tenants (tenant_id TEXT PRIMARY KEY, shard TEXT NOT NULL)"),
      control.prepare("CREATE TABLE IF NOT EXISTS shard_keys (key_hash TEXT PRIMARY KEY, tenant_id TEXT NOT NULL)"),
    ]);
    for (const name of ["Shard Roasters", "Shard Bakery", "Shard Books", "Shard Bikes"]) {
      const tenant = (await (await route("/admin/tenants", jsonInit("POST", { name }, ADMIN_HEADERS))).json()) as { id: string };
      const { key } = (await (await route(`/admin/tenants/${tenant.id}/keys`, { method: "POST", headers: ADMIN_HEADERS })).json()) as {
        key: string;
      };
      const shard = (await shardOfTenant(tenant.id))!;
      const payments = [1, 2, 3].map((n) => paymentId(n, `${tenant.id.slice(-6)}x`));
      await seedShardPayments(shard, tenant.id, payments);
      merchants.push({ tenantId: tenant.id, key, shard, payments });
    }
  });

  it("places new tenants on the emptier shard, and keeps each tenant's rows in its shard alone", async () => {
    expect(merchants.filter((m) => m.shard === "DB_SHARD_A")).toHaveLength(2);
    expect(merchants.filter((m) => m.shard === "DB_SHARD_B")).toHaveLength(2);
    for (const { tenantId, shard } of merchants) {
      const other = SHARDS.find((name) => name !== shard)!;
      expect(await rowsIn(shardEnv[shard], "api_keys", tenantId)).toBe(1);
      expect(await rowsIn(shardEnv[other], "api_keys", tenantId)).toBe(0);
      expect(await rowsIn(control, "api_keys", tenantId)).toBe(0);
    }
  });

  it("serves each tenant its own payments from its shard, and another tenant's id as unknown wherever it lives", async () => {
    for (const merchant of merchants) {
      const list = (await (await route("/v1/payments", { headers: { "X-Api-Key": merchant.key } })).json()) as {
        data: { lcPaymentId: string }[];
      };
      expect(list.data.map((payment) => payment.lcPaymentId).sort()).toEqual([...merchant.payments].sort());
      for (const other of merchants.filter((m) => m !== merchant)) {
        const response = await route(`/v1/payments/${other.payments[0]}`, { headers: { "X-Api-Key": merchant.key } });
        expect(response.status).toBe(404);
      }
    }
  });

  it("writes a tenant's settings into its shard only", async () => {
    const merchant = merchants[0]!;
    const other = SHARDS.find((name) => name !== merchant.shard)!;
    const saved = await route(
      `/admin/tenants/${merchant.tenantId}/callbacks`,
      jsonInit("PUT", { url: "https://shop.example.com/hooks" }, ADMIN_HEADERS),
    );
    expect(saved.status).toBe(200);
    expect(await rowsIn(shardEnv[merchant.shard], "callback_endpoints", merchant.tenantId)).toBe(1);
    expect(await rowsIn(shardEnv[other], "callback_endpoints", merchant.tenantId)).toBe(0);
    expect(await rowsIn(control, "callback_endpoints", merchant.tenantId)).toBe(0);
  });

  it("refuses a key on any shard but its own", async () => {
    const merchant = merchants[0]!;
    const other = SHARDS.find((name) => name !== merchant.shard)!;
    // A key no request has presented yet: the answer comes from the shard's database, not from what an isolate remembers.
    const { key } = (await (
      await route(`/admin/tenants/${merchant.tenantId}/keys`, { method: "POST", headers: ADMIN_HEADERS })
    ).json()) as { key: string };
    const misrouted = await forward(new Request("https://payment-connect.test/v1/payments", { headers: { "X-Api-Key": key } }), other);
    expect(misrouted.status).toBe(401);
    expect((await route("/v1/payments", { headers: { "X-Api-Key": key } })).status).toBe(200);
  });
});
