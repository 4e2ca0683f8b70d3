// The soak's load: tenants on every shard, and workers drawing operations from the seeded generator at bounded
// concurrency — card, stored-instrument and ACH charges, declines, replays under the same Idempotency-Key (one after
// the other and at once), partial, full and concurrent refunds, reader sales and cancels, lookups of the tenant's own
// ids and of other tenants', list paging and events polling. Every answer that implies something about the ledger is
// written down in `Expectations`, for the reconciliation to hold the service to.
import { sleep } from "./service.mjs";

const BUYER = { firstName: "Soak", lastName: "Tester", email: "soak@example.com" };
const CARD = "4895142232120006";
const DECLINED_CARD = "4000000000000002";
const BANK = { account_number: "555666777", bank_code: "122105278" };
const FAILING_BANK = { account_number: "123120006", bank_code: "122105278" };
/** The sandbox buyer never acts on a reader by itself within the run: each sale ends as the soak's own action says. */
const CARD_PRESENT_DELAY_SECONDS = 3600;
/** How long an answer without a definite outcome (5xx, dropped connection, 409 in flight, 429, 503 moving) is retried. */
const DEFINITE_WITHIN_MS = 8 * 60_000;

export const OPERATIONS = {
  card: 24,
  declined: 5,
  stored: 10,
  ach: 7,
  concurrentReplay: 5,
  refund: 14,
  concurrentRefunds: 5,
  readerSale: 6,
  lookupOwn: 7,
  lookupOther: 6,
  listPayments: 5,
  pollEvents: 5,
  ping: 2,
};

/**
 * @typedef {{ index: number; tenantId: string; key: string; merchantId: string; shard: string; readerId: string;
 *   deviceId: string; readerBusy: boolean; instruments: string[]; paymentIds: string[] }} Tenant
 * @typedef {{ key: string; amountCents: number | null; outcome: "refunded" | "refused" | "unknown"; atMs: number }} Refund
 * @typedef {{ id: string; tenant: number; amountCents: number; method: string; orderRef: string; answered: number;
 *   expectStatus: string | null; refunds: Refund[]; atMs: number }} Expected
 */

export class Expectations {
  /** @type {Map<string, Expected>} */
  payments = new Map();
  replays = { checked: 0, /** @type {{ what: string; key: string; detail: string; atMs: number }[]} */ mismatches: [] };
  isolation = { checked: 0, /** @type {string[]} */ violations: [] };
  /** @type {{ op: string; status: number; detail: string; atMs: number }[]} */
  unexpected = [];
  /** Answers never made definite within DEFINITE_WITHIN_MS. @type {{ op: string; key: string }[]} */
  unresolved = [];
  counts = /** @type {Record<string, number>} */ ({});

  count(what) {
    this.counts[what] = (this.counts[what] ?? 0) + 1;
  }

  /** @param {Omit<Expected, "refunds" | "atMs">} payment */
  payment(payment) {
    const known = this.payments.get(payment.id);
    if (known) return known;
    const expected = { ...payment, refunds: [], atMs: Date.now() };
    this.payments.set(payment.id, expected);
    return expected;
  }

  owner(id) {
    return this.payments.get(id)?.tenant;
  }
}

