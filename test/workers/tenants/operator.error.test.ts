import { describe, expect, it } from "vitest";

import { ADMIN_HEADERS, call, expectProblem, jsonInit } from "../support/http";

describe("operator API: refused input", () => {
  it("validates tenant input", async () => {
    const problem = await expectProblem(
      await call("/admin/tenants", jsonInit("POST", { name: "", extra: true }, ADMIN_HEADERS)),
      400,
      "validation-failed",
    );
    expect(problem.errors?.map((e) => e.field).sort()).toEqual(["extra", "name"]);
  });

  it("refuses a tenant list cursor it did not issue, and a limit out of range", async () => {
    await expectProblem(await call("/admin/tenants?cursor=not-a-cursor", { headers: ADMIN_HEADERS }), 400, "invalid-cursor");
    await expectProblem(await call("/admin/tenants?limit=0", { headers: ADMIN_HEADERS }), 400, "validation-failed");
    await expectProblem(await call("/admin/tenants?limit=201", { headers: ADMIN_HEADERS }), 400, "validation-failed");
  });

  it("404s keys for an unknown tenant and 400s a malformed id", async () => {
    await expectProblem(await call("/admin/tenants/ten_doesnotexist/keys", { method: "POST", headers: ADMIN_HEADERS }), 404, "not-found");
    await expectProblem(await call("/admin/tenants/nope/keys", { method: "POST", headers: ADMIN_HEADERS }), 400, "validation-failed");
  });
});
