import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * A database's log of the rows a move's tenant changed while its rows here are being moved (its `tenant_fences` row
 * `capturing` or `paused`): one entry per insert, update or delete, written by the `capture_*` triggers on every table a
 * move copies (in the same statement as the write, so no write escapes it), read by the move to copy only what changed
 * and cleared when the move ends. Not itself moved: it is the move's own bookkeeping, like `tenant_fences`.
 */
export const tenantChanges = sqliteTable(
  "tenant_changes",
  {
    // Grows with every entry and is never reused (AUTOINCREMENT): a move that has applied every entry up to a seq has
    // seen every write committed before it, since the database has one writer at a time.
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    // No reference to tenants: the entry of a deleted tenants row outlives it.
    tenantId: text("tenant_id").notNull(),
    tableName: text("table_name").notNull(),
    // The changed row's primary key as SQLite's json_array of its columns in key order.
    key: text("key").notNull(),
  },
  (table) => [
    index("tenant_changes_tenant_seq").on(table.tenantId, table.seq),
    index("tenant_changes_tenant_key").on(table.tenantId, table.tableName, table.key),
  ],
);
