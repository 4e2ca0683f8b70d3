import { describe, expect, it } from "vitest";

import { ADMIN_HEADERS, call, expectProblem, jsonInit } from "../support/http";

describe("problem+json errors", () => {
  it("404 for an unknown route", async () => {
    await expectProblem(await call("/nowhere"), 404, "not-found");
  });

  it("405 with Allow for a known path under the wrong method", async () => {
    const response = await call("/health", { method: "DELETE" });
    const problem = await expectProblem(response, 405, "method-not-allowed");
    expect(response.headers.get("Allow")).toContain("GET");
    expect(problem.detail).toContain("GET");
    const admin = await call("/admin/tenants", { method: "PUT", headers: ADMIN_HEADERS });
    await expectProblem(admin, 405, "method-not-allowed");
    expect(admin.headers.get("Allow")).toBe("POST, GET, HEAD");
  });

  it("400 for malformed JSON", async () => {
    const response = await call("/admin/tenants", {
      method: "POST",
      headers: { ...ADMIN_HEADERS, "Content-Type": "application/json" },
      body: '{"name": "unterminated',
    });
    await expectProblem(response, 400, "malformed-json");
  });

  it("415 for a body that is not JSON", async () => {
    const response = await call("/admin/tenants", {
      method: "POST",
      headers: { ...ADMIN_HEADERS, "Content-Type": "text/plain" },
      body: "name=x",
    });
    await expectProblem(response, 415, "unsupported-media-type");
  });

  it("413 for a body over the limit, declared or streamed", async () => {
    const big = JSON.stringify({ name: "x".repeat(70 * 1024) });
    await expectProblem(await call("/admin/tenants", jsonInit("POST", JSON.parse(big), ADMIN_HEADERS)), 413, "payload-too-large");
    const stream = new Blob([big]).stream();
    const streamed = await call("/admin/tenants", {
      method: "POST",
      headers: { ...ADMIN_HEADERS, "Content-Type": "application/json" },
      body: stream,
      // @ts-expect-error: workerd needs duplex for a streamed request body
      duplex: "half",
    });
    await expectProblem(streamed, 413, "payload-too-large");
  });

  it("lists each offending field on validation failure", async () => {
    const problem = await expectProblem(
      await call("/admin/tenants", jsonInit("POST", { name: 42 }, ADMIN_HEADERS)),
      400,
      "validation-failed",
    );
    expect(problem.errors).toEqual([expect.objectContaining({ field: "name" })]);
  });

  it("returns the traceId in a header and honours an incoming traceparent", async () => {
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    const response = await call("/nowhere", { headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } });
    expect(response.headers.get("X-Trace-Id")).toBe(traceId);
    expect((await response.json<{ traceId: string }>()).traceId).toBe(traceId);
  });
});
