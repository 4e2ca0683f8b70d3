import { beforeAll, describe, expect, it } from "vitest";

import { eventAt, type EventPage, eventsTenant } from "../support/events";
import { call, expectProblem } from "../support/http";

let auth: Record<string, string> = {};
let nextCursor = "";

beforeAll(async () => {
  const tenant = await eventsTenant();
  auth = tenant.auth;
  await eventAt(tenant.tenantId, "2026-11-20T10:00:00.000Z");
  await eventAt(tenant.tenantId, "2026-11-21T10:00:00.000Z");
  nextCursor = (await (await call("/v1/events?limit=1", { headers: auth })).json<EventPage>()).nextCursor;
});

describe("GET /v1/events refuses a bad query with a 400 problem", () => {
  it.each([
    ["an unknown type", "type=payment.succeeded", "type"],
    ["an unknown type among known ones", "type=transfer.updated,nope", "type"],
    ["an empty type", "type=", "type"],
    ["a trailing comma", "type=transfer.updated,", "type"],
    ["a from that is no instant", "from=yesterday", "from"],
    ["a to without a zone", "to=2026-11-01T00:00:00", "to"],
    ["a delivery status other than failed", "deliveryStatus=delivered", "deliveryStatus"],
    ["a limit of 0", "limit=0", "limit"],
    ["a limit above 200", "limit=201", "limit"],
    ["an unknown parameter", "status=failed", "status"],
  ])("%s", async (_, query, field) => {
    const response = await call(`/v1/events?${query}`, { headers: auth });
    expect(response.headers.get("Content-Type")).toContain("application/problem+json");
    const problem = await expectProblem(response, 400, "validation-failed");
    expect(JSON.stringify(problem)).toContain(field);
  });

  it("a cursor issued for other filters", async () => {
    const query = new URLSearchParams({ cursor: nextCursor, type: "transfer.updated" });
    await expectProblem(await call(`/v1/events?${query}`, { headers: auth }), 400, "invalid-cursor");
  });
});

describe("GET /v1/events/{id} refuses a malformed id or day", () => {
  it.each([
    ["an id of another resource", "/v1/events/lcpay_4gH2kLmN8pQrStUvWxYz1a"],
    ["a day that is no date", "/v1/events/event_7hJk2LmN4pQrStUvWxYz9b?day=2026-13-01"],
    ["an unknown parameter", "/v1/events/event_7hJk2LmN4pQrStUvWxYz9b?include=deliveries"],
  ])("%s", async (_, path) => {
    await expectProblem(await call(path, { headers: auth }), 400, "validation-failed");
  });

  it("a well-formed id of no event is 404", async () => {
    const problem = await expectProblem(
      await call("/v1/events/event_7hJk2LmN4pQrStUvWxYz9b?day=2026-10-01", { headers: auth }),
      404,
      "not-found",
    );
    expect(problem.detail).toBe("No event event_7hJk2LmN4pQrStUvWxYz9b on 2026-10-01.");
  });
});
