import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createContext } from "../../../src/context";
import { CONTROL_BINDING } from "../../../src/placement/shards";
import { tenantShards } from "../../../src/placement/tenant-shards.schema";
import { apiKeys } from "../../../src/tenants/tenants.schema";
import { authenticateApiKey, KEY_CHECK_TTL_MS } from "../../../src/tenants/tenants.service";
import { controlDb } from "../support/db";
import { ADMIN_HEADERS, call, expectProblem, jsonInit, PROBE, tenantWithKey } from "../support/http";

describe("tenant authentication", () => {
  it("refuses missing, malformed, unknown and revoked keys with the same 401", async () => {
    const { key, keyId, tenantId } = await tenantWithKey();
    const unknown = key.slice(0, -4) + (key.endsWith("AAAA") ? "BBBB" : "AAAA");
    const revoke = await call(`/admin/tenants/${tenantId}/keys/${keyId}/revoke`, { method: "POST", headers: ADMIN_HEADERS });
    expect(revoke.status).toBe(200);
    expect((await revoke.json<{ revokedAtUtc: string }>()).revokedAtUtc).toMatch(/Z$/);

    const attempts: Record<string, string>[] = [
      {},
      { "X-Api-Key": "" },
      { "X-Api-Key": "not-a-key" },
      { Authorization: "Basic Zm9vOmJhcg==" },
      { Authorization: "Bearer" },
      { "X-Api-Key": unknown },
      { "X-Api-Key": key },
      { Authorization: `Bearer ${key}` },
    ];
    const bodies = [];
    for (const headers of attempts) {
      const response = await call(PROBE, { headers });
      const problem = await expectProblem(response, 401, "unauthorized");
      expect(response.headers.get("WWW-Authenticate")).toMatch(/^Bearer realm=/);
      bodies.push({ title: problem.title, detail: problem.detail });
    }
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
  });

  it("refuses two different keys in one request with 400, whether or not either is valid; the same key twice is fine", async () => {
    const first = await tenantWithKey("First of two");
    const second = await tenantWithKey("Second of two");
    const invalid = first.key.slice(0, -4) + (first.key.endsWith("AAAA") ? "BBBB" : "AAAA");
    for (const [apiKey, bearer] of [
      [first.key, second.key],
      [second.key, first.key],
      [first.key, invalid],
      [invalid, first.key],
    ]) {
      const response = await call(PROBE, { headers: { "X-Api-Key": apiKey!, Authorization: `Bearer ${bearer}` } });
      await expectProblem(response, 400, "conflicting-api-keys");
    }
    await expectProblem(await call(PROBE, { headers: { "X-Api-Key": first.key, Authorization: `Bearer ${first.key}` } }), 404, "not-found");
    // An Authorization header that carries no API key (a gateway's own token) leaves X-Api-Key the one key.
    await expectProblem(
      await call(PROBE, { headers: { "X-Api-Key": first.key, Authorization: "Bearer gateway-token" } }),
      404,
      "not-found",
    );
  });

  it("scopes keys to their tenant: revoking one tenant's key leaves another's working", async () => {
    const first = await tenantWithKey("First");
    const second = await tenantWithKey("Second");
    const crossRevoke = await call(`/admin/tenants/${second.tenantId}/keys/${first.keyId}/revoke`, {
      method: "POST",
      headers: ADMIN_HEADERS,
    });
    await expectProblem(crossRevoke, 404, "not-found");
    await expectProblem(await call(PROBE, { headers: first.auth }), 404, "not-found");
  });

  it("keeps /v1/meta and /health* anonymous, everything else behind a key", async () => {
    for (const path of ["/v1/meta", "/health", "/health/live", "/health/ready"]) {
      expect((await call(path)).status, path).toBe(200);
    }
    for (const path of ["/v1/payments", "/v1/onboarding/status", "/v1/anything"]) {
      await expectProblem(await call(path), 401, "unauthorized");
    }
  });
});

const authenticateAt = (presentedKey: string, nowMs: number, written: Promise<unknown>[] = []) =>
  authenticateApiKey({ ctx: createContext(env, { nowMs }), input: { presentedKey, afterResponse: (work) => written.push(work) } });

/** The shard the control database's map names for the tenant. */
const mappedShard = async (tenantId: string) =>
  (await controlDb().query.tenantShards.findFirst({ where: eq(tenantShards.tenantId, tenantId) }))?.shard;

