ALTER TABLE `disputes` ADD `acceptance` text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE `disputes` ADD `acceptance_note` text;--> statement-breakpoint
ALTER TABLE `disputes` ADD `accepted_at` text;--> statement-breakpoint
CREATE INDEX `disputes_acceptance` ON `disputes` (`acceptance`,`updated_at`);--> statement-breakpoint
CREATE INDEX `dashboard_audit_log_tenant_action` ON `dashboard_audit_log` (`tenant_id`,`action`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `dashboard_audit_log_tenant_actor` ON `dashboard_audit_log` (`tenant_id`,`actor_user_id`,`created_at`,`id`);