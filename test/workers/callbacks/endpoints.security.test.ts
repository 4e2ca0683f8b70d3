import { afterEach, describe, expect, it, vi } from "vitest";

import { RECEIVER } from "../support/callbacks";
import { call, jsonInit, tenantWithKey } from "../support/http";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("callback endpoints are the tenant's own", () => {
  it("answers another tenant's endpoint id 404 on every route, and leaves it unchanged", async () => {
    const owner = await tenantWithKey();
    const other = await tenantWithKey();
    const created = await call("/v1/callback-endpoints", jsonInit("POST", { url: `${RECEIVER}/owner` }, owner.auth));
    const { id } = (await created.json()) as { id: string };

    expect((await call(`/v1/callback-endpoints/${id}`, { headers: other.auth })).status).toBe(404);
    expect((await call(`/v1/callback-endpoints/${id}`, jsonInit("PATCH", { disabled: true }, other.auth))).status).toBe(404);
    expect((await call(`/v1/callback-endpoints/${id}`, { method: "DELETE", headers: other.auth })).status).toBe(404);
    const list = (await (await call("/v1/callback-endpoints", { headers: other.auth })).json()) as { data: unknown[] };
    expect(list.data).toEqual([]);
    expect(await (await call(`/v1/callback-endpoints/${id}`, { headers: owner.auth })).json()).toMatchObject({ id, disabled: false });
  });

  it("returns the secret in the create answer only, with no-store, and never logs it", async () => {
    const { auth } = await tenantWithKey();
    const lines: string[] = [];
    for (const level of ["log", "warn", "error", "info"] as const)
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        lines.push(args.map(String).join(" "));
      });
    const response = await call("/v1/callback-endpoints", jsonInit("POST", { url: `${RECEIVER}/secret` }, auth));
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const { id, secret } = (await response.json()) as { id: string; secret: string };
    const reads = [
      await (await call(`/v1/callback-endpoints/${id}`, { headers: auth })).text(),
      await (await call("/v1/callback-endpoints", { headers: auth })).text(),
      await (await call(`/v1/callback-endpoints/${id}`, jsonInit("PATCH", { description: "x" }, auth))).text(),
    ];
    for (const body of reads) expect(body).not.toContain(secret);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join("\n")).not.toContain(secret);
  });
});
