// The soak's faults, on a schedule drawn from the seed before the load starts (so a failing run replays it): the
// sandbox processor's faults (5xx and timeouts before and after it applied the call, dropped connections, latency, its
// 429 rate limit), its webhooks lost, duplicated or held back to arrive out of order, the receiver answering 500 or
// hanging, a live move of one tenant to another shard, and a kill -9 of
// the whole server with a restart on the same state. Each fault is a window in time; the reconciliation forgives a 5xx
// only inside one.
import { sleep } from "./service.mjs";

/** The processor calls a charge, a refund and a reader sale make. */
const OPERATIONS = ["POST /transfers", "POST /transfers/{id}/reversals", "POST /payment_instruments", "POST /identities", "GET /transfers"];
const PROCESSOR_FAULTS = {
  error: 4,
  "error-after": 4,
  timeout: 1,
  "timeout-after": 1,
  drop: 3,
  "drop-after": 3,
  latency: 3,
  "rate-limit": 2,
};
/** The processor webhooks the load's payments cause, and every one. */
const WEBHOOKS = ["WEBHOOK transfer.updated", "WEBHOOK transfer.*", "WEBHOOK *"];
const WEBHOOK_FAULTS = { lose: 2, duplicate: 2, delay: 2 };
/** A 5xx answered this long after a window closed is still the window's (an answer on its way, a sweep after it). */
const WINDOW_GRACE_MS = 5_000;

/**
 * @typedef {{ kind: string; atMs: number; durationMs: number; detail: Record<string, unknown> }} PlannedFault
 * @typedef {{ kind: string; detail: string; startMs: number; endMs: number }} Window
 */

/** The whole schedule for a run of `durationMs`, as offsets from its start. */
export function planFaults({ rng, durationMs, tenants }) {
  /** @type {PlannedFault[]} */
  const plan = [];
  plan.push({ kind: "crash", atMs: Math.round(durationMs * (0.25 + 0.3 * rng.next())), durationMs: rng.int(500, 3000), detail: {} });
  if (tenants.length > 0) {
    const tenant = rng.pick(tenants);
    plan.push({ kind: "move", atMs: Math.round(durationMs * (0.1 + 0.6 * rng.next())), durationMs: 0, detail: { tenant: tenant.index } });
  }
  // Processor faults back to back with gaps; its webhooks' and the receiver's each on their own timeline.
  for (let at = rng.int(5_000, 15_000); at < durationMs - 10_000;) {
    const length = rng.int(4_000, 15_000);
    const kind = rng.weighted(PROCESSOR_FAULTS);
    const detail =
      kind === "rate-limit"
        ? { writesPerSecond: rng.int(1, 2) }
        : { operation: rng.pick(OPERATIONS), kind, status: rng.pick([500, 502, 503]), times: rng.int(1, 4), latencyMs: rng.int(500, 4000) };
    plan.push({ kind: kind === "rate-limit" ? "rate-limit" : "processor", atMs: at, durationMs: length, detail });
    at += length + rng.int(5_000, 25_000);
  }
  for (let at = rng.int(5_000, 20_000); at < durationMs - 10_000;) {
    const length = rng.int(5_000, 20_000);
    const detail = {
      operation: rng.pick(WEBHOOKS),
      kind: rng.weighted(WEBHOOK_FAULTS),
      times: rng.int(1, 5),
      delayMs: rng.int(1_000, 30_000),
    };
    plan.push({ kind: "webhook", atMs: at, durationMs: length, detail });
    at += length + rng.int(5_000, 30_000);
  }
  for (let at = rng.int(10_000, 30_000); at < durationMs - 15_000;) {
    const length = rng.int(3_000, 12_000);
    plan.push({ kind: "receiver", atMs: at, durationMs: length, detail: { mode: rng.chance(0.6) ? "fail" : "hang" } });
    at += length + rng.int(20_000, 60_000);
  }
  return plan.sort((a, b) => a.atMs - b.atMs);
}

export const describeFault = (fault) =>
  `+${(fault.atMs / 1000).toFixed(1)}s ${fault.kind}${fault.durationMs ? ` for ${(fault.durationMs / 1000).toFixed(1)}s` : ""}${
    Object.keys(fault.detail).length ? ` ${JSON.stringify(fault.detail)}` : ""
  }`;

/**
 * Plays the plan from `startMs`. `log` prints a line; `moves` gets each move's outcome. Returns the windows as they
 * happened and a promise of the plan's end (a move still under way is driven to its end).
 */
