ALTER TABLE `tenant_moves` ADD `failures` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `tenant_moves` ADD `last_failed_at` text;