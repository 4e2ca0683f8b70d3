CREATE TABLE `request_log` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`at` text NOT NULL,
	`method` text NOT NULL,
	`path` text NOT NULL,
	`query` text NOT NULL,
	`status` integer NOT NULL,
	`duration_ms` integer NOT NULL,
	`trace_id` text NOT NULL,
	`idempotency_key` text,
	`api_key_id` text NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `request_log_tenant_at` ON `request_log` (`tenant_id`,`at`,`id`);--> statement-breakpoint
CREATE INDEX `request_log_tenant_status_at` ON `request_log` (`tenant_id`,`status`,`at`,`id`);--> statement-breakpoint
CREATE INDEX `request_log_tenant_trace_at` ON `request_log` (`tenant_id`,`trace_id`,`at`,`id`);--> statement-breakpoint
CREATE INDEX `request_log_at` ON `request_log` (`at`);