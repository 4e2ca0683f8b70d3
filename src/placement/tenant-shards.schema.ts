import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";

import { tenants } from "../db/tenants.schema";

/** The control database's map of where each tenant's data lives: its region, and the shard (a D1 binding) in it. */
export const tenantShards = sqliteTable(
  "tenant_shards",
  {
    tenantId: text("tenant_id")
      .primaryKey()
      .references(() => tenants.id),
    region: text("region").notNull(),
    shard: text("shard").notNull(),
    placedAt: text("placed_at").notNull(),
  },
  (table) => [index("tenant_shards_shard").on(table.shard)],
);
export type TenantShardRecord = typeof tenantShards.$inferSelect;
