CREATE TABLE `terminal_readers` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`serial_number` text NOT NULL,
	`model` text NOT NULL,
	`label` text NOT NULL,
	`status` text NOT NULL,
	`processor_merchant_id` text NOT NULL,
	`processor_device_id` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `terminal_readers_serial_number` ON `terminal_readers` (`serial_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `terminal_readers_processor_device` ON `terminal_readers` (`processor_device_id`);--> statement-breakpoint
CREATE INDEX `terminal_readers_tenant_created` ON `terminal_readers` (`tenant_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `terminal_sales` (
	`payment_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`reader_id` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reader_id`) REFERENCES `terminal_readers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `terminal_sales_reader_created` ON `terminal_sales` (`reader_id`,`created_at`);