CREATE TABLE `api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`key_hash` text NOT NULL,
	`display_prefix` text NOT NULL,
	`last_four` text NOT NULL,
	`created_at` text NOT NULL,
	`revoked_at` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "api_keys_last_four_len" CHECK(length("api_keys"."last_four") = 4)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_key_hash_unique` ON `api_keys` (`key_hash`);--> statement-breakpoint
CREATE INDEX `api_keys_tenant_idx` ON `api_keys` (`tenant_id`,`created_at`);--> statement-breakpoint
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
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`status` text NOT NULL,
	`method` text,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`application_fee_cents` integer NOT NULL,
	`application_fee_refunded_cents` integer DEFAULT 0 NOT NULL,
	`amount_refunded_cents` integer DEFAULT 0 NOT NULL,
	`amount_refund_reserved_cents` integer DEFAULT 0 NOT NULL,
	`order_ref` text,
	`processor_merchant_id` text NOT NULL,
	`processor_identity_id` text,
	`processor_instrument_id` text,
	`processor_transfer_id` text,
	`processor_state` text,
	`processor_updated_at` text,
	`failure_code` text,
	`failure_message` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "payments_amount_positive" CHECK("payments"."amount_cents" > 0),
	CONSTRAINT "payments_fee_within_amount" CHECK("payments"."application_fee_cents" >= 0 AND "payments"."application_fee_cents" <= "payments"."amount_cents"),
	CONSTRAINT "payments_fee_refund_within_fee" CHECK("payments"."application_fee_refunded_cents" >= 0 AND "payments"."application_fee_refunded_cents" <= "payments"."application_fee_cents"),
	CONSTRAINT "payments_refunds_within_amount" CHECK("payments"."amount_refunded_cents" >= 0 AND "payments"."amount_refund_reserved_cents" >= 0 AND "payments"."amount_refunded_cents" + "payments"."amount_refund_reserved_cents" <= "payments"."amount_cents")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_tenant_idempotency_key` ON `payments` (`tenant_id`,`idempotency_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_processor_transfer` ON `payments` (`processor_transfer_id`);--> statement-breakpoint
CREATE INDEX `payments_tenant_created` ON `payments` (`tenant_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `payments_tenant_status_created` ON `payments` (`tenant_id`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `payments_processing` ON `payments` (`status`,`updated_at`);--> statement-breakpoint
CREATE TABLE `refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`payment_id` text NOT NULL,
	`idempotency_key` text,
	`status` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`reason` text,
	`refund_application_fee` integer NOT NULL,
	`application_fee_refund_cents` integer DEFAULT 0 NOT NULL,
	`processor_reversal_id` text,
	`processor_fee_adjustment_id` text,
	`processor_state` text,
	`failure_code` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "refunds_amount_positive" CHECK("refunds"."amount_cents" > 0),
	CONSTRAINT "refunds_fee_refund_non_negative" CHECK("refunds"."application_fee_refund_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_tenant_idempotency_key` ON `refunds` (`tenant_id`,`idempotency_key`);--> statement-breakpoint
CREATE INDEX `refunds_payment` ON `refunds` (`payment_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `refunds_pending` ON `refunds` (`status`,`updated_at`);--> statement-breakpoint
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
CREATE INDEX `events_unenqueued` ON `events` (`enqueued_at`,`created_at`);--> statement-breakpoint
CREATE TABLE `processor_webhook_receipts` (
	`id` text PRIMARY KEY NOT NULL,
	`entity` text NOT NULL,
	`type` text NOT NULL,
	`resource_id` text NOT NULL,
	`resource_state` text,
	`resource_updated_at` text,
	`outcome` text NOT NULL,
	`received_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `processor_webhook_receipts_resource` ON `processor_webhook_receipts` (`entity`,`resource_id`,`received_at`);--> statement-breakpoint
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
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `onboarding_return_token_unique` ON `onboarding` (`return_token`);--> statement-breakpoint
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
CREATE INDEX `callback_deliveries_event` ON `callback_deliveries` (`event_id`);--> statement-breakpoint
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
