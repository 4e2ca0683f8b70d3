import { describe, expect, it } from "vitest";

import { call } from "./support/http";
import { control, processor, PROCESSOR_HEADERS } from "./support/sandbox-processor";

const callsSoFar = async () => ((await (await call("/sandbox/control/calls")).json()) as { result: Record<string, number> }).result;

describe("the calls the service made, by operation", () => {
  it("counts each authenticated call at the root by its operation, faulted ones too, and none through /sandbox/processor", async () => {
    const before = await callsSoFar();
    await processor("GET", "/transfers?limit=1");
    await processor("GET", "/transfers?limit=1");
    await control.addFault({ operation: "GET /identities/{identity_id}", kind: "error", status: 500, times: 1 });
    expect((await processor("GET", "/identities/IDnone", undefined, { validateAs: "skip" })).status).toBe(500);
    // A browser's tokenization needs no credential, and the same read through the site is not the service's.
    expect((await call("/sandbox/processor/transfers?limit=1", { headers: PROCESSOR_HEADERS })).status).toBe(200);
    expect(
      (await processor("GET", "/transfers?limit=1", undefined, { headers: { Authorization: "Basic bm9ib2R5Om5vdGhpbmc=" } })).status,
    ).toBe(401);

    const after = await callsSoFar();
    expect(after["GET /transfers"]! - (before["GET /transfers"] ?? 0)).toBe(2);
    expect(after["GET /identities/{identity_id}"]! - (before["GET /identities/{identity_id}"] ?? 0)).toBe(1);
    expect(Object.values(after).reduce((sum, n) => sum + n, 0) - Object.values(before).reduce((sum, n) => sum + n, 0)).toBe(3);
  });

  it("are forgotten by a reset, and read by the operator only", async () => {
    await processor("GET", "/transfers?limit=1");
    await control.reset();
    expect(await callsSoFar()).toEqual({});
    expect((await call("/sandbox/control/calls", {}, "merchant MUsomeone")).status).toBe(403);
  });
});
