import { and, eq, getTableColumns, inArray, isNotNull, lt, or, type SQL, sql } from "drizzle-orm";

import { boundList, D1_MAX_BOUND_PARAMETERS } from "../db/bound-list";
import { isoInstant } from "../lib/clock";
import { newId } from "../lib/ids";
import { logEvent } from "../lib/log";
import { ledgerEntriesForTransfers } from "../payments";
import { isLegacyControlShard } from "../placement/shards";
import { liveHere } from "../placement/tenant-fences.schema";
import { tenantShards } from "../placement/tenant-shards.schema";
import type { RootContext, ShardContext } from "../platform/context";
import { DOCUMENTED_TRANSFER_SUBTYPES, paginate, type Settlement, type Transfer, unlessBusy } from "../processor";
import { merchantTenant, tenants } from "../tenants";
import { expectedArrivalDate, OPEN_STATUSES, payoutStatus, STATUS_PROGRESS } from "./payout-schedule";
import { payoutDiscovery, type PayoutItemInsert, payoutItems, type PayoutItemType, payouts } from "./payouts.schema";

/** A payout not final is re-pulled when its last sync is older than this (its webhooks may have been lost). */
export const RESYNC_AFTER_MS = 5 * 60 * 1000;
/** How often the sweep asks the processor for a tenant's settlements it may never have heard of. */
export const DISCOVER_EVERY_MS = 30 * 60 * 1000;
const SWEEP_BATCH = 20;
const DISCOVERY_BATCH = 5;
const PAGE = 100;
// A row binds each column but the payout id, which is a lookup binding two (the settlement and the tenant).
const ITEM_ROWS_PER_INSERT = Math.floor(D1_MAX_BOUND_PARAMETERS / (Object.keys(getTableColumns(payoutItems)).length + 1));

/** Sales add to the payout; refunds, debits and chargebacks take from it. */
function signedAmount(transfer: Transfer): number {
  if (transfer.type === "REVERSAL") return -transfer.amount;
  if (transfer.subtype === "MERCHANT_DEBIT" || transfer.subtype === "MERCHANT_DEBIT_ADJUSTMENT") return -transfer.amount;
  return transfer.amount;
}

function itemType(transfer: Transfer): PayoutItemType {
  if (transfer.type === "DEBIT") return "payment";
  if (transfer.type === "REVERSAL") return "refund";
  if (transfer.type === "DISPUTE") return "dispute";
  return transfer.idempotency_id?.endsWith("_fee") ? "fee_refund" : "adjustment";
}

/** The tenant a merchant belongs to, from the control database's map, if its data is on this shard. */
async function tenantOfMerchant(ctx: ShardContext, merchantId: string | undefined | null): Promise<string | null> {
  const owner = merchantId ? await merchantTenant({ ctx, input: { merchantId } }) : null;
  return owner?.shard === ctx.shard ? owner.tenantId : null;
}

/** The settlement's sales, refunds, fee credits and dispute movements, matched to the tenant's ledger. */
async function settledItems(ctx: ShardContext, tenantId: string, settlementId: string): Promise<Omit<PayoutItemInsert, "payoutId">[]> {
  const now = ctx.clock.nowIso();
  const transfers: Transfer[] = [];
  for await (const transfer of paginate((after_cursor) =>
    ctx.processor.listSettlementTransfers(settlementId, { limit: PAGE, after_cursor }),
  ))
    // The processor's own fee transfers are in the settlement's fee total, not items of their own.
    if (transfer.type !== "FEE") transfers.push(transfer);
  const ledger = await ledgerEntriesForTransfers({
    ctx,
    input: {
      tenantId,
      transfers: transfers.map((transfer) => ({
        id: transfer.id,
        idempotencyId: transfer.idempotency_id ?? null,
        parentTransferId: transfer.parent_transfer ?? null,
      })),
    },
  });
  return transfers.map((transfer) => {
    // Its sign is read from the subtype: one the processor added since is shown to the operator, not silently trusted.
    if (transfer.subtype && !DOCUMENTED_TRANSFER_SUBTYPES.has(transfer.subtype)) {
      logEvent("warn", "payout item of an undocumented transfer subtype, counted as a credit", {
        processorTransferId: transfer.id,
        subtype: transfer.subtype,
        tenantId,
      });
    }
    const entry = ledger.get(transfer.id);
    const amountCents = signedAmount(transfer);
    const feeCents = transfer.type === "DEBIT" ? (transfer.fee ?? 0) : 0;
    return {
      processorTransferId: transfer.id,
      tenantId,
      type: itemType(transfer),
      paymentId: entry?.lcPaymentId ?? null,
      refundId: entry?.lcRefundId ?? null,
      orderRef: entry?.orderRef ?? null,
      amountCents,
      feeCents,
      netCents: amountCents - feeCents,
      processorCreatedAt: isoInstant(transfer.created_at, now),
    };
  });
}

