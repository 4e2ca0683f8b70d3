import { logEvent } from "../lib/log";
import {
  applyCardPresentAuthorization,
  applyCardPresentTransfer,
  closeCardPresentPayment,
  findPayment,
  type PaymentRecord,
  TENANT_TAG,
} from "../payments";
import type { ShardContext } from "../platform/context";
import {
  type Authorization,
  type ChargeOutcome,
  ProcessorBusy,
  ProcessorRejected,
  ProcessorUnavailable,
  type Transfer,
} from "../processor";
import { findReader, READER_TAG } from "./readers.service";

/** How long a reader stays held for a sale whose ledger row has not appeared (the request that held it died first). */
export const START_GRACE_MS = 30_000;
/** A sale sent to the reader that the processor still has no record of by then never reached it. */
export const ABANDON_AFTER_MS = 10 * 60_000;
const MAX_POLL_DELAY_MS = 30_000;
const RETRY_AFTER_FAILURE_MS = 5_000;

/** The sale a reader is taking, as its Durable Object keeps it. */
export type HeldSale = {
  paymentId: string;
  readerId: string;
  /** Whose sale: its ledger row is on this tenant's shard (absent in a sale held before shards: the control database). */
  tenantId?: string;
  heldAtMs: number;
  /**
   * POST /transfers (a hold's POST /authorizations) calls begun; after the first, what the processor made is looked up by
   * idempotency_id before calling again.
   */
  calls: number;
  firstCallAtMs: number | null;
  transferId: string | null;
  /** A hold's authorization, once known (absent in a sale held before holds at the reader). */
  authorizationId?: string | null;
  polls: number;
  /** Canceled before the reader was asked for the card. */
  canceled: boolean;
};

/** The reader object's storage of its held sale; each method is one synchronous read-and-write, so none can interleave. */
export type SaleSession = {
  /** Counts a call about to leave; false when the sale was canceled before it (nothing is sent). */
  beginCall(paymentId: string): boolean;
  /** Cancels a sale the reader was never asked for; false once a call has begun. */
  cancelBeforeCall(paymentId: string): boolean;
  record(paymentId: string, changes: Partial<Pick<HeldSale, "transferId" | "authorizationId" | "polls">>): void;
};

export type SaleStep = { done: true } | { done: false; retryInMs: number };

const DONE: SaleStep = { done: true };

/** The processor's device behind the reader; a reader exists only once its device does. */
async function deviceOf(ctx: ShardContext, readerId: string): Promise<string> {
  const reader = await findReader(ctx, readerId);
  if (!reader?.processorDeviceId) throw new Error(`Reader ${readerId} has no processor device.`);
  return reader.processorDeviceId;
}

/** What the processor made of the reader's request, and how it lands on the payment (with its `transfer.updated` event). */
type ReaderAnswer = {
  idempotencyId: string | null | undefined;
  /** What the reader's object keeps of it, to read it again by id. */
  known: Pick<HeldSale, "transferId"> | Required<Pick<HeldSale, "authorizationId">>;
  apply: () => Promise<PaymentRecord>;
};

/**
 * The processor's calls behind one reader payment: a sale charges the card (a transfer); a hold (`capture: false`)
 * authorizes it (an authorization), captured or voided later like any hold. Both block on the reader, answer PENDING
 * until the buyer acts, are found again by idempotency_id, and end CANCELED when the reader is told to stop.
 */
