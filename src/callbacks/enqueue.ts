import { and, eq, inArray, isNull, sql } from "drizzle-orm";

import { boundList } from "../db/bound-list";
import { insertSelectFields } from "../db/insert-select";
import { newIdSql } from "../lib/ids";
import { logEvent } from "../lib/log";
import { events } from "../outbox/events.schema";
import { liveHere } from "../placement/tenant-fences.schema";
import type { ShardContext } from "../platform/context";
import { callbackEndpoints } from "./callback-endpoints.schema";
import { ALL_EVENT_TYPES, receiving } from "./callback-endpoints.service";
import type { CallbackMessage } from "./callback-message";
import { callbackDeliveries, type DeliveryOrigin } from "./deliveries.schema";
import { TEST_EVENT_TYPE } from "./test-event.service";

// A chunk's inserts are one D1 batch; a Queue batch holds at most 100 messages.
const CHUNK = 50;
const MESSAGES_PER_SEND = 100;

type EnqueueContext = Pick<ShardContext, "env" | "db" | "shard" | "clock">;

/**
 * Sends committed outbox events on their way: one delivery per event and endpoint that takes it, stamped enqueued in the
 * same batch, then one Queue message per delivery. A failure here loses nothing: the cron sweep picks up unstamped
 * events and unsent deliveries again.
 */
export async function enqueueEvents({ ctx, input: eventIds }: { ctx: EnqueueContext; input: string[] }): Promise<void> {
  if (eventIds.length === 0) return;
  try {
    await dispatchEvents({ ctx, input: eventIds });
  } catch (error) {
    logEvent("warn", "event enqueue deferred to sweep", { eventIds, error: String(error) });
  }
}

/** Like `enqueueEvents` but throws, for the sweep, which counts and retries failures on its own. */
export async function dispatchEvents({ ctx, input: eventIds }: { ctx: EnqueueContext; input: string[] }): Promise<void> {
  const { db } = ctx;
  for (let start = 0; start < eventIds.length; start += CHUNK) {
    const chunk = eventIds.slice(start, start + CHUNK);
    // A batch runs in order in one transaction, so its last statement reads what the inserts left unsent. Once its
    // deliveries exist an event's part is done: a delivery whose message is lost is the sweep's to resend.
    const [first, ...rest] = chunk.map((eventId) => eventDeliveryInsert(ctx, eventId));
    const written = await db.batch([
      first!,
      ...rest,
      db
        .update(events)
        .set({ enqueuedAt: ctx.clock.nowIso() })
        .where(and(inArray(events.id, boundList(chunk)), isNull(events.enqueuedAt))),
      db
        .select({ id: callbackDeliveries.id, tenantId: callbackDeliveries.tenantId })
        .from(callbackDeliveries)
        .where(
          and(
            inArray(callbackDeliveries.eventId, boundList(chunk)),
            eq(callbackDeliveries.status, "pending"),
            isNull(callbackDeliveries.enqueuedAt),
          ),
        ),
    ]);
    const unsent = written.at(-1) as SentDelivery[];
    if (unsent.length > 0) await sendDeliveryMessages(ctx, unsent);
  }
}

/**
 * The event's original deliveries, one per endpoint that takes it; an event no endpoint takes is only recorded.
 * Idempotent (the partial unique index), since the sweep may enqueue an event twice.
 */
export function eventDeliveryInsert(ctx: Pick<ShardContext, "db" | "clock">, eventId: string) {
  return deliveryInsert(ctx, { eventId, origin: "event" }).onConflictDoNothing();
}

/**
 * A pending delivery of the event to each of its tenant's endpoints that takes it (receiving, its type enabled; a `ping`
 * whose subject is an endpoint only to that endpoint), inserted only if `tenantId` (when given) owns the event.
 */
export function deliveryInsert(
  { db, clock }: Pick<ShardContext, "db" | "clock">,
  { eventId, origin, tenantId }: { eventId: string; origin: DeliveryOrigin; tenantId?: string },
) {
  const now = clock.nowIso();
  return db.insert(callbackDeliveries).select(
    db
      .select(
        insertSelectFields(callbackDeliveries, {
          id: newIdSql("dlv"),
          tenantId: events.tenantId,
          eventId: events.id,
          endpointId: callbackEndpoints.id,
          origin,
          status: "pending",
          nextAttemptAt: now,
          createdAt: now,
        }),
      )
      .from(events)
      .innerJoin(callbackEndpoints, and(eq(callbackEndpoints.tenantId, events.tenantId), receiving, takesEvent))
      .where(and(eq(events.id, eventId), tenantId ? eq(events.tenantId, tenantId) : undefined)),
  );
}

const takesEvent = sql`CASE WHEN ${events.type} = ${TEST_EVENT_TYPE} AND ${events.subjectId} <> ${events.tenantId} THEN ${callbackEndpoints.id} = ${events.subjectId}
  ELSE EXISTS (SELECT 1 FROM json_each(${callbackEndpoints.enabledEvents}) WHERE value IN (${ALL_EVENT_TYPES}, ${events.type})) END`;

/** A delivery to send, with its tenant: the message carries both, so it finds the delivery after the tenant moves. */
export type SentDelivery = { id: string; tenantId: string };

/** One message per delivery, then the deliveries are stamped sent; a crash in between only means a second message. */
export async function sendDeliveryMessages(ctx: EnqueueContext, deliveries: SentDelivery[]): Promise<void> {
  await queueDeliveryMessages(ctx, deliveries);
  await stampSent(
    ctx,
    deliveries.map((delivery) => delivery.id),
  );
}

/** One message per delivery, for a caller that has stamped them sent itself (the sweep, which claims before sending). */
export async function queueDeliveryMessages({ env, shard }: EnqueueContext, deliveries: SentDelivery[]): Promise<void> {
  const from = shard;
  for (let start = 0; start < deliveries.length; start += MESSAGES_PER_SEND) {
    await env.CALLBACKS.sendBatch(
      deliveries.slice(start, start + MESSAGES_PER_SEND).map(({ id, tenantId }) => ({
        body: { deliveryId: id, shard: from, tenantId } satisfies CallbackMessage,
        contentType: "json" as const,
      })),
    );
  }
}

/**
 * A tenant paused by a move since its deliveries were read keeps them unstamped rather than failing the others' stamp:
 * its messages wait for the move in the consumer, and the new shard's sweep sends any it still holds pending.
 */
function stampSent({ db, clock }: Pick<ShardContext, "db" | "clock">, deliveryIds: string[]) {
  const now = clock.nowIso();
  return db
    .update(callbackDeliveries)
    .set({ enqueuedAt: now, nextAttemptAt: now })
    .where(
      and(
        inArray(callbackDeliveries.id, boundList(deliveryIds)),
        eq(callbackDeliveries.status, "pending"),
        liveHere(callbackDeliveries.tenantId),
      ),
    );
}
