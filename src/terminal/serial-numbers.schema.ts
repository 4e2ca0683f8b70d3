import { sqliteTable, text } from "drizzle-orm/sqlite-core";

import { tenants } from "../db/tenants.schema";

/**
 * The control database's claim on each reader serial number: one physical reader, one registration across every shard
 * (a shard's unique index sees only its own tenants). The reader it names lives on its tenant's shard.
 */
export const readerSerialNumbers = sqliteTable("reader_serial_numbers", {
  serialNumber: text("serial_number").primaryKey(),
  tenantId: text("tenant_id")
    .notNull()
    .references(() => tenants.id),
  readerId: text("reader_id").notNull(),
  claimedAt: text("claimed_at").notNull(),
});
export type ReaderSerialNumberRecord = typeof readerSerialNumbers.$inferSelect;
