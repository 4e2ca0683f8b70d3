ALTER TABLE `payments` ADD `processor_fee_exact_cents` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `processor_calls` text;