-- A payment's timeline finds its events by the subject's id, which no two tenants share: the index keys on it alone
-- and the query's tenant condition filters the few rows found (26 bytes an event less, docs/scale.md).
DROP INDEX `events_tenant_subject_created`;--> statement-breakpoint
CREATE INDEX `events_subject_created` ON `events` (`subject_id`,`created_at`,`id`);