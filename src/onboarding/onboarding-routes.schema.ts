import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";

import { tenants } from "../db/tenants.schema";

/**
 * On the control database: which tenant a hosted onboarding belongs to, by what names it before the tenant has a
 * merchant — the processor's form and identity (in its webhooks) and the return link's token (in the browser) — so
 * each is routed to the tenant's shard. Written before the shard's onboarding row names them.
 */
export const onboardingRoutes = sqliteTable(
  "onboarding_routes",
  {
    tenantId: text("tenant_id")
      .primaryKey()
      .references(() => tenants.id),
    processorFormId: text("processor_form_id"),
    processorIdentityId: text("processor_identity_id"),
    returnToken: text("return_token").unique(),
  },
  (table) => [
    index("onboarding_routes_processor_form").on(table.processorFormId),
    index("onboarding_routes_processor_identity").on(table.processorIdentityId),
  ],
);
