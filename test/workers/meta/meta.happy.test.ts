import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { call } from "../support/http";

describe("GET /v1/meta", () => {
  it("returns the public config anonymously, cacheable and CORS-open", async () => {
    const response = await call("/v1/meta", { headers: { Origin: "https://shop.example" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      service: env.SERVICE_NAME,
      processor: "finix",
      processorEnvironment: "sandbox",
      processorApplicationId: env.PROCESSOR_APPLICATION_ID,
      processorApiVersion: "2022-02-01",
      currency: "USD",
    });
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(response.headers.get("Cache-Control")).toContain("max-age=");
  });

  it("answers a CORS preflight", async () => {
    const response = await call("/v1/meta", {
      method: "OPTIONS",
      headers: { Origin: "https://shop.example", "Access-Control-Request-Method": "GET" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("Access-Control-Allow-Methods")).toContain("GET");
  });
});

describe("health", () => {
  it("GET /health is ok", async () => {
    const response = await call("/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("GET /health/live is ok", async () => {
    const response = await call("/health/live");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("GET /health/ready probes D1", async () => {
    const response = await call("/health/ready");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: "ok",
      checks: { database: "ok" },
      detail: {
        unprocessableProcessorWebhooks: 0,
        stuckTenantMoves: 0,
        failingTenantMoves: 0,
        processorFeedLagSeconds: null,
        processorFeedsBehind: false,
      },
    });
  });
});
