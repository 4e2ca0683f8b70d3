import { describe, expect, it } from "vitest";

import { callbacksRouter as callbacksAdminRouter } from "../../../src/callbacks";

describe("the callbacks operator API", () => {
  it("is documented in the OpenAPI description with its problems", () => {
    const document = callbacksAdminRouter.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "callbacks", version: "1" } });
    const paths = document.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    expect(paths["/admin/tenants/{tenantId}/callbacks"]).toHaveProperty("put");
    expect(paths["/admin/tenants/{tenantId}/callbacks"]!.put!.responses).toHaveProperty("400");
    expect(paths["/admin/tenants/{tenantId}/callbacks/secrets"]).toHaveProperty("get");
    expect(paths["/admin/tenants/{tenantId}/callbacks/secrets/rotate"]).toHaveProperty("post");
    expect(paths["/admin/tenants/{tenantId}/callbacks/events"]).toHaveProperty("get");
    expect(paths["/admin/tenants/{tenantId}/callbacks/deliveries"]).toHaveProperty("get");
    expect(paths["/admin/tenants/{tenantId}/callbacks/events/{eventId}/replay"]!.post!.responses).toHaveProperty("409");
    expect(paths["/admin/tenants/{tenantId}/callbacks/deliveries/replay-failed"]!.post!.responses).toHaveProperty("202");
  });
});
