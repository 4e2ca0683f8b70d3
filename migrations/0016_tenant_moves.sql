CREATE TABLE `tenant_moves` (
	`tenant_id` text PRIMARY KEY NOT NULL,
	`from_shard` text NOT NULL,
	`to_shard` text NOT NULL,
	`to_region` text NOT NULL,
	`step` text NOT NULL,
	`table_index` integer DEFAULT 0 NOT NULL,
	`cursor` text,
	`tally` text NOT NULL,
	`paused_at` text,
	`verify_failures` integer DEFAULT 0 NOT NULL,
	`started_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`flipped_at` text,
	`finished_at` text,
	`last_error` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
