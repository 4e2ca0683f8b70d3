import { and, asc, eq, isNotNull, isNull, lte, ne, type SQL, sql } from "drizzle-orm";

import { type Decimal, decimalOf, decimalText, roundHalfUp, sumDecimals } from "../lib/decimal";
import { logEvent } from "../lib/log";
import { type PlacedHere, reportOnEveryShard } from "../placement/reports";
import { liveHere } from "../placement/tenant-fences.schema";
import type { RootContext, ShardContext } from "../platform/context";
import { paginate, ProcessorBusy, recordingProcessorCalls, unlessBusy } from "../processor";
import { ABANDON_AFTER_MS, nextCheckAt, PENDING_TRANSFER_RECHECK_MS } from "./check-schedule";
import { creditApplicationFee } from "./fee-credit.service";
import { applyFoundAuthorization, checkOpenHold } from "./holds";
import { type PaymentRecord, payments, type RefundRecord, refunds } from "./payments.schema";
import { processorCallWrites } from "./processor-calls";
import { abandonRefund, reconcileRefund } from "./refund.service";
import { applySaleTransfer } from "./transfer-state";

export { ABANDON_AFTER_MS, RECONCILE_AFTER_MS } from "./check-schedule";

/** Rows each queue (payments, refunds) looks at per run, oldest due first: the per-minute budget behind the re-check bound. */
export const CHECKS_PER_RUN = 300;
/** Processor calls in flight at once during a run. */
const CONCURRENCY = 6;
/** The processor's fees for a sale may appear only once it settles; after this many looks the fee stays unknown. */
const MAX_FEE_LOOKUPS = 10;

