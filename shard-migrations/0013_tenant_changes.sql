CREATE TABLE `tenant_changes` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` text NOT NULL,
	`table_name` text NOT NULL,
	`key` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `tenant_changes_tenant_seq` ON `tenant_changes` (`tenant_id`,`seq`);--> statement-breakpoint
CREATE INDEX `tenant_changes_tenant_key` ON `tenant_changes` (`tenant_id`,`table_name`,`key`);