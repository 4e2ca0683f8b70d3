import SwaggerParser from "@apidevtools/swagger-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDevServer } from "../support/dev-server.mjs";

let server;
beforeAll(async () => {
  server = await startDevServer();
});
afterAll(() => server?.stop());

describe("the published OpenAPI document", () => {
  it("is OpenAPI 3.1 and validates with a standard validator", async () => {
    const response = await fetch(`${server.baseUrl}/openapi.json`);
    expect(response.status).toBe(200);
    const document = await response.json();
    expect(document.openapi).toBe("3.1.0");
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeTruthy();
  });

  it("lists every route the service serves, with both key styles as security schemes", async () => {
    const document = await (await fetch(`${server.baseUrl}/openapi.json`)).json();
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    for (const expected of [
      "GET /v1/meta",
      "GET /health",
      "GET /health/live",
      "GET /health/ready",
      "POST /admin/tenants",
      "POST /admin/tenants/{tenantId}/keys/{keyId}/revoke",
    ]) {
      expect(operations).toContain(expected);
    }
    expect(document.components.securitySchemes.ApiKeyHeader).toMatchObject({ type: "apiKey", in: "header", name: "X-Api-Key" });
    expect(document.components.securitySchemes.BearerApiKey).toMatchObject({ type: "http", scheme: "bearer" });
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const anonymous = path === "/v1/meta" || path.startsWith("/health") || !path.startsWith("/v1/");
        if (!anonymous) {
          expect(operation.security, `${method} ${path}`).toEqual([{ ApiKeyHeader: [] }, { BearerApiKey: [] }]);
          expect(Object.keys(operation.responses), `${method} ${path}`).toContain("401");
        }
      }
    }
  });

  it("serves a human reference page that needs no network beyond the service", async () => {
    const response = await fetch(`${server.baseUrl}/docs`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("/openapi.json");
    expect(html).not.toMatch(/<(script|link)[^>]+(src|href)="https?:/);
  });
});
