-- A list of one status finds it on its own index only when the status is not the usual one: payments other than
-- succeeded, deliveries other than delivered. The usual status's list walks the tenant's (created_at, id) index, nearly
-- every row of which it takes, so those rows no longer fill the status index too (docs/scale.md).
DROP INDEX `callback_deliveries_tenant_status_created`;--> statement-breakpoint
CREATE INDEX `callback_deliveries_tenant_status_created` ON `callback_deliveries` (`tenant_id`,`status`,`created_at`,`id`) WHERE "callback_deliveries"."status" <> 'delivered';--> statement-breakpoint
DROP INDEX `payments_tenant_status_created`;--> statement-breakpoint
CREATE INDEX `payments_tenant_status_created` ON `payments` (`tenant_id`,`status`,`created_at`,`id`) WHERE "payments"."status" <> 'succeeded';