import { and, asc, desc, eq, gte, inArray, min, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import type { AppContext } from "../platform/context";
import { newId, nowIso } from "../lib/ids";
import { logEvent } from "../lib/log";
import { ApiError } from "../lib/problem";
import { assertTenantExists } from "../db/tenancy";
import { callbackEndpoints } from "./callback-endpoints.schema";
import { callbackDeliveries, callbackDeliveryAttempts, type DeliveryStatus } from "./deliveries.schema";
import { sendDeliveryMessages } from "./enqueue";
import { events } from "../outbox/events.schema";
import { decodePosition, encodePosition, olderThan } from "../lib/keyset-cursor";

export type EventRecord = typeof events.$inferSelect;
export type DeliveryAttemptRecord = typeof callbackDeliveryAttempts.$inferSelect;
export type DeliveryRecord = typeof callbackDeliveries.$inferSelect & { eventType: string; attempts: DeliveryAttemptRecord[] };
export type Page<T> = { data: T[]; hasMore: boolean; nextCursor: string | null };

/** Events of one tenant, newest first, whether or not callbacks were on when they happened. */
export async function listEvents({
  ctx,
  input: { tenantId, ...input },
}: {
  ctx: AppContext;
  input: { tenantId: string; limit: number; cursor?: string; type?: string };
}): Promise<Page<EventRecord>> {
  const { db } = ctx;
  await assertTenantExists(db, tenantId);
  const rows = await db
    .select()
    .from(events)
    .where(
      and(
        eq(events.tenantId, tenantId),
        input.type ? eq(events.type, input.type) : undefined,
        input.cursor ? olderThan(events, decodePosition(input.cursor)) : undefined,
      ),
    )
    .orderBy(desc(events.createdAt), desc(events.id))
    .limit(input.limit + 1)
    .all();
  return page(rows, input.limit);
}

/** Deliveries of one tenant, newest first, each with its attempts. */
export async function listDeliveries({
  ctx,
  input: { tenantId, ...input },
}: {
  ctx: AppContext;
  input: { tenantId: string; limit: number; cursor?: string; status?: DeliveryStatus; eventId?: string };
}): Promise<Page<DeliveryRecord>> {
  const { db } = ctx;
  await assertTenantExists(db, tenantId);
  const rows = await selectDeliveries(
    db,
    tenantId,
    and(
      input.status ? eq(callbackDeliveries.status, input.status) : undefined,
      input.eventId ? eq(callbackDeliveries.eventId, input.eventId) : undefined,
      input.cursor ? olderThan(callbackDeliveries, decodePosition(input.cursor)) : undefined,
    ),
    input.limit + 1,
  );
  return page(rows, input.limit);
}

/** A new delivery of the same event: same LC-Event-Id, same body byte for byte, a fresh set of attempts. */
export async function replayEvent({
  ctx,
  input: { tenantId, eventId },
}: {
  ctx: AppContext;
  input: { tenantId: string; eventId: string };
}): Promise<DeliveryRecord> {
  const { db, env } = ctx;
  await assertTenantExists(db, tenantId);
  const event = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.tenantId, tenantId)))
    .get();
  if (!event) throw new ApiError("not-found", `No event ${eventId} for tenant ${tenantId}.`);
  const endpointId = await enabledEndpointId(db, tenantId);
  const [delivery] = await createReplays({ db, env, tenantId, endpointId, eventIds: [eventId] });
  return delivery!;
}

/**
 * Replays every event whose delivery failed (dead-lettered) since `since`, once per event, skipping events that
 * were delivered or are being delivered meanwhile. At most `limit` per call; `hasMore` asks for another call.
 */
