import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { events } from "../../../src/outbox/events.schema";
import {
  adminPost,
  backdate,
  callbacksPath,
  deliveriesOf,
  deliveryMessage,
  deliveryRow,
  deliveryWithoutMessage,
  eventually,
  failedDelivery,
  MAIN_QUEUE,
  mockReceiver,
  RECEIVER,
  runConsumer,
  writeEvent,
} from "../support/callbacks";
import { everyShard } from "../support/db";
import { allPages, archiveAt, eventAt, type EventPage, eventsTenant, idsOf, type TenantEvent } from "../support/events";
import { call, tenantWithKey } from "../support/http";
import { tenantOnAnotherShard, tenantShardBinding } from "../support/shards";

/** A cron run at this instant archives the days before 2026-10-27 (EVENT_ARCHIVE_AFTER_DAYS 30). */
const NOW = Date.parse("2026-11-26T12:00:00.000Z");
const START = Date.now();
/** An instant of the last ten hours: young enough to stay in D1. */
const RECENT = (hour: number) => new Date(START - (10 - hour) * 3_600_000).toISOString();

describe("GET /v1/events", () => {
  it("lists every event newest first across pages, in the envelope of every list", async () => {
    const { tenantId, auth } = await eventsTenant();
    const ids = [];
    for (let hour = 1; hour <= 5; hour++) ids.push(await eventAt(tenantId, RECENT(hour)));

    const pages = await allPages(auth, { limit: "2" });
    expect(pages.map((page) => page.data.length)).toEqual([2, 2, 1]);
    expect(idsOf(pages)).toEqual([...ids].reverse());
    expect(pages.slice(0, -1).every((page) => page.hasMore && page.nextCursor !== "")).toBe(true);
    expect(pages.at(-1)).toMatchObject({ hasMore: false, nextCursor: "" });
    const [first] = pages[0]!.data;
    expect(first).toMatchObject({ id: ids[4], type: "transfer.updated", createdAtUtc: RECENT(5) });
  });

  it("filters by several types, by from (inclusive) and to (exclusive), and by both together", async () => {
    const { tenantId, auth } = await eventsTenant();
    const transfer = await eventAt(tenantId, "2026-11-20T10:00:00.000Z", "transfer.updated");
    const dispute = await eventAt(tenantId, "2026-11-21T10:00:00.000Z", "dispute.created");
    const merchant = await eventAt(tenantId, "2026-11-22T10:00:00.000Z", "merchant.updated");
    const laterDispute = await eventAt(tenantId, "2026-11-23T10:00:00.000Z", "dispute.created");

    expect(idsOf(await allPages(auth, { type: "dispute.created" }))).toEqual([laterDispute, dispute]);
    expect(idsOf(await allPages(auth, { type: "transfer.updated,dispute.created", limit: "1" }))).toEqual([
      laterDispute,
      dispute,
      transfer,
    ]);
    expect(idsOf(await allPages(auth, { from: "2026-11-21T10:00:00.000Z", to: "2026-11-23T10:00:00.000Z" }))).toEqual([merchant, dispute]);
    // The same bounds written with an offset.
    expect(idsOf(await allPages(auth, { from: "2026-11-21T12:00:00+02:00", to: "2026-11-23T12:00:00+02:00" }))).toEqual([
      merchant,
      dispute,
    ]);
    expect(idsOf(await allPages(auth, { type: "dispute.created,merchant.updated", to: "2026-11-23T00:00:00Z" }))).toEqual([
      merchant,
      dispute,
    ]);
  });

  it("deliveryStatus=failed: events whose callback was dead-lettered and never delivered", async () => {
    const { tenantId, auth } = await eventsTenant();
    const failed = await writeEvent(tenantId);
    await failedDelivery(tenantId, failed);
    const delivered = await writeEvent(tenantId);
    const receiver = mockReceiver(RECEIVER, [200]);
    await runConsumer(MAIN_QUEUE, await deliveryMessage(await deliveryWithoutMessage(delivered)));
    receiver.restore();
    const failedThenReplayed = await writeEvent(tenantId);
    await failedDelivery(tenantId, failedThenReplayed);
    const replay = mockReceiver(RECEIVER, [200]);
    const replayed = await adminPost(`${callbacksPath(tenantId)}/events/${failedThenReplayed}/replay`);
    expect(replayed.status).toBe(202);
    const { id: replayId } = await replayed.json<{ id: string }>();
    await runConsumer(MAIN_QUEUE, await deliveryMessage(replayId));
    await eventually(
      () => deliveryRow(replayId),
      (row) => row.status === "delivered",
    );
    replay.restore();
    const failedDispute = await writeEvent(tenantId, { lcPaymentId: "lcpay_disputed" }, "dispute.created");
    await failedDelivery(tenantId, failedDispute);

    expect(idsOf(await allPages(auth, { deliveryStatus: "failed" })).sort()).toEqual([failed, failedDispute].sort());
    expect(idsOf(await allPages(auth, { deliveryStatus: "failed", type: "dispute.created" }))).toEqual([failedDispute]);
    expect(idsOf(await allPages(auth)).sort()).toEqual([failed, delivered, failedThenReplayed, failedDispute].sort());
  });

  it("answers each event with the id and the exact bytes its callback carried, in the list and by id", async () => {
    const { tenantId, auth } = await eventsTenant();
    const eventId = await writeEvent(tenantId, {
      lcPaymentId: "lcpay_bytes",
      orderRef: "ördér «10042»\n",
      status: "succeeded",
      amountCents: 2500,
    });
    const receiver = mockReceiver(RECEIVER, [200]);
    await runConsumer(MAIN_QUEUE, await deliveryMessage(await deliveryWithoutMessage(eventId)));
    receiver.restore();
    const [callback] = receiver.received;
    expect(callback!.headers.get("LC-Event-Id")).toBe(eventId);

    const listed = (await (await call("/v1/events", { headers: auth })).json<EventPage>()).data;
    const response = await call(`/v1/events/${eventId}`, { headers: auth });
    expect(response.status).toBe(200);
    const one = await response.json<TenantEvent>();
    expect(listed).toEqual([one]);
    expect(one).toMatchObject({ id: eventId, type: callback!.headers.get("LC-Event-Type") });
    expect(JSON.stringify(one.body)).toBe(callback!.rawBody);
  });

  it("goes on into the days the cron archived, newest first under the same cursor, and finds an archived event by id and day", async () => {
    const { tenantId, auth } = await eventsTenant();
    const recent = [await eventAt(tenantId, "2026-11-20T09:00:00.000Z"), await eventAt(tenantId, "2026-11-25T09:00:00.000Z")];
    const archivedDays = ["2026-09-02", "2026-09-30", "2026-10-01", "2026-10-10", "2026-10-20"];
    const archived: string[] = [];
    for (const day of archivedDays) {
      archived.push(await eventAt(tenantId, `${day}T08:00:00.000Z`));
      archived.push(await eventAt(tenantId, `${day}T18:00:00.000Z`, "dispute.created"));
    }
    const failedOld = await writeEvent(tenantId);
    await failedDelivery(tenantId, failedOld);
    await backdate(failedOld, "2026-10-10T12:00:00.000Z");
    archived.splice(7, 0, failedOld);

    expect((await archiveAt(tenantId, NOW)).events).toBe(archived.length);
    for (const db of everyShard()) expect(await db.$count(events, eq(events.tenantId, tenantId))).toBeLessThanOrEqual(2);

    const expected = [...archived, ...recent].reverse();
    for (const limit of ["1", "3", "50"]) {
      expect(idsOf(await allPages(auth, { limit })), `limit ${limit}`).toEqual(expected);
    }
    // Five archived days, at most three read a page: the first page stops short of the two oldest.
    const [firstPage] = await allPages(auth, { limit: "50" });
    expect(firstPage!.data).toHaveLength(2 + 7);
    expect(firstPage!.hasMore).toBe(true);

    expect(idsOf(await allPages(auth, { type: "dispute.created", to: "2026-10-01T00:00:00Z" }))).toEqual([archived[3], archived[1]]);
    expect(idsOf(await allPages(auth, { from: "2026-09-30T12:00:00Z", to: "2026-10-10T12:00:00.001Z" }))).toEqual(
      [archived[3], archived[4], archived[5], archived[6], archived[7]].reverse(),
    );
    expect(idsOf(await allPages(auth, { deliveryStatus: "failed" }))).toEqual([failedOld]);

    const byIdAlone = await call(`/v1/events/${failedOld}`, { headers: auth });
    expect(byIdAlone.status).toBe(404);
    const byIdAndDay = await call(`/v1/events/${failedOld}?day=2026-10-10`, { headers: auth });
    expect(byIdAndDay.status).toBe(200);
    const listedItem = (await allPages(auth, { deliveryStatus: "failed" }))[0]!.data[0];
    expect(await byIdAndDay.json()).toEqual(listedItem);
  });

  it("lists the tenant's own events on each shard, and nothing of a tenant on the other", async () => {
    const first = await eventsTenant();
    const second = await tenantOnAnotherShard(await tenantShardBinding(first.tenantId), eventsTenant);
    const firstEvent = await eventAt(first.tenantId, RECENT(1));
    const secondEvent = await eventAt(second.tenantId, RECENT(2));

    expect(idsOf(await allPages(first.auth))).toEqual([firstEvent]);
    expect(idsOf(await allPages(second.auth))).toEqual([secondEvent]);
    expect((await call(`/v1/events/${secondEvent}`, { headers: second.auth })).status).toBe(200);
    expect((await call(`/v1/events/${secondEvent}`, { headers: first.auth })).status).toBe(404);
  });
});

