import { describe, expect, it } from "vitest";

import { ADMIN_HEADERS, call, expectProblem, PROBE, tenantWithKey } from "../support/http";

describe("API keys", () => {
  it("accepts the key as X-Api-Key and as Authorization: Bearer", async () => {
    const { key } = await tenantWithKey();
    await expectProblem(await call(PROBE, { headers: { "X-Api-Key": key } }), 404, "not-found");
    await expectProblem(await call(PROBE, { headers: { Authorization: `Bearer ${key}` } }), 404, "not-found");
  });

  it("issues keys of the documented shape, shown once", async () => {
    const { key, tenantId } = await tenantWithKey();
    expect(key).toMatch(/^lc_live_[A-Za-z0-9_-]{43}$/);
    const list = await call(`/admin/tenants/${tenantId}/keys`, { headers: ADMIN_HEADERS });
    const text = await list.text();
    expect(text).not.toContain(key);
    const [listed] = JSON.parse(text).data;
    expect(listed).toMatchObject({ displayPrefix: key.slice(0, 12), lastFour: key.slice(-4), revokedAtUtc: null });
  });
});
