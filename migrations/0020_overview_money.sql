-- The expression is written by hand: drizzle-kit 0.31 quotes each comma-separated piece of an index expression as a
-- column (`substr("created_at"`,` 1`,` 10)`). Its snapshot has it right, so the next generate finds nothing to change.
CREATE INDEX `payments_tenant_day` ON `payments` (`tenant_id`,substr(`created_at`, 1, 10),`status`,`amount_cents`,`application_fee_cents`,`processor_fee_cents`);--> statement-breakpoint
CREATE INDEX `refunds_tenant_day` ON `refunds` (`tenant_id`,substr(`created_at`, 1, 10),`status`,`fee_credit_status`,`amount_cents`,`application_fee_refund_cents`);--> statement-breakpoint
-- D1 recommends it after creating indexes: the planner gets statistics for the new index at once, not at the next daily cron run.
PRAGMA optimize;