/** The funding transfer that moves the money: the newest, when a failed one was sent again. */
async function fundingTransfer(ctx: RootContext, settlement: Settlement): Promise<Transfer | null> {
  if (settlement.status !== "APPROVED") return null;
  const { items } = await ctx.processor.listSettlementFundingTransfers(settlement.id, { limit: 10 });
  return items.toSorted((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))[0] ?? null;
}

/**
 * Reads a settlement, its funding transfer and — once it is closed — what it is made of from the processor, and stores
 * them as the tenant's payout and its items in one batch. Re-reading is how every webhook and the sweep apply, so an
 * out-of-order or lost webhook changes nothing; a payout's status never moves back.
 */
export async function syncPayout({
  ctx,
  input: { tenantId, settlementId },
}: {
  ctx: ShardContext;
  input: { tenantId: string; settlementId: string };
}): Promise<"applied" | "ignored"> {
  const { db } = ctx;
  const tenant = await db.select().from(tenants).where(eq(tenants.id, tenantId)).get();
  const settlement = await ctx.processor.getSettlement(settlementId);
  if (!tenant?.processorMerchantId || settlement.merchant_id !== tenant.processorMerchantId) return "ignored";
  const funding = await fundingTransfer(ctx, settlement);
  const existing = await db.select().from(payouts).where(eq(payouts.processorSettlementId, settlementId)).get();
  const items =
    settlement.status !== "PENDING" && existing?.itemsSyncedFor !== settlement.updated_at
      ? await settledItems(ctx, tenantId, settlementId)
      : null;

  const now = ctx.clock.nowIso();
  const status = payoutStatus(settlement, funding);
  const feesCents = settlement.total_fee ?? settlement.total_fees ?? 0;
  const itemFees = items?.reduce((sum, item) => sum + item.feeCents, 0);
  const values = {
    status,
    processorStatus: settlement.status,
    grossCents: settlement.total_amount,
    feesCents,
    netCents: settlement.net_amount,
    otherFeesCents: itemFees === undefined ? (existing?.otherFeesCents ?? null) : feesCents - itemFees,
    currency: settlement.currency,
    paymentCount: items ? items.filter((item) => item.type === "payment").length : (existing?.paymentCount ?? null),
    processorFundingTransferId: funding?.id ?? null,
    fundingState: funding?.state ?? null,
    failureCode: funding?.failure_code ?? null,
    failureMessage: funding?.failure_message ?? null,
    initiatedAt: funding ? isoInstant(funding.created_at, now) : null,
    expectedArrivalDate: funding && status !== "failed" ? expectedArrivalDate(funding.created_at) : null,
    processorUpdatedAt: isoInstant(settlement.updated_at, now),
    itemsSyncedFor: items ? settlement.updated_at : (existing?.itemsSyncedFor ?? null),
    syncedAt: now,
    updatedAt: now,
  };
  const progress = (column: SQL | typeof payouts.status) =>
    sql`CASE ${column} ${sql.join(
      Object.entries(STATUS_PROGRESS).map(([name, rank]) => sql`WHEN ${name} THEN ${rank}`),
      sql` `,
    )} END`;
  const upsert = db
    .insert(payouts)
    .values({
      id: newId("lcpo"),
      tenantId,
      processorSettlementId: settlementId,
      processorMerchantId: settlement.merchant_id,
      createdAt: isoInstant(settlement.created_at, now),
      ...values,
    })
    .onConflictDoUpdate({
      target: payouts.processorSettlementId,
      set: values,
      setWhere: and(eq(payouts.tenantId, tenantId), sql`${progress(payouts.status)} <= ${STATUS_PROGRESS[status]}`),
    });
  const payoutId = sql`(SELECT id FROM payouts WHERE processor_settlement_id = ${settlementId} AND tenant_id = ${tenantId})`;
  const itemWrites = items
    ? [
        db.delete(payoutItems).where(eq(payoutItems.payoutId, payoutId)),
        ...Array.from({ length: Math.ceil(items.length / ITEM_ROWS_PER_INSERT) }, (_, i) =>
          db
            .insert(payoutItems)
            .values(items.slice(i * ITEM_ROWS_PER_INSERT, (i + 1) * ITEM_ROWS_PER_INSERT).map((item) => ({ ...item, payoutId }))),
        ),
      ]
    : [];
  await db.batch([upsert, ...itemWrites]);
  return "applied";
}

/** settlement.created / updated / accruing_started: the tenant's payout is read again from the processor. */
export async function applySettlementEvent({
  ctx,
  input: settlement,
}: {
  ctx: ShardContext;
  input: { id: string; merchant_id?: string };
}): Promise<"applied" | "ignored"> {
  const tenantId = await tenantOfMerchant(ctx, settlement.merchant_id);
  return tenantId ? syncPayout({ ctx, input: { tenantId, settlementId: settlement.id } }) : "ignored";
}