function readerCalls(ctx: ShardContext, payment: PaymentRecord) {
  const { processor } = ctx;
  if (payment.captureLater) {
    const answer = (authorization: Authorization): ReaderAnswer => ({
      idempotencyId: authorization.idempotency_id,
      known: { authorizationId: authorization.id },
      apply: () => applyCardPresentAuthorization(ctx, payment, authorization),
    });
    return {
      knownId: (sale?: HeldSale) => sale?.authorizationId ?? payment.processorAuthorizationId,
      get: async (id: string) => answer(await processor.getAuthorization(id)),
      find: async () => {
        const found = await processor.findAuthorizationByIdempotencyId(payment.id);
        return found && answer(found);
      },
      ask: (request: ReaderRequest) => processor.createCardPresentAuthorization(request).then((outcome) => answered(outcome, answer)),
      cancel: async (device: string) => answer(await processor.cancelDeviceHold(device)),
    };
  }
  const answer = (transfer: Transfer): ReaderAnswer => ({
    idempotencyId: transfer.idempotency_id,
    known: { transferId: transfer.id },
    apply: () => applyCardPresentTransfer(ctx, payment, transfer),
  });
  return {
    knownId: (sale?: HeldSale) => sale?.transferId ?? payment.processorTransferId,
    get: async (id: string) => answer(await processor.getTransfer(id)),
    find: async () => {
      const found = await processor.findTransferByIdempotencyId(payment.id);
      return found && answer(found);
    },
    ask: (request: ReaderRequest) =>
      processor.createCardPresentTransfer({ ...request, fee: payment.applicationFeeCents }).then((outcome) => answered(outcome, answer)),
    cancel: async (device: string) => answer(await processor.cancelDeviceSale(device)),
  };
}

type ReaderRequest = { device: string; amount: number; currency: string; idempotency_id: string; tags: Record<string, string> };

function answered<T>(outcome: ChargeOutcome<T>, answer: (item: T) => ReaderAnswer) {
  return outcome.outcome === "created"
    ? { ...outcome, item: answer(outcome.item) }
    : { ...outcome, item: outcome.item === null ? null : answer(outcome.item) };
}

/** What the processor already has for the payment: by id once known; after a call whose answer was lost, by idempotency_id. */
export async function readerAnswerSoFar(ctx: ShardContext, payment: PaymentRecord, sale?: HeldSale): Promise<ReaderAnswer | null> {
  const calls = readerCalls(ctx, payment);
  const knownId = calls.knownId(sale);
  if (knownId) return calls.get(knownId);
  if (sale?.calls === 0) return null;
  return calls.find();
}

/** The answer's state lands on the payment; one still PENDING is read again later. */
async function settle(
  ctx: ShardContext,
  session: SaleSession,
  sale: HeldSale,
  payment: PaymentRecord,
  answer: ReaderAnswer,
): Promise<SaleStep> {
  session.record(sale.paymentId, answer.known);
  const applied = await answer.apply();
  if (applied.status !== "processing") return DONE;
  const polls = sale.polls + 1;
  session.record(sale.paymentId, { polls });
  return { done: false, retryInMs: Math.min(1000 * 2 ** (polls - 1), MAX_POLL_DELAY_MS) };
}

/** The processor refused the request (the reader offline or not activated, say): final unless an earlier call created it. */
async function refused(ctx: ShardContext, session: SaleSession, sale: HeldSale, payment: PaymentRecord, error: ProcessorRejected) {
  const earlier = await readerCalls(ctx, payment).find();
  if (earlier) return settle(ctx, session, sale, payment, earlier);
  await closeCardPresentPayment(ctx, { payment, status: "failed", failureCode: error.code, failureMessage: error.message });
  return DONE;
}

/**
 * Asks the reader for the card: the processor's call blocks until the buyer acts (up to five minutes) or answers PENDING
 * at once. Its idempotency_id is the payment id, so a call repeated after a crash or a lost answer never charges twice.
 */
async function callReader(ctx: ShardContext, session: SaleSession, sale: HeldSale, payment: PaymentRecord): Promise<SaleStep> {
  const device = await deviceOf(ctx, sale.readerId);
  // Recorded before the request leaves, so the step after a crash looks for the transfer first.
  if (!session.beginCall(sale.paymentId)) return DONE;
  // The transport logs a call when it ends; this one can block for minutes, so its start is a line of its own.
  logEvent("info", "reader sale asks for the card", { paymentId: sale.paymentId, readerId: sale.readerId, call: sale.calls + 1 });
  let outcome: Awaited<ReturnType<ReturnType<typeof readerCalls>["ask"]>>;
  try {
    outcome = await readerCalls(ctx, payment).ask({
      device,
      amount: payment.amountCents,
      currency: payment.currency,
      idempotency_id: payment.id,
      tags: {
        [TENANT_TAG]: payment.tenantId,
        lc_payment_id: payment.id,
        [READER_TAG]: sale.readerId,
        order_ref: (payment.orderRef ?? "").slice(0, 500),
      },
    });
  } catch (error) {
    if (error instanceof ProcessorRejected) return refused(ctx, session, sale, payment, error);
    throw error;
  }
  if (outcome.outcome === "declined" && !outcome.item) {
    // A 402 without the declined transfer: the decline is final all the same.
    await closeCardPresentPayment(ctx, {
      payment,
      status: "failed",
      failureCode: outcome.failureCode,
      failureMessage: outcome.failureMessage,
    });
    return DONE;
  }
  return settle(ctx, session, sale, payment, outcome.item!);
}

