CREATE TABLE `dashboard_audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`actor_user_id` text,
	`actor_email` text NOT NULL,
	`action` text NOT NULL,
	`target` text,
	`ip_address` text NOT NULL,
	`user_agent` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `dashboard_audit_log_tenant_created` ON `dashboard_audit_log` (`tenant_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `dashboard_invites` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`token_hash` text NOT NULL,
	`invited_by` text,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`accepted_at` text,
	`revoked_at` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "dashboard_invites_role" CHECK("dashboard_invites"."role" IN ('owner', 'member'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dashboard_invites_token_unique` ON `dashboard_invites` (`token_hash`);--> statement-breakpoint
CREATE INDEX `dashboard_invites_tenant` ON `dashboard_invites` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `dashboard_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`user_id` text NOT NULL,
	`tenant_id` text NOT NULL,
	`csrf_token` text NOT NULL,
	`created_at` text NOT NULL,
	`last_seen_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`revoked_at` text,
	`ip_address` text NOT NULL,
	`user_agent` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `dashboard_users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dashboard_sessions_token_unique` ON `dashboard_sessions` (`token_hash`);--> statement-breakpoint
CREATE INDEX `dashboard_sessions_user` ON `dashboard_sessions` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `dashboard_sign_in_failures` (
	`throttle_key` text PRIMARY KEY NOT NULL,
	`failures` integer NOT NULL,
	`window_started_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `dashboard_users` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`role` text NOT NULL,
	`password_hash` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`removed_at` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "dashboard_users_role" CHECK("dashboard_users"."role" IN ('owner', 'member'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dashboard_users_email_unique` ON `dashboard_users` (`email`) WHERE "dashboard_users"."removed_at" IS NULL;--> statement-breakpoint
CREATE INDEX `dashboard_users_tenant` ON `dashboard_users` (`tenant_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `api_keys` ADD `name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `api_keys` ADD `last_used_at` text;