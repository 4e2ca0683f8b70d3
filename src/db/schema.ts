// Every table, for drizzle-kit only (`npm run db:generate` diffs this against `migrations/`). The Worker never imports
// this file: each capability imports its own tables.
export * from "./tenants.schema";
export * from "../tenants/tenants.schema";
export * from "../payments/payments.schema";
export * from "../outbox/events.schema";
export * from "../processor-webhooks/processor-webhooks.schema";
export * from "../onboarding/onboarding.schema";
export * from "../callbacks/callback-endpoints.schema";
export * from "../callbacks/deliveries.schema";
