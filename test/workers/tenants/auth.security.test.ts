import { describe, expect, it } from "vitest";
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
