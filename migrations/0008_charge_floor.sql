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
-- Every card and bank instrument a payment charged was made from its tenant's token (or was already that tenant's, checked
-- by its tag): the tenant that first charged it owns it. Card-present instruments are the reader's, never charged by id.
INSERT OR IGNORE INTO `payment_instruments` (`id`, `tenant_id`, `method`, `created_at`)
SELECT `processor_instrument_id`, `tenant_id`, `method`, `created_at` FROM `payments`
WHERE `processor_instrument_id` IS NOT NULL AND `method` IN ('card', 'ach')
ORDER BY `created_at`;
