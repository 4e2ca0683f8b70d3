import { describe, expect, it } from "vitest";

import snapshot from "../../../public/openapi/v1.json";
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

  it("is the committed snapshot, listing the server that served it and then the configured public base URL", async () => {
    const response = await call("/openapi.json");
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    const { servers, ...document } = await response.json<typeof snapshot>();
    expect(servers).toEqual([
      { url: "https://payment-connect.test", description: "This server" },
      { url: "http://localhost:8787", description: "The configured public base URL (BASE_URL)" },
    ]);
    const { servers: snapshotServers, ...described } = snapshot;
    expect(snapshotServers).toEqual([{ url: "http://localhost:8787" }]);
    expect(document).toEqual(described);
  });
});
