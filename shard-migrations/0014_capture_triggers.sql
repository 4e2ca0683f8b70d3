-- Written by `npm run db:fence-triggers` from src/shards/fence-triggers.ts: do not edit by hand.
DROP TRIGGER IF EXISTS "fence_events_insert";
--> statement-breakpoint
CREATE TRIGGER "fence_events_insert" BEFORE INSERT ON "events"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_events_update";
--> statement-breakpoint
CREATE TRIGGER "fence_events_update" BEFORE UPDATE ON "events"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_events_delete";
--> statement-breakpoint
CREATE TRIGGER "fence_events_delete" BEFORE DELETE ON "events"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_tenants_insert";
--> statement-breakpoint
CREATE TRIGGER "fence_tenants_insert" BEFORE INSERT ON "tenants"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_tenants_update";
--> statement-breakpoint
CREATE TRIGGER "fence_tenants_update" BEFORE UPDATE ON "tenants"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_tenants_delete";
--> statement-breakpoint
CREATE TRIGGER "fence_tenants_delete" BEFORE DELETE ON "tenants"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_buyer_identities_insert";
--> statement-breakpoint
CREATE TRIGGER "fence_buyer_identities_insert" BEFORE INSERT ON "buyer_identities"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_buyer_identities_update";
--> statement-breakpoint
CREATE TRIGGER "fence_buyer_identities_update" BEFORE UPDATE ON "buyer_identities"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_buyer_identities_delete";
--> statement-breakpoint
CREATE TRIGGER "fence_buyer_identities_delete" BEFORE DELETE ON "buyer_identities"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_callback_endpoints_insert";
--> statement-breakpoint
CREATE TRIGGER "fence_callback_endpoints_insert" BEFORE INSERT ON "callback_endpoints"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_callback_endpoints_update";
--> statement-breakpoint
CREATE TRIGGER "fence_callback_endpoints_update" BEFORE UPDATE ON "callback_endpoints"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_callback_endpoints_delete";
--> statement-breakpoint
CREATE TRIGGER "fence_callback_endpoints_delete" BEFORE DELETE ON "callback_endpoints"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_callback_deliveries_insert";
--> statement-breakpoint
CREATE TRIGGER "fence_callback_deliveries_insert" BEFORE INSERT ON "callback_deliveries"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_callback_deliveries_update";
--> statement-breakpoint
CREATE TRIGGER "fence_callback_deliveries_update" BEFORE UPDATE ON "callback_deliveries"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_callback_deliveries_delete";
--> statement-breakpoint
CREATE TRIGGER "fence_callback_deliveries_delete" BEFORE DELETE ON "callback_deliveries"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_callback_delivery_attempts_insert";
--> statement-breakpoint
CREATE TRIGGER "fence_callback_delivery_attempts_insert" BEFORE INSERT ON "callback_delivery_attempts"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_callback_delivery_attempts_update";
--> statement-breakpoint
CREATE TRIGGER "fence_callback_delivery_attempts_update" BEFORE UPDATE ON "callback_delivery_attempts"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_callback_delivery_attempts_delete";
--> statement-breakpoint
CREATE TRIGGER "fence_callback_delivery_attempts_delete" BEFORE DELETE ON "callback_delivery_attempts"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_callback_signing_secrets_insert";
--> statement-breakpoint
CREATE TRIGGER "fence_callback_signing_secrets_insert" BEFORE INSERT ON "callback_signing_secrets"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_callback_signing_secrets_update";
--> statement-breakpoint
CREATE TRIGGER "fence_callback_signing_secrets_update" BEFORE UPDATE ON "callback_signing_secrets"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_callback_signing_secrets_delete";
--> statement-breakpoint
CREATE TRIGGER "fence_callback_signing_secrets_delete" BEFORE DELETE ON "callback_signing_secrets"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_onboarding_insert";
--> statement-breakpoint
CREATE TRIGGER "fence_onboarding_insert" BEFORE INSERT ON "onboarding"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_onboarding_update";
--> statement-breakpoint
CREATE TRIGGER "fence_onboarding_update" BEFORE UPDATE ON "onboarding"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_onboarding_delete";
--> statement-breakpoint
CREATE TRIGGER "fence_onboarding_delete" BEFORE DELETE ON "onboarding"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_payment_instruments_insert";
--> statement-breakpoint
CREATE TRIGGER "fence_payment_instruments_insert" BEFORE INSERT ON "payment_instruments"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_payment_instruments_update";
--> statement-breakpoint
CREATE TRIGGER "fence_payment_instruments_update" BEFORE UPDATE ON "payment_instruments"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_payment_instruments_delete";
--> statement-breakpoint
CREATE TRIGGER "fence_payment_instruments_delete" BEFORE DELETE ON "payment_instruments"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_payments_insert";
--> statement-breakpoint
CREATE TRIGGER "fence_payments_insert" BEFORE INSERT ON "payments"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_payments_update";
--> statement-breakpoint
CREATE TRIGGER "fence_payments_update" BEFORE UPDATE ON "payments"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_payments_delete";
--> statement-breakpoint
CREATE TRIGGER "fence_payments_delete" BEFORE DELETE ON "payments"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_disputes_insert";
--> statement-breakpoint
CREATE TRIGGER "fence_disputes_insert" BEFORE INSERT ON "disputes"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_disputes_update";
--> statement-breakpoint
CREATE TRIGGER "fence_disputes_update" BEFORE UPDATE ON "disputes"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_disputes_delete";
--> statement-breakpoint
CREATE TRIGGER "fence_disputes_delete" BEFORE DELETE ON "disputes"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_dispute_evidence_insert";
--> statement-breakpoint
CREATE TRIGGER "fence_dispute_evidence_insert" BEFORE INSERT ON "dispute_evidence"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_dispute_evidence_update";
--> statement-breakpoint
CREATE TRIGGER "fence_dispute_evidence_update" BEFORE UPDATE ON "dispute_evidence"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_dispute_evidence_delete";
--> statement-breakpoint
CREATE TRIGGER "fence_dispute_evidence_delete" BEFORE DELETE ON "dispute_evidence"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_payout_discovery_insert";
--> statement-breakpoint
CREATE TRIGGER "fence_payout_discovery_insert" BEFORE INSERT ON "payout_discovery"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_payout_discovery_update";
--> statement-breakpoint
CREATE TRIGGER "fence_payout_discovery_update" BEFORE UPDATE ON "payout_discovery"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_payout_discovery_delete";
--> statement-breakpoint
CREATE TRIGGER "fence_payout_discovery_delete" BEFORE DELETE ON "payout_discovery"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_payouts_insert";
--> statement-breakpoint
CREATE TRIGGER "fence_payouts_insert" BEFORE INSERT ON "payouts"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_payouts_update";
--> statement-breakpoint
CREATE TRIGGER "fence_payouts_update" BEFORE UPDATE ON "payouts"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_payouts_delete";
--> statement-breakpoint
CREATE TRIGGER "fence_payouts_delete" BEFORE DELETE ON "payouts"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_payout_items_insert";
--> statement-breakpoint
CREATE TRIGGER "fence_payout_items_insert" BEFORE INSERT ON "payout_items"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_payout_items_update";
--> statement-breakpoint
CREATE TRIGGER "fence_payout_items_update" BEFORE UPDATE ON "payout_items"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_payout_items_delete";
--> statement-breakpoint
CREATE TRIGGER "fence_payout_items_delete" BEFORE DELETE ON "payout_items"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_processor_webhook_receipts_insert";
--> statement-breakpoint
CREATE TRIGGER "fence_processor_webhook_receipts_insert" BEFORE INSERT ON "processor_webhook_receipts"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_processor_webhook_receipts_update";
--> statement-breakpoint
CREATE TRIGGER "fence_processor_webhook_receipts_update" BEFORE UPDATE ON "processor_webhook_receipts"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_processor_webhook_receipts_delete";
--> statement-breakpoint
CREATE TRIGGER "fence_processor_webhook_receipts_delete" BEFORE DELETE ON "processor_webhook_receipts"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_refunds_insert";
--> statement-breakpoint
CREATE TRIGGER "fence_refunds_insert" BEFORE INSERT ON "refunds"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_refunds_update";
--> statement-breakpoint
CREATE TRIGGER "fence_refunds_update" BEFORE UPDATE ON "refunds"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_refunds_delete";
--> statement-breakpoint
CREATE TRIGGER "fence_refunds_delete" BEFORE DELETE ON "refunds"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_request_log_insert";
--> statement-breakpoint
CREATE TRIGGER "fence_request_log_insert" BEFORE INSERT ON "request_log"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_request_log_update";
--> statement-breakpoint
CREATE TRIGGER "fence_request_log_update" BEFORE UPDATE ON "request_log"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_request_log_delete";
--> statement-breakpoint
CREATE TRIGGER "fence_request_log_delete" BEFORE DELETE ON "request_log"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_terminal_readers_insert";
--> statement-breakpoint
CREATE TRIGGER "fence_terminal_readers_insert" BEFORE INSERT ON "terminal_readers"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_terminal_readers_update";
--> statement-breakpoint
CREATE TRIGGER "fence_terminal_readers_update" BEFORE UPDATE ON "terminal_readers"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_terminal_readers_delete";
--> statement-breakpoint
CREATE TRIGGER "fence_terminal_readers_delete" BEFORE DELETE ON "terminal_readers"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_terminal_sales_insert";
--> statement-breakpoint
CREATE TRIGGER "fence_terminal_sales_insert" BEFORE INSERT ON "terminal_sales"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_terminal_sales_update";
--> statement-breakpoint
CREATE TRIGGER "fence_terminal_sales_update" BEFORE UPDATE ON "terminal_sales"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_terminal_sales_delete";
--> statement-breakpoint
CREATE TRIGGER "fence_terminal_sales_delete" BEFORE DELETE ON "terminal_sales"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('paused', 'left'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_events_insert";
--> statement-breakpoint
CREATE TRIGGER "capture_events_insert" AFTER INSERT ON "events"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'events', json_array(NEW."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_events_update";
--> statement-breakpoint
CREATE TRIGGER "capture_events_update" AFTER UPDATE ON "events"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'events', json_array(NEW."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'events', json_array(OLD."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused')) AND (json_array(OLD."id") IS NOT json_array(NEW."id") OR OLD."tenant_id" IS NOT NEW."tenant_id");
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_events_delete";
--> statement-breakpoint
CREATE TRIGGER "capture_events_delete" AFTER DELETE ON "events"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'events', json_array(OLD."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_tenants_insert";
--> statement-breakpoint
CREATE TRIGGER "capture_tenants_insert" AFTER INSERT ON "tenants"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."id", 'tenants', json_array(NEW."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_tenants_update";
--> statement-breakpoint
CREATE TRIGGER "capture_tenants_update" AFTER UPDATE ON "tenants"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."id", 'tenants', json_array(NEW."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."id" AND "state" IN ('capturing', 'paused'));
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."id", 'tenants', json_array(OLD."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."id" AND "state" IN ('capturing', 'paused')) AND (json_array(OLD."id") IS NOT json_array(NEW."id") OR OLD."id" IS NOT NEW."id");
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_tenants_delete";
--> statement-breakpoint
CREATE TRIGGER "capture_tenants_delete" AFTER DELETE ON "tenants"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."id", 'tenants', json_array(OLD."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_buyer_identities_insert";
--> statement-breakpoint
CREATE TRIGGER "capture_buyer_identities_insert" AFTER INSERT ON "buyer_identities"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'buyer_identities', json_array(NEW."tenant_id", NEW."email")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_buyer_identities_update";
--> statement-breakpoint
CREATE TRIGGER "capture_buyer_identities_update" AFTER UPDATE ON "buyer_identities"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'buyer_identities', json_array(NEW."tenant_id", NEW."email")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'buyer_identities', json_array(OLD."tenant_id", OLD."email")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused')) AND (json_array(OLD."tenant_id", OLD."email") IS NOT json_array(NEW."tenant_id", NEW."email") OR OLD."tenant_id" IS NOT NEW."tenant_id");
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_buyer_identities_delete";
--> statement-breakpoint
CREATE TRIGGER "capture_buyer_identities_delete" AFTER DELETE ON "buyer_identities"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'buyer_identities', json_array(OLD."tenant_id", OLD."email")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_callback_endpoints_insert";
--> statement-breakpoint
CREATE TRIGGER "capture_callback_endpoints_insert" AFTER INSERT ON "callback_endpoints"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'callback_endpoints', json_array(NEW."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_callback_endpoints_update";
--> statement-breakpoint
CREATE TRIGGER "capture_callback_endpoints_update" AFTER UPDATE ON "callback_endpoints"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'callback_endpoints', json_array(NEW."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'callback_endpoints', json_array(OLD."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused')) AND (json_array(OLD."id") IS NOT json_array(NEW."id") OR OLD."tenant_id" IS NOT NEW."tenant_id");
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_callback_endpoints_delete";
--> statement-breakpoint
CREATE TRIGGER "capture_callback_endpoints_delete" AFTER DELETE ON "callback_endpoints"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'callback_endpoints', json_array(OLD."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_callback_deliveries_insert";
--> statement-breakpoint
CREATE TRIGGER "capture_callback_deliveries_insert" AFTER INSERT ON "callback_deliveries"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'callback_deliveries', json_array(NEW."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_callback_deliveries_update";
--> statement-breakpoint
CREATE TRIGGER "capture_callback_deliveries_update" AFTER UPDATE ON "callback_deliveries"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'callback_deliveries', json_array(NEW."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'callback_deliveries', json_array(OLD."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused')) AND (json_array(OLD."id") IS NOT json_array(NEW."id") OR OLD."tenant_id" IS NOT NEW."tenant_id");
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_callback_deliveries_delete";
--> statement-breakpoint
CREATE TRIGGER "capture_callback_deliveries_delete" AFTER DELETE ON "callback_deliveries"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'callback_deliveries', json_array(OLD."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_callback_delivery_attempts_insert";
--> statement-breakpoint
CREATE TRIGGER "capture_callback_delivery_attempts_insert" AFTER INSERT ON "callback_delivery_attempts"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'callback_delivery_attempts', json_array(NEW."delivery_id", NEW."attempt_number")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_callback_delivery_attempts_update";
--> statement-breakpoint
CREATE TRIGGER "capture_callback_delivery_attempts_update" AFTER UPDATE ON "callback_delivery_attempts"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'callback_delivery_attempts', json_array(NEW."delivery_id", NEW."attempt_number")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'callback_delivery_attempts', json_array(OLD."delivery_id", OLD."attempt_number")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused')) AND (json_array(OLD."delivery_id", OLD."attempt_number") IS NOT json_array(NEW."delivery_id", NEW."attempt_number") OR OLD."tenant_id" IS NOT NEW."tenant_id");
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_callback_delivery_attempts_delete";
--> statement-breakpoint
CREATE TRIGGER "capture_callback_delivery_attempts_delete" AFTER DELETE ON "callback_delivery_attempts"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'callback_delivery_attempts', json_array(OLD."delivery_id", OLD."attempt_number")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_callback_signing_secrets_insert";
--> statement-breakpoint
CREATE TRIGGER "capture_callback_signing_secrets_insert" AFTER INSERT ON "callback_signing_secrets"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'callback_signing_secrets', json_array(NEW."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_callback_signing_secrets_update";
--> statement-breakpoint
CREATE TRIGGER "capture_callback_signing_secrets_update" AFTER UPDATE ON "callback_signing_secrets"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'callback_signing_secrets', json_array(NEW."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'callback_signing_secrets', json_array(OLD."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused')) AND (json_array(OLD."id") IS NOT json_array(NEW."id") OR OLD."tenant_id" IS NOT NEW."tenant_id");
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_callback_signing_secrets_delete";
--> statement-breakpoint
CREATE TRIGGER "capture_callback_signing_secrets_delete" AFTER DELETE ON "callback_signing_secrets"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'callback_signing_secrets', json_array(OLD."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_onboarding_insert";
--> statement-breakpoint
CREATE TRIGGER "capture_onboarding_insert" AFTER INSERT ON "onboarding"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'onboarding', json_array(NEW."tenant_id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_onboarding_update";
--> statement-breakpoint
CREATE TRIGGER "capture_onboarding_update" AFTER UPDATE ON "onboarding"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'onboarding', json_array(NEW."tenant_id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'onboarding', json_array(OLD."tenant_id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused')) AND (json_array(OLD."tenant_id") IS NOT json_array(NEW."tenant_id") OR OLD."tenant_id" IS NOT NEW."tenant_id");
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_onboarding_delete";
--> statement-breakpoint
CREATE TRIGGER "capture_onboarding_delete" AFTER DELETE ON "onboarding"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'onboarding', json_array(OLD."tenant_id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_payment_instruments_insert";
--> statement-breakpoint
CREATE TRIGGER "capture_payment_instruments_insert" AFTER INSERT ON "payment_instruments"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'payment_instruments', json_array(NEW."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_payment_instruments_update";
--> statement-breakpoint
CREATE TRIGGER "capture_payment_instruments_update" AFTER UPDATE ON "payment_instruments"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'payment_instruments', json_array(NEW."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'payment_instruments', json_array(OLD."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused')) AND (json_array(OLD."id") IS NOT json_array(NEW."id") OR OLD."tenant_id" IS NOT NEW."tenant_id");
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_payment_instruments_delete";
--> statement-breakpoint
CREATE TRIGGER "capture_payment_instruments_delete" AFTER DELETE ON "payment_instruments"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'payment_instruments', json_array(OLD."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_payments_insert";
--> statement-breakpoint
CREATE TRIGGER "capture_payments_insert" AFTER INSERT ON "payments"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'payments', json_array(NEW."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_payments_update";
--> statement-breakpoint
CREATE TRIGGER "capture_payments_update" AFTER UPDATE ON "payments"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'payments', json_array(NEW."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'payments', json_array(OLD."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused')) AND (json_array(OLD."id") IS NOT json_array(NEW."id") OR OLD."tenant_id" IS NOT NEW."tenant_id");
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_payments_delete";
--> statement-breakpoint
CREATE TRIGGER "capture_payments_delete" AFTER DELETE ON "payments"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'payments', json_array(OLD."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_disputes_insert";
--> statement-breakpoint
CREATE TRIGGER "capture_disputes_insert" AFTER INSERT ON "disputes"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'disputes', json_array(NEW."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_disputes_update";
--> statement-breakpoint
CREATE TRIGGER "capture_disputes_update" AFTER UPDATE ON "disputes"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'disputes', json_array(NEW."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'disputes', json_array(OLD."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused')) AND (json_array(OLD."id") IS NOT json_array(NEW."id") OR OLD."tenant_id" IS NOT NEW."tenant_id");
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_disputes_delete";
--> statement-breakpoint
CREATE TRIGGER "capture_disputes_delete" AFTER DELETE ON "disputes"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'disputes', json_array(OLD."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_dispute_evidence_insert";
--> statement-breakpoint
CREATE TRIGGER "capture_dispute_evidence_insert" AFTER INSERT ON "dispute_evidence"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'dispute_evidence', json_array(NEW."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_dispute_evidence_update";
--> statement-breakpoint
CREATE TRIGGER "capture_dispute_evidence_update" AFTER UPDATE ON "dispute_evidence"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'dispute_evidence', json_array(NEW."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'dispute_evidence', json_array(OLD."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused')) AND (json_array(OLD."id") IS NOT json_array(NEW."id") OR OLD."tenant_id" IS NOT NEW."tenant_id");
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_dispute_evidence_delete";
--> statement-breakpoint
CREATE TRIGGER "capture_dispute_evidence_delete" AFTER DELETE ON "dispute_evidence"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'dispute_evidence', json_array(OLD."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_payout_discovery_insert";
--> statement-breakpoint
CREATE TRIGGER "capture_payout_discovery_insert" AFTER INSERT ON "payout_discovery"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'payout_discovery', json_array(NEW."tenant_id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_payout_discovery_update";
--> statement-breakpoint
CREATE TRIGGER "capture_payout_discovery_update" AFTER UPDATE ON "payout_discovery"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'payout_discovery', json_array(NEW."tenant_id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'payout_discovery', json_array(OLD."tenant_id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused')) AND (json_array(OLD."tenant_id") IS NOT json_array(NEW."tenant_id") OR OLD."tenant_id" IS NOT NEW."tenant_id");
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_payout_discovery_delete";
--> statement-breakpoint
CREATE TRIGGER "capture_payout_discovery_delete" AFTER DELETE ON "payout_discovery"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'payout_discovery', json_array(OLD."tenant_id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_payouts_insert";
--> statement-breakpoint
CREATE TRIGGER "capture_payouts_insert" AFTER INSERT ON "payouts"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'payouts', json_array(NEW."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_payouts_update";
--> statement-breakpoint
CREATE TRIGGER "capture_payouts_update" AFTER UPDATE ON "payouts"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'payouts', json_array(NEW."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'payouts', json_array(OLD."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused')) AND (json_array(OLD."id") IS NOT json_array(NEW."id") OR OLD."tenant_id" IS NOT NEW."tenant_id");
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_payouts_delete";
--> statement-breakpoint
CREATE TRIGGER "capture_payouts_delete" AFTER DELETE ON "payouts"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'payouts', json_array(OLD."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_payout_items_insert";
--> statement-breakpoint
CREATE TRIGGER "capture_payout_items_insert" AFTER INSERT ON "payout_items"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'payout_items', json_array(NEW."payout_id", NEW."processor_transfer_id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_payout_items_update";
--> statement-breakpoint
CREATE TRIGGER "capture_payout_items_update" AFTER UPDATE ON "payout_items"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'payout_items', json_array(NEW."payout_id", NEW."processor_transfer_id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'payout_items', json_array(OLD."payout_id", OLD."processor_transfer_id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused')) AND (json_array(OLD."payout_id", OLD."processor_transfer_id") IS NOT json_array(NEW."payout_id", NEW."processor_transfer_id") OR OLD."tenant_id" IS NOT NEW."tenant_id");
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_payout_items_delete";
--> statement-breakpoint
CREATE TRIGGER "capture_payout_items_delete" AFTER DELETE ON "payout_items"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'payout_items', json_array(OLD."payout_id", OLD."processor_transfer_id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_processor_webhook_receipts_insert";
--> statement-breakpoint
CREATE TRIGGER "capture_processor_webhook_receipts_insert" AFTER INSERT ON "processor_webhook_receipts"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'processor_webhook_receipts', json_array(NEW."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_processor_webhook_receipts_update";
--> statement-breakpoint
CREATE TRIGGER "capture_processor_webhook_receipts_update" AFTER UPDATE ON "processor_webhook_receipts"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'processor_webhook_receipts', json_array(NEW."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'processor_webhook_receipts', json_array(OLD."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused')) AND (json_array(OLD."id") IS NOT json_array(NEW."id") OR OLD."tenant_id" IS NOT NEW."tenant_id");
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_processor_webhook_receipts_delete";
--> statement-breakpoint
CREATE TRIGGER "capture_processor_webhook_receipts_delete" AFTER DELETE ON "processor_webhook_receipts"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'processor_webhook_receipts', json_array(OLD."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_refunds_insert";
--> statement-breakpoint
CREATE TRIGGER "capture_refunds_insert" AFTER INSERT ON "refunds"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'refunds', json_array(NEW."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_refunds_update";
--> statement-breakpoint
CREATE TRIGGER "capture_refunds_update" AFTER UPDATE ON "refunds"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'refunds', json_array(NEW."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'refunds', json_array(OLD."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused')) AND (json_array(OLD."id") IS NOT json_array(NEW."id") OR OLD."tenant_id" IS NOT NEW."tenant_id");
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_refunds_delete";
--> statement-breakpoint
CREATE TRIGGER "capture_refunds_delete" AFTER DELETE ON "refunds"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'refunds', json_array(OLD."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_request_log_insert";
--> statement-breakpoint
CREATE TRIGGER "capture_request_log_insert" AFTER INSERT ON "request_log"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'request_log', json_array(NEW."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_request_log_update";
--> statement-breakpoint
CREATE TRIGGER "capture_request_log_update" AFTER UPDATE ON "request_log"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'request_log', json_array(NEW."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'request_log', json_array(OLD."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused')) AND (json_array(OLD."id") IS NOT json_array(NEW."id") OR OLD."tenant_id" IS NOT NEW."tenant_id");
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_request_log_delete";
--> statement-breakpoint
CREATE TRIGGER "capture_request_log_delete" AFTER DELETE ON "request_log"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'request_log', json_array(OLD."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_terminal_readers_insert";
--> statement-breakpoint
CREATE TRIGGER "capture_terminal_readers_insert" AFTER INSERT ON "terminal_readers"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'terminal_readers', json_array(NEW."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_terminal_readers_update";
--> statement-breakpoint
CREATE TRIGGER "capture_terminal_readers_update" AFTER UPDATE ON "terminal_readers"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'terminal_readers', json_array(NEW."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'terminal_readers', json_array(OLD."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused')) AND (json_array(OLD."id") IS NOT json_array(NEW."id") OR OLD."tenant_id" IS NOT NEW."tenant_id");
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_terminal_readers_delete";
--> statement-breakpoint
CREATE TRIGGER "capture_terminal_readers_delete" AFTER DELETE ON "terminal_readers"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'terminal_readers', json_array(OLD."id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_terminal_sales_insert";
--> statement-breakpoint
CREATE TRIGGER "capture_terminal_sales_insert" AFTER INSERT ON "terminal_sales"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'terminal_sales', json_array(NEW."payment_id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_terminal_sales_update";
--> statement-breakpoint
CREATE TRIGGER "capture_terminal_sales_update" AFTER UPDATE ON "terminal_sales"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT NEW."tenant_id", 'terminal_sales', json_array(NEW."payment_id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."tenant_id" AND "state" IN ('capturing', 'paused'));
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'terminal_sales', json_array(OLD."payment_id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused')) AND (json_array(OLD."payment_id") IS NOT json_array(NEW."payment_id") OR OLD."tenant_id" IS NOT NEW."tenant_id");
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "capture_terminal_sales_delete";
--> statement-breakpoint
CREATE TRIGGER "capture_terminal_sales_delete" AFTER DELETE ON "terminal_sales"
BEGIN
  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT OLD."tenant_id", 'terminal_sales', json_array(OLD."payment_id")
  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."tenant_id" AND "state" IN ('capturing', 'paused'));
END;
