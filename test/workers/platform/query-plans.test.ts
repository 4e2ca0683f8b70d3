import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createApp } from "../../../src/app";
import { archiveCallbackHistory, handleCallbackBatch, subjectHistory, sweepCallbacks } from "../../../src/callbacks";
import { callbackDeliveries } from "../../../src/callbacks/deliveries.schema";
import { createContext } from "../../../src/context";
import { tenants } from "../../../src/db/tenants.schema";
import { disputesAwaitingResponse, disputesOfPayment } from "../../../src/disputes";
import { hmacSha256Hex } from "../../../src/lib/crypto";
import { encodeCursor } from "../../../src/lib/pagination";
import { moneyByDay, openHolds, type PaymentSearchKind, reconcileLedger, refundsOfPayment, searchPayments } from "../../../src/payments";
import { payments, refunds } from "../../../src/payments/payments.schema";
import { payoutItemCounts, payoutItemsOfPayment, payoutsAtAGlance } from "../../../src/payouts";
import { shardD1, shardsOf } from "../../../src/placement/shards";
import { mockReceiver } from "../support/callbacks";
import { controlDb, shardDb } from "../support/db";
import { ADMIN_HEADERS, createTenant, jsonInit } from "../support/http";
import { seedDispute, seedPayout } from "../support/ledger";
import { bankToken, buyer, cardToken, chargeableTenant } from "../support/sandbox";
import { tenantShardBinding } from "../support/shards";
import { newSerial } from "../support/terminal";

/** A SQL text and the binding of the database it was prepared on (the control database or a shard). */
type Statement = { binding: string; sql: string };

/**
 * Every SQL text the code prepares while the hot paths run, recorded at each D1 binding and at its sessions (lists'
 * reads, writes), once per database.
 */
