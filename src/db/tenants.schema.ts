import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** The root of tenancy: every tenant-scoped table references it, so it belongs to the shared kernel. */
export const tenants = sqliteTable(
  "tenants",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    // Overrides of the platform's default application fee; null means the default applies.
    feeBasisPoints: integer("fee_basis_points"),
    feeFixedCents: integer("fee_fixed_cents"),
    processorMerchantId: text("processor_merchant_id"),
    // The charge gate: only the processor's word (onboarding, merchant.updated) turns it on.
    chargesEnabled: integer("charges_enabled", { mode: "boolean" }).notNull().default(false),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (table) => [
    uniqueIndex("tenants_processor_merchant_unique").on(table.processorMerchantId),
    // The operator's tenant list pages newest first on (created_at, id).
    index("tenants_created").on(table.createdAt, table.id),
    check("tenants_fee_basis_points_range", sql`${table.feeBasisPoints} IS NULL OR ${table.feeBasisPoints} BETWEEN 0 AND 10000`),
    check("tenants_fee_fixed_non_negative", sql`${table.feeFixedCents} IS NULL OR ${table.feeFixedCents} >= 0`),
  ],
);
export type TenantRecord = typeof tenants.$inferSelect;
