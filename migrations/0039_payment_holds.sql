-- A hold (`capture: false`): the processor's authorization, when it lapses, and the capture or void a request has
-- claimed and not yet recorded; a hold's webhooks find it by the authorization's id.
ALTER TABLE `payments` ADD `capture_later` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `processor_authorization_id` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `authorized_until` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `hold_action` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `hold_capture_cents` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `hold_capture_fee_cents` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `payments_processor_authorization` ON `payments` (`processor_authorization_id`) WHERE "payments"."processor_authorization_id" IS NOT NULL;