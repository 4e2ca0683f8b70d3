CREATE TABLE `onboarding_routes` (
	`tenant_id` text PRIMARY KEY NOT NULL,
	`processor_form_id` text,
	`processor_identity_id` text,
	`return_token` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `onboarding_routes_return_token_unique` ON `onboarding_routes` (`return_token`);--> statement-breakpoint
CREATE INDEX `onboarding_routes_processor_form` ON `onboarding_routes` (`processor_form_id`);--> statement-breakpoint
CREATE INDEX `onboarding_routes_processor_identity` ON `onboarding_routes` (`processor_identity_id`);--> statement-breakpoint
-- Tenants from before shards keep their onboarding in this database: their routes are the rows it already has.
INSERT INTO `onboarding_routes` (`tenant_id`, `processor_form_id`, `processor_identity_id`, `return_token`)
SELECT `tenant_id`, `processor_form_id`, `processor_identity_id`, `return_token` FROM `onboarding`;
