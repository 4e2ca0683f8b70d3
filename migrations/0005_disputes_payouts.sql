CREATE TABLE `dispute_evidence` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`dispute_id` text NOT NULL,
	`sha256` text NOT NULL,
	`file_name` text NOT NULL,
	`upload_name` text NOT NULL,
	`generation` integer DEFAULT 1 NOT NULL,
	`content_type` text NOT NULL,
	`kind` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`r2_key` text NOT NULL,
	`state` text NOT NULL,
	`processor_evidence_id` text,
	`processor_updated_at` text,
	`failure_code` text,
	`failure_message` text,
	`upload_attempts` integer DEFAULT 0 NOT NULL,
	`upload_lease_until` text,
	`change_token` text,
	`synced_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`dispute_id`) REFERENCES `disputes`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "dispute_evidence_size_positive" CHECK("dispute_evidence"."size_bytes" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dispute_evidence_content` ON `dispute_evidence` (`dispute_id`,`sha256`);--> statement-breakpoint
CREATE UNIQUE INDEX `dispute_evidence_processor` ON `dispute_evidence` (`processor_evidence_id`);--> statement-breakpoint
CREATE INDEX `dispute_evidence_state` ON `dispute_evidence` (`state`,`updated_at`);--> statement-breakpoint
CREATE INDEX `dispute_evidence_sync` ON `dispute_evidence` (`state`,`synced_at`);--> statement-breakpoint
CREATE TABLE `disputes` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`payment_id` text NOT NULL,
	`order_ref` text,
	`processor_dispute_id` text NOT NULL,
	`processor_transfer_id` text NOT NULL,
	`processor_merchant_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`reason` text,
	`reason_code` text,
	`state` text NOT NULL,
	`response_state` text NOT NULL,
	`respond_by` text,
	`submission` text DEFAULT 'none' NOT NULL,
	`submission_note` text,
	`submitted_at` text,
	`processor_updated_at` text NOT NULL,
	`change_token` text NOT NULL,
	`synced_at` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "disputes_amount_non_negative" CHECK("disputes"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `disputes_processor_dispute` ON `disputes` (`processor_dispute_id`);--> statement-breakpoint
CREATE INDEX `disputes_tenant_created` ON `disputes` (`tenant_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `disputes_tenant_state_created` ON `disputes` (`tenant_id`,`state`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `disputes_payment` ON `disputes` (`payment_id`,`state`);--> statement-breakpoint
CREATE INDEX `disputes_sweep` ON `disputes` (`state`,`synced_at`);--> statement-breakpoint
CREATE INDEX `disputes_submission` ON `disputes` (`submission`,`updated_at`);--> statement-breakpoint
CREATE TABLE `payout_discovery` (
	`tenant_id` text PRIMARY KEY NOT NULL,
	`checked_at` text NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `payout_items` (
	`payout_id` text NOT NULL,
	`processor_transfer_id` text NOT NULL,
	`tenant_id` text NOT NULL,
	`type` text NOT NULL,
	`payment_id` text,
	`refund_id` text,
	`order_ref` text,
	`amount_cents` integer NOT NULL,
	`fee_cents` integer NOT NULL,
	`net_cents` integer NOT NULL,
	`processor_created_at` text NOT NULL,
	PRIMARY KEY(`payout_id`, `processor_transfer_id`),
	FOREIGN KEY (`payout_id`) REFERENCES `payouts`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "payout_items_net_is_amount_less_fee" CHECK("payout_items"."net_cents" = "payout_items"."amount_cents" - "payout_items"."fee_cents")
);
--> statement-breakpoint
CREATE INDEX `payout_items_order` ON `payout_items` (`payout_id`,`processor_created_at`,`processor_transfer_id`);--> statement-breakpoint
CREATE TABLE `payouts` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`processor_settlement_id` text NOT NULL,
	`processor_merchant_id` text NOT NULL,
	`status` text NOT NULL,
	`processor_status` text NOT NULL,
	`gross_cents` integer NOT NULL,
	`fees_cents` integer NOT NULL,
	`net_cents` integer NOT NULL,
	`other_fees_cents` integer,
	`currency` text NOT NULL,
	`payment_count` integer,
	`processor_funding_transfer_id` text,
	`funding_state` text,
	`failure_code` text,
	`failure_message` text,
	`initiated_at` text,
	`expected_arrival_date` text,
	`processor_updated_at` text NOT NULL,
	`items_synced_for` text,
	`synced_at` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "payouts_net_is_gross_less_fees" CHECK("payouts"."net_cents" = "payouts"."gross_cents" - "payouts"."fees_cents"),
	CONSTRAINT "payouts_fees_non_negative" CHECK("payouts"."fees_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_processor_settlement` ON `payouts` (`processor_settlement_id`);--> statement-breakpoint
CREATE INDEX `payouts_tenant_created` ON `payouts` (`tenant_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `payouts_tenant_status_created` ON `payouts` (`tenant_id`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `payouts_funding_transfer` ON `payouts` (`processor_funding_transfer_id`);--> statement-breakpoint
CREATE INDEX `payouts_sweep` ON `payouts` (`status`,`synced_at`);