CREATE TABLE `tenants` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`fee_basis_points` integer,
	`fee_fixed_cents` integer,
	`processor_merchant_id` text,
	`charges_enabled` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	CONSTRAINT "tenants_fee_basis_points_range" CHECK("tenants"."fee_basis_points" IS NULL OR "tenants"."fee_basis_points" BETWEEN 0 AND 10000),
	CONSTRAINT "tenants_fee_fixed_non_negative" CHECK("tenants"."fee_fixed_cents" IS NULL OR "tenants"."fee_fixed_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tenants_processor_merchant_unique` ON `tenants` (`processor_merchant_id`);--> statement-breakpoint
CREATE INDEX `tenants_created` ON `tenants` (`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`type` text NOT NULL,
	`subject_id` text NOT NULL,
	`payload` text NOT NULL,
	`created_at` text NOT NULL,
	`enqueued_at` text,
	`enqueue_attempts` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "events_payload_json" CHECK(json_valid("events"."payload"))
);
--> statement-breakpoint
CREATE INDEX `events_tenant_created` ON `events` (`tenant_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `events_tenant_type_created` ON `events` (`tenant_id`,`type`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `events_unenqueued` ON `events` (`enqueued_at`,`created_at`);--> statement-breakpoint
CREATE INDEX `events_created` ON `events` (`created_at`);--> statement-breakpoint
CREATE TABLE `buyer_identities` (
	`tenant_id` text NOT NULL,
	`email` text NOT NULL,
	`processor_identity_id` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`tenant_id`, `email`),
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `payment_instruments` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`method` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`request_fingerprint` text,
	`status` text NOT NULL,
	`method` text,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`application_fee_cents` integer NOT NULL,
	`application_fee_refunded_cents` integer DEFAULT 0 NOT NULL,
	`amount_refunded_cents` integer DEFAULT 0 NOT NULL,
	`amount_refund_reserved_cents` integer DEFAULT 0 NOT NULL,
	`application_fee_refund_pending_cents` integer DEFAULT 0 NOT NULL,
	`processor_fee_cents` integer,
	`order_ref` text,
	`processor_merchant_id` text NOT NULL,
	`processor_identity_id` text,
	`processor_instrument_id` text,
	`processor_transfer_id` text,
	`processor_state` text,
	`processor_updated_at` text,
	`processor_updated_at_us` integer,
	`next_check_at` text,
	`check_attempts` integer DEFAULT 0 NOT NULL,
	`failure_code` text,
	`failure_message` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "payments_amount_positive" CHECK("payments"."amount_cents" > 0),
	CONSTRAINT "payments_fee_within_amount" CHECK("payments"."application_fee_cents" >= 0 AND "payments"."application_fee_cents" <= "payments"."amount_cents"),
	CONSTRAINT "payments_fee_refund_within_fee" CHECK("payments"."application_fee_refunded_cents" >= 0 AND "payments"."application_fee_refunded_cents" <= "payments"."application_fee_cents"),
	CONSTRAINT "payments_fee_refund_pending_within_fee" CHECK("payments"."application_fee_refund_pending_cents" >= 0 AND "payments"."application_fee_refunded_cents" + "payments"."application_fee_refund_pending_cents" <= "payments"."application_fee_cents"),
	CONSTRAINT "payments_refunds_within_amount" CHECK("payments"."amount_refunded_cents" >= 0 AND "payments"."amount_refund_reserved_cents" >= 0 AND "payments"."amount_refunded_cents" + "payments"."amount_refund_reserved_cents" <= "payments"."amount_cents")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_tenant_idempotency_key` ON `payments` (`tenant_id`,`idempotency_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_processor_transfer` ON `payments` (`processor_transfer_id`);--> statement-breakpoint
CREATE INDEX `payments_tenant_created` ON `payments` (`tenant_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `payments_tenant_status_created` ON `payments` (`tenant_id`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `payments_next_check` ON `payments` (`next_check_at`) WHERE "payments"."next_check_at" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`payment_id` text NOT NULL,
	`idempotency_key` text,
	`request_fingerprint` text,
	`status` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`reason` text,
	`refund_application_fee` integer NOT NULL,
	`application_fee_refund_cents` integer DEFAULT 0 NOT NULL,
	`processor_reversal_id` text,
	`processor_fee_adjustment_id` text,
	`processor_state` text,
	`failure_code` text,
	`fee_credit_status` text DEFAULT 'none' NOT NULL,
	`fee_credit_failure_code` text,
	`next_check_at` text,
	`check_attempts` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "refunds_amount_positive" CHECK("refunds"."amount_cents" > 0),
	CONSTRAINT "refunds_fee_refund_non_negative" CHECK("refunds"."application_fee_refund_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_tenant_idempotency_key` ON `refunds` (`tenant_id`,`idempotency_key`);--> statement-breakpoint
CREATE INDEX `refunds_payment` ON `refunds` (`payment_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `refunds_next_check` ON `refunds` (`next_check_at`) WHERE "refunds"."next_check_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `refunds_fee_credit_failed` ON `refunds` (`fee_credit_status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `refunds_processor_reversal` ON `refunds` (`processor_reversal_id`);--> statement-breakpoint
CREATE TABLE `callback_endpoints` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`url` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `callback_endpoints_tenant_unique` ON `callback_endpoints` (`tenant_id`);--> statement-breakpoint
CREATE TABLE `callback_signing_secrets` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`endpoint_id` text NOT NULL,
	`secret_ciphertext` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`endpoint_id`) REFERENCES `callback_endpoints`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `callback_signing_secrets_endpoint` ON `callback_signing_secrets` (`endpoint_id`,`expires_at`);--> statement-breakpoint
CREATE INDEX `callback_signing_secrets_tenant` ON `callback_signing_secrets` (`tenant_id`,`expires_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `callback_signing_secrets_one_current` ON `callback_signing_secrets` (`endpoint_id`) WHERE "callback_signing_secrets"."expires_at" IS NULL;--> statement-breakpoint
CREATE TABLE `callback_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`event_id` text NOT NULL,
	`endpoint_id` text NOT NULL,
	`origin` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempt_count` integer DEFAULT 0 NOT NULL,
	`last_status_code` integer,
	`last_error` text,
	`last_attempt_at` text,
	`next_attempt_at` text,
	`enqueued_at` text,
	`delivered_at` text,
	`failed_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`endpoint_id`) REFERENCES `callback_endpoints`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "callback_deliveries_status" CHECK("callback_deliveries"."status" IN ('pending', 'delivered', 'failed', 'canceled')),
	CONSTRAINT "callback_deliveries_origin" CHECK("callback_deliveries"."origin" IN ('event', 'replay'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `callback_deliveries_one_per_event` ON `callback_deliveries` (`event_id`,`endpoint_id`) WHERE "callback_deliveries"."origin" = 'event';--> statement-breakpoint
CREATE INDEX `callback_deliveries_tenant_created` ON `callback_deliveries` (`tenant_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `callback_deliveries_tenant_status_created` ON `callback_deliveries` (`tenant_id`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `callback_deliveries_event_status` ON `callback_deliveries` (`event_id`,`status`);--> statement-breakpoint
CREATE INDEX `callback_deliveries_due` ON `callback_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `callback_delivery_attempts` (
	`delivery_id` text NOT NULL,
	`attempt_number` integer NOT NULL,
	`tenant_id` text NOT NULL,
	`attempted_at` text NOT NULL,
	`url` text NOT NULL,
	`status_code` integer,
	`error` text,
	`duration_ms` integer NOT NULL,
	`next_attempt_at` text,
	PRIMARY KEY(`delivery_id`, `attempt_number`),
	FOREIGN KEY (`delivery_id`) REFERENCES `callback_deliveries`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `onboarding` (
	`tenant_id` text PRIMARY KEY NOT NULL,
	`processor_form_id` text,
	`form_status` text,
	`onboarding_url` text,
	`onboarding_url_expires_at` text,
	`return_url` text,
	`return_token` text NOT NULL,
	`processor_identity_id` text,
	`merchant_onboarding_state` text,
	`processing_enabled` integer DEFAULT false NOT NULL,
	`settlement_enabled` integer DEFAULT false NOT NULL,
	`merchant_updated_at` text,
	`pci_form_id` text,
	`pci_state` text,
	`pci_valid_until` text,
	`pci_due_at` text,
	`change_token` text,
	`form_checked_at` text,
	`pci_checked_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `onboarding_return_token_unique` ON `onboarding` (`return_token`);--> statement-breakpoint
CREATE INDEX `onboarding_processor_form` ON `onboarding` (`processor_form_id`);--> statement-breakpoint
CREATE INDEX `onboarding_processor_identity` ON `onboarding` (`processor_identity_id`);--> statement-breakpoint
CREATE INDEX `onboarding_pci_form` ON `onboarding` (`pci_form_id`);--> statement-breakpoint
CREATE INDEX `onboarding_form_link_expiry` ON `onboarding` (`onboarding_url_expires_at`);--> statement-breakpoint
CREATE INDEX `onboarding_pci_checked` ON `onboarding` (`pci_checked_at`);--> statement-breakpoint
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
	`submission_idempotency_key` text,
	`submission_request_fingerprint` text,
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
CREATE INDEX `payouts_sweep` ON `payouts` (`status`,`synced_at`);--> statement-breakpoint
CREATE TABLE `terminal_readers` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`serial_number` text NOT NULL,
	`model` text NOT NULL,
	`label` text NOT NULL,
	`status` text NOT NULL,
	`processor_merchant_id` text NOT NULL,
	`processor_device_id` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `terminal_readers_serial_number` ON `terminal_readers` (`serial_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `terminal_readers_processor_device` ON `terminal_readers` (`processor_device_id`);--> statement-breakpoint
CREATE INDEX `terminal_readers_tenant_created` ON `terminal_readers` (`tenant_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `terminal_sales` (
	`payment_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`reader_id` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reader_id`) REFERENCES `terminal_readers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `terminal_sales_reader_created` ON `terminal_sales` (`reader_id`,`created_at`);