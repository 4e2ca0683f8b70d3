import { defineConfig } from "drizzle-kit";

/**
 * A tenant shard's tables: everything a tenant owns, and the shard's own copy of each tenant row placed on it (the
 * charge gate and the fee read it in the same statement as the ledger, and every table here references it).
 * `npm run db:generate` writes these to shard-migrations/; drizzle.config.ts writes the control database's.
 */
export default defineConfig({
  dialect: "sqlite",
  schema: [
    "./src/db/tenants.schema.ts",
    "./src/placement/tenant-fences.schema.ts",
    "./src/tenant-moves/tenant-changes.schema.ts",
    "./src/outbox/events.schema.ts",
    "./src/payments/payments.schema.ts",
    "./src/callbacks/callback-endpoints.schema.ts",
    "./src/callbacks/deliveries.schema.ts",
    "./src/onboarding/onboarding.schema.ts",
    "./src/disputes/disputes.schema.ts",
    "./src/payouts/payouts.schema.ts",
    "./src/terminal/terminal.schema.ts",
    "./src/processor-webhooks/processor-webhooks.schema.ts",
  ],
  out: "./shard-migrations",
});
