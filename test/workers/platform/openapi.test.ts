import { describe, expect, it } from "vitest";

import { createApp } from "../../../src/app";
import { call } from "../support/http";

describe("GET /openapi.json", () => {
  it("documents every route the service serves (the sandbox and the dashboard's HTML pages aside)", async () => {
    const response = await call("/openapi.json");
    expect(response.status).toBe(200);
    const document = await response.json<{ paths: Record<string, Record<string, unknown>> }>();
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`)),
    );
    const served = createApp()
      .routes.filter(
        (route) =>
          route.method !== "ALL" &&
          !route.path.startsWith("/sandbox") &&
          !route.path.startsWith("/dashboard") &&
          route.path !== "/openapi.json" &&
          !route.path.endsWith("*"),
      )
      .map((route) => `${route.method} ${route.path.replace(/:([A-Za-z]+)/g, "{$1}")}`);
    expect(served.length).toBeGreaterThan(15);
    for (const route of served) expect(documented, route).toContain(route);
  });
});
