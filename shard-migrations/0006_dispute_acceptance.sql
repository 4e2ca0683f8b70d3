ALTER TABLE `disputes` ADD `acceptance` text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE `disputes` ADD `acceptance_note` text;--> statement-breakpoint
ALTER TABLE `disputes` ADD `accepted_at` text;--> statement-breakpoint
CREATE INDEX `disputes_acceptance` ON `disputes` (`acceptance`,`updated_at`);