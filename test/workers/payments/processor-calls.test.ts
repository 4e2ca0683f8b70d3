import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { payments } from "../../../src/payments/payments.schema";
import { reconcileLedger } from "../../../src/payments/reconciliation";
import { shardOf } from "../support/db";
import { ADMIN_HEADERS, call } from "../support/http";
import { lookup, type Payment, refund } from "../support/payments";
import { bankToken, cardToken, charge, chargeableTenant, chargeBody, control } from "../support/sandbox";
import { shardContexts } from "../support/shards";
import { activeReader, buyer, finalPayment, type Sale, saleBody, startSale, waitingOnReader } from "../support/terminal";

// What each operation costs in calls to the processor with the platform's one credential (its rate limit: about 100
// reads and 100 writes a second), end to end: the request, the webhooks it causes and the cron's follow-ups. The
// sandbox counts the service's calls by operation; `npm run bench` prints the same table, docs/scale.md the ceiling.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The service's calls to the processor so far, by operation (`POST /transfers`), as the sandbox counted them. */
async function callsSoFar(): Promise<Record<string, number>> {
  const response = await call("/sandbox/control/calls", { headers: ADMIN_HEADERS });
  expect(response.status).toBe(200);
  return (await response.json<{ result: Record<string, number> }>()).result;
}

/** The calls the service made while `work` ran, by operation. */
async function callsDuring(work: () => Promise<unknown>): Promise<Record<string, number>> {
  const before = await callsSoFar();
  await work();
  const after = await callsSoFar();
  return Object.fromEntries(
    Object.entries(after)
      .map(([operation, count]) => [operation, count - (before[operation] ?? 0)] as const)
      .filter(([, count]) => count > 0),
  );
}

const sweepAt = (nowMs: number) => Promise.all(shardContexts({ nowMs }).map((ctx) => reconcileLedger({ ctx })));

/** Every webhook the operation made due, delivered and handled; then the cron's ledger sweep, once a minute for ten minutes. */
async function followUps() {
  await control("run-jobs", {});
  const start = Date.now();
  for (let minute = 0; minute < 10; minute++) await sweepAt(start + minute * MINUTE);
}

/**
 * A tenant whose merchant has sold once already: the first sale of a settlement also has the settlement read
 * (`GET /settlements/{settlement_id}`, once per settlement, by the payouts capability), which is not any one sale's cost.
 */
async function sellingTenant(name: string) {
  const tenant = await chargeableTenant(name);
  const first = await callsDuring(async () => {
    const created = await (await charge(tenant.auth, chargeBody(await cardToken()))).json<Payment>();
    expect(created.status).toBe("succeeded");
    await followUps();
  });
  expect(first["GET /settlements/{settlement_id}"]).toBe(1);
  return tenant;
}