/** Creates `count` chargeable tenants (tenant, key, approved sandbox merchant, a reader, callbacks to the receiver). */
export async function createTenants({ service, receiver, count, seed }) {
  await service.control("config", { delaysSeconds: { cardPresent: CARD_PRESENT_DELAY_SECONDS } });
  /** @type {Tenant[]} */
  const tenants = [];
  for (let index = 0; index < count; index++) {
    const name = `Soak ${seed} tenant ${index}`;
    const before = await service.must("GET", "/admin/shards", { as: "admin" });
    const tenant = await service.must("POST", "/admin/tenants", { as: "admin", body: { name } });
    const after = await service.must("GET", "/admin/shards", { as: "admin" });
    const shard = after.data.find((s) => s.tenants > (before.data.find((b) => b.shard === s.shard)?.tenants ?? 0))?.shard;
    const { key } = await service.must("POST", `/admin/tenants/${tenant.id}/keys`, { as: "admin" });
    // Callbacks first, so every event of the tenant's is one the receiver must get.
    await service.must("PUT", `/admin/tenants/${tenant.id}/callbacks`, { as: "admin", body: { url: receiver.urlFor(tenant.id) } });
    const secrets = await service.must("GET", `/admin/tenants/${tenant.id}/callbacks/secrets`, { as: "admin" });
    receiver.trust(
      tenant.id,
      secrets.data.map((entry) => entry.secret),
    );
    const merchant = await service.control("create-merchant", { name, state: "APPROVED" });
    await service.must("POST", `/admin/tenants/${tenant.id}/processor-merchant`, {
      as: "admin",
      body: { processorMerchantId: merchant.id },
    });
    const reader = await service.must("POST", "/v1/terminal/readers", {
      as: key,
      // The tenant's number first: a long seed (a commit hash) is cut to the serial number's 40 characters.
      body: { serialNumber: `SOAK-${index}-${seed}`.slice(0, 40), model: "PAX_A920PRO", label: `Soak ${index}` },
    });
    await service.must("POST", `/v1/terminal/readers/${reader.lcReaderId}/activate`, { as: key });
    tenants.push({
      index,
      tenantId: tenant.id,
      key,
      merchantId: merchant.id,
      shard: shard ?? "unknown",
      readerId: reader.lcReaderId,
      deviceId: reader.processorDeviceId,
      readerBusy: false,
      instruments: [],
      paymentIds: [],
    });
  }
  return tenants;
}

/**
 * The load: `concurrency` workers, each with its own stream of the seeded generator, until `untilMs`. Operations that
 * are retried past the end (an answer after a crash can take a crashed request's 2-minute lease) are awaited by
 * `drain()`.
 */
