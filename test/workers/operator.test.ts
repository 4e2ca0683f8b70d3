import { describe, expect, it } from "vitest";
import { ADMIN_HEADERS, call, expectProblem, jsonInit } from "./helpers";

describe("operator API", () => {
  it("rejects a missing or wrong admin secret", async () => {
    await expectProblem(await call("/admin/tenants"), 401, "unauthorized");
    await expectProblem(await call("/admin/tenants", { headers: { Authorization: "Bearer wrong" } }), 401, "unauthorized");
    await expectProblem(
      await call("/admin/tenants", jsonInit("POST", { name: "x" }, { Authorization: "Bearer test-admin-secret-but-longer" })),
      401,
      "unauthorized",
    );
  });

  it("creates and lists tenants", async () => {
    const created = await call("/admin/tenants", jsonInit("POST", { name: "  Blue Bottle  " }, ADMIN_HEADERS));
    expect(created.status).toBe(201);
    const tenant = await created.json<{ id: string; name: string; createdAtUtc: string }>();
    expect(tenant).toMatchObject({ name: "Blue Bottle" });
    expect(tenant.id).toMatch(/^ten_[A-Za-z0-9]+$/);
    const list = await (await call("/admin/tenants", { headers: ADMIN_HEADERS })).json<{ data: { id: string }[] }>();
    expect(list.data.map((t) => t.id)).toContain(tenant.id);
  });

  it("validates tenant input", async () => {
    const problem = await expectProblem(
      await call("/admin/tenants", jsonInit("POST", { name: "", extra: true }, ADMIN_HEADERS)),
      400,
      "validation-failed",
    );
    expect(problem.errors?.map((e) => e.field).sort()).toEqual(["extra", "name"]);
  });

  it("404s keys for an unknown tenant and 400s a malformed id", async () => {
    await expectProblem(await call("/admin/tenants/ten_doesnotexist/keys", { method: "POST", headers: ADMIN_HEADERS }), 404, "not-found");
    await expectProblem(await call("/admin/tenants/nope/keys", { method: "POST", headers: ADMIN_HEADERS }), 400, "validation-failed");
  });

  it("revoking twice is idempotent", async () => {
    const tenant = await (await call("/admin/tenants", jsonInit("POST", { name: "Twice" }, ADMIN_HEADERS))).json<{ id: string }>();
    const key = await (await call(`/admin/tenants/${tenant.id}/keys`, { method: "POST", headers: ADMIN_HEADERS })).json<{ id: string }>();
    const path = `/admin/tenants/${tenant.id}/keys/${key.id}/revoke`;
    const first = await (await call(path, { method: "POST", headers: ADMIN_HEADERS })).json<{ revokedAtUtc: string }>();
    const second = await (await call(path, { method: "POST", headers: ADMIN_HEADERS })).json<{ revokedAtUtc: string }>();
    expect(second.revokedAtUtc).toBe(first.revokedAtUtc);
  });
});
