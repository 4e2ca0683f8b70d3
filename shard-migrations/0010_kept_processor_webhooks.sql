ALTER TABLE `processor_webhook_receipts` ADD `source` text DEFAULT 'webhook' NOT NULL;--> statement-breakpoint
ALTER TABLE `processor_webhook_receipts` ADD `raw_body` text;--> statement-breakpoint
ALTER TABLE `processor_webhook_receipts` ADD `reason` text;--> statement-breakpoint
ALTER TABLE `processor_webhook_receipts` ADD `reapplied_at` text;--> statement-breakpoint
CREATE INDEX `processor_webhook_receipts_outcome` ON `processor_webhook_receipts` (`outcome`,`received_at`,`id`);