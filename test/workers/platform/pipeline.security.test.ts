import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";

import { createApp } from "../../../src/app";
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

  it("puts what happened during a request — here a charge's processor calls — on that request's one line", async () => {
    const { cardToken, charge, chargeableTenant, chargeBody } = await import("../support/sandbox");
    const { auth, key } = await chargeableTenant();
    const token = await cardToken();
    const lines: string[] = [];
    const spies = (["log", "warn", "error"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((line: unknown) => void lines.push(String(line))),
    );
    try {
      const response = await charge(auth, chargeBody(token));
      expect(response.status).toBe(201);
      const traceId = response.headers.get("X-Trace-Id");
      const records = lines.map((line) => JSON.parse(line)).filter((record) => record.traceId === traceId);
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ message: "request", level: "info", method: "POST", path: "/v1/payments", status: 201 });
      expect(records[0].details).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ message: "processor call", method: "POST", pathTemplate: "/payment_instruments", status: 201 }),
          expect.objectContaining({ message: "processor call", method: "POST", pathTemplate: "/transfers", status: 201 }),
        ]),
      );
      expect(lines.filter((line) => JSON.parse(line).message === "processor call")).toEqual([]);
      expect(lines.join("\n")).not.toContain(key);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});