export function createLoad({ service, tenants, rng, expectations, runId, arrivals }) {
  const meta = { applicationId: "", currency: "USD" };
  const pending = new Set();
  let sequence = 0;
  const nextKey = (what) => `soak-${runId}-${what}-${++sequence}`;

  /** Retried under the same request until the answer is definite, as a client that must not lose a payment does. */
  async function definite(op, key, send) {
    const started = Date.now();
    for (;;) {
      const answer = await send();
      const type = answer.body?.type ?? "";
      const retry =
        answer.status === 0 ||
        answer.status >= 500 ||
        answer.status === 429 ||
        (answer.status === 409 && String(type).endsWith("idempotency-key-in-flight"));
      if (!retry) return answer;
      if (Date.now() - started > DEFINITE_WITHIN_MS) {
        expectations.unresolved.push({ op, key });
        return null;
      }
      const retryAfter = Number(answer.headers?.get("Retry-After") ?? "1");
      await sleep(Math.min(Math.max(retryAfter, 1), 5) * 1000);
    }
  }

  /** Notes an answer the contract does not allow here; null, so that a caller can `return unexpected(…)`. */
  function unexpected(op, answer) {
    expectations.unexpected.push({ op, status: answer.status, detail: answer.text.slice(0, 300), atMs: Date.now() });
    return null;
  }

  async function token(r, instrument) {
    const failing = instrument === "bank" && r.chance(0.25);
    const body =
      instrument === "bank"
        ? { type: "BANK_ACCOUNT", ...(failing ? FAILING_BANK : BANK), account_type: "PERSONAL_CHECKING", name: "Soak Tester" }
        : {
            type: "PAYMENT_CARD",
            number: instrument,
            expiration_month: 12,
            expiration_year: 2030,
            security_code: "123",
            name: "Soak Tester",
          };
    const answer = await service.must("POST", `/sandbox/processor/applications/${meta.applicationId}/tokens`, { body });
    return { id: answer.id, failing };
  }

  const amount = (r) => r.int(200, 50_000);

  /**
   * A charge, replayed (after, or at once) under its key; every 2xx the same bytes. `answerStatus`: what its answer must
   * say (`failed`: a 402 decline); `finalStatus`: what it must end as.
   * @param {Tenant} tenant
   * @param {ReturnType<typeof import("./random.mjs").seededRandom>} r
   * @param {{ source: Record<string, string>; body?: Record<string, unknown>; method?: string; answerStatus?: string;
   *   finalStatus?: string; concurrent?: boolean; replay?: boolean }} options
   */
  async function charge(
    tenant,
    r,
    { source, body: extra, method = "card", answerStatus = "succeeded", finalStatus = answerStatus, concurrent = false, replay = false },
  ) {
    const key = nextKey("charge");
    const body = { amountCents: amount(r), currency: meta.currency, orderRef: key, ...source, ...extra };
    const send = () => service.call("POST", "/v1/payments", { as: tenant.key, body, idempotencyKey: key });
    const answers = concurrent
      ? await Promise.all([definite("charge", key, send), definite("charge", key, send)])
      : [await definite("charge", key, send)];
    const first = answers[0];
    if (!first) return;
    if (replay) answers.push(await definite("charge replay", key, send));
    for (const answer of answers.slice(1)) {
      if (!answer) continue;
      expectations.replays.checked++;
      if (answer.status !== first.status || answer.text !== first.text) {
        expectations.replays.mismatches.push({
          what: "charge",
          key,
          detail: `${first.status} ${first.text} then ${answer.status} ${answer.text}`,
          atMs: first.exchange.endMs,
        });
      } else if (answer.headers?.get("Idempotent-Replayed") !== "true" && answer.exchange.startMs > first.exchange.endMs) {
        expectations.replays.mismatches.push({
          what: "charge",
          key,
          detail: "replay without Idempotent-Replayed: true",
          atMs: first.exchange.endMs,
        });
      }
    }
    if (first.status === 201 && first.body.status === answerStatus) {
      expectations.payment({
        id: first.body.lcPaymentId,
        tenant: tenant.index,
        amountCents: body.amountCents,
        method,
        orderRef: key,
        answered: 201,
        expectStatus: finalStatus,
      });
      tenant.paymentIds.push(first.body.lcPaymentId);
    } else if (first.status === 402 && first.body?.lcPaymentId && answerStatus === "failed") {
      expectations.payment({
        id: first.body.lcPaymentId,
        tenant: tenant.index,
        amountCents: body.amountCents,
        method: "card",
        orderRef: key,
        answered: 402,
        expectStatus: "failed",
      });
      tenant.paymentIds.push(first.body.lcPaymentId);
    } else unexpected("charge", first);
  }

  /** A refund (full without an amount), under a key, replayed at times; the payment's expected refunds follow its answer. */
  async function refund(tenant, r, payment, amountCents) {
    const key = nextKey("refund");
    const body = amountCents === null ? { reason: "requested_by_customer" } : { amountCents, reason: "requested_by_customer" };
    const send = () => service.call("POST", `/v1/payments/${payment.id}/refund`, { as: tenant.key, body, idempotencyKey: key });
    /** @type {Refund} */
    const record = { key, amountCents, outcome: "unknown", atMs: Date.now() };
    payment.refunds.push(record);
    const answer = await definite("refund", key, send);
    if (!answer) return;
    const type = String(answer.body?.type ?? "");
    if (answer.status === 200 && answer.body?.lcPaymentId === payment.id) record.outcome = "refunded";
    else if (answer.status === 409 && (type.endsWith("refund-exceeds-balance") || type.endsWith("invalid-payment-state")))
      record.outcome = "refused";
    else if (answer.status === 422 && type.endsWith("processor-rejected")) record.outcome = "refused";
    else {
      unexpected("refund", answer);
      return;
    }
    if (r.chance(0.25)) {
      const again = await definite("refund replay", key, send);
      if (!again) return;
      expectations.replays.checked++;
      if (again.status !== answer.status || again.text !== answer.text) {
        expectations.replays.mismatches.push({
          what: "refund",
          key,
          detail: `${answer.status} ${answer.text} then ${again.status} ${again.text}`,
          atMs: answer.exchange.endMs,
        });
      }
    }
  }

  /** A card payment of the tenant that its answers say can still be refunded, and what they say remains. */
  function refundable(tenant, r) {
    const candidates = tenant.paymentIds
      .map((id) => /** @type {Expected} */ (expectations.payments.get(id)))
      .filter((p) => p.method !== "ach" && p.expectStatus === "succeeded" && p.refunds.every((refund) => refund.amountCents !== null));
    if (candidates.length === 0) return null;
    const payment = r.pick(candidates);
    const refunded = payment.refunds
      .filter((refund) => refund.outcome !== "refused")
      .reduce((sum, refund) => sum + (refund.amountCents ?? 0), 0);
    return { payment, remaining: payment.amountCents - refunded };
  }

  /** An in-person sale on the tenant's reader, ended by the buyer's tap, a cancel, or a tap racing the cancel. */
  async function readerSale(tenant, r) {
    if (tenant.readerBusy) return lookupOwn(tenant, r);
    tenant.readerBusy = true;
    try {
      const key = nextKey("pos");
      const body = { readerId: tenant.readerId, amountCents: amount(r), currency: meta.currency, orderRef: key };
      const answer = await definite("reader sale", key, () =>
        service.call("POST", "/v1/payments/terminal", { as: tenant.key, body, idempotencyKey: key }),
      );
      if (!answer) return;
      if (answer.status === 409 && String(answer.body?.type).endsWith("reader-busy")) {
        // A sale from before a crash is still open on the reader: the buyer taps it now.
        await service.call("POST", "/sandbox/control/card-present", {
          as: tenant.key,
          body: { device: tenant.deviceId, outcome: "approve" },
        });
        await settled(tenant, answer.body.lcPaymentId);
        return;
      }
      if (answer.status !== 202) return unexpected("reader sale", answer);
      const payment = expectations.payment({
        id: answer.body.lcPaymentId,
        tenant: tenant.index,
        amountCents: body.amountCents,
        method: "card_present",
        orderRef: key,
        answered: 202,
        expectStatus: null,
      });
      tenant.paymentIds.push(payment.id);
      const ending = r.weighted({ tap: 5, cancel: 3, tapOnCancel: 2 });
      if (ending === "tap") {
        const tapped = await definite("card-present tap", key, () =>
          service.call("POST", "/sandbox/control/card-present", { as: tenant.key, body: { device: tenant.deviceId, outcome: "approve" } }),
        );
        if (tapped?.status !== 200) return tapped && unexpected("card-present tap", tapped);
        payment.expectStatus = "succeeded";
      } else {
        if (ending === "tapOnCancel") {
          await service.must("POST", "/sandbox/control/tap-on-cancel", { as: tenant.key, body: { device: tenant.deviceId } });
        }
        // The cancel may reach the reader before the sale does (`processing`): cancel again until the answer is final.
        for (let attempt = 0; attempt < 30 && payment.expectStatus === null; attempt++) {
          const canceled = await definite("reader cancel", key, () =>
            service.call("POST", `/v1/terminal/readers/${tenant.readerId}/cancel`, { as: tenant.key }),
          );
          if (!canceled) return;
          if (canceled.status === 200 && canceled.body.lcPaymentId === payment.id && canceled.body.status !== "processing") {
            payment.expectStatus = canceled.body.status;
          } else if (canceled.status === 409 && String(canceled.body?.type).endsWith("no-sale-in-progress")) {
            await sleep(500);
          } else if (canceled.status !== 200) return unexpected("reader cancel", canceled);
          else await sleep(500);
        }
        if (payment.expectStatus !== null && ending === "tapOnCancel" && payment.expectStatus !== "succeeded") {
          unexpected("tap on cancel", { status: 200, text: `sale ${payment.id} answered ${payment.expectStatus} to a cancel after a tap` });
        }
      }
      await settled(tenant, payment.id);
    } finally {
      tenant.readerBusy = false;
    }
  }

  /** Waits (a bounded while) for a reader sale to leave `processing`, so the reader takes the next one. */
  async function settled(tenant, paymentId) {
    for (let attempt = 0; attempt < 60; attempt++) {
      const read = await service.call("GET", `/v1/payments/${paymentId}`, { as: tenant.key });
      if (read.status === 200 && read.body.status !== "processing") return;
      await sleep(1000);
    }
  }

  async function lookupOwn(tenant, r) {
    if (tenant.paymentIds.length === 0) return;
    const id = r.pick(tenant.paymentIds);
    const answer = await definite("lookup", id, () => service.call("GET", `/v1/payments/${id}`, { as: tenant.key }));
    if (!answer) return;
    if (answer.status !== 200 || answer.body.lcPaymentId !== id) return unexpected("lookup own payment", answer);
    const charged = ["succeeded", "partially_refunded", "refunded"].includes(answer.body.status);
    if (
      charged &&
      answer.body.processorInstrumentId &&
      answer.body.method === "card" &&
      !tenant.instruments.includes(answer.body.processorInstrumentId)
    ) {
      tenant.instruments.push(answer.body.processorInstrumentId);
    }
  }

  /** Another tenant's payment, reader and event ids: each must be 404 to this tenant, a refund of it too. */
  async function lookupOther(tenant, r) {
    const others = tenants.filter((other) => other !== tenant && other.paymentIds.length > 0);
    if (others.length === 0) return;
    const other = r.pick(others);
    const paymentId = r.pick(other.paymentIds);
    const otherEvent = arrivals.find((arrival) => arrival.tenantId === other.tenantId);
    const probes = [
      ["GET", `/v1/payments/${paymentId}`, undefined],
      ["POST", `/v1/payments/${paymentId}/refund`, { amountCents: 1 }],
      ["GET", `/v1/terminal/readers/${other.readerId}`, undefined],
      ...(otherEvent ? [["GET", `/v1/events/${otherEvent.eventId}`, undefined]] : []),
    ];
    const [method, path, body] = r.pick(probes);
    const answer = await definite("lookup other", path, () => service.call(method, path, { as: tenant.key, body }));
    if (!answer) return;
    expectations.isolation.checked++;
    if (answer.status !== 404) {
      expectations.isolation.violations.push(
        `${method} ${path} (tenant ${other.index}'s) with tenant ${tenant.index}'s key: ${answer.status} ${answer.text.slice(0, 200)}`,
      );
    }
  }

  /** A few pages of the tenant's payments: no id twice, none of another tenant's. */
  async function listPayments(tenant, r) {
    const seen = new Set();
    let cursor = "";
    for (let page = 0; page < 3; page++) {
      const path = `/v1/payments?limit=${r.int(2, 20)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const answer = await definite("list payments", path, () => service.call("GET", path, { as: tenant.key }));
      if (!answer) return;
      if (answer.status !== 200) return unexpected("list payments", answer);
      for (const item of answer.body.data) {
        expectations.isolation.checked++;
        const owner = expectations.owner(item.lcPaymentId);
        if (owner !== undefined && owner !== tenant.index) {
          expectations.isolation.violations.push(`tenant ${tenant.index}'s payment list shows tenant ${owner}'s ${item.lcPaymentId}`);
        }
        if (seen.has(item.lcPaymentId)) unexpected("list payments", { status: 200, text: `${item.lcPaymentId} on two pages` });
        seen.add(item.lcPaymentId);
      }
      if (!answer.body.hasMore) return;
      cursor = answer.body.nextCursor;
    }
  }

  async function pollEvents(tenant, r) {
    const path = `/v1/events?limit=${r.int(5, 50)}`;
    const answer = await definite("poll events", path, () => service.call("GET", path, { as: tenant.key }));
    if (!answer) return;
    if (answer.status !== 200) return unexpected("poll events", answer);
    const owners = new Map(arrivals.map((arrival) => [arrival.eventId, arrival.tenantId]));
    for (const event of answer.body.data) {
      expectations.isolation.checked++;
      const owner = owners.get(event.id);
      if (owner !== undefined && owner !== tenant.tenantId) {
        expectations.isolation.violations.push(`tenant ${tenant.index}'s events list shows ${owner}'s ${event.id}`);
      }
    }
  }

  const operations = {
    card: async (tenant, r) =>
      charge(tenant, r, {
        source: { processorToken: (await token(r, CARD)).id },
        body: { buyer: BUYER },
        replay: r.chance(0.3),
      }),
    declined: async (tenant, r) =>
      r.chance(0.5)
        ? charge(tenant, r, {
            source: { processorToken: (await token(r, DECLINED_CARD)).id },
            body: { buyer: BUYER },
            answerStatus: "failed",
          })
        : charge(tenant, r, {
            source: { processorToken: (await token(r, CARD)).id },
            body: { buyer: BUYER, amountCents: 102 },
            answerStatus: "failed",
          }),
    stored: async (tenant, r) =>
      tenant.instruments.length === 0
        ? lookupOwn(tenant, r)
        : charge(tenant, r, { source: { processorInstrumentId: r.pick(tenant.instruments) }, replay: r.chance(0.2) }),
    ach: async (tenant, r) => {
      const bank = await token(r, "bank");
      return charge(tenant, r, {
        source: { processorToken: bank.id },
        body: { buyer: BUYER },
        method: "ach",
        // Processing now; the sandbox's settlement decides as its test account says.
        answerStatus: "processing",
        finalStatus: bank.failing ? "failed" : "succeeded",
        replay: r.chance(0.3),
      });
    },
    concurrentReplay: async (tenant, r) =>
      charge(tenant, r, { source: { processorToken: (await token(r, CARD)).id }, body: { buyer: BUYER }, concurrent: true }),
    refund: async (tenant, r) => {
      const found = refundable(tenant, r);
      if (!found) return operations.card(tenant, r);
      const full = r.chance(0.3);
      // Now and then more than remains, which must be refused.
      const amountCents = full ? null : r.int(1, r.chance(0.1) ? found.payment.amountCents : Math.max(1, Math.floor(found.remaining / 2)));
      return refund(tenant, r, found.payment, amountCents);
    },
    concurrentRefunds: async (tenant, r) => {
      const found = refundable(tenant, r);
      if (!found || found.remaining < 2) return operations.card(tenant, r);
      const each = () => r.int(1, Math.max(1, Math.ceil((found.remaining * 2) / 3)));
      await Promise.all([refund(tenant, r, found.payment, each()), refund(tenant, r, found.payment, each())]);
    },
    readerSale,
    lookupOwn,
    lookupOther,
    listPayments,
    pollEvents,
    ping: async (tenant) => {
      const answer = await definite("ping", "ping", () => service.call("POST", "/v1/events/ping", { as: tenant.key }));
      if (answer && answer.status !== 202) unexpected("ping", answer);
    },
  };

  return {
    async prepare() {
      const answer = await service.must("GET", "/v1/meta");
      meta.applicationId = answer.processorApplicationId;
      meta.currency = answer.currency;
    },
    /** Runs `concurrency` workers until `untilMs`. */
    async run({ concurrency, untilMs }) {
      const worker = async (r) => {
        while (Date.now() < untilMs) {
          const tenant = r.pick(tenants);
          const name = r.weighted(OPERATIONS);
          expectations.count(name);
          const work = operations[name](tenant, r);
          pending.add(work);
          try {
            await work;
          } catch (error) {
            expectations.unexpected.push({ op: name, status: 0, detail: String(error?.stack ?? error).slice(0, 400), atMs: Date.now() });
          } finally {
            pending.delete(work);
          }
        }
      };
      await Promise.all(Array.from({ length: concurrency }, () => worker(rng.fork())));
    },
    drain: () => Promise.allSettled([...pending]),
  };
}
