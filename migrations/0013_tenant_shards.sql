CREATE TABLE `tenant_shards` (
	`tenant_id` text PRIMARY KEY NOT NULL,
	`region` text NOT NULL,
	`shard` text NOT NULL,
	`placed_at` text NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `tenant_shards_shard` ON `tenant_shards` (`shard`);