describe("processor calls per operation, follow-ups included", () => {
  // A settlement closing (and read again by the service) in the middle of a later test would be counted there.
  beforeAll(() => control("config", { delaysSeconds: { settlement: 3600 } }));

  it("a card charge of a new buyer: identity, instrument and transfer written; the fee read once it settled", async () => {
    const { auth } = await sellingTenant("Calls New Buyer");
    const token = await cardToken();
    const calls = await callsDuring(async () => {
      const body = chargeBody(token, { buyer: { firstName: "Nell", lastName: "New", email: "nell@example.com" } });
      expect((await charge(auth, body)).status).toBe(201);
      await followUps();
    });
    expect(calls).toEqual({ "POST /identities": 1, "POST /payment_instruments": 1, "POST /transfers": 1, "GET /fees": 1 });
  }, 60_000);

  it("a returning buyer's new card: the buyer's identity reused, whatever the case of the address", async () => {
    const { auth } = await sellingTenant("Calls Returning");
    const returning = { firstName: "Rita", lastName: "Return", email: "rita@example.com" };
    expect((await charge(auth, chargeBody(await cardToken(), { buyer: returning }))).status).toBe(201);
    await followUps();
    const token = await cardToken();
    const calls = await callsDuring(async () => {
      expect((await charge(auth, chargeBody(token, { buyer: { ...returning, email: "Rita@Example.com" } }))).status).toBe(201);
      await followUps();
    });
    expect(calls).toEqual({ "POST /payment_instruments": 1, "POST /transfers": 1, "GET /fees": 1 });
  }, 60_000);

  it("a stored instrument: the transfer alone, and the fee read", async () => {
    const { auth } = await sellingTenant("Calls Stored");
    const first = await (await charge(auth, chargeBody(await cardToken()))).json<Payment>();
    await followUps();
    const { processorInstrumentId } = await lookup(auth, first.lcPaymentId);
    const calls = await callsDuring(async () => {
      const body = { amountCents: 1200, currency: "USD", orderRef: "calls-stored", processorInstrumentId };
      expect((await charge(auth, body)).status).toBe(201);
      await followUps();
    });
    expect(calls).toEqual({ "POST /transfers": 1, "GET /fees": 1 });
  }, 60_000);

  it("a refund, partial or full: the reversal alone; returning the application fee adds its credit", async () => {
    const { auth } = await sellingTenant("Calls Refund");
    const sale = await (await charge(auth, chargeBody(await cardToken(), { amountCents: 10_000 }))).json<Payment>();
    await followUps();
    const refunded = (body: unknown) =>
      callsDuring(async () => {
        expect((await refund(auth, sale.lcPaymentId, body, crypto.randomUUID())).status).toBe(200);
        await followUps();
      });
    expect(await refunded({ amountCents: 2000 })).toEqual({ "POST /transfers/{transfer_id}/reversals": 1 });
    expect(await refunded({ amountCents: 3000, refundApplicationFee: true })).toEqual({
      "POST /transfers/{transfer_id}/reversals": 1,
      "POST /transfers": 1,
    });
    expect(await refunded({})).toEqual({ "POST /transfers/{transfer_id}/reversals": 1 });
    expect((await lookup(auth, sale.lcPaymentId)).status).toBe("refunded");
  }, 60_000);

  it("an ACH debit of a new buyer, pending three days: looked at 2 minutes after the charge, then once a day, until its webhook settles it", async () => {
    const { auth, tenantId } = await sellingTenant("Calls ACH");
    const token = await bankToken();
    const calls = await callsDuring(async () => {
      const body = chargeBody(token, { buyer: { firstName: "Abe", lastName: "Bank", email: "abe@example.com" } });
      const debit = await (await charge(auth, body)).json<Payment>();
      expect(debit.status).toBe("processing");
      const createdMs = Date.now();
      const shard = await shardOf(tenantId);
      const nextCheck = async () =>
        Date.parse(
          (await shard.query.payments.findFirst({ columns: { nextCheckAt: true }, where: eq(payments.id, debit.lcPaymentId) }))!
            .nextCheckAt!,
        );
      // The cron's ledger sweep at each time the debit comes due, for the three days the banks take.
      for (let due = await nextCheck(); due < createdMs + 3 * DAY; due = await nextCheck()) await sweepAt(due);
      expect((await lookup(auth, debit.lcPaymentId)).status).toBe("processing");
      await control("settle-ach", { id: debit.processorTransferId });
      expect((await lookup(auth, debit.lcPaymentId)).status).toBe("succeeded");
      await followUps();
    });
    expect(calls).toEqual({
      "POST /identities": 1,
      "POST /payment_instruments": 1,
      "POST /transfers": 1,
      // 2 minutes after the charge, then after one day and after two (not every hour: 77 looks).
      "GET /transfers/{transfer_id}": 3,
      "GET /fees": 1,
    });
  }, 60_000);

  it("a reader sale: the card-present transfer, and the fee read", async () => {
    const { auth } = await sellingTenant("Calls Reader");
    const reader = await activeReader(auth);
    const calls = await callsDuring(async () => {
      const started = await (await startSale(auth, saleBody(reader.lcReaderId))).json<Sale>();
      await waitingOnReader(reader.processorDeviceId);
      await buyer(reader.processorDeviceId, "approve");
      expect((await finalPayment(auth, started.lcPaymentId)).status).toBe("succeeded");
      await followUps();
    });
    expect(calls).toEqual({ "POST /transfers": 1, "GET /fees": 1 });
  }, 60_000);

  it("counts only the service's calls: the processor read through /sandbox/processor is not one of them", async () => {
    const calls = await callsDuring(async () => {
      const response = await call("/sandbox/processor/transfers?limit=1", {
        headers: { Authorization: `Basic ${btoa(`${env.PROCESSOR_USERNAME}:${env.PROCESSOR_PASSWORD}`)}`, "Finix-Version": "2022-02-01" },
      });
      expect(response.status).toBe(200);
    });
    expect(calls).toEqual({});
  });
});
