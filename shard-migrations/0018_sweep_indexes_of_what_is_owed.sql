-- The sweeps' two indexes hold only what is still owed: events not yet enqueued (in the order the sweep takes them),
-- deliveries still pending (oldest first). Each indexed every row before, sent or finished, for ever: 72 bytes an event
-- and 35 a delivery, about 210 bytes a payment (docs/scale.md).
DROP INDEX `callback_deliveries_due`;--> statement-breakpoint
CREATE INDEX `callback_deliveries_pending` ON `callback_deliveries` (`created_at`) WHERE "callback_deliveries"."status" = 'pending';--> statement-breakpoint
DROP INDEX `events_unenqueued`;--> statement-breakpoint
CREATE INDEX `events_unenqueued` ON `events` (`enqueue_attempts`,`created_at`) WHERE "events"."enqueued_at" IS NULL;