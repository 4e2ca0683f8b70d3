import { describe, expect, it } from "vitest";

import { allShardD1s } from "../support/shards";

describe("the list query plan", () => {
  it("seeks the (tenant_id, created_at, id) index for a deep page instead of scanning newer rows", async () => {
    const [shard] = allShardD1s();
    const plan = await shard!
      .prepare(
        "EXPLAIN QUERY PLAN SELECT * FROM payments WHERE tenant_id = ? AND (created_at, id) < (?, ?) ORDER BY created_at DESC, id DESC LIMIT 201",
      )
      .bind("ten_x", "2026-01-01T00:00:00.000Z", "lcpay_x")
      .all<{ detail: string }>();
    const detail = plan.results.map((row) => row.detail).join("\n");
    expect(detail).toMatch(/SEARCH payments USING INDEX payments_tenant_created \(tenant_id=\? AND \(created_at,id\)<\(\?,\?\)\)/);
    expect(detail).not.toContain("TEMP B-TREE");
  });
});
