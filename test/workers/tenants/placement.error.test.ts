import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { tenants } from "../../../src/db/tenants.schema";
import worker from "../../../src/index";
import { controlDb } from "../support/db";
import { ADMIN_HEADERS, call, expectProblem, jsonInit } from "../support/http";

const tenantCount = () => controlDb().$count(tenants);

describe("placing tenants: refused regions", () => {
  it("answers 400 naming the region when no shard serves it, and creates nothing", async () => {
    const before = await tenantCount();
    const problem = await expectProblem(
      await call("/admin/tenants", jsonInit("POST", { name: "Sydney Surf", region: "au" }, ADMIN_HEADERS)),
      400,
      "validation-failed",
    );
    expect(problem.detail).toBe("No shard serves region au; this deployment's regions: us, eu.");
    expect(problem.errors).toEqual([{ field: "region", message: "must be one of: us, eu" }]);
    expect(await tenantCount()).toBe(before);
  });

  it("answers 409 when every shard of the region is closed to new tenants, and creates nothing", async () => {
    const closed = Object.fromEntries(
      Object.entries(env.SHARDS as Record<string, { region: string; open: boolean }>).map(([binding, shard]) => [
        binding,
        { ...shard, open: shard.region !== "eu" },
      ]),
    );
    const before = await tenantCount();
    const executionCtx = createExecutionContext();
    const response = await worker.fetch(
      new Request(
        "https://payment-connect.test/admin/tenants",
        jsonInit("POST", { name: "Paris Pâtisserie", region: "eu" }, ADMIN_HEADERS),
      ),
      { ...env, SHARDS: closed },
      executionCtx,
    );
    await waitOnExecutionContext(executionCtx);
    await expectProblem(response, 409, "conflict");
    expect(await tenantCount()).toBe(before);
  });
});
