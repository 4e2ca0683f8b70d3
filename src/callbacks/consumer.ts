import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import type { AppContext } from "../platform/context";
import { nowIso } from "../lib/ids";
import { logEvent } from "../lib/log";
import { activeSigningSecrets } from "./callback-endpoints.service";
import { callbackEndpoints } from "./callback-endpoints.schema";
import { readCallbackMessage } from "./callback-message";
import { callbackUrlPolicy, callbackUrlProblem } from "./callback-url-policy";
import { callbackDeliveries, callbackDeliveryAttempts } from "./deliveries.schema";
import { events } from "../outbox/events.schema";
import { RETRY_DELAYS_SECONDS, retryDelaySeconds } from "./retry-schedule";
import { CALLBACK_HEADER, signatureHeader } from "./signing";

const CALLBACK_TIMEOUT_MS = 10_000;
const USER_AGENT = "PaymentConnect-Callbacks/1.0";
const MAX_ERROR_LENGTH = 300;

type AttemptOutcome = { next: "ack" } | { next: "retry"; delaySeconds: number } | { next: "dead-letter" };
type HttpResult = { statusCode: number | null; error: string | null; durationMs: number };

/**
 * The consumer of the callbacks queue and of its dead-letter queue. Each message is settled on its own, so one
 * slow or broken receiver never holds back another tenant's callbacks in the same batch.
 */
export async function handleCallbackBatch({ ctx, input: batch }: { ctx: AppContext; input: MessageBatch<unknown> }): Promise<void> {
  // By suffix, so per-environment queue names (payment-connect-callbacks-staging-dlq) are recognized too.
  const settle = batch.queue.endsWith("-dlq") ? settleDeadLetter : processMessage;
  await Promise.all(batch.messages.map((message) => settle(ctx, message)));
}

async function processMessage({ db, env }: AppContext, message: Message<unknown>): Promise<void> {
  const deliveryId = readCallbackMessage(message.body);
  if (!deliveryId) {
    logEvent("error", "unreadable callback message dropped", { messageId: message.id });
    message.ack();
    return;
  }
  try {
    const outcome = await attemptDelivery({ db, env, deliveryId, messageAttempt: message.attempts });
    if (outcome.next === "ack") message.ack();
    else if (outcome.next === "retry") message.retry({ delaySeconds: outcome.delaySeconds });
    // Retries are exhausted, so the Queue moves the message to the dead-letter queue.
    else message.retry();
  } catch (error) {
    logEvent("error", "callback message failed", { messageId: message.id, deliveryId, error: String(error) });
    message.retry({ delaySeconds: RETRY_DELAYS_SECONDS[0] });
  }
}

/** The last stop: the delivery becomes visibly `failed` (replayable). */
async function settleDeadLetter({ db }: AppContext, message: Message<unknown>): Promise<void> {
  const deliveryId = readCallbackMessage(message.body);
  if (!deliveryId) {
    logEvent("error", "unreadable dead-lettered callback message dropped", { messageId: message.id });
    message.ack();
    return;
  }
  try {
    await markDeliveryFailed({ db, deliveryId });
    message.ack();
  } catch (error) {
    logEvent("error", "dead-lettered callback message failed", { messageId: message.id, deliveryId, error: String(error) });
    message.retry();
  }
}

/**
 * One HTTP attempt of a delivery, recorded with its outcome. `messageAttempt` is the Queue's count for the
 * message and picks the backoff step; the delivery's own count numbers the attempt in its history.
 */
export async function attemptDelivery({
  db,
  env,
  deliveryId,
  messageAttempt,
}: {
  db: Database;
  env: Env;
  deliveryId: string;
  messageAttempt: number;
}): Promise<AttemptOutcome> {
  const target = await db
    .select({
      tenantId: callbackDeliveries.tenantId,
      status: callbackDeliveries.status,
      eventId: events.id,
      eventType: events.type,
      rawBody: events.payload,
      url: callbackEndpoints.url,
    })
    .from(callbackDeliveries)
    .innerJoin(events, eq(events.id, callbackDeliveries.eventId))
    .innerJoin(callbackEndpoints, eq(callbackEndpoints.id, callbackDeliveries.endpointId))
    .where(eq(callbackDeliveries.id, deliveryId))
    .get();
  if (!target) {
    logEvent("warn", "callback delivery not found", { deliveryId });
    return { next: "ack" };
  }
  // A repeated message (a resend by the sweep, a lost ack) for a delivery that is already settled.
  if (target.status !== "pending") return { next: "ack" };
  if (target.url === null) {
    await db
      .update(callbackDeliveries)
      .set({ status: "canceled", nextAttemptAt: null })
      .where(and(eq(callbackDeliveries.id, deliveryId), eq(callbackDeliveries.status, "pending")));
    return { next: "ack" };
  }

  const secrets = await activeSigningSecrets({ db, env, tenantId: target.tenantId, now: nowIso() });
  const urlProblem = callbackUrlProblem(target.url, callbackUrlPolicy(env));
  const result: HttpResult = urlProblem
    ? { statusCode: null, error: `callback URL ${urlProblem}`, durationMs: 0 }
    : secrets.length === 0
      ? { statusCode: null, error: "no active signing secret", durationMs: 0 }
      : await postCallback({
          url: target.url,
          rawBody: target.rawBody,
          eventId: target.eventId,
          eventType: target.eventType,
          secrets: secrets.map((s) => s.secret),
        });

  const delivered = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const delaySeconds = delivered ? null : retryDelaySeconds(messageAttempt);
  const attemptedAt = nowIso();
  const nextAttemptAt = delaySeconds === null ? null : new Date(Date.parse(attemptedAt) + delaySeconds * 1000).toISOString();
  await recordAttempt({ db, deliveryId, url: target.url, attemptedAt, result, delivered, nextAttemptAt });
  logEvent(delivered ? "info" : "warn", delivered ? "callback delivered" : "callback attempt failed", {
    tenantId: target.tenantId,
    deliveryId,
    eventId: target.eventId,
    host: new URL(target.url).host,
    messageAttempt,
    statusCode: result.statusCode,
    error: result.error,
    durationMs: result.durationMs,
    nextAttemptAt,
  });
  if (delivered) return { next: "ack" };
  return delaySeconds === null ? { next: "dead-letter" } : { next: "retry", delaySeconds };
}

