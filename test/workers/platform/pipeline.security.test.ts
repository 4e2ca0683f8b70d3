import { env } from "cloudflare:workers";
import { createApp } from "../../../src/app";
import { describe, expect, it, vi } from "vitest";
import { call, expectProblem } from "../support/http";

describe("failures inside the service", () => {
  it("500 carries no stack or internals", async () => {
    const app = createApp();
    app.get("/boom", () => {
      throw new Error("SELECT secret_column FROM internals");
    });
    const response = await app.fetch(new Request("https://payment-connect.test/boom"), env);
    const problem = await expectProblem(response, 500, "internal-error");
    const text = JSON.stringify(problem);
    expect(text).not.toContain("secret_column");
    expect(text).not.toContain("at ");
  });
});

describe("request log", () => {
  it("writes one structured line per request carrying the traceId and tenant, never the key", async () => {
    const { tenantWithKey } = await import("../support/http");
    const { key, tenantId } = await tenantWithKey();
    const lines: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
    try {
      const response = await call("/v1/__probe", { headers: { "X-Api-Key": key } });
      const traceId = response.headers.get("X-Trace-Id");
      const records = lines.map((line) => JSON.parse(line)).filter((record) => record.traceId === traceId);
      expect(records).toEqual([expect.objectContaining({ message: "request", status: 404, path: "/v1/__probe", tenantId })]);
      expect(lines.join("\n")).not.toContain(key);
    } finally {
      spy.mockRestore();
    }
  });
});
