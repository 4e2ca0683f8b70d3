CREATE INDEX `tenants_created` ON `tenants` (`created_at`,`id`);--> statement-breakpoint
-- D1 recommends it after creating indexes: the planner gets statistics for the new index at once, not at the next daily cron run.
PRAGMA optimize;
