import { afterEach, describe, it, vi } from "vitest";

import { adminPost as post, callbacksPath as base, RECEIVER, saveCallbackUrl, writeEvent } from "../support/callbacks";
import { createTenant, expectProblem } from "../support/http";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("replay refused", () => {
  it("refuses to replay while callbacks are off", async () => {
    const { id: tenantId } = await createTenant();
    const eventId = await writeEvent(tenantId);
    await expectProblem(await post(`${base(tenantId)}/events/${eventId}/replay`), 409, "conflict");
    await saveCallbackUrl(tenantId, `${RECEIVER}/x`);
    await saveCallbackUrl(tenantId, "");
    await expectProblem(await post(`${base(tenantId)}/deliveries/replay-failed`, { since: "2026-01-01T00:00:00Z" }), 409, "conflict");
  });
});