export async function replayFailedDeliveries({
  ctx,
  input: { tenantId, ...input },
}: {
  ctx: AppContext;
  input: { tenantId: string; since: string; limit: number };
}): Promise<{ data: DeliveryRecord[]; hasMore: boolean }> {
  const { db, env } = ctx;
  await assertTenantExists(db, tenantId);
  const endpointId = await enabledEndpointId(db, tenantId);
  const firstCreatedAt = min(callbackDeliveries.createdAt);
  const failed = await db
    .select({ eventId: callbackDeliveries.eventId, firstCreatedAt })
    .from(callbackDeliveries)
    .where(
      and(
        eq(callbackDeliveries.tenantId, tenantId),
        eq(callbackDeliveries.status, "failed"),
        gte(callbackDeliveries.createdAt, input.since),
        sql`NOT EXISTS (SELECT 1 FROM ${callbackDeliveries} AS settled WHERE settled.event_id = ${callbackDeliveries.eventId}
          AND settled.status IN ('pending', 'delivered'))`,
      ),
    )
    .groupBy(callbackDeliveries.eventId)
    .orderBy(asc(firstCreatedAt))
    .limit(input.limit + 1)
    .all();
  const eventIds = failed.slice(0, input.limit).map((row) => row.eventId);
  if (eventIds.length === 0) return { data: [], hasMore: false };
  return { data: await createReplays({ db, env, tenantId, endpointId, eventIds }), hasMore: failed.length > input.limit };
}

async function enabledEndpointId(db: Database, tenantId: string): Promise<string> {
  const endpoint = await db
    .select({ id: callbackEndpoints.id, url: callbackEndpoints.url })
    .from(callbackEndpoints)
    .where(eq(callbackEndpoints.tenantId, tenantId))
    .get();
  if (!endpoint?.url) throw new ApiError("conflict", `Callbacks are off for tenant ${tenantId}; save a callback URL before replaying.`);
  return endpoint.id;
}

async function createReplays({
  db,
  env,
  tenantId,
  endpointId,
  eventIds,
}: {
  db: Database;
  env: Env;
  tenantId: string;
  endpointId: string;
  eventIds: string[];
}): Promise<DeliveryRecord[]> {
  const now = nowIso();
  const rows = eventIds.map((eventId) => ({
    id: newId("dlv"),
    tenantId,
    eventId,
    endpointId,
    origin: "replay" as const,
    nextAttemptAt: now,
    createdAt: now,
  }));
  const [first, ...rest] = rows.map((row) => db.insert(callbackDeliveries).values(row));
  await db.batch([first!, ...rest]);
  const deliveryIds = rows.map((row) => row.id);
  try {
    await sendDeliveryMessages(env, deliveryIds);
  } catch (error) {
    // The rows are committed and unsent, which is exactly what the sweep looks for.
    logEvent("warn", "replay enqueue deferred to sweep", { tenantId, deliveryIds, error: String(error) });
  }
  logEvent("info", "callbacks replayed", { tenantId, eventIds, deliveryIds });
  return selectDeliveries(db, tenantId, inArray(callbackDeliveries.id, deliveryIds), deliveryIds.length);
}

async function selectDeliveries(db: Database, tenantId: string, condition: SQL | undefined, limit: number): Promise<DeliveryRecord[]> {
  const rows = await db
    .select({ delivery: callbackDeliveries, eventType: events.type })
    .from(callbackDeliveries)
    .innerJoin(events, eq(events.id, callbackDeliveries.eventId))
    .where(and(eq(callbackDeliveries.tenantId, tenantId), condition))
    .orderBy(desc(callbackDeliveries.createdAt), desc(callbackDeliveries.id))
    .limit(limit)
    .all();
  if (rows.length === 0) return [];
  const attempts = await db
    .select()
    .from(callbackDeliveryAttempts)
    .where(
      and(
        eq(callbackDeliveryAttempts.tenantId, tenantId),
        inArray(
          callbackDeliveryAttempts.deliveryId,
          rows.map((row) => row.delivery.id),
        ),
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

function page<T extends { createdAt: string; id: string }>(rows: T[], limit: number): Page<T> {
  const data = rows.slice(0, limit);
  const last = data.at(-1);
  const hasMore = rows.length > limit;
  return { data, hasMore, nextCursor: hasMore && last ? encodePosition(last) : null };
}
