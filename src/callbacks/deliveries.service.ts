import { and, asc, count, desc, eq, gte, inArray, min, type SQL, sql } from "drizzle-orm";

import { boundList } from "../db/bound-list";
import type { Database } from "../db/client";
import { assertTenantExists, unknownTenant } from "../db/tenancy";
import { tenants } from "../db/tenants.schema";
import { newId } from "../lib/ids";
import { logEvent } from "../lib/log";
import { afterCursor, cursorScope, type Page, pageOf } from "../lib/pagination";
import { ApiError } from "../lib/problem";
import { type EventRecord, events } from "../outbox/events.schema";
import type { ShardContext, TenantContext } from "../platform/context";
import { callbackEndpoints } from "./callback-endpoints.schema";
import { receiving } from "./callback-endpoints.service";
import {
  callbackDeliveries,
  callbackDeliveryAttempts,
  type CallbackDeliveryRecord,
  deliveriesWithStatus,
  type DeliveryAttemptRecord,
  type DeliveryStatus,
} from "./deliveries.schema";
import { deliveryInsert, sendDeliveryMessages } from "./enqueue";

export type DeliveryRecord = CallbackDeliveryRecord & { eventType: string; attempts: DeliveryAttemptRecord[] };

/** Events of one tenant, newest first, whether or not callbacks were on when they happened. */
export async function listEvents({
  ctx,
  input: { ...input },
}: {
  ctx: TenantContext;
  input: { limit: number; cursor?: string; type?: string };
}): Promise<Page<EventRecord>> {
  const tenantId = ctx.tenant.id;
  const { db } = ctx;
  await assertTenantExists(db, tenantId);
  const scope = cursorScope(ctx, "events-cursor", { tenantId, filters: [input.type ?? null] });
  const rows = await db
    .select()
    .from(events)
    .where(
      and(
        eq(events.tenantId, tenantId),
        input.type ? eq(events.type, input.type) : undefined,
        await afterCursor(events, input.cursor, scope),
      ),
    )
    .orderBy(desc(events.createdAt), desc(events.id))
    .limit(input.limit + 1)
    .all();
  return pageOf(rows, input.limit, scope);
}

/** Deliveries of one tenant, newest first, each with its attempts. */
export async function listDeliveries({
  ctx,
  input: { ...input },
}: {
  ctx: TenantContext;
  input: { limit: number; cursor?: string; status?: DeliveryStatus; eventId?: string };
}): Promise<Page<DeliveryRecord>> {
  const tenantId = ctx.tenant.id;
  const { db } = ctx;
  await assertTenantExists(db, tenantId);
  const scope = cursorScope(ctx, "deliveries-cursor", { tenantId, filters: [input.status ?? null, input.eventId ?? null] });
  const rows = await selectDeliveries(
    db,
    tenantId,
    and(
      input.status ? deliveriesWithStatus(input.status) : undefined,
      input.eventId ? eq(callbackDeliveries.eventId, input.eventId) : undefined,
      await afterCursor(callbackDeliveries, input.cursor, scope),
    ),
    input.limit + 1,
  );
  return pageOf(rows, input.limit, scope);
}

/**
 * A new delivery of the same event to each endpoint that takes it now: same LC-Event-Id, same body byte for byte, a fresh
 * set of attempts. Returns the first endpoint's (oldest's) delivery; the others are in the deliveries list.
 */
export async function replayEvent({
  ctx,
  input: { eventId },
}: {
  ctx: TenantContext;
  input: { eventId: string };
}): Promise<DeliveryRecord> {
  const tenantId = ctx.tenant.id;
  const { db } = ctx;
  // One round trip: the insert only matches the tenant's own event and endpoints that take it; the read says which refusal applies.
  const [inserted, [scope], endpointsOldestFirst] = await db.batch([
    deliveryInsert(ctx, { eventId, origin: "replay", tenantId }).returning(),
    db
      .select({ eventType: events.type })
      .from(tenants)
      .leftJoin(events, and(eq(events.id, eventId), eq(events.tenantId, tenants.id)))
      .where(eq(tenants.id, tenantId)),
    db
      .select({ id: callbackEndpoints.id })
      .from(callbackEndpoints)
      .where(eq(callbackEndpoints.tenantId, tenantId))
      .orderBy(asc(callbackEndpoints.createdAt), asc(callbackEndpoints.id)),
  ]);
  if (!scope) throw unknownTenant(tenantId);
  if (!scope.eventType) throw new ApiError("not-found", `No event ${eventId} for tenant ${tenantId}.`);
  if (inserted.length === 0) throw callbacksOff(tenantId);
  await sendReplays(ctx, tenantId, inserted);
  const order = endpointsOldestFirst.map((endpoint) => endpoint.id);
  const [first] = inserted.sort((a, b) => order.indexOf(a.endpointId) - order.indexOf(b.endpointId));
  return { ...first!, eventType: scope.eventType, attempts: [] };
}