/** A failure that escapes `work` (the processor's rate limit) stops the run: no worker starts another item. */
async function inParallel<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let stopped = false;
  const worker = async () => {
    while (!stopped && next < items.length) {
      await work(items[next++]!).catch((error: unknown) => {
        stopped = true;
        throw error;
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
}

/** Nothing settled at this look: the next one waits twice as long as the last, up to the cap. */
function postponePayment(ctx: ShardContext, payment: PaymentRecord, onlyWhileStatus: "processing" | "settled") {
  const attempts = payment.checkAttempts + 1;
  const settled = onlyWhileStatus === "settled";
  return ctx.db
    .update(payments)
    .set({
      checkAttempts: attempts,
      nextCheckAt: settled && attempts >= MAX_FEE_LOOKUPS ? null : nextCheckAt(ctx.clock.nowMs(), attempts),
    })
    .where(and(eq(payments.id, payment.id), settled ? ne(payments.status, "processing") : eq(payments.status, "processing")));
}

/** A debit the processor has and holds as PENDING: its webhook or the change feed will move it, so the next look is a day away. */
function awaitPendingTransfer(ctx: ShardContext, payment: PaymentRecord) {
  return ctx.db
    .update(payments)
    .set({
      checkAttempts: payment.checkAttempts + 1,
      nextCheckAt: new Date(ctx.clock.nowMs() + PENDING_TRANSFER_RECHECK_MS).toISOString(),
    })
    .where(and(eq(payments.id, payment.id), eq(payments.status, "processing")));
}

/** A sale still `processing`: the processor's word applies; one it never received is failed once abandoned. */
async function checkSale(ctx: ShardContext, payment: PaymentRecord): Promise<void> {
  const transfer = payment.processorTransferId
    ? await ctx.processor.getTransfer(payment.processorTransferId)
    : await ctx.processor.findTransferByIdempotencyId(payment.id);
  if (transfer) {
    await applySaleTransfer(ctx, payment, transfer, { emitEvent: true });
    if (transfer.state === "PENDING") {
      await awaitPendingTransfer(ctx, payment);
      return;
    }
  } else if (Date.parse(payment.createdAt) < ctx.clock.nowMs() - ABANDON_AFTER_MS) {
    await abandon(ctx, payment);
    return;
  }
  await postponePayment(ctx, payment, "processing");
}

/** The processor never received it: no money moved; a retry under the same key would have resumed it. */
function abandon(ctx: ShardContext, payment: PaymentRecord) {
  return ctx.db
    .update(payments)
    .set({
      status: "failed",
      failureCode: "ABANDONED",
      failureMessage: "The charge never reached the processor.",
      nextCheckAt: null,
      updatedAt: ctx.clock.nowIso(),
    })
    .where(
      and(
        eq(payments.id, payment.id),
        eq(payments.status, "processing"),
        isNull(payments.processorTransferId),
        isNull(payments.processorAuthorizationId),
      ),
    );
}

/** A hold still `processing`: the authorization the processor holds applies; one it never received is failed once abandoned. */
async function checkHold(ctx: ShardContext, payment: PaymentRecord): Promise<void> {
  const authorization = await ctx.processor.findAuthorizationByIdempotencyId(payment.id);
  if (authorization && authorization.state !== "PENDING") return applyFoundAuthorization(ctx, payment, authorization);
  if (!authorization && Date.parse(payment.createdAt) < ctx.clock.nowMs() - ABANDON_AFTER_MS) await abandon(ctx, payment);
  else await postponePayment(ctx, payment, "processing");
}

/**
 * A settled sale: the fees the processor actually charged for it (at least the fee sent, more when the merchant's fee
 * profile is higher). A fee may be a fraction of a cent: the total is kept exactly, and in whole cents rounded half up.
 */
async function readProcessorFee(ctx: ShardContext, payment: PaymentRecord): Promise<void> {
  if (!payment.processorTransferId || payment.status === "failed" || payment.status === "canceled" || payment.processorFeeCents !== null) {
    await ctx.db.update(payments).set({ nextCheckAt: null }).where(eq(payments.id, payment.id));
    return;
  }
  const amounts: Decimal[] = [];
  for await (const fee of paginate((after_cursor) => ctx.processor.listTransferFees(payment.processorTransferId!, { after_cursor }))) {
    const amount = decimalOf(fee.amount);
    if (amount === null) {
      // Never guessed: this payment waits for a readable answer while the sweep goes on with the others.
      logEvent("warn", "processor fee unreadable", { paymentId: payment.id, feeId: fee.id, amount: String(fee.amount) });
      await postponePayment(ctx, payment, "settled");
      return;
    }
    amounts.push(amount);
  }
  if (amounts.length === 0) {
    await postponePayment(ctx, payment, "settled");
    return;
  }
  const total = sumDecimals(amounts);
  await ctx.db.batch([
    ctx.db
      .update(payments)
      .set({ processorFeeCents: roundHalfUp(total), processorFeeExactCents: decimalText(total), nextCheckAt: null })
      .where(eq(payments.id, payment.id)),
    ...processorCallWrites(ctx, payment.id),
  ]);
}

/** Each row is a unit of work of its own, so its batch records the processor calls made for it and no other row's. */
async function checkPayment(ctx: ShardContext, payment: PaymentRecord): Promise<void> {
  const processing = payment.status === "processing";
  try {
    if (processing) await (payment.captureLater ? checkHold(ctx, payment) : checkSale(ctx, payment));
    else if (payment.status === "authorized") await checkOpenHold(ctx, payment);
    else await readProcessorFee(ctx, payment);
  } catch (error) {
    if (error instanceof ProcessorBusy) throw error;
    logEvent("warn", "payment reconciliation failed", { paymentId: payment.id, error: String(error) });
    await postponePayment(ctx, payment, processing ? "processing" : "settled");
  }
}

/** A refund whose reversal's outcome is unknown, or whose fee credit is owed. */
async function checkRefund(ctx: ShardContext, refund: RefundRecord): Promise<void> {
  if (refund.feeCreditStatus === "pending" && refund.status === "succeeded") {
    await creditApplicationFee({ ctx, input: { refundId: refund.id } });
    return;
  }
  if (refund.status !== "pending") {
    await ctx.db.update(refunds).set({ nextCheckAt: null }).where(eq(refunds.id, refund.id));
    return;
  }
  try {
    const reversal = await ctx.processor.findTransferByIdempotencyId(refund.id);
    if (reversal) await reconcileRefund(ctx, reversal);
    else if (Date.parse(refund.createdAt) < ctx.clock.nowMs() - ABANDON_AFTER_MS) await abandonRefund(ctx, refund);
  } catch (error) {
    if (error instanceof ProcessorBusy) throw error;
    logEvent("warn", "refund reconciliation failed", { refundId: refund.id, error: String(error) });
  }
  const attempts = refund.checkAttempts + 1;
  await ctx.db
    .update(refunds)
    .set({ checkAttempts: attempts, nextCheckAt: nextCheckAt(ctx.clock.nowMs(), attempts) })
    .where(and(eq(refunds.id, refund.id), eq(refunds.status, "pending")));
}

/**
 * Resolves from the processor what a crash, a timeout or a lost webhook left open — payments still `processing`,
 * refunds still `pending`, fee credits still owed — and reads the fees the processor charged for settled sales. Each
 * row carries its next check time: rows are taken oldest due first, and one the processor has not settled waits twice
 * as long each time (up to an hour), so a backlog never starves a newer row; a debit the processor holds as PENDING
 * is looked at once a day, since its webhook and the change feed report when it moves. Only tenants live on this shard
 * are taken, and a row whose writes are refused (its tenant paused by a move since) is skipped: the others go on.
 */
export async function reconcileLedger({
  ctx,
  input: { checksPerRun } = { checksPerRun: CHECKS_PER_RUN },
}: {
  ctx: ShardContext;
  /** The cron runs with CHECKS_PER_RUN; a test proves the schedule at a tenth of the scale with a tenth of the cap. */
  input?: { checksPerRun: number };
}): Promise<void> {
  const { db } = ctx;
  const now = ctx.clock.nowIso();
  const duePayments = await db
    .select()
    .from(payments)
    .where(and(isNotNull(payments.nextCheckAt), lte(payments.nextCheckAt, now), liveHere(payments.tenantId)))
    .orderBy(asc(payments.nextCheckAt), asc(payments.id))
    .limit(checksPerRun)
    .all();
  await inParallel(duePayments, (payment) =>
    recordingProcessorCalls(() => checkPayment(ctx, payment)).catch(
      unlessBusy((error) => logEvent("warn", "payment reconciliation skipped", { paymentId: payment.id, error: String(error) })),
    ),
  );

  const dueRefunds = await db
    .select()
    .from(refunds)
    .where(and(isNotNull(refunds.nextCheckAt), lte(refunds.nextCheckAt, now), liveHere(refunds.tenantId)))
    .orderBy(asc(refunds.nextCheckAt), asc(refunds.id))
    .limit(checksPerRun)
    .all();
  await inParallel(dueRefunds, (refund) =>
    recordingProcessorCalls(() => checkRefund(ctx, refund)).catch(
      unlessBusy((error) => logEvent("warn", "refund reconciliation skipped", { refundId: refund.id, error: String(error) })),
    ),
  );
}

type Queue = { count: number; due: number; oldestCreatedAtUtc: string | null; nextCheckAtUtc: string | null };

async function queue(ctx: ShardContext, table: typeof payments | typeof refunds, where: SQL, placedHere: PlacedHere): Promise<Queue> {
  const now = ctx.clock.nowIso();
  const row = await ctx.db
    .select({
      count: sql<number>`COUNT(*)`,
      due: sql<number>`COALESCE(SUM(${table.nextCheckAt} <= ${now}), 0)`,
      oldestCreatedAtUtc: sql<string | null>`MIN(${table.createdAt})`,
      nextCheckAtUtc: sql<string | null>`MIN(${table.nextCheckAt})`,
    })
    .from(table)
    .where(and(isNotNull(table.nextCheckAt), where, placedHere(table.tenantId)))
    .get();
  return row ?? { count: 0, due: 0, oldestCreatedAtUtc: null, nextCheckAtUtc: null };
}

async function backlogOnShard(ctx: ShardContext, placedHere: PlacedHere) {
  const failedFeeCredits = await ctx.db
    .select({ count: sql<number>`COUNT(*)`, oldestUpdatedAtUtc: sql<string | null>`MIN(${refunds.updatedAt})` })
    .from(refunds)
    .where(and(eq(refunds.feeCreditStatus, "failed"), placedHere(refunds.tenantId)))
    .get();
  return {
    processingPayments: await queue(ctx, payments, sql`${payments.status} = 'processing'`, placedHere),
    processorFeeLookups: await queue(ctx, payments, sql`${payments.status} <> 'processing'`, placedHere),
    pendingRefunds: await queue(ctx, refunds, sql`${refunds.status} = 'pending'`, placedHere),
    pendingFeeCredits: await queue(
      ctx,
      refunds,
      sql`${refunds.feeCreditStatus} = 'pending' AND ${refunds.status} = 'succeeded'`,
      placedHere,
    ),
    failedFeeCredits: { count: failedFeeCredits?.count ?? 0, oldestUpdatedAtUtc: failedFeeCredits?.oldestUpdatedAtUtc ?? null },
  };
}

/** The earlier of two instants, either possibly absent. */
const earliest = (a: string | null, b: string | null) => (a === null ? b : b === null || a <= b ? a : b);

const mergeQueues = (a: Queue, b: Queue): Queue => ({
  count: a.count + b.count,
  due: a.due + b.due,
  oldestCreatedAtUtc: earliest(a.oldestCreatedAtUtc, b.oldestCreatedAtUtc),
  nextCheckAtUtc: earliest(a.nextCheckAtUtc, b.nextCheckAtUtc),
});

/**
 * What the sweep still has to do, for operators: each queue's size, how much of it is due, its oldest row and next
 * check — over every shard, since the cron sweeps each (checksPerRun is per queue and per shard); a tenant in the middle
 * of a move counted once, on the shard the map places it on.
 */
export async function reconciliationBacklog({ ctx }: { ctx: RootContext }) {
  const shards = await reportOnEveryShard(ctx, backlogOnShard);
  const backlog = shards.reduce((total, shard) => ({
    processingPayments: mergeQueues(total.processingPayments, shard.processingPayments),
    processorFeeLookups: mergeQueues(total.processorFeeLookups, shard.processorFeeLookups),
    pendingRefunds: mergeQueues(total.pendingRefunds, shard.pendingRefunds),
    pendingFeeCredits: mergeQueues(total.pendingFeeCredits, shard.pendingFeeCredits),
    failedFeeCredits: {
      count: total.failedFeeCredits.count + shard.failedFeeCredits.count,
      oldestUpdatedAtUtc: earliest(total.failedFeeCredits.oldestUpdatedAtUtc, shard.failedFeeCredits.oldestUpdatedAtUtc),
    },
  }));
  return { asOfUtc: ctx.clock.nowIso(), checksPerRun: CHECKS_PER_RUN, ...backlog };
}
