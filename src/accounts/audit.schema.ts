import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";

import { tenants } from "../db/tenants.schema";

/** Who did what to the tenant's account, when and from where; read by the tenant's owners. */
export const dashboardAuditLog = sqliteTable(
  "dashboard_audit_log",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    actorUserId: text("actor_user_id"),
    // The actor's e-mail at the time, kept even if the user is later removed.
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    target: text("target"),
    ipAddress: text("ip_address").notNull(),
    userAgent: text("user_agent").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (table) => [
    index("dashboard_audit_log_tenant_created").on(table.tenantId, table.createdAt, table.id),
    // The audit page's filters, each paged newest first like the whole log: by action, and by who did it.
    index("dashboard_audit_log_tenant_action").on(table.tenantId, table.action, table.createdAt, table.id),
    index("dashboard_audit_log_tenant_actor").on(table.tenantId, table.actorUserId, table.createdAt, table.id),
  ],
);
export type AuditEntry = typeof dashboardAuditLog.$inferSelect;