export function playFaults({ plan, startMs, service, receiver, tenants, log }) {
  /** @type {Window[]} */
  const windows = [];
  /** @type {{ tenant: number; from: string; to: string; step: string; error: string | null }[]} */
  const moves = [];
  const window = (kind, detail) => {
    const entry = { kind, detail, startMs: Date.now(), endMs: Number.POSITIVE_INFINITY };
    windows.push(entry);
    return entry;
  };

  async function processorFault(fault) {
    const { kind, operation, status, times, latencyMs } = fault.detail;
    const entry = window("processor", `${kind} on ${operation}`);
    const added = await service.control("fault", { operation, kind, status, times, latencyMs });
    await sleep(fault.durationMs);
    await service.control("remove-fault", { id: added.id }).catch(() => undefined);
    entry.endMs = Date.now();
  }

  async function webhookFault(fault) {
    const { kind, operation, times, delayMs } = fault.detail;
    const entry = window("webhook", `${kind} on ${operation}`);
    const added = await service.control("fault", { operation, kind, times, ...(kind === "lose" ? {} : { delayMs }) });
    await sleep(fault.durationMs);
    await service.control("remove-fault", { id: added.id }).catch(() => undefined);
    entry.endMs = Date.now();
  }

  async function rateLimit(fault) {
    const entry = window("rate-limit", `${fault.detail.writesPerSecond} processor writes/s`);
    await service.control("config", { rateLimit: { writesPerSecond: fault.detail.writesPerSecond } });
    await sleep(fault.durationMs);
    await service.control("config", { rateLimit: { writesPerSecond: null } });
    entry.endMs = Date.now();
  }

  async function receiverFault(fault) {
    const entry = window("receiver", fault.detail.mode);
    receiver.setMode(fault.detail.mode);
    await sleep(fault.durationMs);
    receiver.setMode("ok");
    entry.endMs = Date.now();
  }

  async function crash(fault) {
    const entry = window("crash", `kill -9, down ${fault.durationMs} ms`);
    log(`kill -9 of the server's process group (${describeFault(fault)})`);
    await service.crashAndRestart(fault.durationMs);
    entry.endMs = Date.now();
    log(`restarted on the same state after ${((entry.endMs - entry.startMs) / 1000).toFixed(1)} s`);
  }

  /** Drives the move as `npm run admin -- tenant move` does, through the crash if one comes. */
  async function move(fault) {
    const tenant = tenants[fault.detail.tenant];
    const shards = (await service.must("GET", "/admin/shards", { as: "admin" })).data;
    const to = shards.find(
      (shard) => shard.shard !== tenant.shard && shard.region === shards.find((s) => s.shard === tenant.shard)?.region,
    );
    if (!to) return;
    const entry = window("move", `tenant ${tenant.index} ${tenant.shard} → ${to.shard}`);
    log(`move of tenant ${tenant.index} from ${tenant.shard} to ${to.shard}`);
    const outcome = { tenant: tenant.index, from: tenant.shard, to: to.shard, step: "started", error: null };
    moves.push(outcome);
    const deadline = Date.now() + 10 * 60_000;
    while (Date.now() < deadline) {
      const answer = await service.call("POST", `/admin/tenants/${tenant.tenantId}/move`, { as: "admin", body: { to: to.shard } });
      if (answer.status === 200 || answer.status === 202) {
        outcome.step = answer.body.step;
        outcome.error = answer.body.lastError ?? null;
        if (answer.body.step === "done") {
          tenant.shard = to.shard;
          break;
        }
      }
      await sleep(250);
    }
    entry.endMs = Date.now();
    log(`move of tenant ${tenant.index}: ${outcome.step} after ${((entry.endMs - entry.startMs) / 1000).toFixed(1)} s`);
  }

  const run = { processor: processorFault, webhook: webhookFault, "rate-limit": rateLimit, receiver: receiverFault, crash, move };
  const done = Promise.all(
    plan.map(async (fault) => {
      await sleep(Math.max(0, startMs + fault.atMs - Date.now()));
      try {
        await run[fault.kind](fault);
      } catch (error) {
        log(`fault ${describeFault(fault)} could not be applied: ${error.message}`);
      }
    }),
  );
  return { windows, moves, done };
}

/** Whether an exchange overlaps a fault window that can explain a 5xx. */
export function explainedBy(windows, exchange) {
  return windows.find(
    (entry) => exchange.startMs <= entry.endMs + WINDOW_GRACE_MS && exchange.endMs >= entry.startMs && entry.kind !== "receiver",
  );
}
