import { and, eq, type SQL, sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { tenants } from "../db/tenants.schema";
import { events } from "../outbox/events.schema";
import { callbackEndpoints } from "./callback-endpoints.schema";

export const DELIVERY_STATUSES = ["pending", "delivered", "failed", "canceled"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_ORIGINS = ["event", "replay"] as const;
export type DeliveryOrigin = (typeof DELIVERY_ORIGINS)[number];

/** One delivery of one event to one endpoint, carried by one Queue message at a time. */
export const callbackDeliveries = sqliteTable(
  "callback_deliveries",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => callbackEndpoints.id),
    origin: text("origin", { enum: DELIVERY_ORIGINS }).notNull(),
    status: text("status", { enum: DELIVERY_STATUSES }).notNull().default("pending"),
    attemptCount: integer("attempt_count").notNull().default(0),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    lastAttemptAt: text("last_attempt_at"),
    // While pending: when a message is expected to carry the next attempt; the sweep resends long-overdue ones.
    nextAttemptAt: text("next_attempt_at"),
    // When the current message was sent; null means no message was ever sent (a crash after the insert).
    enqueuedAt: text("enqueued_at"),
    deliveredAt: text("delivered_at"),
    failedAt: text("failed_at"),
    createdAt: text("created_at").notNull(),
  },
  (table) => [
    // Enqueueing an event twice (the sweep after a lost stamp) must not deliver it twice.
    uniqueIndex("callback_deliveries_one_per_event")
      .on(table.eventId, table.endpointId)
      .where(sql`${table.origin} = 'event'`),
    index("callback_deliveries_tenant_created").on(table.tenantId, table.createdAt, table.id),
    // Lists of one status other than `delivered` (most deliveries are, and their list walks callback_deliveries_tenant_created):
    // only those rows, so a delivered one costs this index nothing (deliveriesWithStatus).
    index("callback_deliveries_tenant_status_created")
      .on(table.tenantId, table.status, table.createdAt, table.id)
      .where(sql`${table.status} <> 'delivered'`),
    // Enqueueing looks up an event's pending deliveries; with status in the key the planner never walks every pending one.
    index("callback_deliveries_event_status").on(table.eventId, table.status),
    // The sweep's lost deliveries are pending ones, oldest first; only those, so a finished delivery costs this index nothing.
    index("callback_deliveries_pending")
      .on(table.createdAt)
      .where(sql`${table.status} = 'pending'`),
    // Disabling, deleting or a 410 cancels one endpoint's pending deliveries; a new endpoint's foreign-key check reads it too.
    index("callback_deliveries_endpoint_status").on(table.endpointId, table.status),
    check("callback_deliveries_status", sql`${table.status} IN ('pending', 'delivered', 'failed', 'canceled')`),
    check("callback_deliveries_origin", sql`${table.origin} IN ('event', 'replay')`),
  ],
);
export type CallbackDeliveryRecord = typeof callbackDeliveries.$inferSelect;

/** Deliveries of one status; the literal lets the planner take callback_deliveries_tenant_status_created, which holds only these. */
export const deliveriesWithStatus = (status: DeliveryStatus): SQL =>
  status === "delivered"
    ? eq(callbackDeliveries.status, status)
    : and(eq(callbackDeliveries.status, status), sql`${callbackDeliveries.status} <> 'delivered'`)!;

/** Every HTTP attempt of a delivery, numbered from 1 in the same batch that counts it on the delivery. */
export const callbackDeliveryAttempts = sqliteTable(
  "callback_delivery_attempts",
  {
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => callbackDeliveries.id),
    attemptNumber: integer("attempt_number").notNull(),
    tenantId: text("tenant_id").notNull(),
    attemptedAt: text("attempted_at").notNull(),
    url: text("url").notNull(),
    statusCode: integer("status_code"),
    error: text("error"),
    durationMs: integer("duration_ms").notNull(),
    nextAttemptAt: text("next_attempt_at"),
  },
  (table) => [
    primaryKey({ columns: [table.deliveryId, table.attemptNumber] }),
    // A move walks the tenant's rows in this order (shard-tables.ts): a seek per batch, not a sort of all of them.
    index("callback_delivery_attempts_tenant_walk").on(table.tenantId, table.deliveryId, table.attemptNumber),
  ],
);
export type DeliveryAttemptRecord = typeof callbackDeliveryAttempts.$inferSelect;
