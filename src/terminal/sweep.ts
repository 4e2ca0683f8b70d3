import { and, eq, lt } from "drizzle-orm";

import { logEvent } from "../lib/log";
import { closeCardPresentPayment, type PaymentRecord, payments } from "../payments";
import { liveHere } from "../placement/tenant-fences.schema";
import type { ShardContext } from "../platform/context";
import { unlessBusy } from "../processor";
import { ABANDON_AFTER_MS, readerAnswerSoFar } from "./reader-sale.service";
import { readerObject } from "./sale.service";
import { terminalSales } from "./terminal.schema";

/** A sale younger than this is left to its reader's object. */
export const SWEEP_AFTER_MS = 60_000;
const BATCH = 50;

/**
 * Asks the processor about the sale (or hold) by its id or idempotency_id, applies what it says, and makes sure the reader's
 * object drives what is still open; a sale no reader can take and the processor never saw is failed `ABANDONED`.
 */
async function probeSale(ctx: ShardContext, payment: PaymentRecord, readerId: string): Promise<void> {
  const answer = await readerAnswerSoFar(ctx, payment);
  const current = answer ? await answer.apply() : payment;
  const object = readerObject(ctx.env, readerId);
  if (current.status !== "processing") return object.release(payment.id);
  const hold = await object.start({ paymentId: payment.id, readerId, tenantId: payment.tenantId });
  if (!hold.held && !answer && ctx.clock.nowMs() - Date.parse(payment.createdAt) >= ABANDON_AFTER_MS) {
    await closeCardPresentPayment(ctx, {
      payment,
      status: "failed",
      failureCode: "ABANDONED",
      failureMessage: "The sale never reached the processor.",
    });
  }
}

/** The cron's safety net for in-person sales: every sale still processing after a minute is probed at the processor. */
export async function sweepTerminalSales({ ctx }: { ctx: ShardContext }): Promise<void> {
  const before = new Date(ctx.clock.nowMs() - SWEEP_AFTER_MS).toISOString();
  const open = await ctx.db
    .select({ payment: payments, readerId: terminalSales.readerId })
    .from(terminalSales)
    .innerJoin(payments, eq(payments.id, terminalSales.paymentId))
    .where(and(eq(payments.status, "processing"), lt(payments.updatedAt, before), liveHere(terminalSales.tenantId)))
    .limit(BATCH)
    .all();
  for (const { payment, readerId } of open) {
    await probeSale(ctx, payment, readerId).catch(
      unlessBusy((error) => logEvent("warn", "terminal sale sweep failed", { paymentId: payment.id, error: String(error) })),
    );
  }
}