function recordingEnv(statements: Map<string, Statement>): Env {
  const recorded = <T extends D1Database | D1DatabaseSession>(binding: string, d1: T): T =>
    new Proxy(d1, {
      get(target, property) {
        if (property === "prepare") {
          return (sql: string) => {
            statements.set(`${binding} ${sql}`, { binding, sql });
            return target.prepare(sql);
          };
        }
        if (property === "withSession") return (from: string) => recorded(binding, (target as D1Database).withSession(from));
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  const databases = [{ binding: "DB", d1: env.DB }, ...shardsOf(env)];
  return { ...env, ...Object.fromEntries(databases.map(({ binding, d1 }) => [binding, recorded(binding, d1)])) };
}

/** The plan of a statement on the database it ran on, where its tables and indexes are. */
async function explain({ binding, sql }: Statement): Promise<string[]> {
  const placeholders = (sql.match(/\?/g) ?? []).length;
  const plan = await shardD1(env, binding)
    .prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...Array.from({ length: placeholders }, () => null))
    .all<{ detail: string }>();
  return plan.results.map((row) => row.detail);
}

/** A full scan of a real table; a constant row, a subquery or `json_each` over a bound list (a virtual table) is not one. */
const TABLE_SCAN = /^SCAN (?!CONSTANT ROW)(?!\(subquery)(\w+)\b(?! VIRTUAL TABLE)/;

/** Lookups that an index on their leading column exists for, named, so a plan that merely filters a wider index fails. */
const EXPECTED_INDEXES: { name: string; sql: RegExp; index: RegExp }[] = [
  {
    name: "enqueue: the events' deliveries",
    sql: /from "callback_deliveries" where \("callback_deliveries"\."event_id" in/,
    index: /USING INDEX callback_deliveries_event_status \(event_id=\?/,
  },
  { name: "a reversal's refund", sql: /from "refunds" where \("refunds"\."processor_reversal_id" =/, index: /refunds_processor_reversal/ },
  {
    name: "events of a type",
    sql: /from "events" where \("events"\."tenant_id" = \? and "events"\."type" = \?/,
    index: /USING INDEX events_tenant_type_created \(tenant_id=\? AND type=\?/,
  },
  {
    name: "deliveries of a status other than delivered",
    sql: /from "callback_deliveries" inner join "events" .* where \(?"callback_deliveries"\."tenant_id" = \? and \(?"callback_deliveries"\."status" = \? and "callback_deliveries"\."status" <> 'delivered'/,
    index: /USING INDEX callback_deliveries_tenant_status_created \(tenant_id=\? AND status=\?/,
  },
  {
    name: "delivered deliveries, most of a tenant's: its newest first, filtered",
    sql: /from "callback_deliveries" inner join "events" .* where \(?"callback_deliveries"\."tenant_id" = \? and "callback_deliveries"\."status" = \?\)? order by/,
    index: /USING INDEX callback_deliveries_tenant_created \(tenant_id=\?/,
  },
  {
    name: "the signing secrets of a batch's endpoints",
    sql: /from "callback_signing_secrets" where \("callback_signing_secrets"\."endpoint_id" in \(SELECT value FROM json_each\(\?\)\)/,
    index: /USING INDEX callback_signing_secrets_endpoint \(endpoint_id=\?/,
  },
  {
    name: "onboarding by form",
    sql: /from "onboarding_routes" where "onboarding_routes"\."processor_form_id" = \?/,
    index: /onboarding_routes_processor_form/,
  },
  {
    name: "onboarding by identity",
    sql: /from "onboarding_routes" where "onboarding_routes"\."processor_identity_id" = \?/,
    index: /onboarding_routes_processor_identity/,
  },
  {
    name: "a payment by id",
    sql: /from "payments" where \("payments"\."id" = \? and "payments"\."tenant_id" = \?\)$/,
    index: /USING INDEX sqlite_autoindex_payments_1 \(id=\?\)/,
  },
  {
    name: "a payment by Idempotency-Key",
    sql: /from "payments" where \("payments"\."tenant_id" = \? and "payments"\."idempotency_key" = \?\)/,
    index: /USING INDEX payments_tenant_idempotency_key \(tenant_id=\? AND idempotency_key=\?\)/,
  },
  {
    name: "payments of a status other than succeeded",
    sql: /from "payments" where \("payments"\."tenant_id" = \? and \("payments"\."status" = \? and "payments"\."status" <> 'succeeded'\)/,
    index: /USING INDEX payments_tenant_status_created \(tenant_id=\? AND status=\?\)/,
  },
  {
    name: "succeeded payments, most of a tenant's: its newest first, filtered",
    sql: /from "payments" where \("payments"\."tenant_id" = \? and "payments"\."status" = \?\) order by/,
    index: /USING INDEX payments_tenant_created \(tenant_id=\?\)/,
  },
  {
    name: "a payments page after a cursor",
    sql: /from "payments" where \("payments"\."tenant_id" = \? and \("payments"\."created_at", "payments"\."id"\) < \(\?, \?\)\)/,
    index: /USING INDEX payments_tenant_created \(tenant_id=\? AND \(created_at,id\)<\(\?,\?\)\)/,
  },
  ...(
    [
      ["email", "buyer_email", "payments_tenant_buyer_email"],
      ["last four", "last_four", "payments_tenant_last_four"],
      ["amount", "amount_cents", "payments_tenant_amount"],
      ["order reference", "order_ref", "payments_tenant_order_ref"],
    ] as const
  ).flatMap(([kind, column, index]) => [
    {
      name: `dashboard search by ${kind}`,
      sql: new RegExp(`from "payments" where \\("payments"\\."tenant_id" = \\? and "payments"\\."${column}" = \\?\\) order by`),
      index: new RegExp(`USING INDEX ${index} \\(tenant_id=\\? AND ${column}=\\?\\)`),
    },
    {
      name: `dashboard search by ${kind} after a cursor`,
      sql: new RegExp(
        `from "payments" where \\("payments"\\."tenant_id" = \\? and "payments"\\."${column}" = \\? and \\("payments"\\."created_at", "payments"\\."id"\\) < \\(\\?, \\?\\)\\)`,
      ),
      index: new RegExp(`USING INDEX ${index} \\(tenant_id=\\? AND ${column}=\\? AND \\(created_at,id\\)<\\(\\?,\\?\\)\\)`),
    },
  ]),
  {
    name: "dashboard search by the start of an order reference",
    sql: /from "payments" where \("payments"\."tenant_id" = \? and "payments"\."order_ref" >= \? and "payments"\."order_ref" < \?\) order by/,
    index: /USING INDEX payments_tenant_order_ref \(tenant_id=\? AND order_ref>\? AND order_ref<\?\)/,
  },
  {
    name: "dashboard search by the start of an order reference after a cursor",
    sql: /from "payments" where \("payments"\."tenant_id" = \? and "payments"\."order_ref" >= \? and \("payments"\."order_ref", "payments"\."created_at", "payments"\."id"\) </,
    index: /USING INDEX payments_tenant_order_ref \(tenant_id=\? AND order_ref>\? AND \(order_ref,created_at,id\)<\(\?,\?,\?\)\)/,
  },
  {
    name: "a payment's refunds",
    sql: /from "refunds" where \("refunds"\."payment_id" = \? and "refunds"\."tenant_id" = \?\) order by/,
    index: /USING INDEX refunds_payment \(payment_id=\?\)/,
  },
  {
    name: "a payment's disputes",
    sql: /from "disputes" where \("disputes"\."payment_id" = \? and "disputes"\."tenant_id" = \?\)$/,
    index: /USING INDEX disputes_payment \(payment_id=\?\)/,
  },
  {
    name: "a payment's payout items",
    sql: /from "payout_items" inner join "payouts" .* where \("payout_items"\."tenant_id" = \? and "payout_items"\."payment_id" = \?\)/,
    index: /USING INDEX payout_items_payment \(payment_id=\? AND tenant_id=\?\)/,
  },
  {
    name: "a payment's events",
    sql: /from "events" where \("events"\."tenant_id" = \? and "events"\."subject_id" = \?\) order by/,
    index: /USING INDEX events_subject_created \(subject_id=\?\)/,
  },
  {
    name: "the attempts of a payment's deliveries",
    sql: /from "callback_delivery_attempts" where \("callback_delivery_attempts"\."delivery_id" in \(SELECT value FROM json_each\(\?\)\) and/,
    index:
      /USING (PRIMARY KEY|INDEX sqlite_autoindex_callback_delivery_attempts_1) \(delivery_id=\?\)|USING INDEX callback_delivery_attempts_tenant_walk \(tenant_id=\? AND delivery_id=\?\)/,
  },
  {
    name: "disputes page",
    sql: /from "disputes" where \(?"disputes"\."tenant_id" = \?( and \("disputes"\."created_at", "disputes"\."id"\) < \(\?, \?\)\))? order by/,
    index: /USING INDEX disputes_tenant_created \(tenant_id=\?/,
  },
  {
    name: "disputes by state",
    sql: /from "disputes" where \("disputes"\."tenant_id" = \? and "disputes"\."state" = \?\)/,
    index: /USING INDEX disputes_tenant_state_created \(tenant_id=\? AND state=\?\)/,
  },
  {
    name: "payouts page",
    sql: /from "payouts" where \(?"payouts"\."tenant_id" = \?( and \("payouts"\."created_at", "payouts"\."id"\) < \(\?, \?\)\))? order by/,
    index: /USING INDEX payouts_tenant_created \(tenant_id=\?/,
  },
  {
    name: "payouts by status",
    sql: /from "payouts" where \("payouts"\."tenant_id" = \? and "payouts"\."status" = \?\)/,
    index: /USING INDEX payouts_tenant_status_created \(tenant_id=\? AND status=\?\)/,
  },
  {
    name: "a tenant's terminal readers",
    sql: /from "terminal_readers" where .*"terminal_readers"\."tenant_id" = \?.* order by "terminal_readers"\."created_at" desc/s,
    index: /USING INDEX terminal_readers_tenant_created \(tenant_id=\?/,
  },
  {
    name: "sweep: pending deliveries whose message was lost, oldest first",
    sql: /from "callback_deliveries" where \("callback_deliveries"\."status" = 'pending' and .* order by "callback_deliveries"\."created_at" asc limit \?\)/s,
    index: /USING INDEX callback_deliveries_pending/,
  },
  {
    name: "archive: the oldest archivable event",
    sql: /from "events" where \("events"\."created_at" < \? and .* order by "events"\."created_at" asc limit \?$/s,
    index: /USING INDEX events_created \(created_at<\?\)/,
  },
  {
    name: "overview: sales by UTC day",
    sql: /from "payments" where \("payments"\."tenant_id" = \? and substr\("payments"\."created_at", 1, 10\) >= \? and .* group by/,
    index: /USING COVERING INDEX payments_tenant_day \(tenant_id=\? AND <expr>>\? AND <expr><\?\)/,
  },
  {
    name: "overview: refunds by UTC day",
    sql: /from "refunds" where \("refunds"\."tenant_id" = \? and substr\("refunds"\."created_at", 1, 10\) >= \? and .* group by/,
    index: /USING COVERING INDEX refunds_tenant_day \(tenant_id=\? AND <expr>>\? AND <expr><\?\)/,
  },
  {
    name: "overview: disputes awaiting a response",
    sql: /from "disputes" where \("disputes"\."tenant_id" = \? and \(\+"disputes"\."submission" = 'none' and \+"disputes"\."acceptance" = 'none' and "disputes"\."state" in/,
    index: /USING INDEX disputes_tenant_state_created \(tenant_id=\? AND state=\?\)/,
  },
  {
    name: "overview: payouts not final, and the last finished",
    sql: /from "payouts" where \("payouts"\."tenant_id" = \? and "payouts"\."status" in/,
    index: /USING INDEX payouts_tenant_(status_)?created \(tenant_id=\?/,
  },
  {
    name: "a payout's items counted by type",
    sql: /from "payout_items" where \("payout_items"\."payout_id" = \? and "payout_items"\."tenant_id" = \?\) group by/,
    index:
      /USING (COVERING )?INDEX (sqlite_autoindex_payout_items_1|payout_items_order) \(payout_id=\?\)|USING INDEX payout_items_tenant_walk \(tenant_id=\? AND payout_id=\?\)/,
  },
  {
    name: "tenants page",
    sql: /from "tenants" (left join "tenant_shards" .* )?(where .* )?order by "tenants"\."created_at" desc/,
    index: /USING INDEX tenants_created/,
  },
];

/** Scans that are not a problem, each with its reason; any other scan fails. */
const ALLOWED_SCANS: { sql: RegExp; plan: string; why: string }[] = [
  {
    sql: /^select .* from "tenants" (left join "tenant_shards" on "tenant_shards"\."tenant_id" = "tenants"\."id" )?order by "tenants"\."created_at" desc, "tenants"\."id" desc limit \?$/,
    plan: "SCAN tenants USING INDEX tenants_created",
    why: "the operator's first page of tenants walks the index newest first and stops at the limit",
  },
  {
    sql: /^select "id", "tenant_id", "enqueue_attempts" from "events" where \("events"\."enqueued_at" is null and .* order by "events"\."enqueue_attempts" asc, "events"\."created_at" asc limit \?$/,
    plan: "SCAN events USING INDEX events_unenqueued",
    why: "the sweep's unsent events: the partial index holds only those, in the order the sweep takes them, and it stops at the page",
  },
  {
    sql: /^update "callback_deliveries" set .* where \("callback_deliveries"\."id" in \(select "id" from "callback_deliveries" where \("callback_deliveries"\."status" = 'pending' and /,
    plan: "SCAN callback_deliveries USING INDEX callback_deliveries_pending",
    why: "the sweep's lost deliveries: the partial index holds only pending ones, oldest first, and it stops at the page",
  },
];

/** A webhook as the processor signs it, sent through the recording app. */
async function processorWebhook(entity: string, type: string, plural: string, resource: Record<string, unknown>): Promise<Request> {
  const rawBody = JSON.stringify({ type, entity, occurred_at: new Date().toISOString(), _embedded: { [plural]: [resource] } });
  const timestamp = Math.floor(Date.now() / 1000);
  const sig = await hmacSha256Hex(env.PROCESSOR_WEBHOOK_SIGNING_KEY, `${timestamp}:${rawBody}`);
  return new Request("https://payment-connect.test/webhooks/processor", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Authorization: `Basic ${btoa(`${env.PROCESSOR_WEBHOOK_USERNAME}:${env.PROCESSOR_WEBHOOK_PASSWORD}`)}`,
      "Finix-Signature": `timestamp=${timestamp}, sig=${sig}`,
    },
    body: rawBody,
  });
}

describe("query plans of the hot paths", () => {
  it("never scans a table", async () => {
    const statements = new Map<string, Statement>();
    const recorded = recordingEnv(statements);
    const app = createApp();
    const send = async (request: Request) => {
      const executionCtx = createExecutionContext();
      const response = await app.fetch(request, recorded, executionCtx);
      await waitOnExecutionContext(executionCtx);
      return response;
    };
    const run = (path: string, init: RequestInit = {}) => send(new Request(`https://payment-connect.test${path}`, init));

    const { auth, tenantId } = await chargeableTenant("Plan Roasters");
    const receiver = mockReceiver("https://plans.example");
    await run(`/admin/tenants/${tenantId}/callbacks`, jsonInit("PUT", { url: "https://plans.example/hooks" }, ADMIN_HEADERS));
    const card = await run(
      "/v1/payments",
      jsonInit(
        "POST",
        { amountCents: 2500, currency: "USD", orderRef: "plan-1", processorToken: await cardToken(), buyer },
        { ...auth, "Idempotency-Key": "plan-card" },
      ),
    );
    expect(card.status).toBe(201);
    const { lcPaymentId } = await card.json<{ lcPaymentId: string }>();
    const ach = await run(
      "/v1/payments",
      jsonInit(
        "POST",
        { amountCents: 4100, currency: "USD", orderRef: "plan-2", processorToken: await bankToken(), buyer },
        { ...auth, "Idempotency-Key": "plan-ach" },
      ),
    );
    expect(ach.status).toBe(201);
    expect((await run(`/v1/payments/${lcPaymentId}`, { headers: auth })).status).toBe(200);
    const first = await (await run("/v1/payments?limit=1", { headers: auth })).json<{ nextCursor: string }>();
    expect((await run(`/v1/payments?limit=1&cursor=${first.nextCursor}`, { headers: auth })).status).toBe(200);
    expect((await run("/v1/payments?status=succeeded&limit=5", { headers: auth })).status).toBe(200);
    expect((await run("/v1/payments?status=processing&limit=5", { headers: auth })).status).toBe(200);
    const refunded = await run(
      `/v1/payments/${lcPaymentId}/refund`,
      jsonInit("POST", { amountCents: 500 }, { ...auth, "Idempotency-Key": "plan-refund" }),
    );
    expect(refunded.status).toBe(200);
    expect((await run("/v1/onboarding/status", { headers: auth })).status).toBe(200);
    expect(
      (await run(`/admin/tenants/${tenantId}/callbacks/events?type=transfer.updated&limit=5`, { headers: ADMIN_HEADERS })).status,
    ).toBe(200);
    for (const status of ["pending", "delivered"]) {
      const deliveries = await run(`/admin/tenants/${tenantId}/callbacks/deliveries?status=${status}&limit=5`, { headers: ADMIN_HEADERS });
      expect(deliveries.status).toBe(200);
    }
    for (const path of [
      "/v1/events?limit=1",
      "/v1/events?type=transfer.updated,dispute.created&limit=5",
      "/v1/events?deliveryStatus=failed",
    ]) {
      expect((await run(path, { headers: auth })).status, path).toBe(200);
    }
    const { data: tenantEvents } = await (await run("/v1/events?limit=1", { headers: auth })).json<{ data: { id: string }[] }>();
    expect((await run(`/v1/events/${tenantEvents[0]!.id}`, { headers: auth })).status).toBe(200);

    await seedDispute(tenantId, lcPaymentId);
    await seedDispute(tenantId, lcPaymentId);
    await seedPayout(tenantId);
    await seedPayout(tenantId);
    await createTenant("Plan Brewers");
    for (const _ of [1, 2]) {
      const reader = await run("/v1/terminal/readers", jsonInit("POST", { serialNumber: newSerial(), model: "PAX_A920PRO" }, auth));
      expect(reader.status).toBe(201);
    }
    const firstPages = ["/v1/disputes", "/v1/payouts", "/v1/terminal/readers", "/admin/tenants"];
    for (const path of firstPages) {
      const headers = path.startsWith("/admin") ? ADMIN_HEADERS : auth;
      const response = await run(`${path}?limit=1`, { headers });
      expect(response.status).toBe(200);
      const { nextCursor } = await response.json<{ nextCursor: string | null }>();
      expect(nextCursor).not.toBeNull();
      expect((await run(`${path}?limit=1&cursor=${nextCursor}`, { headers })).status).toBe(200);
    }
    for (const path of ["/v1/disputes?state=open", "/v1/payouts?status=paid", "/v1/terminal/readers?status=registered"]) {
      expect((await run(path, { headers: auth })).status).toBe(200);
    }

    const shard = await tenantShardBinding(tenantId);
    const tenantDb = shardDb(shardD1(env, shard));
    const merchantId = (await controlDb().query.tenants.findFirst({ where: eq(tenants.id, tenantId) }))!.processorMerchantId!;
    const achRow = await tenantDb.query.payments.findFirst({
      columns: { id: true, processorTransferId: true },
      where: eq(payments.idempotencyKey, "plan-ach"),
    });
    const later = new Date(Date.now() + 60_000).toISOString();
    const sale = {
      id: achRow!.processorTransferId,
      state: "SUCCEEDED",
      type: "DEBIT",
      merchant: merchantId,
      idempotency_id: achRow!.id,
      updated_at: later,
    };
    expect((await send(await processorWebhook("transfer", "updated", "transfers", sale))).status).toBe(200);
    const reversal = await tenantDb.query.refunds.findFirst({
      columns: { id: true, processorReversalId: true },
      where: eq(refunds.idempotencyKey, "plan-refund"),
    });
    const reversed = {
      id: reversal!.processorReversalId,
      state: "SUCCEEDED",
      type: "REVERSAL",
      merchant: merchantId,
      idempotency_id: reversal!.id,
      updated_at: later,
    };
    expect((await send(await processorWebhook("transfer", "updated", "transfers", reversed))).status).toBe(200);
    const merchant = {
      id: merchantId,
      created_at: later,
      identity: "IDplanidentity",
      onboarding_state: "APPROVED",
      processing_enabled: true,
      settlement_enabled: true,
      updated_at: later,
    };
    expect((await send(await processorWebhook("merchant", "updated", "merchants", merchant))).status).toBe(200);
    const unknownMerchant = { ...merchant, id: "MUplanunknown", identity: "IDplanunknown" };
    expect((await send(await processorWebhook("merchant", "updated", "merchants", unknownMerchant))).status).toBe(200);
    const form = { id: "obf_planform", status: "COMPLETED", identity_id: "IDplanidentity", created_at: later, updated_at: later };
    expect((await send(await processorWebhook("onboarding_form", "updated", "onboarding_forms", form))).status).toBe(200);

    const sweepAt = Date.now() + 10 * 60_000;
    await reconcileLedger({ ctx: createContext(recorded, { nowMs: sweepAt }).forShard(shard) });
    await sweepCallbacks({ ctx: createContext(recorded, { nowMs: sweepAt }).forShard(shard) });
    const pending = await tenantDb
      .select({ id: callbackDeliveries.id })
      .from(callbackDeliveries)
      .where(and(eq(callbackDeliveries.tenantId, tenantId), eq(callbackDeliveries.status, "pending")));
    expect(pending.length).toBeGreaterThan(0);
    const batch = {
      queue: "payment-connect-callbacks",
      messages: pending.map(({ id }, index) => ({
        id: `plan-${index}`,
        timestamp: new Date(),
        attempts: 1,
        body: { deliveryId: id, shard },
        ack() {},
        retry() {},
      })),
      ackAll() {},
      retryAll() {},
    } as unknown as MessageBatch;
    await handleCallbackBatch({ ctx: createContext(recorded), input: batch });
    expect(receiver.received.length).toBeGreaterThan(0);

    // The dashboard's payment search, each kind on a first page and after a cursor, and what a payment's page reads.
    const pageCtx = createContext(recorded).forTenant({ id: tenantId, shard });
    const cursorFor = (kind: PaymentSearchKind, value: string | number) =>
      encodeCursor(
        { createdAt: new Date().toISOString(), id: lcPaymentId },
        { list: "payment-search-cursor", tenantId, filters: JSON.stringify([kind, value]), secret: env.KEY_PEPPER },
      );
    for (const [q, kind, value] of [
      [lcPaymentId, "id", lcPaymentId],
      ["ada@example.com", "email", "ada@example.com"],
      ["0006", "lastFour", "0006"],
      ["25.00", "amount", 2500],
      ["plan-1", "orderRef", "plan-1"],
      ["plan-", "orderRefPrefix", "plan-"],
    ] as const) {
      for (const cursor of [undefined, await cursorFor(kind, value)]) {
        const found = await searchPayments({ ctx: pageCtx, input: { q, as: kind, limit: 1, cursor } });
        expect(found?.term.kind).toBe(kind);
      }
    }
    const story = { paymentId: lcPaymentId };
    expect(await refundsOfPayment({ ctx: pageCtx, input: story })).toHaveLength(1);
    expect(await disputesOfPayment({ ctx: pageCtx, input: story })).toHaveLength(2);
    expect(await payoutItemsOfPayment({ ctx: pageCtx, input: story })).toEqual([]);
    const history = await subjectHistory({ ctx: pageCtx, input: { subjectId: lcPaymentId, limit: 50 } });
    expect(history.events.flatMap((event) => event.deliveries).length).toBeGreaterThan(0);

    const archived = await archiveCallbackHistory({
      ctx: createContext(recorded, { nowMs: Date.now() + 400 * 86_400_000 }).forShard(shard),
    });
    expect(archived.events).toBeGreaterThan(0);

    // The dashboard's overview: its money by day, open holds, payouts at a glance, disputes awaiting an answer; a payout's item counts.
    const overviewCtx = createContext(recorded).forTenant({ id: tenantId, shard });
    const today = new Date().toISOString().slice(0, 10);
    const days = await moneyByDay({ ctx: overviewCtx, input: { fromDay: "2026-01-01", toDay: today } });
    expect(days.reduce((sum, day) => sum + day.succeeded, 0)).toBeGreaterThan(0);
    expect(await openHolds({ ctx: overviewCtx })).toEqual({ count: 0, amountCents: 0 });
    const { last } = await payoutsAtAGlance({ ctx: overviewCtx });
    expect(last).not.toBeNull();
    expect((await disputesAwaitingResponse({ ctx: overviewCtx, input: { limit: 5 } })).count).toBe(2);
    await payoutItemCounts({ ctx: overviewCtx, input: { payoutId: last!.id } });
    // Grouped by day in the order the index walks: nothing sorted, no table row read.
    const byDay = [...statements.values()].filter(({ sql }) => /group by substr\(/.test(sql));
    expect(byDay).toHaveLength(2);
    for (const statement of byDay) {
      const plan = await explain(statement);
      expect(plan, statement.sql).toEqual([
        expect.stringMatching(/^SEARCH (payments|refunds) USING COVERING INDEX (payments|refunds)_tenant_day /),
      ]);
    }

    const scans: { sql: string; plan: string[] }[] = [];
    const wrongIndex: { name: string; sql: string; plan: string[] }[] = [];
    const unseen = new Set(EXPECTED_INDEXES.map((expected) => expected.name));
    for (const statement of statements.values()) {
      const { sql } = statement;
      const plan = await explain(statement);
      const scanned = plan.filter((detail) => TABLE_SCAN.test(detail));
      const allowed = ALLOWED_SCANS.some((scan) => scan.sql.test(sql) && scanned.every((detail) => detail === scan.plan));
      if (scanned.length > 0 && !allowed) scans.push({ sql, plan });
      for (const expected of EXPECTED_INDEXES.filter((candidate) => candidate.sql.test(sql))) {
        unseen.delete(expected.name);
        if (!plan.some((detail) => expected.index.test(detail))) wrongIndex.push({ name: expected.name, sql, plan });
      }
    }
    expect(statements.size).toBeGreaterThan(30);
    expect(scans).toEqual([]);
    expect(wrongIndex).toEqual([]);
    expect([...unseen]).toEqual([]);
  });
});
