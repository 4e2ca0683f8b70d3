ALTER TABLE `payments` ADD `request_fingerprint` text;--> statement-breakpoint
ALTER TABLE `refunds` ADD `request_fingerprint` text;