import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";

import { boundList } from "../db/bound-list";
import { logEvent } from "../lib/log";
import { events } from "../outbox/events.schema";
import { liveHere } from "../placement/tenant-fences.schema";
import type { ShardContext } from "../platform/context";
import { callbackDeliveries } from "./deliveries.schema";
import { dispatchEvents, queueDeliveryMessages } from "./enqueue";

/** Younger than this, an unsent event or delivery may still be in the hands of the request that wrote it. */
const UNSENT_GRACE_MS = 30_000;
/**
 * A pending delivery whose attempt is this overdue is taken for lost: a restart of `npm run dev` drops the local Queue's
 * messages, and a message lives at most seconds past its delay (plus a move's pause of up to 50 s) in production.
 */
export const OVERDUE_GRACE_MS = 5 * 60_000;
const PAGE = 50;
// 500 events and 500 deliveries a minute drain the backlog of a long Queue outage in hours, not days.
const MAX_PAGES_PER_RUN = 10;
const ENQUEUE_ATTEMPTS_WORTH_AN_ALERT = 5;

export type CallbackSweepResult = { eventsDispatched: number; deliveriesResent: number };

/**
 * Puts back on the queue what a crash or an outage left behind: events committed but never enqueued, and pending
 * deliveries no message is working on, of the tenants live on this shard (a tenant in the middle of a move is the
 * move's: its copy on the target is not live before the flip, nor its rows on the source from the pause). Run from the
 * cron trigger every minute; tests call it directly.
 */
export async function sweepCallbacks({ ctx }: { ctx: ShardContext }): Promise<CallbackSweepResult> {
  const now = new Date(ctx.clock.nowMs());
  const unsentBefore = new Date(now.getTime() - UNSENT_GRACE_MS).toISOString();
  const overdueBefore = new Date(now.getTime() - OVERDUE_GRACE_MS).toISOString();
  const result = {
    eventsDispatched: await dispatchUnsentEvents(ctx, unsentBefore),
    deliveriesResent: await resendLostDeliveries(ctx, unsentBefore, overdueBefore),
  };
  if (result.eventsDispatched + result.deliveriesResent > 0) logEvent("warn", "callback sweep recovered work", result);
  return result;
}

/** Oldest first, but events that keep failing sink behind fresh ones, so one poison event cannot hold up the rest. */
async function dispatchUnsentEvents(ctx: ShardContext, unsentBefore: string): Promise<number> {
  const { db } = ctx;
  let dispatched = 0;
  for (let page = 0; page < MAX_PAGES_PER_RUN; page++) {
    const unsent = await db
      .select({ id: events.id, tenantId: events.tenantId, enqueueAttempts: events.enqueueAttempts })
      .from(events)
      .where(and(isNull(events.enqueuedAt), lt(events.createdAt, unsentBefore), liveHere(events.tenantId)))
      .orderBy(asc(events.enqueueAttempts), asc(events.createdAt))
      .limit(PAGE)
      .all();
    if (unsent.length === 0) break;
    const eventIds = unsent.map((event) => event.id);
    await db
      .update(events)
      .set({ enqueueAttempts: sql`${events.enqueueAttempts} + 1` })
      // The fence read again in the counting write: a tenant paused since the read is left alone, not a refused page.
      .where(and(inArray(events.id, boundList(eventIds)), liveHere(events.tenantId)));
    const stuck = unsent.filter((event) => event.enqueueAttempts + 1 >= ENQUEUE_ATTEMPTS_WORTH_AN_ALERT);
    if (stuck.length > 0) logEvent("error", "events repeatedly failed to enqueue", { events: stuck });

    let succeeded = 0;
    try {
      await dispatchEvents({ ctx, input: eventIds });
      succeeded = eventIds.length;
    } catch {
      // One event may be poisoning the page: dispatched one by one, the others still go.
      for (const eventId of eventIds) {
        try {
          await dispatchEvents({ ctx, input: [eventId] });
          succeeded++;
        } catch (error) {
          logEvent("error", "event enqueue failed in sweep", { eventId, error: String(error) });
        }
      }
    }
    dispatched += succeeded;
    if (succeeded === 0 || unsent.length < PAGE) break;
  }
  return dispatched;
}

/**
 * Claims a page of lost deliveries in one guarded update (stamped sent now, so no longer overdue), then sends a message
 * for each: two sweeps never both claim the same attempt. A send that fails after the claim is swept again once overdue.
 */
async function resendLostDeliveries(ctx: ShardContext, unsentBefore: string, overdueBefore: string): Promise<number> {
  const { db, clock } = ctx;
  let resent = 0;
  for (let page = 0; page < MAX_PAGES_PER_RUN; page++) {
    const now = clock.nowIso();
    const lostPage = db
      .select({ id: callbackDeliveries.id })
      .from(callbackDeliveries)
      .where(
        and(
          // A literal, not a bound value: the planner takes the partial index of pending deliveries only when it sees 'pending'.
          sql`${callbackDeliveries.status} = 'pending'`,
          or(
            and(isNull(callbackDeliveries.enqueuedAt), lt(callbackDeliveries.createdAt, unsentBefore)),
            // A dead-lettering delivery has no next attempt; its last attempt is when the dead-letter consumer was due.
            lt(
              sql`coalesce(${callbackDeliveries.nextAttemptAt}, ${callbackDeliveries.lastAttemptAt}, ${callbackDeliveries.createdAt})`,
              overdueBefore,
            ),
          ),
          liveHere(callbackDeliveries.tenantId),
        ),
      )
      .orderBy(asc(callbackDeliveries.createdAt))
      .limit(PAGE);
    const lost = await db
      .update(callbackDeliveries)
      .set({ enqueuedAt: now, nextAttemptAt: now })
      .where(and(inArray(callbackDeliveries.id, lostPage), eq(callbackDeliveries.status, "pending")))
      .returning({ id: callbackDeliveries.id, tenantId: callbackDeliveries.tenantId });
    await queueDeliveryMessages(ctx, lost);
    resent += lost.length;
    if (lost.length < PAGE) break;
  }
  return resent;
}
