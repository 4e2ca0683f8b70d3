import { env } from "cloudflare:workers";
import { and, asc, eq, sql } from "drizzle-orm";
import { expect } from "vitest";

import { events } from "../../../src/outbox/events.schema";
import { rowsOnEveryShard } from "./db";
import { call, jsonInit } from "./http";
import { control } from "./sandbox";

// Helpers shared by the terminal tests (test/workers/terminal/).

/** The processor credentials, for reading the sandbox processor's REST API directly. */
export const PROCESSOR_AUTH = {
  Authorization: `Basic ${btoa(`${env.PROCESSOR_USERNAME}:${env.PROCESSOR_PASSWORD}`)}`,
  "Finix-Version": "2022-02-01",
};

export type Reader = {
  lcReaderId: string;
  label: string;
  model: string;
  serialNumber: string;
  status: string;
  processorDeviceId: string;
  connection?: string;
  action: { type: string; status: string; lcPaymentId: string } | null;
};

export type Sale = {
  lcPaymentId: string;
  lcReaderId: string;
  status: string;
  method: string;
  amountCents: number;
  applicationFeeCents: number;
  orderRef: string;
  processorTransferId: string | null;
  processorState: string | null;
  failureCode: string | null;
};

/** A serial number no other test uses (serial numbers are unique across tenants). */
export const newSerial = () => `SN${crypto.randomUUID().replaceAll("-", "").slice(0, 14).toUpperCase()}`;

export function registerReader(auth: Record<string, string>, body: Record<string, unknown> = {}) {
  return call(
    "/v1/terminal/readers",
    jsonInit("POST", { serialNumber: newSerial(), model: "PAX_A920PRO", label: "Counter", ...body }, auth),
  );
}

export function readerAction(auth: Record<string, string>, readerId: string, action: "activate" | "deactivate" | "cancel") {
  return call(`/v1/terminal/readers/${readerId}/${action}`, { method: "POST", headers: auth });
}

export async function getReader(auth: Record<string, string>, readerId: string, query = ""): Promise<Reader> {
  const response = await call(`/v1/terminal/readers/${readerId}${query}`, { headers: auth });
  expect(response.status).toBe(200);
  return response.json();
}

/** A registered and activated reader of the tenant. */
export async function activeReader(auth: Record<string, string>): Promise<Reader> {
  const registered = await registerReader(auth);
  expect(registered.status).toBe(201);
  const { lcReaderId } = await registered.json<Reader>();
  const activated = await readerAction(auth, lcReaderId, "activate");
  expect(activated.status).toBe(200);
  return activated.json();
}

export function saleBody(readerId: string, overrides: Record<string, unknown> = {}) {
  return { readerId, amountCents: 1250, currency: "USD", orderRef: `order-${crypto.randomUUID().slice(0, 8)}`, ...overrides };
}

export function startSale(auth: Record<string, string>, body: unknown, key: string = crypto.randomUUID()) {
  return call("/v1/payments/terminal", jsonInit("POST", body, { ...auth, "Idempotency-Key": key }));
}

export async function paymentOf(auth: Record<string, string>, id: string): Promise<Sale> {
  const response = await call(`/v1/payments/${id}`, { headers: auth });
  expect(response.status).toBe(200);
  return response.json();
}

/** Polls the payment through the public API until it leaves `processing`. */
export async function finalPayment(auth: Record<string, string>, id: string, timeoutMs = 20_000): Promise<Sale> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const payment = await paymentOf(auth, id);
    if (payment.status !== "processing") return payment;
    if (Date.now() > deadline) throw new Error(`payment ${id} still processing after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The buyer at the reader: acts on the sale waiting there, or — when it has not reached the reader yet — as soon as it does. */
export function buyer(deviceId: string, outcome: "approve" | "decline" | "cancel", auth?: Record<string, string>) {
  return control("card-present", { device: deviceId, outcome }, auth);
}

/** Waits until the sale is waiting on the reader for the card (its transfer is PENDING at the processor). */
export async function waitingOnReader(deviceId: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [pending] = (await transfersOnDevice(deviceId)).filter((transfer) => transfer.state === "PENDING");
    if (pending) return pending.id;
    if (Date.now() > deadline) throw new Error(`no sale waiting on ${deviceId}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every device the sandbox processor holds for a merchant. */
export async function devicesOfMerchant(merchantId: string): Promise<{ id: string; serial_number: string; enabled: boolean }[]> {
  const response = await call(`/sandbox/processor/devices?merchant_id=${merchantId}&limit=100`, { headers: PROCESSOR_AUTH });
  expect(response.status).toBe(200);
  return (await response.json<{ _embedded: { devices: { id: string; serial_number: string; enabled: boolean }[] } }>())._embedded.devices;
}

type DeviceTransfer = { id: string; state: string; idempotency_id: string; device: string | null };

/**
 * Every card-present transfer the sandbox processor holds for a device: the processor lists transfers by merchant, not by
 * device (an undocumented `device` filter is refused), so the device's merchant's transfers are read and narrowed here.
 */
export async function transfersOnDevice(deviceId: string): Promise<DeviceTransfer[]> {
  const device = await (await call(`/sandbox/processor/devices/${deviceId}`, { headers: PROCESSOR_AUTH })).json<{ merchant: string }>();
  const response = await call(`/sandbox/processor/transfers?merchant_id=${device.merchant}&limit=100`, { headers: PROCESSOR_AUTH });
  const { transfers } = (await response.json<{ _embedded: { transfers: DeviceTransfer[] } }>())._embedded;
  return transfers.filter((transfer) => transfer.device === deviceId);
}

type DeviceHold = { id: string; state: string; amount: number; idempotency_id: string; device: string | null; transfer: string | null };

/** Every card-present hold (authorization) the sandbox processor holds for a device, read as `transfersOnDevice` reads sales. */
export async function holdsOnDevice(deviceId: string): Promise<DeviceHold[]> {
  const device = await (await call(`/sandbox/processor/devices/${deviceId}`, { headers: PROCESSOR_AUTH })).json<{ merchant: string }>();
  const response = await call(`/sandbox/processor/authorizations?merchant_id=${device.merchant}&limit=100`, { headers: PROCESSOR_AUTH });
  const { authorizations } = (await response.json<{ _embedded: { authorizations: DeviceHold[] } }>())._embedded;
  return authorizations.filter((authorization) => authorization.device === deviceId);
}

/** Waits until the hold is waiting on the reader for the card (its authorization is PENDING at the processor). */
export async function holdWaitingOnReader(deviceId: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [pending] = (await holdsOnDevice(deviceId)).filter((authorization) => authorization.state === "PENDING");
    if (pending) return pending.id;
    if (Date.now() > deadline) throw new Error(`no hold waiting on ${deviceId}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The `transfer.updated` event bodies recorded for a payment, oldest first. */
export async function paymentEvents(paymentId: string): Promise<{ id: string; status: string; processorState: string | null }[]> {
  const results = await rowsOnEveryShard((db) =>
    db
      .select({ payload: events.payload })
      .from(events)
      .where(and(eq(events.subjectId, paymentId), eq(events.type, "transfer.updated")))
      .orderBy(asc(events.createdAt), sql`rowid`),
  );
  return results.map((row) => JSON.parse(row.payload));
}
