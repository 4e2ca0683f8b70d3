import { and, desc, eq, inArray, sql } from "drizzle-orm";

import {
  afterCursor,
  createdBetween,
  createdBounds,
  cursorScope,
  decodeCursor,
  encodeCursor,
  type ListPosition,
  type Page,
  pageOf,
} from "../lib/pagination";
import { ApiError } from "../lib/problem";
import type { EventType } from "../outbox/event-types";
import { type EventRecord, events } from "../outbox/events.schema";
import type { TenantContext } from "../platform/context";
import { archiveCutoff, archivedDays, type ArchivedEvent, readArchivedDay } from "./archive";
import { callbackDeliveries } from "./deliveries.schema";

/** Archived days a page reads at most, so a page over months of quiet days costs a bounded number of R2 reads. */
export const ARCHIVED_DAYS_PER_PAGE = 3;

export type TenantEventQuery = {
  types?: EventType[];
  from?: string;
  to?: string;
  deliveryStatus?: "failed";
  limit: number;
  cursor?: string;
};

/** (createdAt, id) order, as SQLite compares the same text columns. */
const isBefore = (a: ListPosition, b: ListPosition) => a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.id < b.id);
const dayStart = (day: string): ListPosition => ({ createdAt: `${day}T00:00:00.000Z`, id: "" });

/**
 * "Failed" means some endpoint never received it: a delivery there was dead-lettered and none (a replay's) was delivered
 * there. Written twice, once per place an event lives: in D1 as SQL, in the archive over the deliveries archived with it.
 */
const undeliveredFailureInD1 = sql`EXISTS (SELECT 1 FROM ${callbackDeliveries} AS failed WHERE failed.event_id = ${events.id}
    AND failed.tenant_id = ${events.tenantId} AND failed.status = 'failed'
    AND NOT EXISTS (SELECT 1 FROM ${callbackDeliveries} AS delivered WHERE delivered.event_id = failed.event_id
      AND delivered.endpoint_id = failed.endpoint_id AND delivered.status = 'delivered'))`;
const isUndeliveredFailure = ({ deliveries }: ArchivedEvent) =>
  deliveries.some(
    (failed) =>
      failed.status === "failed" &&
      !deliveries.some((delivery) => delivery.endpointId === failed.endpointId && delivery.status === "delivered"),
  );

/**
 * A tenant's events newest first: those in D1, then the archived days, in one order under one cursor. A page reads at
 * most ARCHIVED_DAYS_PER_PAGE archived days; when more are left it may hold fewer than `limit` events, with `hasMore`.
 */
export async function listTenantEvents({
  ctx,
  input: { query },
}: {
  ctx: TenantContext;
  input: { query: TenantEventQuery };
}): Promise<Page<EventRecord>> {
  const tenantId = ctx.tenant.id;
  const types: string[] | null = query.types ? [...new Set(query.types)].sort() : null;
  const created = createdBounds(query);
  const { from, to } = created;
  const failedOnly = query.deliveryStatus === "failed";
  const scope = cursorScope(ctx, "tenant-events-cursor", { tenantId, filters: [types, from, to, query.deliveryStatus ?? null] });
  const position = query.cursor ? await decodeCursor(query.cursor, scope) : null;
  const limit = query.limit;

  const stored = await ctx.db
    .select()
    .from(events)
    .where(
      and(
        eq(events.tenantId, tenantId),
        types ? inArray(events.type, types) : undefined,
        createdBetween(events.createdAt, created),
        failedOnly ? undeliveredFailureInD1 : undefined,
        await afterCursor(events, query.cursor, scope),
      ),
    )
    .orderBy(desc(events.createdAt), desc(events.id))
    .limit(limit + 1)
    .all();
  // Every D1 row at or after this one is in `stored`; nothing archived is newer than the cutoff.
  const storedThrough = stored.length > limit ? stored[limit]! : null;
  const cutoff = archiveCutoff(ctx);
  if ((storedThrough && storedThrough.createdAt >= cutoff) || (from && from >= cutoff)) return pageOf(stored, limit, scope);

  const candidateDays = (await archivedDays({ ctx, tenantId })).filter(
    (day) =>
      (!position || isBefore(dayStart(day), position)) &&
      (!to || dayStart(day).createdAt < to) &&
      (!from || day >= from.slice(0, 10)) &&
      (!storedThrough || day >= storedThrough.createdAt.slice(0, 10)),
  );
  const readDays = candidateDays.slice(-ARCHIVED_DAYS_PER_PAGE);
  const archived = (await Promise.all(readDays.map((day) => readArchivedDay({ ctx, tenantId, day })))).flatMap((day) =>
    (day ?? []).filter(
      (entry) =>
        (!types || types.includes(entry.event.type)) &&
        (!from || entry.event.createdAt >= from) &&
        (!to || entry.event.createdAt < to) &&
        (!failedOnly || isUndeliveredFailure(entry)) &&
        (!position || isBefore(entry.event, position)),
    ),
  );

  // An event in both places (a crash between the archive's R2 write and its D1 delete) is listed once, as D1 has it.
  const byId = new Map(archived.map(({ event }) => [event.id, event]));
  for (const event of stored) byId.set(event.id, event);
  const olderDaysLeft = candidateDays.length > readDays.length;
  const readFrom = olderDaysLeft ? dayStart(readDays[0]!) : null;
  const known = [...byId.values()]
    .filter((event) => (!readFrom || !isBefore(event, readFrom)) && (!storedThrough || !isBefore(event, storedThrough)))
    .sort((a, b) => (isBefore(a, b) ? 1 : -1));
  if (known.length > limit || !readFrom) return pageOf(known, limit, scope);
  // The archived days read so far are exhausted: the next page starts before the oldest of them.
  return { data: known, hasMore: true, nextCursor: await encodeCursor(readFrom, scope) };
}

/**
 * One of the tenant's events: from D1 while it is there (EVENT_ARCHIVE_AFTER_DAYS, longer while a delivery is owed), from
 * the archive given the UTC `day` it was created. Another tenant's id is the same 404 as a missing one.
 */
export async function getTenantEvent({
  ctx,
  input: { eventId, day },
}: {
  ctx: TenantContext;
  input: { eventId: string; day?: string };
}): Promise<EventRecord> {
  const tenantId = ctx.tenant.id;
  const stored = await ctx.db
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.tenantId, tenantId)))
    .get();
  if (stored) return stored;
  const archived = day ? await readArchivedDay({ ctx, tenantId, day }) : null;
  const found = archived?.find((entry) => entry.event.id === eventId);
  if (found) return found.event;
  throw new ApiError("not-found", day ? `No event ${eventId} on ${day}.` : `No event ${eventId}.`);
}