/**
 * One step of the sale a reader holds, run by its object's alarm until the payment is final. Nothing is asked of the
 * processor before the ledger row exists; a sale the processor never received is failed (`ABANDONED`) only after
 * `ABANDON_AFTER_MS`; an unknown outcome (timeout, dropped connection, 5xx) is looked up again by idempotency_id.
 */
export async function advanceReaderSale({
  ctx,
  input: { sale, session },
}: {
  ctx: ShardContext;
  input: { sale: HeldSale; session: SaleSession };
}): Promise<SaleStep> {
  const payment = await findPayment(ctx, sale.paymentId);
  if (!payment) {
    const waited = ctx.clock.nowMs() - sale.heldAtMs;
    return waited >= START_GRACE_MS ? DONE : { done: false, retryInMs: START_GRACE_MS - waited };
  }
  if (payment.status !== "processing") return DONE;
  try {
    const earlier = await readerAnswerSoFar(ctx, payment, sale);
    if (earlier) return await settle(ctx, session, sale, payment, earlier);
    if (sale.firstCallAtMs !== null && ctx.clock.nowMs() - sale.firstCallAtMs >= ABANDON_AFTER_MS) {
      await closeCardPresentPayment(ctx, {
        payment,
        status: "failed",
        failureCode: "ABANDONED",
        failureMessage: "The sale never reached the processor.",
      });
      return DONE;
    }
    return await callReader(ctx, session, sale, payment);
  } catch (error) {
    if (!(error instanceof ProcessorUnavailable)) throw error;
    logEvent("warn", "reader sale waits for the processor", { paymentId: sale.paymentId, error: error.message });
    if (error instanceof ProcessorBusy) return { done: false, retryInMs: error.retryAfterMs };
    return { done: false, retryInMs: error.outcomeUnknown ? 1_000 : RETRY_AFTER_FAILURE_MS };
  }
}

/**
 * Cancels the sale a reader holds. Never asked for the card: canceled here, nothing can race it. Otherwise the reader is
 * told to stop, and the payment takes whatever the processor then reports — SUCCEEDED when the buyer's tap won the race.
 */
export async function cancelHeldSale({
  ctx,
  input: { sale, session },
}: {
  ctx: ShardContext;
  input: { sale: HeldSale; session: SaleSession };
}): Promise<{ step: SaleStep; payment: PaymentRecord } | null> {
  const payment = await findPayment(ctx, sale.paymentId);
  if (!payment) return null;
  if (payment.status !== "processing") return { step: DONE, payment };
  if (session.cancelBeforeCall(sale.paymentId)) {
    const canceled = await closeCardPresentPayment(ctx, {
      payment,
      status: "canceled",
      failureCode: "CANCELLATION_VIA_API",
      failureMessage: "The sale was canceled before the reader asked for the card.",
    });
    return { step: DONE, payment: canceled };
  }
  const device = await deviceOf(ctx, sale.readerId);
  const called = { ...sale, calls: Math.max(sale.calls, 1) };
  let answer: ReaderAnswer | null;
  try {
    const canceled = await readerCalls(ctx, payment).cancel(device);
    answer = canceled.idempotencyId === payment.id ? canceled : await readerAnswerSoFar(ctx, payment, called);
  } catch (error) {
    if (!(error instanceof ProcessorRejected || error instanceof ProcessorUnavailable)) throw error;
    // Nothing was waiting on the reader (the sale ended, or has not reached it yet), or the answer was lost: read what happened.
    answer = await readerAnswerSoFar(ctx, payment, called).catch(() => null);
  }
  if (!answer) return { step: { done: false, retryInMs: 1_000 }, payment };
  const step = await settle(ctx, session, sale, payment, answer);
  return { step, payment: (await findPayment(ctx, sale.paymentId))! };
}
