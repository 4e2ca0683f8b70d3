DROP INDEX `callback_endpoints_tenant_unique`;--> statement-breakpoint
ALTER TABLE `callback_endpoints` ADD `description` text;--> statement-breakpoint
ALTER TABLE `callback_endpoints` ADD `enabled_events` text DEFAULT '["*"]' NOT NULL;--> statement-breakpoint
ALTER TABLE `callback_endpoints` ADD `disabled_at` text;--> statement-breakpoint
ALTER TABLE `callback_endpoints` ADD `disabled_reason` text;--> statement-breakpoint
ALTER TABLE `callback_endpoints` ADD `deleted_at` text;--> statement-breakpoint
CREATE INDEX `callback_endpoints_tenant_created` ON `callback_endpoints` (`tenant_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `callback_deliveries_endpoint_status` ON `callback_deliveries` (`endpoint_id`,`status`);