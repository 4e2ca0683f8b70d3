import { describe, expect, it } from "vitest";

import { RECEIVER } from "../support/callbacks";
import { call, expectProblem, jsonInit, tenantWithKey } from "../support/http";

const create = (auth: Record<string, string>, body: unknown) => call("/v1/callback-endpoints", jsonInit("POST", body, auth));

describe("callback endpoints refused", () => {
  it("answers problem+json for a missing or refused URL, a bad body and an empty type list", async () => {
    const { auth } = await tenantWithKey();
    const missing = await expectProblem(await create(auth, { description: "no url" }), 400, "validation-failed");
    expect(missing.errors?.map((error) => error.field)).toContain("url");
    const plain = await expectProblem(await create(auth, { url: "ftp://example.com/hooks" }), 400, "validation-failed");
    expect(plain.errors).toEqual([{ field: "url", message: expect.stringMatching(/http/) }]);
    await expectProblem(await create(auth, { url: `${RECEIVER}/x`, enabledEvents: [] }), 400, "validation-failed");
    await expectProblem(await create(auth, { url: `${RECEIVER}/x`, secret: "whsec_mine" }), 400, "validation-failed");
  });

  it("names an unknown event type in a 422, on create and on change", async () => {
    const { auth } = await tenantWithKey();
    const refused = await expectProblem(
      await create(auth, { url: `${RECEIVER}/x`, enabledEvents: ["transfer.updated", "transfer.settled"] }),
      422,
      "unknown-event-type",
    );
    expect(refused.detail).toContain("transfer.settled");
    expect(refused.errors).toEqual([{ field: "enabledEvents[1]", message: expect.stringContaining("transfer.updated") }]);

    const created = (await (await create(auth, { url: `${RECEIVER}/x` })).json()) as { id: string };
    const patched = await call(`/v1/callback-endpoints/${created.id}`, jsonInit("PATCH", { enabledEvents: ["payment.created"] }, auth));
    expect((await expectProblem(patched, 422, "unknown-event-type")).detail).toContain("payment.created");
    const unchanged = (await (await call(`/v1/callback-endpoints/${created.id}`, { headers: auth })).json()) as { enabledEvents: string[] };
    expect(unchanged.enabledEvents).toEqual(["*"]);
  });

  it("refuses a 17th endpoint with a clear problem, and takes one again after a delete", async () => {
    const { auth } = await tenantWithKey();
    const ids: string[] = [];
    for (let index = 0; index < 16; index++) {
      const response = await create(auth, { url: `${RECEIVER}/e${index}` });
      expect(response.status).toBe(201);
      ids.push(((await response.json()) as { id: string }).id);
    }
    const refused = await expectProblem(await create(auth, { url: `${RECEIVER}/e16` }), 422, "callback-endpoint-limit-reached");
    expect(refused).toMatchObject({ maxEndpoints: 16, detail: expect.stringContaining("16") });

    expect((await call(`/v1/callback-endpoints/${ids[0]}`, { method: "DELETE", headers: auth })).status).toBe(200);
    expect((await create(auth, { url: `${RECEIVER}/e16` })).status).toBe(201);
  });

  it("holds the limit when creations race", async () => {
    const { auth } = await tenantWithKey();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => create(auth, { url: `${RECEIVER}/r${index}` })));
    expect(answers.filter((response) => response.status === 201)).toHaveLength(16);
    expect(answers.filter((response) => response.status === 422)).toHaveLength(4);
  });
});
