import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The transactional outbox: an event row is written in the same D1 batch as the ledger change it
 * reports, and only then enqueued, so a crash between the two loses nothing (the sweep re-enqueues).
 */
export const events = sqliteTable(
  "events",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    type: text("type").notNull(),
    subjectId: text("subject_id").notNull(),
    payload: text("payload").notNull(),
    createdAt: text("created_at").notNull(),
    enqueuedAt: text("enqueued_at"),
    enqueueAttempts: integer("enqueue_attempts").notNull().default(0),
  },
  (table) => [
    index("events_tenant_created").on(table.tenantId, table.createdAt, table.id),
    index("events_tenant_type_created").on(table.tenantId, table.type, table.createdAt, table.id),
    // What happened to one subject (a payment's events: its transfer, fee credits, disputes), for its page's timeline. A
    // subject's id is the service's or the processor's, never shared by two tenants: the query's tenant condition filters
    // the few rows found, so the key needs no tenant id.
    index("events_subject_created").on(table.subjectId, table.createdAt, table.id),
    // The sweep's unsent events, in the order it takes them; only those, so a sent event costs this index nothing.
    index("events_unenqueued")
      .on(table.enqueueAttempts, table.createdAt)
      .where(sql`${table.enqueuedAt} IS NULL`),
    // The archive takes the oldest day first, across tenants (src/callbacks/archive.ts).
    index("events_created").on(table.createdAt),
    check("events_payload_json", sql`json_valid(${table.payload})`),
  ],
);
export type EventRecord = typeof events.$inferSelect;
