import { describe, expect, it } from "vitest";

import { call, expectProblem, tenantWithKey } from "../support/http";
import { requestsPage, seedRequests } from "../support/requests";

describe("GET /v1/requests refuses what it cannot answer", () => {
  it.each([
    ["status=2XX", "status"],
    ["status=600", "status"],
    ["status=40", "status"],
    ["path=v1/payments", "path"],
    ["apiKeyId=lc_live_abc", "apiKeyId"],
    ["traceId=4BF92F3577B34DA6A3CE929D0E0E4736", "traceId"],
    ["traceId=abc", "traceId"],
    ["limit=201", "limit"],
    ["body=1", "body"],
  ])("%s: 400 naming %s", async (query, field) => {
    const { auth } = await tenantWithKey("Picky Pantry");
    const problem = await expectProblem(await call(`/v1/requests?${query}`, { headers: auth }), 400, "validation-failed");
    expect(problem.errors?.map((error) => error.field)).toEqual([field]);
  });

  it("a malformed id is 400, a cursor of other filters or made by hand is invalid-cursor", async () => {
    const { tenantId, auth } = await tenantWithKey("Cursory Cafe");
    await seedRequests(tenantId, [
      { at: new Date(Date.now() - 120_000).toISOString(), status: 404 },
      { at: new Date(Date.now() - 60_000).toISOString(), status: 404 },
    ]);
    const problem = await expectProblem(await call("/v1/requests/lcpay_notarequest00001", { headers: auth }), 400, "validation-failed");
    expect(problem.errors).toEqual([{ field: "id", message: "must be an API request id (req_…)" }]);
    const { nextCursor } = await requestsPage(auth, { status: "404", limit: "1" });
    expect(nextCursor).not.toBe("");
    await expectProblem(await call(`/v1/requests?status=4xx&limit=1&cursor=${nextCursor}`, { headers: auth }), 400, "invalid-cursor");
    await expectProblem(await call("/v1/requests?cursor=eyJhIjoxfQ.abc", { headers: auth }), 400, "invalid-cursor");
  });
});