describe("key → tenant → shard", () => {
  it("resolves a key to the shard the control database places its tenant on", async () => {
    const response = await call("/admin/tenants", jsonInit("POST", { name: "Lyon Lunettes", region: "eu" }, ADMIN_HEADERS));
    const { id: tenantId } = await response.json<{ id: string }>();
    const issued = await call(`/admin/tenants/${tenantId}/keys`, { method: "POST", headers: ADMIN_HEADERS });
    const { key, id: apiKeyId } = await issued.json<{ key: string; id: string }>();
    expect(await authenticateAt(key, Date.now())).toEqual({ apiKeyId, tenantId, shard: "DB_SHARD_EU_1", permissions: null });
  });

  // Such a tenant keeps its data where every tenant did before shards (docs/scale.md, from one database to shards).
  it("resolves a tenant from before shards, which the map does not name, to the control database", async () => {
    const { key, keyId, tenantId } = await tenantWithKey("Before Shards");
    await controlDb().delete(tenantShards).where(eq(tenantShards.tenantId, tenantId));
    expect(await authenticateAt(key, Date.now())).toEqual({ apiKeyId: keyId, tenantId, shard: CONTROL_BINDING, permissions: null });
  });
});

describe("the isolate's cache of checked keys", () => {
  it(`keeps a key revoked through another isolate working here for less than ${KEY_CHECK_TTL_MS} ms, then refuses it`, async () => {
    const { key, keyId, tenantId } = await tenantWithKey("Cached Keys");
    const shard = await mappedShard(tenantId);
    const checkedAt = Date.now();
    expect(await authenticateAt(key, checkedAt)).toEqual({ apiKeyId: keyId, tenantId, shard, permissions: null });
    // Another isolate revoked it: only D1 knows.
    await controlDb()
      .update(apiKeys)
      .set({ revokedAt: new Date(checkedAt).toISOString() })
      .where(eq(apiKeys.id, keyId));
    expect(await authenticateAt(key, checkedAt + KEY_CHECK_TTL_MS - 1)).toEqual({ apiKeyId: keyId, tenantId, shard, permissions: null });
    expect(await authenticateAt(key, checkedAt + KEY_CHECK_TTL_MS)).toBeNull();
    expect(await authenticateAt(key, checkedAt + 1)).toBeNull();
  });

  it("refuses a key revoked through this isolate at once, though it was just used", async () => {
    const { keyId, tenantId, auth } = await tenantWithKey("Revoked Here");
    await expectProblem(await call(PROBE, { headers: auth }), 404, "not-found");
    await call(`/admin/tenants/${tenantId}/keys/${keyId}/revoke`, { method: "POST", headers: ADMIN_HEADERS });
    await expectProblem(await call(PROBE, { headers: auth }), 401, "unauthorized");
  });

  it("writes last used after the response, at most once a minute, whether the key was cached or not", async () => {
    const { key, keyId } = await tenantWithKey("Last Used");
    const lastUsed = async () =>
      (await controlDb().query.apiKeys.findFirst({ columns: { lastUsedAt: true }, where: eq(apiKeys.id, keyId) }))!.lastUsedAt;
    const start = Date.now();
    const written: Promise<unknown>[] = [];
    await authenticateAt(key, start, written);
    expect(written).toHaveLength(1);
    await Promise.all(written);
    expect(await lastUsed()).toBe(new Date(start).toISOString());
    await authenticateAt(key, start + 1_000, written);
    await authenticateAt(key, start + 59_000, written);
    expect(written).toHaveLength(1);
    await authenticateAt(key, start + 60_001, written);
    expect(written).toHaveLength(2);
    await Promise.all(written);
    expect(await lastUsed()).toBe(new Date(start + 60_001).toISOString());
  });
});

describe("operator authentication", () => {
  it("rejects a missing or wrong admin secret", async () => {
    await expectProblem(await call("/admin/tenants"), 401, "unauthorized");
    await expectProblem(await call("/admin/tenants", { headers: { Authorization: "Bearer wrong" } }), 401, "unauthorized");
    await expectProblem(
      await call("/admin/tenants", jsonInit("POST", { name: "x" }, { Authorization: "Bearer test-admin-secret-but-longer" })),
      401,
      "unauthorized",
    );
  });
});
