import { and, asc, eq, gte, inArray, isNotNull, lt, sql } from "drizzle-orm";

import { boundList } from "../db/bound-list";
import { assertTenantExists, isFenceRefusal } from "../db/tenancy";
import { sha256Hex } from "../lib/crypto";
import { logEvent } from "../lib/log";
import { ApiError } from "../lib/problem";
import { type EventRecord, events } from "../outbox/events.schema";
import { liveHere } from "../placement/tenant-fences.schema";
import type { RootContext, ShardContext, TenantContext } from "../platform/context";
import { callbackDeliveries, callbackDeliveryAttempts } from "./deliveries.schema";
import { type DeliveryRecord, selectDeliveries } from "./deliveries.service";

/** One line of an archived day: the event row as it was in D1, with every delivery of it and their attempts. */
export type ArchivedEvent = { event: EventRecord; deliveries: DeliveryRecord[] };

/** A cron run stops starting parts past either bound; the next run, a minute later, goes on where it stopped. */
export type ArchiveBudget = { maxEvents: number; maxMs: number };
export const ARCHIVE_BUDGET: ArchiveBudget = { maxEvents: 2_000, maxMs: 10_000 };
/** One part is one R2 object and one D1 batch of deletes. */
const EVENTS_PER_PART = 500;
const DAY_MS = 86_400_000;

export type ArchiveRunResult = { parts: number; events: number; deliveries: number };

type ArchiveContext = Pick<ShardContext, "env" | "db" | "clock">;

/** Every part of one tenant's day starts with this; the closing slash keeps `ten_A` from matching `ten_AB`. */
const tenantPrefix = (tenantId: string) => `events/${tenantId}/`;
const dayPrefix = (tenantId: string, day: string) => `${tenantPrefix(tenantId)}${day}/`;

/**
 * Days before this instant are archived: whole UTC days, each once its last moment is EVENT_ARCHIVE_AFTER_DAYS old, so a
 * day is taken in one go rather than a minute of it per cron run.
 */
export function archiveCutoff(ctx: Pick<RootContext, "env" | "clock">): string {
  const startOfToday = Math.floor(ctx.clock.nowMs() / DAY_MS) * DAY_MS;
  return new Date(startOfToday - Number(ctx.env.EVENT_ARCHIVE_AFTER_DAYS) * DAY_MS).toISOString();
}

/**
 * Older than the cutoff and owed nothing more: enqueued, and each delivery finished and made before the cutoff; of a
 * tenant live on this shard.
 */
function archivable(cutoff: string) {
  return and(
    lt(events.createdAt, cutoff),
    isNotNull(events.enqueuedAt),
    liveHere(events.tenantId),
    sql`NOT EXISTS (SELECT 1 FROM ${callbackDeliveries} WHERE ${callbackDeliveries.eventId} = ${events.id}
      AND (${callbackDeliveries.status} = 'pending' OR ${callbackDeliveries.createdAt} >= ${cutoff}))`,
  );
}

/**
 * Moves events and their callback deliveries past the retention from D1 to the ARCHIVE bucket, oldest tenant-day first,
 * within `budget`. Each part is written to R2 and verified before the same rows are deleted from D1, so a crash between
 * the two leaves rows the next run writes again under the same key: nothing lost, nothing doubled.
 */
export async function archiveCallbackHistory({
  ctx,
  input: budget = ARCHIVE_BUDGET,
}: {
  ctx: ArchiveContext;
  input?: ArchiveBudget;
}): Promise<ArchiveRunResult> {
  const cutoff = archiveCutoff(ctx);
  const deadline = Date.now() + budget.maxMs;
  const result: ArchiveRunResult = { parts: 0, events: 0, deliveries: 0 };
  do {
    let part: Awaited<ReturnType<typeof archiveNextPart>>;
    try {
      part = await archiveNextPart(ctx, cutoff, Math.min(EVENTS_PER_PART, budget.maxEvents - result.events));
    } catch (error) {
      // Its tenant was paused by a move after the part was read: the next part's read skips that tenant.
      if (isFenceRefusal(error)) continue;
      throw error;
    }
    if (!part) break;
    result.parts++;
    result.events += part.events;
    result.deliveries += part.deliveries;
  } while (result.events < budget.maxEvents && Date.now() < deadline);
  if (result.parts > 0) logEvent("info", "callback history archived", { cutoff, ...result });
  return result;
}

