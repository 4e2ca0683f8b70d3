import { describe, expect, it } from "vitest";

import { ADMIN_HEADERS, call, jsonInit } from "../support/http";

describe("operator API", () => {
  it("creates and lists tenants", async () => {
    const created = await call("/admin/tenants", jsonInit("POST", { name: "  Blue Bottle  " }, ADMIN_HEADERS));
    expect(created.status).toBe(201);
    const tenant = await created.json<{ id: string; name: string; createdAtUtc: string }>();
    expect(tenant).toMatchObject({ name: "Blue Bottle" });
    expect(tenant.id).toMatch(/^ten_[A-Za-z0-9]+$/);
    const list = await (await call("/admin/tenants", { headers: ADMIN_HEADERS })).json<{ data: { id: string }[] }>();
    expect(list.data.map((t) => t.id)).toContain(tenant.id);
  });

  it("pages tenants newest first with a cursor, every tenant once", async () => {
    const created: string[] = [];
    for (let i = 0; i < 5; i++) {
      created.push(
        (await (await call("/admin/tenants", jsonInit("POST", { name: `Paged ${i}` }, ADMIN_HEADERS))).json<{ id: string }>()).id,
      );
    }
    type TenantPage = { data: { id: string; createdAtUtc: string }[]; hasMore: boolean; nextCursor: string };
    const seen: TenantPage["data"] = [];
    let cursor: string | null = null;
    do {
      const response = await call(`/admin/tenants?limit=2${cursor ? `&cursor=${cursor}` : ""}`, { headers: ADMIN_HEADERS });
      expect(response.status).toBe(200);
      const page = await response.json<TenantPage>();
      expect(page.data.length).toBeLessThanOrEqual(2);
      expect(page.nextCursor === "").toBe(!page.hasMore);
      seen.push(...page.data);
      cursor = page.nextCursor;
    } while (cursor);
    const ids = seen.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(created));
    const order = seen.map((t) => `${t.createdAtUtc} ${t.id}`);
    expect(order).toEqual([...order].sort().reverse());
  });

  it("revoking twice is idempotent", async () => {
    const tenant = await (await call("/admin/tenants", jsonInit("POST", { name: "Twice" }, ADMIN_HEADERS))).json<{ id: string }>();
    const key = await (await call(`/admin/tenants/${tenant.id}/keys`, { method: "POST", headers: ADMIN_HEADERS })).json<{ id: string }>();
    const path = `/admin/tenants/${tenant.id}/keys/${key.id}/revoke`;
    const first = await (await call(path, { method: "POST", headers: ADMIN_HEADERS })).json<{ revokedAtUtc: string }>();
    const second = await (await call(path, { method: "POST", headers: ADMIN_HEADERS })).json<{ revokedAtUtc: string }>();
    expect(second.revokedAtUtc).toBe(first.revokedAtUtc);
  });
});
