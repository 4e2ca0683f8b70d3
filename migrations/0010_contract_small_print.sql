ALTER TABLE `disputes` ADD `submission_idempotency_key` text;--> statement-breakpoint
ALTER TABLE `disputes` ADD `submission_request_fingerprint` text;