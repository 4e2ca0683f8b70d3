import { describe, expect, it } from "vitest";

import { signedInOwner } from "../support/dashboard";
import { ADMIN_HEADERS, call, createTenant, expectProblem, jsonInit } from "../support/http";

const invite = (tenantId: string, body: unknown) =>
  call(`/admin/tenants/${tenantId}/dashboard/invites`, jsonInit("POST", body, ADMIN_HEADERS));

describe("invitations refused", () => {
  it("refuses an unknown tenant, a malformed e-mail and extra fields", async () => {
    await expectProblem(await invite("ten_doesnotexist", { email: "a@example.com" }), 404, "not-found");
    const tenant = await createTenant();
    const problem = await expectProblem(await invite(tenant.id, { email: "not-an-email" }), 400, "validation-failed");
    expect(problem.errors?.map((error) => error.field)).toEqual(["email"]);
    await expectProblem(await invite(tenant.id, { email: "a@example.com", role: "member" }), 400, "validation-failed");
  });

  it("lets an owner invite no one who is already on the team", async () => {
    const { email, browser } = await signedInOwner();
    await browser.open("/dashboard/team");
    const response = await browser.post("/dashboard/team/invites", { email, role: "member" });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("already belongs to this tenant");
  });

  it("answers no-store: the link is a credential", async () => {
    const tenant = await createTenant();
    const response = await invite(tenant.id, { email: "fresh@example.com" });
    expect(response.status).toBe(201);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });
});
