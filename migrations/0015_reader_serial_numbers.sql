CREATE TABLE `reader_serial_numbers` (
	`serial_number` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`reader_id` text NOT NULL,
	`claimed_at` text NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
-- Readers of tenants from before shards, registered in this database: their serial numbers stay claimed.
INSERT INTO `reader_serial_numbers` (`serial_number`, `tenant_id`, `reader_id`, `claimed_at`)
SELECT `serial_number`, `tenant_id`, `id`, `created_at` FROM `terminal_readers`;
