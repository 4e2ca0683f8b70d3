import { beforeAll, describe, expect, it } from "vitest";

import { createApp } from "../../../src/app";
import { call, expectProblem, issueKey, jsonInit, tenantWithKey } from "../support/http";

// Every /v1 operation of the OpenAPI document names its permission, and the service enforces exactly that one.
type Operation = {
  method: string;
  path: string;
  security?: Record<string, string[]>[];
  description?: string;
  "x-permission"?: string;
  responses: Record<string, { content?: Record<string, { examples?: Record<string, { value: { type: string; permission?: string } }> }> }>;
};

const RESOURCES = ["payments", "refunds", "disputes", "payouts", "terminal", "onboarding", "events", "callback_endpoints", "requests"];

const document = createApp().getOpenAPI31Document({ openapi: "3.1.0", info: { title: "permissions", version: "1" } });
const v1Operations: Operation[] = Object.entries(document.paths ?? {})
  .filter(([path]) => path.startsWith("/v1/"))
  .flatMap(([path, item]) =>
    Object.entries(item as Record<string, Omit<Operation, "method" | "path">>).map(([method, operation]) => ({
      ...operation,
      method: method.toUpperCase(),
      path,
    })),
  );
const tenantOperations = v1Operations.filter((operation) => (operation.security ?? []).length > 0);
const named = (operations: Operation[]) => operations.map((operation) => [`${operation.method} ${operation.path}`, operation] as const);

/** Any value fits a path parameter: the permission is checked before the route validates anything. */
function requestOf(operation: Operation, auth: Record<string, string>): [string, RequestInit] {
  const path = operation.path.replace(/\{\w+\}/g, "x");
  return [
    path,
    operation.method === "GET" ? { headers: auth } : jsonInit(operation.method, {}, { ...auth, "Idempotency-Key": crypto.randomUUID() }),
  ];
}

describe("the permission of every /v1 operation", () => {
  it("is declared on every operation but the anonymous /v1/meta", () => {
    expect(tenantOperations.length).toBeGreaterThanOrEqual(20);
    expect(v1Operations.filter((operation) => operation["x-permission"] === undefined).map((operation) => operation.path)).toEqual([
      "/v1/meta",
    ]);
  });

  it.each(named(tenantOperations))(
    "%s: a known resource, read for GET and write otherwise, said in its description and 403",
    (_, operation) => {
      const [resource, level] = operation["x-permission"]!.split(":");
      expect(RESOURCES).toContain(resource);
      expect(level).toBe(operation.method === "GET" ? "read" : "write");
      expect(operation.description).toContain(`\`${operation["x-permission"]}\``);
      const examples = Object.values(operation.responses["403"]?.content?.["application/problem+json"]?.examples ?? {});
      expect(examples.map((example) => example.value)).toContainEqual(
        expect.objectContaining({ type: expect.stringMatching(/\/insufficient-permissions$/), permission: operation["x-permission"] }),
      );
    },
  );

  describe("enforced as declared", () => {
    let tenantId: string;
    beforeAll(async () => {
      ({ tenantId } = await tenantWithKey("Permission Matrix"));
    });

    it.each(named(tenantOperations))(
      "%s: 403 to a key with every other permission, not to a key with only this one",
      async (_, operation) => {
        const needed = operation["x-permission"]!;
        const [resource, level] = needed.split(":") as [string, string];
        const everyOther = Object.fromEntries(
          RESOURCES.map((other) => [other, other === resource ? (level === "write" ? "read" : "none") : "write"]),
        );
        const lacking = await issueKey(tenantId, { permissions: everyOther });
        const problem = await expectProblem(await call(...requestOf(operation, lacking.auth)), 403, "insufficient-permissions");
        expect(problem.permission).toBe(needed);

        const onlyThis = await issueKey(tenantId, { permissions: { [resource]: level } });
        const response = await call(...requestOf(operation, onlyThis.auth));
        const body = await response.text();
        expect(body).not.toContain("insufficient-permissions");
      },
    );
  });
});