/** POSTs the stored body byte for byte; redirects are not followed (a redirect could point anywhere). */
async function postCallback(input: {
  url: string;
  rawBody: string;
  eventId: string;
  eventType: string;
  secrets: string[];
}): Promise<HttpResult> {
  const signature = await signatureHeader({ rawBody: input.rawBody, secrets: input.secrets, timestamp: Math.floor(Date.now() / 1000) });
  const started = Date.now();
  try {
    const response = await fetch(input.url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        [CALLBACK_HEADER.signature]: signature,
        [CALLBACK_HEADER.eventType]: input.eventType,
        [CALLBACK_HEADER.eventId]: input.eventId,
      },
      body: input.rawBody,
      redirect: "manual",
      signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
    });
    await response.body?.cancel();
    const redirected = response.status >= 300 && response.status < 400;
    return { statusCode: response.status, error: redirected ? "redirects are not followed" : null, durationMs: Date.now() - started };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    const reason = timedOut ? `no response within ${CALLBACK_TIMEOUT_MS / 1000} s` : `request failed: ${String(error)}`;
    return { statusCode: null, error: reason.slice(0, MAX_ERROR_LENGTH), durationMs: Date.now() - started };
  }
}

/** The attempt's history row is numbered from the delivery's count as this same batch increments it. */
async function recordAttempt(input: {
  db: Database;
  deliveryId: string;
  url: string;
  attemptedAt: string;
  result: HttpResult;
  delivered: boolean;
  nextAttemptAt: string | null;
}): Promise<void> {
  const { db, deliveryId, attemptedAt, result } = input;
  await db.batch([
    db
      .update(callbackDeliveries)
      .set({
        attemptCount: sql`${callbackDeliveries.attemptCount} + 1`,
        lastStatusCode: result.statusCode,
        lastError: result.error,
        lastAttemptAt: attemptedAt,
        nextAttemptAt: input.nextAttemptAt,
        ...(input.delivered ? { status: "delivered" as const, deliveredAt: attemptedAt } : {}),
      })
      .where(eq(callbackDeliveries.id, deliveryId)),
    db.insert(callbackDeliveryAttempts).select(
      db
        .select({
          deliveryId: callbackDeliveries.id,
          attemptNumber: callbackDeliveries.attemptCount,
          tenantId: callbackDeliveries.tenantId,
          attemptedAt: sql`${attemptedAt}`.as("attempted_at"),
          url: sql`${input.url}`.as("url"),
          statusCode: sql`${result.statusCode}`.as("status_code"),
          error: sql`${result.error}`.as("error"),
          durationMs: sql`${result.durationMs}`.as("duration_ms"),
          nextAttemptAt: sql`${input.nextAttemptAt}`.as("next_attempt_at"),
        })
        .from(callbackDeliveries)
        .where(eq(callbackDeliveries.id, deliveryId)),
    ),
  ]);
}

/** Dead-lettered: no more attempts will be made unless someone replays the event. */
export async function markDeliveryFailed({ db, deliveryId }: { db: Database; deliveryId: string }): Promise<void> {
  const failedAt = nowIso();
  const [failed] = await db
    .update(callbackDeliveries)
    .set({ status: "failed", failedAt, nextAttemptAt: null })
    .where(and(eq(callbackDeliveries.id, deliveryId), eq(callbackDeliveries.status, "pending")))
    .returning({
      tenantId: callbackDeliveries.tenantId,
      eventId: callbackDeliveries.eventId,
      attemptCount: callbackDeliveries.attemptCount,
    });
  if (failed) logEvent("warn", "callback delivery dead-lettered", { deliveryId, ...failed });
}