describe("POST /v1/events/ping", () => {
  it("records a ping with callbacks off, listed for the tenant alone; with callbacks on it is also delivered", async () => {
    const quiet = await tenantWithKey();
    const other = await tenantWithKey();
    const sent = await call("/v1/events/ping", { method: "POST", headers: quiet.auth });
    expect(sent.status).toBe(202);
    expect(await sent.text()).toBe("");
    const [page] = await allPages(quiet.auth, { type: "ping" });
    expect(page!.data).toHaveLength(1);
    const [ping] = page!.data;
    expect(ping).toMatchObject({
      type: "ping",
      body: { id: ping!.id, type: "ping", message: "A test event sent with POST /v1/events/ping. No action is needed." },
    });
    expect(idsOf(await allPages(other.auth))).toEqual([]);
    expect((await call(`/v1/events/${ping!.id}`, { headers: other.auth })).status).toBe(404);

    const { auth } = await eventsTenant();
    const receiver = mockReceiver(RECEIVER);
    expect((await call("/v1/events/ping", { method: "POST", headers: auth })).status).toBe(202);
    const [delivered] = idsOf(await allPages(auth, { type: "ping" }));
    await eventually(
      () => deliveriesOf(delivered!),
      (rows) => rows[0]?.status === "delivered",
    );
    expect(receiver.received.filter((callback) => callback.headers.get("LC-Event-Type") === "ping")).toHaveLength(1);
    expect(idsOf(await allPages(auth))).toEqual([delivered]);
  });
});
