import { logEvent } from "../core/log";
import { deliveryWebhook } from "../core/outbox";
import type { Stored } from "../core/records";
import type { Sandbox } from "../core/sandbox";
import { type DeliveryFaultKind, takeDeliveryFault } from "./faults";
import { finixSignature } from "./signature";

/** The processor retries a failed delivery five times, at +1.5, +2, +3, +5 and +9 minutes, then drops it. */
export const RETRY_DELAYS_SECONDS = [90, 120, 180, 300, 540];
const DELIVERY_TIMEOUT_MS = 15_000;

type DeliveryRow = {
  id: number;
  webhook_id: string;
  entity: string;
  type: string;
  resource_id: string;
  body: string;
  attempts: number;
  created_at: string;
  fault_kind: string | null;
};

export type DeliveryView = {
  id: number;
  webhookId: string;
  entity: string;
  type: string;
  resourceId: string;
  /** `lost`: a `lose` fault kept it from ever being sent. */
  status: "pending" | "delivered" | "dropped" | "lost";
  attempts: number;
  nextAttemptAt: string | null;
  lastResponseStatus: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
  body: string;
  /** The delivery fault that decided this delivery's fate; a duplicate's copy carries it too. */
  fault: { id: string; kind: DeliveryFaultKind } | null;
  /** On a duplicate's copy: the delivery it copies. */
  duplicateOf: number | null;
};

function authorizationHeader(webhook: Stored<"webhook">): string | null {
  const auth = webhook.internal.authentication;
  if (auth.type === "BASIC") return `Basic ${btoa(`${auth.basic.username}:${auth.basic.password}`)}`;
  if (auth.type === "BEARER") return `Bearer ${auth.bearer.token}`;
  return null;
}

type DeliveryTarget = { url: string; via: "self" | "service" | "network" };

/**
 * A bare path or a URL on the service's public origin is the service's: it goes through the SERVICE binding
 * (a Worker cannot reliably fetch its own public URL), except under `/sandbox/`, which the service only proxies to
 * this worker, so those are delivered to this worker's own fetch handler directly. Anything else goes over the network.
 */
function deliveryTarget(url: string, publicOrigin: string): DeliveryTarget {
  const absolute = new URL(url.startsWith("/") ? publicOrigin + url : url);
  if (absolute.origin !== new URL(publicOrigin).origin) return { url: absolute.href, via: "network" };
  const sandboxPath = absolute.pathname === "/sandbox" || absolute.pathname.startsWith("/sandbox/");
  return { url: absolute.href, via: sandboxPath ? "self" : "service" };
}

function send(sandbox: Sandbox, target: DeliveryTarget, request: Request): Promise<Response> {
  if (target.via === "self") return sandbox.selfFetch(request);
  if (target.via === "network") return fetch(request);
  const service = sandbox.service;
  if (!service) throw new Error(`No SERVICE binding: cannot deliver to the service at ${target.url}.`);
  return service.fetch(request);
}

/**
 * One signed POST to a webhook's URL; resolves to the HTTP status, or throws when the request did not complete. The
 * signature's timestamp is `signedAtMs`: the processor does not document that a retry is signed anew, so the sandbox
 * takes the stricter reading and signs every attempt of a delivery with the time of its first.
 */
export async function postToWebhook(sandbox: Sandbox, webhook: Stored<"webhook">, rawBody: string, signedAtMs: number): Promise<number> {
  const target = deliveryTarget(webhook.record.url, sandbox.publicOrigin);
  const headers = new Headers({
    "Content-Type": "application/json",
    "User-Agent": "Finix-Webhooks (payment-connect sandbox)",
    "Finix-Signature": await finixSignature(webhook.record.secret_signing_key, rawBody, Math.floor(signedAtMs / 1000)),
  });
  const authorization = authorizationHeader(webhook);
  if (authorization) headers.set("Authorization", authorization);
  const request = new Request(target.url, { method: "POST", headers, body: rawBody, signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS) });
  const response = await send(sandbox, target, request);
  await response.body?.cancel();
  return response.status;
}

/**
 * A delivery fault decides a delivery's fate once, before its first attempt: lost, held back, or sent now with a copy
 * to follow (the copy, marked, is not faulted again). Answers whether the delivery still goes now.
 */