/**
 * Replays every event whose delivery to an endpoint failed (dead-lettered) since `since`, to that endpoint, once per event
 * and endpoint, skipping those delivered or being delivered there meanwhile and endpoints that take no callbacks now. At
 * most `limit` per call; `hasMore` asks for another call.
 */
export async function replayFailedDeliveries({
  ctx,
  input: { ...input },
}: {
  ctx: TenantContext;
  input: { since: string; limit: number };
}): Promise<{ data: DeliveryRecord[]; hasMore: boolean }> {
  const tenantId = ctx.tenant.id;
  const { db } = ctx;
  const firstCreatedAt = min(callbackDeliveries.createdAt);
  const [[scope], failed] = await db.batch([
    db
      .select({ tenantId: tenants.id, receivingEndpoints: count(callbackEndpoints.id) })
      .from(tenants)
      .leftJoin(callbackEndpoints, and(eq(callbackEndpoints.tenantId, tenants.id), receiving))
      .where(eq(tenants.id, tenantId))
      .groupBy(tenants.id),
    db
      .select({ eventId: callbackDeliveries.eventId, endpointId: callbackDeliveries.endpointId, eventType: events.type, firstCreatedAt })
      .from(callbackDeliveries)
      .innerJoin(events, eq(events.id, callbackDeliveries.eventId))
      .innerJoin(callbackEndpoints, and(eq(callbackEndpoints.id, callbackDeliveries.endpointId), receiving))
      .where(
        and(
          eq(callbackDeliveries.tenantId, tenantId),
          deliveriesWithStatus("failed"),
          gte(callbackDeliveries.createdAt, input.since),
          sql`NOT EXISTS (SELECT 1 FROM ${callbackDeliveries} AS settled WHERE settled.event_id = ${callbackDeliveries.eventId}
            AND settled.endpoint_id = ${callbackDeliveries.endpointId} AND settled.status IN ('pending', 'delivered'))`,
        ),
      )
      .groupBy(callbackDeliveries.eventId, callbackDeliveries.endpointId)
      .orderBy(asc(firstCreatedAt))
      .limit(input.limit + 1),
  ]);
  if (!scope) throw unknownTenant(tenantId);
  if (scope.receivingEndpoints === 0) throw callbacksOff(tenantId);
  const replayed = failed.slice(0, input.limit);
  if (replayed.length === 0) return { data: [], hasMore: false };
  const now = ctx.clock.nowIso();
  const [first, ...rest] = replayed.map(({ eventId, endpointId }) =>
    db
      .insert(callbackDeliveries)
      .values({ id: newId("dlv"), tenantId, eventId, endpointId, origin: "replay", nextAttemptAt: now, createdAt: now })
      .returning(),
  );
  const inserted = (await db.batch([first!, ...rest])).flat();
  await sendReplays(ctx, tenantId, inserted);
  return {
    data: inserted.map((delivery, index) => ({ ...delivery, eventType: replayed[index]!.eventType, attempts: [] })),
    hasMore: failed.length > input.limit,
  };
}

const callbacksOff = (tenantId: string) =>
  new ApiError("conflict", `Callbacks are off for tenant ${tenantId}; save a callback URL before replaying.`);

async function sendReplays(ctx: ShardContext, tenantId: string, deliveries: { id: string; eventId: string }[]): Promise<void> {
  const deliveryIds = deliveries.map((delivery) => delivery.id);
  try {
    await sendDeliveryMessages(
      ctx,
      deliveryIds.map((id) => ({ id, tenantId })),
    );
  } catch (error) {
    // The rows are committed and unsent, which is exactly what the sweep looks for.
    logEvent("warn", "replay enqueue deferred to sweep", { tenantId, deliveryIds, error: String(error) });
  }
  logEvent("info", "callbacks replayed", { tenantId, eventIds: deliveries.map((delivery) => delivery.eventId), deliveryIds });
}

export async function selectDeliveries(
  db: Database,
  tenantId: string,
  condition: SQL | undefined,
  limit?: number,
): Promise<DeliveryRecord[]> {
  const newestFirst = db
    .select({ delivery: callbackDeliveries, eventType: events.type })
    .from(callbackDeliveries)
    .innerJoin(events, eq(events.id, callbackDeliveries.eventId))
    .where(and(eq(callbackDeliveries.tenantId, tenantId), condition))
    .orderBy(desc(callbackDeliveries.createdAt), desc(callbackDeliveries.id));
  const rows = await (limit === undefined ? newestFirst : newestFirst.limit(limit)).all();
  if (rows.length === 0) return [];
  const attempts = await db
    .select()
    .from(callbackDeliveryAttempts)
    .where(
      and(
        eq(callbackDeliveryAttempts.tenantId, tenantId),
        inArray(callbackDeliveryAttempts.deliveryId, boundList(rows.map((row) => row.delivery.id))),
      ),
    )
    .orderBy(asc(callbackDeliveryAttempts.attemptNumber))
    .all();
  return rows.map(({ delivery, eventType }) => ({
    ...delivery,
    eventType,
    attempts: attempts.filter((attempt) => attempt.deliveryId === delivery.id),
  }));
}
