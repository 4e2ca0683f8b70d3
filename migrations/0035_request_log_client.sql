ALTER TABLE `request_log` ADD `client` text;--> statement-breakpoint
CREATE INDEX `request_log_tenant_client_at` ON `request_log` (`tenant_id`,`client`,`at`,`id`);