import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

import { tenants } from "../db/tenants.schema";

/**
 * A tenant's onboarding and readiness as the processor last reported it. The charge gate itself is
 * tenants.charges_enabled, written in the same batch as this row.
 */
export const onboarding = sqliteTable(
  "onboarding",
  {
    tenantId: text("tenant_id")
      .primaryKey()
      .references(() => tenants.id),
    // Null for a merchant onboarded outside the hosted form and attached by an operator.
    processorFormId: text("processor_form_id"),
    formStatus: text("form_status"),
    onboardingUrl: text("onboarding_url"),
    onboardingUrlExpiresAt: text("onboarding_url_expires_at"),
    returnUrl: text("return_url"),
    // Names this onboarding in the return and expired-session links, so the browser carries no tenant id.
    returnToken: text("return_token").notNull().unique(),
    processorIdentityId: text("processor_identity_id"),
    merchantOnboardingState: text("merchant_onboarding_state"),
    processingEnabled: integer("processing_enabled", { mode: "boolean" }).notNull().default(false),
    settlementEnabled: integer("settlement_enabled", { mode: "boolean" }).notNull().default(false),
    merchantUpdatedAt: text("merchant_updated_at"),
    pciFormId: text("pci_form_id"),
    pciState: text("pci_state"),
    pciValidUntil: text("pci_valid_until"),
    pciDueAt: text("pci_due_at"),
    // When the cron sweep last asked the processor about the hosted form, and about the merchant's PCI forms: each
    // webhook about them may have been lost.
    // Set by every write of readiness, so a write and its event apply only if no concurrent one got in first.
    changeToken: text("change_token"),
    formCheckedAt: text("form_checked_at"),
    pciCheckedAt: text("pci_checked_at"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  // The processor's webhooks name the form or the identity, never the tenant.
  (table) => [
    index("onboarding_processor_form").on(table.processorFormId),
    index("onboarding_processor_identity").on(table.processorIdentityId),
    index("onboarding_pci_form").on(table.pciFormId),
    // The sweep's two rotations: hosted forms whose link is still valid, and every merchant's PCI forms, oldest check first.
    index("onboarding_form_link_expiry").on(table.onboardingUrlExpiresAt),
    index("onboarding_pci_checked").on(table.pciCheckedAt),
  ],
);
export type OnboardingRecord = typeof onboarding.$inferSelect;
