import { env } from "cloudflare:workers";
import { expect } from "vitest";

import { sweepDisputes } from "../../../src/disputes";
import { eventually, independentHmacHex, type ReceivedCallback, revealSecrets } from "./callbacks";
import { call, jsonInit } from "./http";
import type { Payment } from "./payments";
import { cardToken, charge, chargeableTenant, chargeBody, control } from "./sandbox";
import { shardContexts } from "./shards";

// Helpers shared by the disputes tests (test/workers/disputes/) and the payouts tests that involve a chargeback.

export type Evidence = {
  lcEvidenceId: string;
  lcDisputeId: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  state: string;
  failureCode: string | null;
  failureMessage: string | null;
  processorEvidenceId: string | null;
};

export type Dispute = {
  lcDisputeId: string;
  lcPaymentId: string;
  orderRef: string | null;
  amountCents: number;
  currency: string;
  reason: string | null;
  state: string;
  responseState: string;
  respondBy: string | null;
  acceptsResponse: boolean;
  submission: string;
  submitted: boolean;
  submittedAtUtc: string | null;
  acceptance: string;
  acceptedAtUtc: string | null;
  evidence: Evidence[];
  processorDisputeId: string;
  processorTransferId: string;
};

/** Leading bytes of each accepted type, then filler up to `size` bytes. */
const SIGNATURES = {
  pdf: [0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a],
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpg: [0xff, 0xd8, 0xff, 0xe0],
  tiff: [0x49, 0x49, 0x2a, 0x00],
};

/** A file whose content is of `kind` (its bytes differ by `seed`, so each call is a new piece of evidence unless the seed repeats). */
export function fileOf(kind: keyof typeof SIGNATURES, size: number, seed = crypto.randomUUID()): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(SIGNATURES[kind]);
  const filler = new TextEncoder().encode(seed);
  for (let i = SIGNATURES[kind].length; i < size; i++) bytes[i] = filler[i % filler.length]!;
  return bytes;
}

export function evidenceForm(bytes: Uint8Array, name: string, type = "application/octet-stream", part = "file"): FormData {
  const form = new FormData();
  form.append(part, new File([bytes], name, { type }));
  return form;
}

export function postEvidence(
  auth: Record<string, string>,
  disputeId: string,
  body: FormData | BodyInit,
  headers: Record<string, string> = {},
) {
  return call(`/v1/disputes/${disputeId}/evidence`, { method: "POST", headers: { ...auth, ...headers }, body });
}

export function submitDispute(auth: Record<string, string>, disputeId: string, body?: unknown, key?: string) {
  const headers = { ...auth, ...(key ? { "Idempotency-Key": key } : {}) };
  return call(`/v1/disputes/${disputeId}/submit`, body === undefined ? { method: "POST", headers } : jsonInit("POST", body, headers));
}

/** `POST /v1/disputes/{id}/accept`, with a JSON body or none. */
export function acceptDispute(auth: Record<string, string>, disputeId: string, body?: unknown) {
  return call(`/v1/disputes/${disputeId}/accept`, body === undefined ? { method: "POST", headers: auth } : jsonInit("POST", body, auth));
}

export async function getDispute(auth: Record<string, string>, disputeId: string): Promise<Dispute> {
  const response = await call(`/v1/disputes/${disputeId}`, { headers: auth });
  expect(response.status).toBe(200);
  return response.json();
}

export async function disputeOfPayment(auth: Record<string, string>, lcPaymentId: string): Promise<Dispute | undefined> {
  const response = await call("/v1/disputes?limit=200", { headers: auth });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Dispute[] }).data.find((dispute) => dispute.lcPaymentId === lcPaymentId);
}

export async function paymentOf(auth: Record<string, string>, lcPaymentId: string): Promise<Payment & { status: string }> {
  return (await call(`/v1/payments/${lcPaymentId}`, { headers: auth })).json();
}

/**
 * A tenant with a card payment the buyer disputed at the sandbox processor (opened with the tenant's own control, whose
 * webhooks have reached the service when it answers).
 */
export async function disputedPayment(options: { amountCents?: number; reason?: string; disputeAmount?: number; name?: string } = {}) {
  const tenant = await chargeableTenant(options.name ?? "Disputed Goods Co");
  const payment = await (
    await charge(tenant.auth, chargeBody(await cardToken(), { amountCents: options.amountCents ?? 12_000 }))
  ).json<Payment>();
  const opened = await control<{ id: string }>(
    "open-dispute",
    { id: payment.processorTransferId, reason: options.reason, amount: options.disputeAmount },
    tenant.auth,
  );
  const dispute = await disputeOfPayment(tenant.auth, payment.lcPaymentId);
  expect(dispute).toBeDefined();
  return { ...tenant, payment, processorDisputeId: opened.id, dispute: dispute! };
}

/** The dispute sweep as the cron runs it on every shard, `afterMs` from now. */
export const sweepDisputesAt = (afterMs: number) =>
  Promise.all(shardContexts({ nowMs: Date.now() + afterMs }).map((ctx) => sweepDisputes({ ctx })));

/** Every evidence file the sandbox processor holds for a dispute. */
export async function processorEvidence(
  processorDisputeId: string,
): Promise<{ id: string; state: string; tags: Record<string, string> }[]> {
  const response = await call(`/sandbox/processor/disputes/${processorDisputeId}/evidence?limit=100`, {
    headers: { Authorization: `Basic ${btoa(`${env.PROCESSOR_USERNAME}:${env.PROCESSOR_PASSWORD}`)}`, "Finix-Version": "2022-02-01" },
  });
  return ((await response.json()) as { _embedded: { evidences: { id: string; state: string; tags: Record<string, string> }[] } })._embedded
    .evidences;
}

/** Checks a received callback's LC-Signature against the tenant's current secret, recomputed independently. */
export async function expectSignedForTenant(callback: ReceivedCallback, tenantId: string): Promise<void> {
  const { secret } = (await revealSecrets(tenantId))[0]!;
  const signature = callback.headers.get("LC-Signature")!;
  const t = Number(signature.match(/^t=(\d+),/)![1]);
  expect(signature).toBe(`t=${t},v1=${await independentHmacHex(secret, `${t}.${callback.rawBody}`)}`);
  expect(callback.headers.get("LC-Event-Id")).toBe(JSON.parse(callback.rawBody).id);
}

/** The callbacks of one type the receiver got for a payment, waiting for the queue to deliver `count` of them. */
export async function callbacksFor(
  receiver: { received: ReceivedCallback[] },
  type: string,
  lcPaymentId: string,
  count = 1,
): Promise<ReceivedCallback[]> {
  const matching = () =>
    receiver.received.filter(
      (callback) => callback.headers.get("LC-Event-Type") === type && JSON.parse(callback.rawBody).lcPaymentId === lcPaymentId,
    );
  await eventually(
    async () => matching().length,
    (n) => n >= count,
  );
  return matching();
}
