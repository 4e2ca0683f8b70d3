ALTER TABLE `dispute_evidence` ADD `sent_kind` text;--> statement-breakpoint
ALTER TABLE `dispute_evidence` ADD `sent_size_bytes` integer;--> statement-breakpoint
ALTER TABLE `dispute_evidence` ADD `sent_width_px` integer;--> statement-breakpoint
ALTER TABLE `dispute_evidence` ADD `sent_height_px` integer;--> statement-breakpoint
ALTER TABLE `dispute_evidence` ADD `sent_r2_key` text;