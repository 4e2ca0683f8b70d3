// After the load: the faults cleared, the sandbox's timers run, the cron sweeps run until nothing is pending — then the
// checks that can fail, each against what the API answered during the run, the sandbox processor's own records, and
// what the receiver was sent.
import { explainedBy } from "./faults.mjs";
import { sleep } from "./service.mjs";

/**
 * The sweeps run with their clock 3 minutes ahead: a payment left `processing` is first looked at 2 minutes after it
 * was made, and a delivery lost with a killed server's Queue is taken for lost 5 minutes after its attempt was due, so
 * a sweep this far ahead finds both without a delivery still in the Queue's hands (younger than 2 minutes) being sent
 * again beside it.
 */
const SWEEP_AHEAD_MS = 3 * 60_000;
/**
 * Once no callback has arrived for a while with events still undelivered, the Queue holds nothing for them (its messages
 * died with the killed server): the sweeps then run far enough ahead to take every pending delivery for lost.
 */
const STALLED_AFTER_MS = 20_000;
const SWEEP_AHEAD_WHEN_STALLED_MS = 10 * 60_000;
const SETTLE_WITHIN_MS = 5 * 60_000;
/** A callback first delivered this close to a crash or a move may be sent again: the service could not record it. */
const REDELIVERY_MARGIN_MS = 30_000;

