CREATE TABLE `processor_webhook_receipts` (
	`id` text PRIMARY KEY NOT NULL,
	`entity` text NOT NULL,
	`type` text NOT NULL,
	`resource_id` text NOT NULL,
	`resource_state` text,
	`resource_updated_at` text,
	`outcome` text NOT NULL,
	`received_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `processor_webhook_receipts_resource` ON `processor_webhook_receipts` (`entity`,`resource_id`,`received_at`);