/**
 * transfer.created / updated of a funding transfer (subtype SETTLEMENT_MERCHANT): its payout is read again. A funding
 * transfer that arrives before its settlement's approval is found by re-reading the tenant's payouts awaiting it.
 */
export async function applyFundingTransferEvent({
  ctx,
  input: transfer,
}: {
  ctx: ShardContext;
  input: { id: string; subtype?: string | null; merchant?: string | null };
}): Promise<"applied" | "ignored"> {
  if (transfer.subtype !== "SETTLEMENT_MERCHANT") return "ignored";
  const tenantId = await tenantOfMerchant(ctx, transfer.merchant);
  if (!tenantId) return "ignored";
  const known = await ctx.db
    .select({ settlementId: payouts.processorSettlementId })
    .from(payouts)
    .where(
      and(
        eq(payouts.tenantId, tenantId),
        or(eq(payouts.processorFundingTransferId, transfer.id), inArray(payouts.status, ["awaiting_approval", "approved"])),
      ),
    )
    .limit(5)
    .all();
  let outcome: "applied" | "ignored" = "ignored";
  for (const { settlementId } of known) {
    if ((await syncPayout({ ctx, input: { tenantId, settlementId } })) === "applied") outcome = "applied";
  }
  return outcome;
}

/**
 * The cron sweep: payouts not final are re-read when their last sync is old (a lost webhook), and each tenant's
 * newest settlements are looked up now and then (a lost `settlement.created`); only tenants live on this shard.
 */
export async function sweepPayouts({ ctx }: { ctx: ShardContext }): Promise<void> {
  const { db } = ctx;
  const now = ctx.clock.nowMs();
  const stale = await db
    .select({ tenantId: payouts.tenantId, settlementId: payouts.processorSettlementId })
    .from(payouts)
    .where(
      and(
        inArray(payouts.status, OPEN_STATUSES),
        lt(payouts.syncedAt, new Date(now - RESYNC_AFTER_MS).toISOString()),
        liveHere(payouts.tenantId),
      ),
    )
    .limit(SWEEP_BATCH)
    .all();
  for (const { tenantId, settlementId } of stale) {
    await syncPayout({ ctx, input: { tenantId, settlementId } }).catch(
      unlessBusy((error) => logEvent("warn", "payout re-sync failed", { tenantId, settlementId, error: String(error) })),
    );
  }

  const due = await db
    .select({ tenantId: tenants.id, merchantId: tenants.processorMerchantId })
    .from(tenants)
    .leftJoin(payoutDiscovery, eq(payoutDiscovery.tenantId, tenants.id))
    .where(
      and(
        isNotNull(tenants.processorMerchantId),
        liveHere(tenants.id),
        or(sql`${payoutDiscovery.checkedAt} IS NULL`, lt(payoutDiscovery.checkedAt, new Date(now - DISCOVER_EVERY_MS).toISOString())),
        // The control database lists every tenant; its own data is only that of tenants from before shards.
        isLegacyControlShard(ctx.shard)
          ? sql`NOT EXISTS (SELECT 1 FROM ${tenantShards} WHERE ${tenantShards.tenantId} = ${tenants.id})`
          : undefined,
      ),
    )
    .orderBy(sql`${payoutDiscovery.checkedAt} IS NOT NULL`, payoutDiscovery.checkedAt)
    .limit(DISCOVERY_BATCH)
    .all();
  for (const { tenantId, merchantId } of due) {
    try {
      const { items } = await ctx.processor.listMerchantSettlements(merchantId!, { limit: SWEEP_BATCH });
      const known = await db
        .select({ settlementId: payouts.processorSettlementId, processorUpdatedAt: payouts.processorUpdatedAt })
        .from(payouts)
        .where(
          and(eq(payouts.tenantId, tenantId), inArray(payouts.processorSettlementId, boundList(items.map((settlement) => settlement.id)))),
        )
        .all();
      for (const settlement of items) {
        const stored = known.find((row) => row.settlementId === settlement.id);
        if (stored?.processorUpdatedAt !== isoInstant(settlement.updated_at, ""))
          await syncPayout({ ctx, input: { tenantId, settlementId: settlement.id } });
      }
      const checkedAt = ctx.clock.nowIso();
      await db
        .insert(payoutDiscovery)
        .values({ tenantId, checkedAt })
        .onConflictDoUpdate({ target: payoutDiscovery.tenantId, set: { checkedAt } });
    } catch (error) {
      unlessBusy(() => logEvent("warn", "payout discovery failed", { tenantId, error: String(error) }))(error);
    }
  }
}
