import { DurableObject } from "cloudflare:workers";

import { logEvent, withTrace } from "../lib/log";
import { findPayment, type PaymentRecord } from "../payments";
import type { ShardContext } from "../platform/context";
import { recordingProcessorCalls } from "../processor";
import { advanceReaderSale, cancelHeldSale, type HeldSale, type SaleSession, type SaleStep, START_GRACE_MS } from "./reader-sale.service";

const SALE = "sale";
const RETRY_AFTER_ERROR_MS = 5_000;

export type SaleClaim = { paymentId: string; readerId: string; tenantId: string };
export type Hold = { held: true } | { held: false; paymentId: string };

/**
 * One per reader (named by its lcReaderId). It holds the one sale the reader may take at a time, and runs the
 * processor's blocking card-present call on its alarm — where a wait of minutes is allowed and a crash is run again —
 * never in a request's `waitUntil`. The entry layer subclasses it with the composition root's `context()`, which
 * finds the sale's tenant's shard each time it is asked (a tenant may have moved since the sale was held; a sale held
 * before shards names no tenant, and its reader's does).
 */
export abstract class ReaderObject extends DurableObject<Env> {
  protected abstract context(sale: Pick<HeldSale, "tenantId" | "readerId">): Promise<ShardContext>;

  /** Holds the reader for a sale about to be recorded; if its ledger row never appears, the hold lapses. */
  reserve(claim: SaleClaim): Promise<Hold> {
    return this.hold(claim, Date.now() + START_GRACE_MS);
  }

  /** The sale's ledger row exists: ask the reader for the card now (also what a retry or the sweep calls to resume it). */
  start(claim: SaleClaim): Promise<Hold> {
    return this.hold(claim, Date.now());
  }

  release(paymentId: string): void {
    if (this.held()?.paymentId === paymentId) this.ctx.storage.kv.delete(SALE);
  }

  /** Cancels the held sale; null when the reader holds none that is recorded. `traceId`: the asking request's. */
  cancel(traceId?: string): Promise<PaymentRecord | null> {
    return withTrace(() => recordingProcessorCalls(() => this.cancelHeld()), traceId);
  }

  private async cancelHeld(): Promise<PaymentRecord | null> {
    const sale = this.held();
    if (!sale) return null;
    const ctx = await this.context(sale);
    try {
      const canceled = await cancelHeldSale({ ctx, input: { sale, session: this.session() } });
      if (canceled?.step.done) this.release(sale.paymentId);
      return canceled?.payment ?? null;
    } finally {
      await ctx.outbox.flush();
    }
  }

  /** Each step is a unit of work of its own: its own trace id, and the processor calls the sale's batch records. */
  override alarm(): Promise<void> {
    return withTrace(() => recordingProcessorCalls(() => this.advance()));
  }

  private async advance(): Promise<void> {
    const sale = this.held();
    if (!sale) return;
    let ctx: ShardContext | null = null;
    let step: SaleStep;
    try {
      // Inside the try: a tenant paused by a move has no shard to work on yet, and the alarm comes back for it.
      ctx = await this.context(sale);
      step = await advanceReaderSale({ ctx, input: { sale, session: this.session() } });
    } catch (error) {
      logEvent("error", "reader sale step failed", { paymentId: sale.paymentId, error: String(error) });
      step = { done: false, retryInMs: RETRY_AFTER_ERROR_MS };
    } finally {
      await ctx?.outbox.flush();
    }
    if (step.done) this.release(sale.paymentId);
    else if (this.held()?.paymentId === sale.paymentId) await this.ctx.storage.setAlarm(Date.now() + step.retryInMs);
  }

  /**
   * Check and hold in one synchronous step, so two sales can never both hold the reader. A sale whose payment is already
   * final (a webhook got there before this object's own step) no longer holds it.
   */
  private async hold(claim: SaleClaim, runAt: number): Promise<Hold> {
    const before = this.held();
    if (before && before.paymentId !== claim.paymentId && (await this.resolved(before))) this.release(before.paymentId);
    const held = this.held();
    if (held && held.paymentId !== claim.paymentId) return { held: false, paymentId: held.paymentId };
    if (!held) {
      const sale: HeldSale = { ...claim, heldAtMs: Date.now(), calls: 0, firstCallAtMs: null, transferId: null, polls: 0, canceled: false };
      this.ctx.storage.kv.put(SALE, sale);
    }
    const scheduled = await this.ctx.storage.getAlarm();
    if (scheduled === null || scheduled > runAt) await this.ctx.storage.setAlarm(runAt);
    return { held: true };
  }

  private async resolved(sale: HeldSale): Promise<boolean> {
    const payment = await findPayment(await this.context(sale), sale.paymentId);
    return payment !== undefined && payment.status !== "processing";
  }

  private held(): HeldSale | null {
    return this.ctx.storage.kv.get<HeldSale>(SALE) ?? null;
  }

  private session(): SaleSession {
    const update = (paymentId: string, change: (sale: HeldSale) => HeldSale | null): boolean => {
      const sale = this.held();
      const next = sale?.paymentId === paymentId ? change(sale) : null;
      if (next) this.ctx.storage.kv.put(SALE, next);
      return next !== null;
    };
    return {
      beginCall: (paymentId) =>
        update(paymentId, (sale) =>
          sale.canceled ? null : { ...sale, calls: sale.calls + 1, firstCallAtMs: sale.firstCallAtMs ?? Date.now() },
        ),
      cancelBeforeCall: (paymentId) => update(paymentId, (sale) => (sale.calls > 0 ? null : { ...sale, canceled: true })),
      record: (paymentId, changes) => void update(paymentId, (sale) => ({ ...sale, ...changes })),
    };
  }
}
