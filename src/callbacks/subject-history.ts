import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";

import { boundList } from "../db/bound-list";
import { type EventRecord, events } from "../outbox/events.schema";
import type { TenantContext } from "../platform/context";
import { archiveCutoff } from "./archive";
import { callbackDeliveries, callbackDeliveryAttempts, type CallbackDeliveryRecord, type DeliveryAttemptRecord } from "./deliveries.schema";

/** One delivery of an event to one endpoint, with its attempts in order (each names the URL it was sent to). */
export type SubjectDelivery = CallbackDeliveryRecord & { attempts: DeliveryAttemptRecord[] };
export type SubjectEvent = EventRecord & { deliveries: SubjectDelivery[] };

/**
 * What the outbox recorded about one subject — a payment's `transfer.updated`, fee-credit and dispute events name the
 * payment — oldest first, each with its callback deliveries and their attempts: at most `limit` events, the newest
 * ones (`hasMore` says older ones were left out). Events older than `archivedBefore` may have moved to the archive,
 * which is read by day (the events API), not here. Three statements, each on an index that starts with what it is given.
 */
export async function subjectHistory({
  ctx,
  input: { subjectId, limit },
}: {
  ctx: TenantContext;
  input: { subjectId: string; limit: number };
}): Promise<{ events: SubjectEvent[]; hasMore: boolean; archivedBefore: string }> {
  const tenantId = ctx.tenant.id;
  const { db } = ctx;
  const newest = await db
    .select()
    .from(events)
    .where(and(eq(events.tenantId, tenantId), eq(events.subjectId, subjectId)))
    .orderBy(desc(events.createdAt), desc(events.id))
    .limit(limit + 1)
    .all();
  const shown = newest.slice(0, limit).reverse();
  const archivedBefore = archiveCutoff(ctx);
  if (shown.length === 0) return { events: [], hasMore: false, archivedBefore };

  // The events' deliveries, on the events' index: the tenant is checked on each row (a unary `+` keeps the planner off
  // the tenant's own indexes, which would walk every delivery of the tenant), and the order is made here for the same reason.
  const deliveries = (
    await db
      .select()
      .from(callbackDeliveries)
      .where(
        and(
          inArray(callbackDeliveries.eventId, boundList(shown.map((event) => event.id))),
          sql`+${callbackDeliveries.tenantId} = ${tenantId}`,
        ),
      )
      .all()
  ).sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1));
  const attempts =
    deliveries.length === 0
      ? []
      : await db
          .select()
          .from(callbackDeliveryAttempts)
          .where(
            and(
              inArray(callbackDeliveryAttempts.deliveryId, boundList(deliveries.map((delivery) => delivery.id))),
              eq(callbackDeliveryAttempts.tenantId, tenantId),
            ),
          )
          .orderBy(asc(callbackDeliveryAttempts.deliveryId), asc(callbackDeliveryAttempts.attemptNumber))
          .all();
  const attemptsOf = Map.groupBy(attempts, (attempt) => attempt.deliveryId);
  const deliveriesOf = Map.groupBy(
    deliveries.map((delivery) => ({ ...delivery, attempts: attemptsOf.get(delivery.id) ?? [] })),
    (delivery) => delivery.eventId,
  );
  return {
    events: shown.map((event) => ({ ...event, deliveries: deliveriesOf.get(event.id) ?? [] })),
    hasMore: newest.length > limit,
    archivedBefore,
  };
}
