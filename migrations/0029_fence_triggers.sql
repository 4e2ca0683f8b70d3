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
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = NEW."id" AND "state" IN ('paused'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_tenants_update";
--> statement-breakpoint
CREATE TRIGGER "fence_tenants_update" BEFORE UPDATE ON "tenants"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."id" AND "state" IN ('paused'))
BEGIN SELECT RAISE(ABORT, 'tenant-moving: this database refuses the tenant''s writes while it moves'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fence_tenants_delete";
--> statement-breakpoint
CREATE TRIGGER "fence_tenants_delete" BEFORE DELETE ON "tenants"
WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = OLD."id" AND "state" IN ('paused'))
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