/** The oldest archivable tenant-day, up to `limit` of its events: to R2, verified, then out of D1. Null when none is left. */
async function archiveNextPart(ctx: ArchiveContext, cutoff: string, limit: number) {
  const { db } = ctx;
  const oldest = await db
    .select({ tenantId: events.tenantId, createdAt: events.createdAt })
    .from(events)
    .where(archivable(cutoff))
    .orderBy(asc(events.createdAt))
    .limit(1)
    .get();
  if (!oldest) return null;
  const { tenantId } = oldest;
  const day = oldest.createdAt.slice(0, 10);
  const dayStart = `${day}T00:00:00.000Z`;
  const rows = await db
    .select()
    .from(events)
    .where(
      and(
        eq(events.tenantId, tenantId),
        gte(events.createdAt, dayStart),
        lt(events.createdAt, new Date(Date.parse(dayStart) + DAY_MS).toISOString()),
        archivable(cutoff),
      ),
    )
    .orderBy(asc(events.createdAt), asc(events.id))
    .limit(limit)
    .all();
  // Another run took them between the two reads.
  if (rows.length === 0) return null;
  const eventIds = rows.map((event) => event.id);
  // Oldest first, as the day's lines are.
  const deliveries = (await selectDeliveries(db, tenantId, inArray(callbackDeliveries.eventId, boundList(eventIds)))).reverse();
  const deliveryIds = deliveries.map((delivery) => delivery.id);

  const lines = rows.map((event) => {
    const archived: ArchivedEvent = {
      event,
      deliveries: deliveries.filter((delivery) => delivery.eventId === event.id),
    };
    return JSON.stringify(archived);
  });
  // Named by the rows it holds: a re-run over the same rows rewrites the same object; other rows make another part.
  const key = `${dayPrefix(tenantId, day)}part-${(await sha256Hex(eventIds.join("\n"))).slice(0, 16)}.ndjson.gz`;
  await writeVerified(ctx.env.ARCHIVE, key, await gzip(`${lines.join("\n")}\n`), rows.length);

  await db.batch([
    db
      .delete(callbackDeliveryAttempts)
      .where(and(eq(callbackDeliveryAttempts.tenantId, tenantId), inArray(callbackDeliveryAttempts.deliveryId, boundList(deliveryIds)))),
    db
      .delete(callbackDeliveries)
      .where(and(eq(callbackDeliveries.tenantId, tenantId), inArray(callbackDeliveries.id, boundList(deliveryIds)))),
    // A replay since the read gave the event a delivery this part does not hold: the event stays for a later part.
    db
      .delete(events)
      .where(
        and(
          eq(events.tenantId, tenantId),
          inArray(events.id, boundList(eventIds)),
          sql`NOT EXISTS (SELECT 1 FROM ${callbackDeliveries} WHERE ${callbackDeliveries.eventId} = ${events.id})`,
        ),
      ),
  ]);
  return { events: rows.length, deliveries: deliveries.length };
}

/** R2 checks the body against its SHA-256 on upload; the read-back proves the object is there, whole, before D1 lets go. */
async function writeVerified(bucket: R2Bucket, key: string, body: Uint8Array, eventCount: number): Promise<void> {
  await bucket.put(key, body, {
    sha256: await crypto.subtle.digest("SHA-256", body),
    httpMetadata: { contentType: "application/gzip" },
    customMetadata: { events: String(eventCount) },
  });
  const stored = await bucket.head(key);
  if (stored?.size !== body.byteLength || stored.customMetadata?.events !== String(eventCount)) {
    throw new Error(`archive object ${key} did not verify after writing; its rows stay in D1`);
  }
}

/**
 * One tenant's archived day, oldest event first; null when nothing of that day is archived. An event in more than one
 * part (a crash before its rows left D1, a replay meanwhile) is read once, with every delivery any part holds.
 */
export async function readArchivedDay({
  ctx,
  tenantId,
  day,
}: {
  ctx: Pick<RootContext, "env">;
  tenantId: string;
  day: string;
}): Promise<ArchivedEvent[] | null> {
  const bucket = ctx.env.ARCHIVE;
  const byId = new Map<string, ArchivedEvent>();
  let parts = 0;
  let cursor: string | undefined;
  do {
    const listed = await bucket.list({ prefix: dayPrefix(tenantId, day), cursor });
    for (const { key } of listed.objects) {
      const object = await bucket.get(key);
      // Gone between the list and the read: a lifecycle rule expired it.
      if (!object) continue;
      parts++;
      for (const line of (await gunzip(object.body)).split("\n")) {
        if (line) mergeInto(byId, JSON.parse(line) as ArchivedEvent);
      }
    }
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
  if (parts === 0) return null;
  return [...byId.values()].sort((a, b) => a.event.createdAt.localeCompare(b.event.createdAt) || a.event.id.localeCompare(b.event.id));
}

/** The UTC days (YYYY-MM-DD) of which something of the tenant is archived, oldest first. */
export async function archivedDays({ ctx, tenantId }: { ctx: Pick<RootContext, "env">; tenantId: string }): Promise<string[]> {
  const prefix = tenantPrefix(tenantId);
  const days: string[] = [];
  let cursor: string | undefined;
  do {
    const listed = await ctx.env.ARCHIVE.list({ prefix, delimiter: "/", cursor });
    days.push(...listed.delimitedPrefixes.map((delimited) => delimited.slice(prefix.length, -1)));
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
  return days.sort();
}

function mergeInto(byId: Map<string, ArchivedEvent>, archived: ArchivedEvent): void {
  const known = byId.get(archived.event.id);
  if (!known) {
    byId.set(archived.event.id, archived);
    return;
  }
  const deliveryIds = new Set(known.deliveries.map((delivery) => delivery.id));
  known.deliveries.push(...archived.deliveries.filter((delivery) => !deliveryIds.has(delivery.id)));
  known.deliveries.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/** The operator's read of an archived day: an unknown tenant, and a day with nothing archived, are 404s. */
export async function getArchivedDay({
  ctx,
  input: { day },
}: {
  ctx: Pick<TenantContext, "env" | "db" | "tenant">;
  input: { day: string };
}): Promise<ArchivedEvent[]> {
  const tenantId = ctx.tenant.id;
  await assertTenantExists(ctx.db, tenantId);
  const archived = await readArchivedDay({ ctx, tenantId, day });
  if (!archived) throw new ApiError("not-found", `Nothing of tenant ${tenantId} is archived for ${day}.`);
  return archived;
}

async function gzip(text: string): Promise<Uint8Array> {
  const compressed = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(compressed).arrayBuffer());
}

function gunzip(body: ReadableStream): Promise<string> {
  return new Response(body.pipeThrough(new DecompressionStream("gzip"))).text();
}
