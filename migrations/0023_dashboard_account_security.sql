CREATE TABLE `dashboard_password_resets` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`user_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `dashboard_users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dashboard_password_resets_token_unique` ON `dashboard_password_resets` (`token_hash`);--> statement-breakpoint
CREATE INDEX `dashboard_password_resets_user` ON `dashboard_password_resets` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `dashboard_pending_sign_ins` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `dashboard_users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dashboard_pending_sign_ins_token_unique` ON `dashboard_pending_sign_ins` (`token_hash`);--> statement-breakpoint
CREATE TABLE `dashboard_recovery_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`code_hash` text NOT NULL,
	`created_at` text NOT NULL,
	`used_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `dashboard_users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dashboard_recovery_codes_user_code` ON `dashboard_recovery_codes` (`user_id`,`code_hash`);--> statement-breakpoint
CREATE TABLE `dashboard_totp_factors` (
	`user_id` text PRIMARY KEY NOT NULL,
	`secret_sealed` text NOT NULL,
	`created_at` text NOT NULL,
	`enabled_at` text,
	`last_used_step` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `dashboard_users`(`id`) ON UPDATE no action ON DELETE no action
);
