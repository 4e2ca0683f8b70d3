CREATE INDEX `events_created` ON `events` (`created_at`);--> statement-breakpoint
-- D1 recommends it after creating indexes: the planner gets statistics for the new index at once, not at the next daily cron run.
PRAGMA optimize;
