import { describe, expect, it } from "vitest";
import { ADMIN_HEADERS, call, expectProblem, tenantWithKey } from "./helpers";

// An authenticated request to a path with no route: 404 proves the key was accepted, 401 that it was not.
const PROBE = "/v1/__probe";

describe("tenant authentication", () => {
  it("accepts the key as X-Api-Key and as Authorization: Bearer", async () => {
    const { key } = await tenantWithKey();
    await expectProblem(await call(PROBE, { headers: { "X-Api-Key": key } }), 404, "not-found");
    await expectProblem(await call(PROBE, { headers: { Authorization: `Bearer ${key}` } }), 404, "not-found");
  });

  it("issues keys of the documented shape, shown once", async () => {
    const { key, tenantId } = await tenantWithKey();
    expect(key).toMatch(/^lc_live_[A-Za-z0-9_-]{43}$/);
    const list = await call(`/admin/tenants/${tenantId}/keys`, { headers: ADMIN_HEADERS });
    const text = await list.text();
    expect(text).not.toContain(key);
    const [listed] = JSON.parse(text).data;
    expect(listed).toMatchObject({ displayPrefix: key.slice(0, 12), lastFour: key.slice(-4), revokedAtUtc: null });
  });

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
