ALTER TABLE `payment_instruments` ADD `card_brand` text;--> statement-breakpoint
ALTER TABLE `payment_instruments` ADD `last_four` text;--> statement-breakpoint
ALTER TABLE `payment_instruments` ADD `bank_account_type` text;--> statement-breakpoint
ALTER TABLE `payment_instruments` ADD `buyer_name` text;--> statement-breakpoint
ALTER TABLE `payment_instruments` ADD `buyer_email` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `buyer_name` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `buyer_email` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `card_brand` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `last_four` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `bank_account_type` text;--> statement-breakpoint
CREATE INDEX `payments_tenant_order_ref` ON `payments` (`tenant_id`,`order_ref`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `payments_tenant_amount` ON `payments` (`tenant_id`,`amount_cents`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `payments_tenant_buyer_email` ON `payments` (`tenant_id`,`buyer_email`,`created_at`,`id`) WHERE "payments"."buyer_email" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `payments_tenant_last_four` ON `payments` (`tenant_id`,`last_four`,`created_at`,`id`) WHERE "payments"."last_four" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `events_tenant_subject_created` ON `events` (`tenant_id`,`subject_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `payout_items_payment` ON `payout_items` (`payment_id`,`tenant_id`);--> statement-breakpoint
-- The same columns as shard migration 0005_payment_search, for tenants from before shards (their data is still here):
-- payments charged before the buyer was kept on the row get their e-mail from the buyer identity they were charged under.
CREATE INDEX `buyer_identities_backfill` ON `buyer_identities` (`tenant_id`,`processor_identity_id`);--> statement-breakpoint
UPDATE `payments` SET `buyer_email` = (SELECT `email` FROM `buyer_identities` WHERE `buyer_identities`.`tenant_id` = `payments`.`tenant_id` AND `buyer_identities`.`processor_identity_id` = `payments`.`processor_identity_id`) WHERE `processor_identity_id` IS NOT NULL AND `buyer_email` IS NULL;--> statement-breakpoint
DROP INDEX `buyer_identities_backfill`;
