import { env } from "cloudflare:workers";
import { expect } from "vitest";

import { archiveCallbackHistory } from "../../../src/callbacks";
import { createContext } from "../../../src/context";
import type { EventType } from "../../../src/outbox/event-types";
import { backdate, tenantWithCallbacks, writeEvent } from "./callbacks";
import { call, issueKey } from "./http";
import { tenantShardBinding } from "./shards";

export type TenantEvent = { id: string; type: string; createdAtUtc: string; body: Record<string, unknown> };
export type EventPage = { data: TenantEvent[]; hasMore: boolean; nextCursor: string };

/** A tenant with callbacks on (so deliveries can fail) and a key to read its events with. */
export async function eventsTenant() {
  const tenantId = await tenantWithCallbacks();
  const { key } = await issueKey(tenantId);
  return { tenantId, auth: { "X-Api-Key": key } };
}

/** An event of `type` recorded as the ledger records it, then dated `createdAt` and marked handed to delivery. */
export async function eventAt(tenantId: string, createdAt: string, type: EventType = "transfer.updated"): Promise<string> {
  const eventId = await writeEvent(tenantId, { lcPaymentId: `lcpay_${crypto.randomUUID().slice(0, 8)}`, status: "succeeded" }, type);
  await backdate(eventId, createdAt);
  return eventId;
}

/** Every page of GET /v1/events?query, followed by its cursors to the end. */
export async function allPages(auth: Record<string, string>, query: Record<string, string> = {}): Promise<EventPage[]> {
  const pages: EventPage[] = [];
  let cursor: string | null = null;
  do {
    const params: URLSearchParams = new URLSearchParams({ ...query, ...(cursor === null ? {} : { cursor }) });
    const response = await call(`/v1/events?${params}`, { headers: auth });
    expect(response.status, await response.clone().text()).toBe(200);
    const page = await response.json<EventPage>();
    pages.push(page);
    cursor = page.hasMore ? page.nextCursor : null;
    expect(pages.length).toBeLessThan(100);
  } while (cursor !== null);
  return pages;
}

export const idsOf = (pages: EventPage[]) => pages.flatMap((page) => page.data.map((event) => event.id));

/** One run of the archive on the tenant's shard, as the cron runs it, at `nowMs`. */
export const archiveAt = async (tenantId: string, nowMs: number) =>
  archiveCallbackHistory({ ctx: createContext(env, { nowMs }).forShard(await tenantShardBinding(tenantId)) });
