import { sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Where the sweep of each webhook-fed resource stands at the processor (platform-wide: on the control database): changes
 * at or after `updatedSince` are being read, `afterCursor` is the next page of that read (null: the next run starts a
 * new read), begun at `scanStartedAt`; every change made before `readThrough` has been read (the feed's lag is how long
 * ago that is).
 */
export const processorWatermarks = sqliteTable("processor_watermarks", {
  resource: text("resource").primaryKey(),
  updatedSince: text("updated_since").notNull(),
  afterCursor: text("after_cursor"),
  scanStartedAt: text("scan_started_at").notNull(),
  advancedAt: text("advanced_at").notNull(),
  /** Null on a row from before it was kept: `updatedSince` stands for it. */
  readThrough: text("read_through"),
});

export type ProcessorWatermarkRecord = typeof processorWatermarks.$inferSelect;
