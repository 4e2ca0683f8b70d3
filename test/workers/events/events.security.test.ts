import { describe, expect, it } from "vitest";

import { allPages, archiveAt, eventAt, type EventPage, eventsTenant, idsOf } from "../support/events";
import { call, expectProblem } from "../support/http";

describe("events are the tenant's own", () => {
  it("another tenant's event is a 404 as a missing one is, in D1 and archived, and never in the list", async () => {
    const owner = await eventsTenant();
    const intruder = await eventsTenant();
    const recent = await eventAt(owner.tenantId, new Date(Date.now() - 60_000).toISOString());
    const archived = await eventAt(owner.tenantId, "2026-10-02T10:00:00.000Z");
    await archiveAt(owner.tenantId, Date.parse("2026-11-26T12:00:00.000Z"));
    expect((await call(`/v1/events/${archived}?day=2026-10-02`, { headers: owner.auth })).status).toBe(200);
    expect((await call(`/v1/events/${recent}`, { headers: owner.auth })).status).toBe(200);

    const missing = await expectProblem(
      await call("/v1/events/event_7hJk2LmN4pQrStUvWxYz9b", { headers: intruder.auth }),
      404,
      "not-found",
    );
    for (const path of [`/v1/events/${recent}`, `/v1/events/${archived}?day=2026-10-02`]) {
      const problem = await expectProblem(await call(path, { headers: intruder.auth }), 404, "not-found");
      expect(problem.title).toBe(missing.title);
    }
    expect(idsOf(await allPages(intruder.auth))).toEqual([]);
  });

  it("a cursor of another tenant's list is refused", async () => {
    const owner = await eventsTenant();
    const intruder = await eventsTenant();
    for (const hour of [1, 2]) await eventAt(owner.tenantId, `2026-11-20T0${hour}:00:00.000Z`);
    const { nextCursor } = await (await call("/v1/events?limit=1", { headers: owner.auth })).json<EventPage>();
    expect(nextCursor).not.toBe("");
    await expectProblem(await call(`/v1/events?limit=1&cursor=${nextCursor}`, { headers: intruder.auth }), 400, "invalid-cursor");
  });
});
