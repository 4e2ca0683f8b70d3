CREATE INDEX `callback_signing_secrets_tenant_walk` ON `callback_signing_secrets` (`tenant_id`,`id`);--> statement-breakpoint
CREATE INDEX `callback_delivery_attempts_tenant_walk` ON `callback_delivery_attempts` (`tenant_id`,`delivery_id`,`attempt_number`);--> statement-breakpoint
CREATE INDEX `dispute_evidence_tenant_walk` ON `dispute_evidence` (`tenant_id`,`id`);--> statement-breakpoint
CREATE INDEX `payment_instruments_tenant_walk` ON `payment_instruments` (`tenant_id`,`id`);--> statement-breakpoint
CREATE INDEX `refunds_tenant_walk` ON `refunds` (`tenant_id`,`id`);--> statement-breakpoint
CREATE INDEX `payout_items_tenant_walk` ON `payout_items` (`tenant_id`,`payout_id`,`processor_transfer_id`);--> statement-breakpoint
CREATE INDEX `processor_webhook_receipts_tenant_walk` ON `processor_webhook_receipts` (`tenant_id`,`id`);--> statement-breakpoint
CREATE INDEX `terminal_sales_tenant_walk` ON `terminal_sales` (`tenant_id`,`payment_id`);