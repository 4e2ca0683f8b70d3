CREATE TABLE `tenant_fences` (
	`tenant_id` text PRIMARY KEY NOT NULL,
	`state` text NOT NULL,
	`move_started_at` text NOT NULL
);
