DROP INDEX `callback_deliveries_event`;--> statement-breakpoint
CREATE INDEX `callback_deliveries_tenant_status_created` ON `callback_deliveries` (`tenant_id`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `callback_deliveries_event_status` ON `callback_deliveries` (`event_id`,`status`);--> statement-breakpoint
CREATE INDEX `refunds_processor_reversal` ON `refunds` (`processor_reversal_id`);--> statement-breakpoint
CREATE INDEX `events_tenant_type_created` ON `events` (`tenant_id`,`type`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `onboarding_processor_form` ON `onboarding` (`processor_form_id`);--> statement-breakpoint
CREATE INDEX `onboarding_processor_identity` ON `onboarding` (`processor_identity_id`);--> statement-breakpoint
CREATE INDEX `callback_signing_secrets_tenant` ON `callback_signing_secrets` (`tenant_id`,`expires_at`);