function applyDeliveryFault(sandbox: Sandbox, row: DeliveryRow, horizon: number): boolean {
  const fault = takeDeliveryFault(sandbox, row.entity, row.type);
  if (!fault) return true;
  // From this turn's horizon, so that a copy with no delay is sent in this same turn.
  const later = horizon + (fault.delayMs ?? 0);
  const mark = "fault_id = ?, fault_kind = ?";
  if (fault.kind === "lose") {
    sandbox.sql.exec(
      `UPDATE deliveries SET status = 'lost', next_attempt_at = NULL, last_error = ?, ${mark} WHERE id = ?`,
      `sandbox fault ${fault.id}: lost`,
      fault.id,
      fault.kind,
      row.id,
    );
    return false;
  }
  if (fault.kind === "delay") {
    sandbox.sql.exec(`UPDATE deliveries SET next_attempt_at = ?, ${mark} WHERE id = ?`, later, fault.id, fault.kind, row.id);
    return false;
  }
  sandbox.sql.exec(`UPDATE deliveries SET ${mark} WHERE id = ?`, fault.id, fault.kind, row.id);
  sandbox.sql.exec(
    `INSERT INTO deliveries (webhook_id, entity, type, resource_id, body, status, attempts, next_attempt_at, created_at, fault_id, fault_kind, duplicate_of)
     VALUES (?, ?, ?, ?, ?, 'pending', 0, ?, ?, ?, ?, ?)`,
    row.webhook_id,
    row.entity,
    row.type,
    row.resource_id,
    row.body,
    later,
    row.created_at,
    fault.id,
    fault.kind,
    row.id,
  );
  return true;
}

/** Sends every delivery due by `horizon`, oldest first; failures are rescheduled on the processor's retry ladder. */
export async function deliverDue(sandbox: Sandbox, horizon: number): Promise<void> {
  for (;;) {
    const row = sandbox.sql
      .exec<DeliveryRow>(
        `SELECT id, webhook_id, entity, type, resource_id, body, attempts, created_at, fault_kind FROM deliveries
         WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY id LIMIT 1`,
        horizon,
      )
      .toArray()[0];
    if (!row) return;
    if (row.attempts === 0 && row.fault_kind === null && !applyDeliveryFault(sandbox, row, horizon)) continue;
    const webhook = deliveryWebhook(sandbox.store, sandbox.serviceWebhook(), row.webhook_id);
    let status: number | null = null;
    let error: string | null = null;
    try {
      if (!webhook?.record.enabled) throw new Error("webhook disabled");
      status = await postToWebhook(sandbox, webhook, row.body, Date.parse(row.created_at));
    } catch (cause) {
      error = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
    }
    const attempts = row.attempts + 1;
    if (status !== null && status >= 200 && status < 300) {
      sandbox.sql.exec(
        "UPDATE deliveries SET status = 'delivered', attempts = ?, next_attempt_at = NULL, last_response_status = ?, last_error = NULL, delivered_at = ? WHERE id = ?",
        attempts,
        status,
        sandbox.nowIso(),
        row.id,
      );
      continue;
    }
    const retryIn = RETRY_DELAYS_SECONDS[attempts - 1];
    logEvent("warn", "sandbox webhook delivery failed", { deliveryId: row.id, webhookId: row.webhook_id, attempts, status, error });
    sandbox.sql.exec(
      "UPDATE deliveries SET status = ?, attempts = ?, next_attempt_at = ?, last_response_status = ?, last_error = ? WHERE id = ?",
      retryIn === undefined ? "dropped" : "pending",
      attempts,
      retryIn === undefined ? null : Math.max(sandbox.nowMs(), horizon) + retryIn * 1000,
      status,
      error ?? `HTTP ${status}`,
      row.id,
    );
  }
}

export function listDeliveries(sandbox: Sandbox, webhookId?: string): DeliveryView[] {
  const rows = sandbox.sql
    .exec<{
      id: number;
      webhook_id: string;
      entity: string;
      type: string;
      resource_id: string;
      status: DeliveryView["status"];
      attempts: number;
      next_attempt_at: number | null;
      last_response_status: number | null;
      last_error: string | null;
      created_at: string;
      delivered_at: string | null;
      body: string;
      fault_id: string | null;
      fault_kind: DeliveryFaultKind | null;
      duplicate_of: number | null;
    }>(`SELECT * FROM deliveries ${webhookId ? "WHERE webhook_id = ?" : ""} ORDER BY id`, ...(webhookId ? [webhookId] : []))
    .toArray();
  return rows.map((row) => ({
    id: row.id,
    webhookId: row.webhook_id,
    entity: row.entity,
    type: row.type,
    resourceId: row.resource_id,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at === null ? null : new Date(row.next_attempt_at).toISOString(),
    lastResponseStatus: row.last_response_status,
    lastError: row.last_error,
    createdAt: row.created_at,
    deliveredAt: row.delivered_at,
    body: row.body,
    fault: row.fault_id === null || row.fault_kind === null ? null : { id: row.fault_id, kind: row.fault_kind },
    duplicateOf: row.duplicate_of,
  }));
}
