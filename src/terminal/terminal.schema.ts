import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { tenants } from "../db/tenants.schema";

export const READER_STATUSES = ["registered", "active", "deactivated"] as const;
/** The PAX models the processor's API accepts for a device. */
export const PAX_MODELS = ["PAX_A30", "PAX_A35", "PAX_A60", "PAX_A77", "PAX_A920PRO", "PAX_ARIES6", "PAX_ARIES8", "PAX_IM30"] as const;
export type PaxModel = (typeof PAX_MODELS)[number];
export type ReaderStatus = (typeof READER_STATUSES)[number];

/** A PAX reader registered to a tenant's processor merchant; the processor's device id is kept beside the service's id. */
export const terminalReaders = sqliteTable(
  "terminal_readers",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    // Upper-cased: one physical reader, one registration, whoever registers it.
    serialNumber: text("serial_number").notNull(),
    model: text("model", { enum: PAX_MODELS }).notNull(),
    label: text("label").notNull(),
    status: text("status", { enum: READER_STATUSES }).notNull(),
    processorMerchantId: text("processor_merchant_id").notNull(),
    // Null only while the processor has not confirmed the device (a registration whose answer was lost is resumed).
    processorDeviceId: text("processor_device_id"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (table) => [
    uniqueIndex("terminal_readers_serial_number").on(table.serialNumber),
    uniqueIndex("terminal_readers_processor_device").on(table.processorDeviceId),
    index("terminal_readers_tenant_created").on(table.tenantId, table.createdAt, table.id),
  ],
);
export type ReaderRecord = typeof terminalReaders.$inferSelect;

/** Which reader took each in-person payment (`payments.id`); written in the same batch as the payment's ledger row. */
export const terminalSales = sqliteTable(
  "terminal_sales",
  {
    paymentId: text("payment_id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    readerId: text("reader_id")
      .notNull()
      .references(() => terminalReaders.id),
    createdAt: text("created_at").notNull(),
  },
  (table) => [
    index("terminal_sales_reader_created").on(table.readerId, table.createdAt),
    // A move walks the tenant's rows in this order (shard-tables.ts): a seek per batch, not a sort of all of them.
    index("terminal_sales_tenant_walk").on(table.tenantId, table.paymentId),
  ],
);