/** Every item of a tenant's list, its pages followed to the end. */
async function allPages(service, key, path) {
  const items = [];
  let cursor = "";
  for (;;) {
    const page = await service.must("GET", `${path}?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, { as: key });
    items.push(...page.data);
    if (!page.hasMore) return items;
    cursor = page.nextCursor;
  }
}

/** The merchant's transfers as the processor holds them (the sandbox's REST API, with the platform's credentials). */
async function processorTransfers(service, merchantId) {
  const transfers = [];
  let after = "";
  for (;;) {
    const page = await service.must(
      "GET",
      `/sandbox/processor/transfers?merchant_id=${merchantId}&limit=100${after ? `&after_cursor=${after}` : ""}`,
      {
        as: "processor",
      },
    );
    transfers.push(...(page._embedded?.transfers ?? []));
    after = page.page?.next_cursor ?? "";
    if (!after) return transfers;
  }
}

/** Reads what the service and the receiver hold now. */
async function snapshot({ service, tenants }) {
  return Promise.all(
    tenants.map(async (tenant) => ({
      tenant,
      payments: await allPages(service, tenant.key, "/v1/payments"),
      events: await allPages(service, tenant.key, "/v1/events"),
    })),
  );
}

/**
 * The reconciliation backlog's queues that hold an unfinished outcome (a payment `processing`, a refund whose reversal is
 * unknown, a fee credit owed or given up), those not empty. A settled sale's processor fee, read once its settlement
 * closes, is no open outcome.
 */
async function openQueues(service) {
  const backlog = await service.must("GET", "/admin/payments/reconciliation", { as: "admin" });
  const queues = {
    processingPayments: backlog.processingPayments,
    pendingRefunds: backlog.pendingRefunds,
    pendingFeeCredits: backlog.pendingFeeCredits,
    failedFeeCredits: backlog.failedFeeCredits,
  };
  return Object.fromEntries(Object.entries(queues).filter(([, figures]) => figures.count > 0));
}

/**
 * Ends the run's open business: faults off, reader sales tapped, the sandbox's timers run (ACH settled, reversals
 * settled), and the cron sweeps run until no payment is `processing`, no refund or fee credit is open, and every listed event reached the receiver.
 */
export async function settle({ service, tenants, receiver, log }) {
  receiver.setMode("ok");
  await service.control("clear-faults", {});
  await service.control("config", { rateLimit: { writesPerSecond: null, readsPerSecond: null } });
  const settleStart = Date.now();
  const deadline = settleStart + SETTLE_WITHIN_MS;
  let round = 0;
  for (;;) {
    round++;
    const now = await snapshot({ service, tenants });
    const delivered = receiver.acknowledged;
    const processing = now.flatMap(({ tenant, payments }) =>
      payments.filter((p) => p.status === "processing").map((p) => ({ tenant, payment: p })),
    );
    const undelivered = now.flatMap(({ events }) => events.filter((event) => !delivered.has(event.id)));
    const open = Object.keys(await openQueues(service));
    if (processing.length === 0 && undelivered.length === 0 && open.length === 0) {
      log(`settled after ${round} round(s) of sweeps`);
      return { rounds: round, settled: true };
    }
    if (Date.now() > deadline) {
      log(
        `still ${processing.length} payment(s) processing, ${undelivered.length} event(s) undelivered, open: ${open.join(", ") || "none"} after ${SETTLE_WITHIN_MS / 60_000} minutes`,
      );
      return { rounds: round, settled: false };
    }
    if (round % 5 === 1) {
      log(
        `settling: ${processing.length} payment(s) processing, ${undelivered.length} event(s) not yet delivered, open: ${open.join(", ") || "none"}`,
      );
    }
    for (const { tenant, payment } of processing) {
      if (payment.method === "card_present") {
        await service.call("POST", "/sandbox/control/card-present", {
          as: tenant.key,
          body: { device: tenant.deviceId, outcome: "approve" },
        });
      }
    }
    await service.control("run-jobs", { kinds: ["ach.settle", "reversal.settle", "card_present.complete"] });
    const lastArrivalMs = receiver.arrivals.at(-1)?.atMs ?? 0;
    const stalled = undelivered.length > 0 && Date.now() - Math.max(lastArrivalMs, settleStart) > STALLED_AFTER_MS;
    await service.sweepAt(Date.now() + (stalled ? SWEEP_AHEAD_WHEN_STALLED_MS : SWEEP_AHEAD_MS));
    await sleep(3000);
  }
}

/** What a payment's answers imply for its listing: status and refunded amount (null: any final value). */
function implied(expected) {
  const refunded = expected.refunds.filter((refund) => refund.outcome === "refunded");
  const unknown = expected.refunds.some((refund) => refund.outcome === "unknown");
  if (expected.expectStatus === null || unknown) return null;
  if (expected.expectStatus !== "succeeded") return { status: expected.expectStatus, refunded: 0 };
  const amount = refunded.some((refund) => refund.amountCents === null)
    ? expected.amountCents
    : refunded.reduce((sum, refund) => sum + (refund.amountCents ?? 0), 0);
  return { status: amount === 0 ? "succeeded" : amount === expected.amountCents ? "refunded" : "partially_refunded", refunded: amount };
}

const inWindow = (windows, kinds, atMs) =>
  windows.some((w) => kinds.includes(w.kind) && atMs >= w.startMs - REDELIVERY_MARGIN_MS && atMs <= w.endMs + REDELIVERY_MARGIN_MS);

/** Every check, each `{ name, failures: string[], note }`. */
export async function reconcile({ service, tenants, receiver, expectations, windows, moves, settled }) {
  const state = await snapshot({ service, tenants });
  const checks = [];
  const check = (name, failures, note = "") => checks.push({ name, failures, note });

  // 1. Every payment the API answered for, listed once, as its answers imply.
  {
    const failures = [];
    const listed = new Map();
    for (const { tenant, payments } of state) {
      for (const payment of payments) {
        if (listed.has(payment.lcPaymentId)) failures.push(`${payment.lcPaymentId} listed twice`);
        listed.set(payment.lcPaymentId, { tenant: tenant.index, payment });
      }
    }
    let compared = 0;
    for (const expected of expectations.payments.values()) {
      const found = listed.get(expected.id);
      if (!found) {
        failures.push(`${expected.id} (tenant ${expected.tenant}, answered ${expected.answered}) is not listed`);
        continue;
      }
      if (found.tenant !== expected.tenant) failures.push(`${expected.id} of tenant ${expected.tenant} listed for tenant ${found.tenant}`);
      if (found.payment.amountCents !== expected.amountCents) {
        failures.push(`${expected.id}: amount ${found.payment.amountCents}, answered ${expected.amountCents}`);
      }
      const should = implied(expected);
      if (should) {
        compared++;
        if (found.payment.status !== should.status || found.payment.amountRefundedCents !== should.refunded) {
          failures.push(
            `${expected.id} (${expected.method}): listed ${found.payment.status} refunded ${found.payment.amountRefundedCents}, answers imply ${should.status} refunded ${should.refunded}`,
          );
        }
      }
    }
    check(
      "every payment answered for is listed once, with the amount, status and refunded amount its answers imply",
      failures,
      `${expectations.payments.size} payments, ${compared} with a definite expectation`,
    );
  }

  // 2. The processor's transfers against the ledger.
  {
    const oneTransfer = [];
    const orphans = [];
    const reversals = [];
    let transferCount = 0;
    let reversalCount = 0;
    for (const { tenant, payments } of state) {
      const transfers = await processorTransfers(service, tenant.merchantId);
      const sales = transfers.filter((t) => t.type === "DEBIT");
      const byPayment = new Map();
      for (const sale of sales) {
        transferCount++;
        byPayment.set(sale.idempotency_id, [...(byPayment.get(sale.idempotency_id) ?? []), sale]);
      }
      const mine = new Map(payments.map((payment) => [payment.lcPaymentId, payment]));
      for (const [paymentId, found] of byPayment) {
        if (!mine.has(paymentId))
          orphans.push(
            `tenant ${tenant.index}: transfer(s) ${found.map((t) => t.id).join(", ")} (idempotency_id ${paymentId}) without a payment`,
          );
        if (found.length > 1)
          oneTransfer.push(`${paymentId}: ${found.length} transfers (${found.map((t) => `${t.id} ${t.state}`).join(", ")})`);
      }
      for (const payment of payments) {
        const found = byPayment.get(payment.lcPaymentId) ?? [];
        if (found.length === 0 && !(payment.status === "failed" && payment.processorTransferId === null)) {
          oneTransfer.push(`${payment.lcPaymentId} (${payment.status}) has no transfer at the processor`);
        }
        if (found.length === 1 && payment.processorTransferId !== null && payment.processorTransferId !== found[0].id) {
          oneTransfer.push(`${payment.lcPaymentId} names ${payment.processorTransferId}, the processor holds ${found[0].id}`);
        }
        const sale = found[0];
        if (!sale) continue;
        const reversed = transfers
          .filter((t) => t.type === "REVERSAL" && t.parent_transfer === sale.id && t.state !== "FAILED")
          .reduce((sum, t) => {
            reversalCount++;
            return sum + t.amount;
          }, 0);
        if (reversed !== payment.amountRefundedCents) {
          reversals.push(`${payment.lcPaymentId}: reversals at the processor ${reversed}, refunded ${payment.amountRefundedCents}`);
        }
      }
    }
    check("the processor holds exactly one transfer per payment", oneTransfer, `${transferCount} sale transfers`);
    check("the processor holds no transfer without a payment", orphans);
    check("the processor's reversals equal each payment's refunds", reversals, `${reversalCount} reversals`);
  }

  // 3. Nothing left open.
  {
    const failures = state.flatMap(({ tenant, payments }) =>
      payments
        .filter((p) => p.status === "processing")
        .map((p) => `tenant ${tenant.index}: ${p.lcPaymentId} (${p.method}) still processing`),
    );
    for (const [queue, figures] of Object.entries(await openQueues(service))) failures.push(`${queue}: ${JSON.stringify(figures)}`);
    check(
      "nothing is stuck in a non-final state once the sweeps have run",
      failures,
      settled.settled ? `${settled.rounds} sweep round(s)` : "the sweeps did not settle",
    );
  }

  // 4. Callbacks.
  {
    const delivered = new Map();
    for (const arrival of receiver.arrivals) {
      if (!arrival.verified || arrival.answered !== 204) continue;
      delivered.set(arrival.eventId, [...(delivered.get(arrival.eventId) ?? []), arrival]);
    }
    const missing = [];
    let listedEvents = 0;
    const listedIds = new Set();
    for (const { tenant, events } of state) {
      for (const event of events) {
        listedEvents++;
        listedIds.add(event.id);
        const got = delivered.get(event.id) ?? [];
        if (got.length === 0) missing.push(`tenant ${tenant.index}: ${event.type} ${event.id} never delivered and verified`);
        else if (got.some((arrival) => arrival.rawBody !== JSON.stringify(event.body)))
          missing.push(`${event.id}: delivered body differs from the listed one`);
        else if (got.some((arrival) => arrival.tenantId !== tenant.tenantId))
          missing.push(`${event.id}: delivered to another tenant's URL`);
      }
    }
    check("every event the events API lists was delivered and verified", missing, `${listedEvents} events`);

    const unverified = receiver.arrivals.filter((arrival) => !arrival.verified);
    check(
      "every callback's LC-Signature verified",
      unverified.map((arrival) => `${arrival.eventId} to tenant ${arrival.tenantId}: ${arrival.reason}`),
      `${receiver.arrivals.length} arrivals`,
    );
    const unlisted = [...delivered.keys()].filter((id) => !listedIds.has(id));
    check(
      "every callback delivered is listed by the events API",
      unlisted.map((id) => `${id} delivered, not listed`),
    );

    const duplicates = [];
    let retried = 0;
    for (const [eventId, got] of delivered) {
      if (got.length < 2) continue;
      const all = receiver.arrivals.filter((arrival) => arrival.eventId === eventId);
      const failedFirst = all.some((arrival) => arrival.answered !== 204 && arrival.atMs < (got[1]?.atMs ?? 0));
      if (failedFirst || inWindow(windows, ["crash", "move"], got[0].atMs)) retried++;
      else
        duplicates.push(
          `${eventId}: delivered ${got.length} times (${got.map((a) => new Date(a.atMs).toISOString().slice(11, 23)).join(", ")}) with no failed attempt, crash or move to explain it`,
        );
    }
    check(
      "no callback delivered twice beyond the documented at-least-once retries",
      duplicates,
      `${retried} redelivered after a failed attempt, crash or move`,
    );
  }

  // 5. Replays, 5xx, isolation, the answers themselves.
  check(
    "replays under the same Idempotency-Key answered identical bodies",
    expectations.replays.mismatches.map((m) => `${m.what} ${m.key}: ${m.detail.slice(0, 400)}`),
    `${expectations.replays.checked} replays`,
  );
  {
    const unexplained = service.exchanges.filter(
      (exchange) => (exchange.status >= 500 || exchange.status === 0) && !explainedBy(windows, exchange),
    );
    const explained = service.exchanges.filter((exchange) => exchange.status >= 500 || exchange.status === 0).length - unexplained.length;
    check(
      "no 5xx (or dropped connection) outside an injected fault",
      unexplained.map(
        (e) => `${new Date(e.startMs).toISOString().slice(11, 23)} ${e.method} ${e.path}: ${e.status || e.error} ${e.problem ?? ""}`,
      ),
      `${service.exchanges.length} requests, ${explained} 5xx/dropped inside fault windows`,
    );
  }
  check("no tenant saw another's ids", expectations.isolation.violations, `${expectations.isolation.checked} ids checked`);
  check("every answer was one the contract allows, and definite in time", [
    ...expectations.unexpected.map((u) => `${u.op}: ${u.status} ${u.detail}`),
    ...expectations.unresolved.map((u) => `${u.op} ${u.key}: no definite answer`),
  ]);
  check(
    "the live move finished",
    moves
      .filter((move) => move.step !== "done")
      .map((move) => `tenant ${move.tenant} ${move.from} → ${move.to}: ${move.step} ${move.error ?? ""}`),
    moves.map((move) => `tenant ${move.tenant} ${move.from} → ${move.to}`).join(", "),
  );
  return checks;
}
