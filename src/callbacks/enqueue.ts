import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { database, type Database } from "../db/client";
import { newId, nowIso } from "../lib/ids";
import { logEvent } from "../lib/log";
import { callbackEndpoints } from "./callback-endpoints.schema";
import type { CallbackMessage } from "./callback-message";
import { callbackDeliveries, type DeliveryOrigin } from "./deliveries.schema";
import { events } from "../outbox/events.schema";

// D1 binds at most 100 parameters per statement and a Queue batch holds at most 100 messages.
const CHUNK = 50;

/**
 * Sends committed outbox events on their way: one delivery per event to the tenant's endpoint, one Queue message
 * per delivery, then the event is stamped enqueued. A failure here loses nothing: the cron sweep picks up
 * unstamped events and unsent deliveries again.
 */
export async function enqueueEvents(env: Env, eventIds: string[]): Promise<void> {
  if (eventIds.length === 0) return;
  try {
    await dispatchEvents(env, eventIds);
  } catch (error) {
    logEvent("warn", "event enqueue deferred to sweep", { eventIds, error: String(error) });
  }
}

/** Like `enqueueEvents` but throws, for the sweep, which counts and retries failures on its own. */
export async function dispatchEvents(env: Env, eventIds: string[]): Promise<void> {
  const db = database(env);
  for (let start = 0; start < eventIds.length; start += CHUNK) {
    const chunk = eventIds.slice(start, start + CHUNK);
    const [first, ...rest] = chunk.map((eventId) => eventDeliveryInsert(db, eventId));
    await db.batch([first!, ...rest]);
    const unsent = await db
      .select({ id: callbackDeliveries.id })
      .from(callbackDeliveries)
      .where(
        and(inArray(callbackDeliveries.eventId, chunk), eq(callbackDeliveries.status, "pending"), isNull(callbackDeliveries.enqueuedAt)),
      );
    await sendDeliveryMessages(
      env,
      unsent.map((delivery) => delivery.id),
    );
    await db
      .update(events)
      .set({ enqueuedAt: nowIso() })
      .where(and(inArray(events.id, chunk), isNull(events.enqueuedAt)));
  }
}

/**
 * The event's one original delivery, if its tenant has callbacks on; an event written while callbacks were off is
 * only recorded. Idempotent (the partial unique index), since the sweep may enqueue an event twice.
 */
export function eventDeliveryInsert(db: Database, eventId: string) {
  return deliveryInsert(db, { eventId, origin: "event" }).onConflictDoNothing();
}

/** A pending delivery of the event to its tenant's endpoint, inserted only if `tenantId` (when given) owns the event and callbacks are on. */
export function deliveryInsert(db: Database, { eventId, origin, tenantId }: { eventId: string; origin: DeliveryOrigin; tenantId?: string }) {
  const now = nowIso();
  return db.insert(callbackDeliveries).select(
    db
      .select({
        id: sql`${newId("dlv")}`.as("id"),
        tenantId: events.tenantId,
        eventId: events.id,
        endpointId: callbackEndpoints.id,
        origin: sql`${origin}`.as("origin"),
        status: sql`'pending'`.as("status"),
        attemptCount: sql`0`.as("attempt_count"),
        lastStatusCode: sql`NULL`.as("last_status_code"),
        lastError: sql`NULL`.as("last_error"),
        lastAttemptAt: sql`NULL`.as("last_attempt_at"),
        nextAttemptAt: sql`${now}`.as("next_attempt_at"),
        enqueuedAt: sql`NULL`.as("enqueued_at"),
        deliveredAt: sql`NULL`.as("delivered_at"),
        failedAt: sql`NULL`.as("failed_at"),
        createdAt: sql`${now}`.as("created_at"),
      })
      .from(events)
      .innerJoin(callbackEndpoints, eq(callbackEndpoints.tenantId, events.tenantId))
      .where(
        and(eq(events.id, eventId), tenantId ? eq(events.tenantId, tenantId) : undefined, sql`${callbackEndpoints.url} IS NOT NULL`),
      ),
  );
}

/** One message per delivery, then the deliveries are stamped sent; a crash in between only means a second message. */
export async function sendDeliveryMessages(env: Env, deliveryIds: string[]): Promise<void> {
  const db = database(env);
  for (let start = 0; start < deliveryIds.length; start += CHUNK) {
    const chunk = deliveryIds.slice(start, start + CHUNK);
    await env.CALLBACKS.sendBatch(
      chunk.map((deliveryId) => ({ body: { deliveryId } satisfies CallbackMessage, contentType: "json" as const })),
    );
    const now = nowIso();
    await db
      .update(callbackDeliveries)
      .set({ enqueuedAt: now, nextAttemptAt: now })
      .where(and(inArray(callbackDeliveries.id, chunk), eq(callbackDeliveries.status, "pending")));
  }
}
