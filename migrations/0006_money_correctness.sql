PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_payments` (
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
	CONSTRAINT "payments_amount_positive" CHECK("__new_payments"."amount_cents" > 0),
	CONSTRAINT "payments_fee_within_amount" CHECK("__new_payments"."application_fee_cents" >= 0 AND "__new_payments"."application_fee_cents" <= "__new_payments"."amount_cents"),
	CONSTRAINT "payments_fee_refund_within_fee" CHECK("__new_payments"."application_fee_refunded_cents" >= 0 AND "__new_payments"."application_fee_refunded_cents" <= "__new_payments"."application_fee_cents"),
	CONSTRAINT "payments_fee_refund_pending_within_fee" CHECK("__new_payments"."application_fee_refund_pending_cents" >= 0 AND "__new_payments"."application_fee_refunded_cents" + "__new_payments"."application_fee_refund_pending_cents" <= "__new_payments"."application_fee_cents"),
	CONSTRAINT "payments_refunds_within_amount" CHECK("__new_payments"."amount_refunded_cents" >= 0 AND "__new_payments"."amount_refund_reserved_cents" >= 0 AND "__new_payments"."amount_refunded_cents" + "__new_payments"."amount_refund_reserved_cents" <= "__new_payments"."amount_cents")
);
--> statement-breakpoint
INSERT INTO `__new_payments`("id", "tenant_id", "idempotency_key", "request_fingerprint", "status", "method", "amount_cents", "currency", "application_fee_cents", "application_fee_refunded_cents", "amount_refunded_cents", "amount_refund_reserved_cents", "order_ref", "processor_merchant_id", "processor_identity_id", "processor_instrument_id", "processor_transfer_id", "processor_state", "processor_updated_at", "failure_code", "failure_message", "created_at", "updated_at") SELECT "id", "tenant_id", "idempotency_key", "request_fingerprint", "status", "method", "amount_cents", "currency", "application_fee_cents", "application_fee_refunded_cents", "amount_refunded_cents", "amount_refund_reserved_cents", "order_ref", "processor_merchant_id", "processor_identity_id", "processor_instrument_id", "processor_transfer_id", "processor_state", "processor_updated_at", "failure_code", "failure_message", "created_at", "updated_at" FROM `payments`;--> statement-breakpoint
DROP TABLE `payments`;--> statement-breakpoint
ALTER TABLE `__new_payments` RENAME TO `payments`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `payments_tenant_idempotency_key` ON `payments` (`tenant_id`,`idempotency_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_processor_transfer` ON `payments` (`processor_transfer_id`);--> statement-breakpoint
CREATE INDEX `payments_tenant_created` ON `payments` (`tenant_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `payments_tenant_status_created` ON `payments` (`tenant_id`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `payments_next_check` ON `payments` (`next_check_at`) WHERE "payments"."next_check_at" IS NOT NULL;--> statement-breakpoint
DROP INDEX `refunds_pending`;--> statement-breakpoint
ALTER TABLE `refunds` ADD `fee_credit_status` text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE `refunds` ADD `fee_credit_failure_code` text;--> statement-breakpoint
ALTER TABLE `refunds` ADD `next_check_at` text;--> statement-breakpoint
ALTER TABLE `refunds` ADD `check_attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `refunds_next_check` ON `refunds` (`next_check_at`) WHERE "refunds"."next_check_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `refunds_fee_credit_failed` ON `refunds` (`fee_credit_status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `onboarding_pci_form` ON `onboarding` (`pci_form_id`);--> statement-breakpoint
-- Rows the earlier sweep was working on get a next check time: the sweep now takes only rows that have one.
UPDATE `payments` SET `next_check_at` = `updated_at` WHERE `status` = 'processing';--> statement-breakpoint
UPDATE `refunds` SET `next_check_at` = `updated_at` WHERE `status` = 'pending';--> statement-breakpoint
UPDATE `refunds` SET `fee_credit_status` = 'succeeded' WHERE `processor_fee_adjustment_id` IS NOT NULL;--> statement-breakpoint
-- Fee credits the earlier code never got through: their share, given up, so operators see and retry them.
UPDATE `refunds` SET `fee_credit_status` = 'failed', `fee_credit_failure_code` = 'UNSENT_BEFORE_UPGRADE',
  `application_fee_refund_cents` = (SELECT MIN(p.`application_fee_cents` - p.`application_fee_refunded_cents`,
    (p.`application_fee_cents` * `refunds`.`amount_cents`) / p.`amount_cents`) FROM `payments` p WHERE p.`id` = `refunds`.`payment_id`)
  WHERE `status` = 'succeeded' AND `refund_application_fee` = 1 AND `processor_fee_adjustment_id` IS NULL;
