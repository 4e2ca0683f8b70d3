-- The sweeps' two indexes hold only what is still owed: events not yet enqueued (in the order the sweep takes them),
-- deliveries still pending (oldest first). Each indexed every row before, sent or finished, for ever: 72 bytes an event
-- and 35 a delivery, about 210 bytes a payment (docs/scale.md).
-- And the control database's request_log goes as the shards' did (shard migration 0017): each tenant's log is kept by
-- its own RequestLogStore since, and nothing has read or written this table; its fence and capture triggers go with it.
DROP TABLE `request_log`;--> statement-breakpoint
DROP INDEX `callback_deliveries_due`;--> statement-breakpoint
CREATE INDEX `callback_deliveries_pending` ON `callback_deliveries` (`created_at`) WHERE "callback_deliveries"."status" = 'pending';--> statement-breakpoint
DROP INDEX `events_unenqueued`;--> statement-breakpoint
CREATE INDEX `events_unenqueued` ON `events` (`enqueue_attempts`,`created_at`) WHERE "events"."enqueued_at" IS NULL;