CREATE TABLE `processor_watermarks` (
	`resource` text PRIMARY KEY NOT NULL,
	`updated_since` text NOT NULL,
	`after_cursor` text,
	`scan_started_at` text NOT NULL,
	`advanced_at` text NOT NULL
);
