import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { expect } from "vitest";

import { IDEMPOTENCY_LEASE_MS, type IdempotencyStore } from "../../../src/idempotency/idempotency.durable-object";
import { idempotencyStoreFor, requestFingerprint } from "../../../src/idempotency/idempotency.service";
import { payments } from "../../../src/payments/payments.schema";
import { shardOf } from "./db";
import { call, jsonInit, tenantWithKey } from "./http";
import { paymentId, seedPayments } from "./ledger";
import { cardToken, charge, chargeableTenant, chargeBody } from "./sandbox";

// Helpers shared by the payments tests (test/workers/payments/).

/** How many transfers the sandbox processor holds under a payment's idempotency_id. */
export async function processorTransfersFor(paymentId: string): Promise<number> {
  const response = await call(`/sandbox/processor/transfers?idempotency_id=${paymentId}&limit=100`, {
    headers: { Authorization: `Basic ${btoa(`${env.PROCESSOR_USERNAME}:${env.PROCESSOR_PASSWORD}`)}`, "Finix-Version": "2022-02-01" },
  });
  return ((await response.json()) as { _embedded: { transfers: unknown[] } })._embedded.transfers.length;
}

export async function paymentCount(tenantId: string): Promise<number> {
  return (await shardOf(tenantId)).$count(payments, eq(payments.tenantId, tenantId));
}

/** A created payment as the refund tests read it. */
export type Payment = {
  lcPaymentId: string;
  status: string;
  amountCents: number;
  amountRefundedCents: number;
  applicationFeeCents: number;
  processorTransferId: string;
};

export async function paidPayment(amountCents = 10_000) {
  const tenant = await chargeableTenant();
  const created = await (await charge(tenant.auth, chargeBody(await cardToken(), { amountCents }))).json<Payment>();
  return { ...tenant, payment: created };
}

export function refund(auth: Record<string, string>, id: string, body?: unknown, key?: string) {
  const headers: Record<string, string> = { ...auth, ...(key ? { "Idempotency-Key": key } : {}) };
  return call(`/v1/payments/${id}/refund`, body === undefined ? { method: "POST", headers } : jsonInit("POST", body, headers));
}

/** One page of GET /v1/payments. */
export type PaymentsPage = {
  data: { lcPaymentId: string; createdAtUtc: string; status: string }[];
  hasMore: boolean;
  nextCursor: string;
};

export async function paymentsPage(auth: Record<string, string>, query: string): Promise<PaymentsPage> {
  const response = await call(`/v1/payments?${query}`, { headers: auth });
  expect(response.status).toBe(200);
  return response.json();
}

export async function tenantWithPayments(count: number, prefix: string) {
  const tenant = await tenantWithKey();
  const base = Date.parse("2026-03-01T00:00:00Z");
  await seedPayments(
    tenant.tenantId,
    Array.from({ length: count }, (_, i) => ({
      id: paymentId(i, prefix),
      status: i % 3 === 0 ? "failed" : "succeeded",
      amountCents: 100 + i,
      // Pairs share a timestamp so the id tie-break is exercised.
      createdAt: new Date(base + Math.floor(i / 2) * 1000).toISOString(),
    })),
  );
  return tenant;
}

const PROCESSOR_AUTH = {
  Authorization: `Basic ${btoa(`${env.PROCESSOR_USERNAME}:${env.PROCESSOR_PASSWORD}`)}`,
  "Finix-Version": "2022-02-01",
};

/** A GET on the sandbox processor's REST API, as the processor's own records say. */
export async function processorGet<T = any>(path: string): Promise<T> {
  const response = await call(`/sandbox/processor${path}`, { headers: PROCESSOR_AUTH });
  if (!response.ok) throw new Error(`processor GET ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** The reversals the processor holds for a sale, failed ones included. */
export async function processorReversals(transferId: string): Promise<{ id: string; amount: number; state: string }[]> {
  return (await processorGet(`/transfers/${transferId}/reversals?limit=100`))._embedded.transfers;
}

export type PaymentView = Payment & {
  currency: string;
  method: string | null;
  processorState: string | null;
  processorInstrumentId: string | null;
  applicationFeeRefundedCents: number;
  applicationFeeRefundPending: boolean;
  processorFeeCents: number | null;
  failureCode: string | null;
};

export async function lookup(auth: Record<string, string>, id: string): Promise<PaymentView> {
  const response = await call(`/v1/payments/${id}`, { headers: auth });
  expect(response.status).toBe(200);
  return response.json();
}

/**
 * What a server killed in the middle of `POST path` leaves in the key's Durable Object: the key in flight, its lease
 * `leftMs` from running out. `expire` lets the lease lapse; `forget` deletes the key, as its retention ending would.
 */
export async function crashedRequestLease(tenantId: string, path: string, key: string, body: unknown, leftMs: number) {
  const store = await idempotencyStoreFor(env, tenantId, key);
  const fingerprint = await requestFingerprint("POST", path, body);
  await store.begin(key, fingerprint, Date.now() - IDEMPOTENCY_LEASE_MS + leftMs);
  return {
    expire: () =>
      runInDurableObject(store, (_: IdempotencyStore, state) =>
        state.storage.sql.exec("UPDATE idempotency_keys SET lease_expires_at = ? WHERE key = ?", Date.now() - 1, key),
      ),
    forget: () =>
      runInDurableObject(store, (_: IdempotencyStore, state) => state.storage.sql.exec("DELETE FROM idempotency_keys WHERE key = ?", key)),
  };
}
