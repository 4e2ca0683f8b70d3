import { and, eq, inArray, sql } from "drizzle-orm";

import { boundList } from "../db/bound-list";
import type { Database } from "../db/client";
import { insertSelectFields } from "../db/insert-select";
import { MOVE_RETRY_AFTER_SECONDS } from "../db/tenancy";
import type { Clock } from "../lib/clock";
import { hmacSha256Key } from "../lib/crypto";
import { logEvent } from "../lib/log";
import { events } from "../outbox/events.schema";
import { everyDatabase, tenantPlacements } from "../placement/shards";
import type { RootContext, ShardContext } from "../platform/context";
import { callbackEndpoints } from "./callback-endpoints.schema";
import { activeSigningSecretsByEndpoint, disableGoneEndpoints, receiving } from "./callback-endpoints.service";
import { type CallbackMessage, readCallbackMessage } from "./callback-message";
import { type CallbackUrlPolicy, callbackUrlProblem, deliveryUrlPolicy } from "./callback-url-policy";
import { callbackDeliveries, callbackDeliveryAttempts } from "./deliveries.schema";
import { RETRY_DELAYS_SECONDS, retryDelaySeconds } from "./retry-schedule";
import { CALLBACK_HEADER, signatureHeader } from "./signing";

const CALLBACK_TIMEOUT_MS = 10_000;
const USER_AGENT = "PaymentConnect-Callbacks/1.0";
const MAX_ERROR_LENGTH = 300;

type AttemptOutcome = { next: "ack" } | { next: "retry"; delaySeconds: number } | { next: "dead-letter" };
type HttpResult = { statusCode: number | null; error: string | null; durationMs: number };
type Target = {
  deliveryId: string;
  tenantId: string;
  endpointId: string;
  status: string;
  attemptCount: number;
  eventId: string;
  eventType: string;
  rawBody: string;
  // Null while the endpoint takes no callbacks: off, disabled or deleted.
  url: string | null;
};
type AttemptRow = HttpResult & {
  deliveryId: string;
  attemptedAt: string;
  url: string;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
};
type Attempt = {
  deliveryId: string;
  tenantId: string;
  endpointId: string;
  logFields: Record<string, unknown>;
  url: string;
  attemptedAt: string;
  result: HttpResult;
  delivered: boolean;
  nextAttemptAt: string | null;
};

/** An endpoint disabled because its receiver answered 410 Gone, for the tenant to be told. */
export type GoneEndpoint = { tenantId: string; endpointId: string; url: string | null };

/**
 * The consumer of the callbacks queue and of its dead-letter queue. A batch is read with one query (and its tenants'
 * signing secrets with one more), its receivers are called in parallel, and every attempt is recorded in one D1 batch; each
 * message is still settled on its own, so one slow or broken receiver never holds back another tenant's callbacks.
 */
export async function handleCallbackBatch({
  ctx,
  input: batch,
  onEndpointsGone = async () => {},
}: {
  ctx: RootContext;
  input: MessageBatch;
  onEndpointsGone?: (ctx: RootContext, gone: GoneEndpoint[]) => Promise<void>;
}): Promise<void> {
  const readable: { message: Message; body: CallbackMessage }[] = [];
  for (const message of batch.messages) {
    const body = readCallbackMessage(message.body);
    if (!body) {
      logEvent("error", "unreadable callback message dropped", { messageId: message.id });
      message.ack();
    } else readable.push({ message, body });
  }
  // The tenant's shard now, not the one the message was sent from: a tenant moved since is delivered from its new shard.
  const tenantOf = await deliveryTenants(
    ctx,
    readable.flatMap(({ body }) => (body.tenantId === undefined ? [body.deliveryId] : [])),
  );
  const tenantIdOf = (body: CallbackMessage) => body.tenantId ?? tenantOf.get(body.deliveryId);
  const placements = await tenantPlacements(ctx.control, [...new Set(readable.flatMap(({ body }) => tenantIdOf(body) ?? []))]);
  const byShard = new Map<string, { message: Message; deliveryId: string }[]>();
  const waitingForMove: { message: Message; body: CallbackMessage }[] = [];
  for (const { message, body } of readable) {
    const tenantId = tenantIdOf(body);
    const placement = tenantId === undefined ? undefined : placements.get(tenantId);
    if (placement?.moving) {
      waitingForMove.push({ message, body });
      continue;
    }
    const shard = placement?.shard ?? body.shard;
    const work = byShard.get(shard) ?? [];
    work.push({ message, deliveryId: body.deliveryId });
    byShard.set(shard, work);
  }
  // By suffix, so per-environment queue names (payment-connect-callbacks-staging-dlq) are recognized too.
  const settle = batch.queue.endsWith("-dlq") ? settleDeadLetters : deliverBatch;
  await Promise.all([
    deferUntilMoved(ctx, waitingForMove),
    ...[...byShard].map(([shard, work]) => settle(ctx.forShard(shard), work, onEndpointsGone)),
  ]);
}

/**
 * A paused tenant's messages wait as fresh messages, not retries: a retry would spend the Queue's `max_retries` (about
 * 40 s of 5 s waits) inside a pause that can last longer, dead-lettering a delivery never attempted. Sent before the
 * ack, so a failed send only means the message comes back as a retry.
 */
async function deferUntilMoved({ env }: RootContext, waiting: { message: Message; body: CallbackMessage }[]): Promise<void> {
  if (waiting.length === 0) return;
  try {
    await env.CALLBACKS.sendBatch(
      waiting.map(({ body }) => ({ body, contentType: "json" as const, delaySeconds: MOVE_RETRY_AFTER_SECONDS })),
    );
    for (const { message } of waiting) message.ack();
  } catch (error) {
    logEvent("error", "callback deferral during a move failed", { count: waiting.length, error: String(error) });
    for (const { message } of waiting) message.retry({ delaySeconds: MOVE_RETRY_AFTER_SECONDS });
  }
}

/**
 * The tenants of deliveries whose messages name none (sent before messages carried it, perhaps before shards): the
 * delivery's row on any database names its tenant, and the map then names the shard, as for every other message.
 */
async function deliveryTenants(ctx: RootContext, deliveryIds: string[]): Promise<Map<string, string>> {
  if (deliveryIds.length === 0) return new Map();
  // Every database that may hold it, by primary key: no read of the map is needed to find it.
  const databases = everyDatabase(ctx.env);
  const found = await Promise.all(
    databases.map((binding) =>
      ctx
        .forShard(binding)
        .db.select({ id: callbackDeliveries.id, tenantId: callbackDeliveries.tenantId })
        .from(callbackDeliveries)
        .where(inArray(callbackDeliveries.id, boundList(deliveryIds)))
        .all(),
    ),
  );
  return new Map(found.flat().map((row) => [row.id, row.tenantId]));
}

async function deliverBatch(
  ctx: ShardContext,
  work: { message: Message; deliveryId: string }[],
  onEndpointsGone: (ctx: ShardContext, gone: GoneEndpoint[]) => Promise<void>,
): Promise<void> {
  const { db, env } = ctx;

  try {
    const targets = await loadTargets(db, [...new Set(work.map((item) => item.deliveryId))]);
    const secrets = await secretsByEndpoint(ctx, targets);
    const policy = deliveryUrlPolicy(ctx);
    // A delivery named by two messages of one batch (a resend racing the original) is attempted once.
    const attempted = new Map<string, Promise<{ outcome: AttemptOutcome; attempt: Attempt | null }>>();
    const results = await Promise.all(
      work.map(async ({ message, deliveryId }) => {
        const first = !attempted.has(deliveryId);
        if (first) attempted.set(deliveryId, attempt(ctx, policy, targets.get(deliveryId), deliveryId, secrets, message.attempts));
        const { outcome, attempt: record } = await attempted.get(deliveryId)!;
        return { message, deliveryId, outcome: first ? outcome : ({ next: "ack" } as const), record: first ? record : null };
      }),
    );
    const attempts = results.flatMap((result) => (result.record ? [result.record] : []));
    await recordAttempts(db, attempts);
    // Standard Webhooks: 410 Gone means "stop sending"; the endpoint is disabled, not retried, and the tenant told.
    const gone = await disableGoneEndpoints(
      ctx,
      attempts.filter((record) => record.result.statusCode === 410),
    );
    if (gone.length > 0) await onEndpointsGone(ctx, gone);
    // One line for the batch's deliveries (each failure has its own): a line per delivery halved the consumer's rate.
    const delivered = attempts.filter((record) => record.delivered).map((record) => record.logFields);
    if (delivered.length > 0) logEvent("info", "callbacks delivered", { count: delivered.length, deliveries: delivered });
    await cancelDeliveriesWithoutEndpoint(
      db,
      [...targets.values()].filter((target) => target.status === "pending" && target.url === null),
    );
    // A fresh message (a wait for a move, a resend by the sweep) still has Queue retries left, so a retry would not
    // dead-letter it: its delivery is marked failed here, as the dead-letter consumer would.
    const failedHere = results.filter(
      ({ message, outcome }) => outcome.next === "dead-letter" && message.attempts <= RETRY_DELAYS_SECONDS.length,
    );
    await Promise.all(failedHere.map(({ deliveryId }) => markDeliveryFailed(ctx, deliveryId)));
    for (const result of results) {
      const { message, outcome } = result;
      if (outcome.next === "ack" || failedHere.includes(result)) message.ack();
      else if (outcome.next === "retry") message.retry({ delaySeconds: outcome.delaySeconds });
      // Retries are exhausted, so the Queue moves the message to the dead-letter queue.
      else message.retry();
    }
  } catch (error) {
    logEvent("error", "callback batch failed", { deliveryIds: work.map((item) => item.deliveryId), error: String(error) });
    for (const { message } of work) message.retry({ delaySeconds: retryDelaySeconds(env, 1)! });
  }
}

/** The last stop: each delivery becomes visibly `failed` (replayable). */
async function settleDeadLetters(ctx: ShardContext, work: { message: Message; deliveryId: string }[]): Promise<void> {
  await Promise.all(
    work.map(async ({ message, deliveryId }) => {
      try {
        await markDeliveryFailed(ctx, deliveryId);
        message.ack();
      } catch (error) {
        logEvent("error", "dead-lettered callback message failed", { messageId: message.id, deliveryId, error: String(error) });
        message.retry();
      }
    }),
  );
}

async function loadTargets(db: Database, deliveryIds: string[]): Promise<Map<string, Target>> {
  const rows = await db
    .select({
      deliveryId: callbackDeliveries.id,
      tenantId: callbackDeliveries.tenantId,
      endpointId: callbackDeliveries.endpointId,
      status: callbackDeliveries.status,
      attemptCount: callbackDeliveries.attemptCount,
      eventId: events.id,
      eventType: events.type,
      rawBody: events.payload,
      url: sql<string | null>`CASE WHEN ${receiving} THEN ${callbackEndpoints.url} END`,
    })
    .from(callbackDeliveries)
    .innerJoin(events, eq(events.id, callbackDeliveries.eventId))
    .innerJoin(callbackEndpoints, eq(callbackEndpoints.id, callbackDeliveries.endpointId))
    .where(inArray(callbackDeliveries.id, boundList(deliveryIds)))
    .all();
  return new Map(rows.map((row) => [row.deliveryId, row]));
}

/** Each endpoint's active secrets, read (one query), decrypted and imported as HMAC keys once per batch: a delivery is signed with its own endpoint's only. */
async function secretsByEndpoint({ db, env, clock }: ShardContext, targets: Map<string, Target>): Promise<Map<string, CryptoKey[]>> {
  const endpointIds = new Set(
    [...targets.values()].filter((target) => target.status === "pending" && target.url).map((target) => target.endpointId),
  );
  const secrets = await activeSigningSecretsByEndpoint({ db, env, endpointIds: [...endpointIds], now: clock.nowIso() });
  const keys = await Promise.all(
    [...secrets].map(
      async ([endpointId, active]) => [endpointId, await Promise.all(active.map(({ secret }) => hmacSha256Key(secret)))] as const,
    ),
  );
  return new Map(keys);
}

/**
 * One HTTP attempt of a delivery. The backoff step is the Queue's count for the message or, when a fresh message
 * carries it on (a wait for a move, a resend by the sweep), the delivery's own attempt number, whichever is further:
 * a wait never spends a step and a resend never starts the ladder again. The delivery's count numbers the attempt in
 * its history (recorded by the caller, with the rest of the batch).
 */
async function attempt(
  { env, clock }: RootContext,
  policy: CallbackUrlPolicy,
  target: Target | undefined,
  deliveryId: string,
  secrets: Map<string, CryptoKey[]>,
  messageAttempt: number,
): Promise<{ outcome: AttemptOutcome; attempt: Attempt | null }> {
  if (!target) {
    logEvent("warn", "callback delivery not found", { deliveryId });
    return { outcome: { next: "ack" }, attempt: null };
  }
  // A repeated message (a resend by the sweep, a lost ack) for a delivery that is already settled; or its endpoint stopped taking callbacks.
  if (target.status !== "pending" || target.url === null) return { outcome: { next: "ack" }, attempt: null };

  const signingSecrets = secrets.get(target.endpointId) ?? [];
  const urlProblem = callbackUrlProblem(target.url, policy);
  const result: HttpResult = urlProblem
    ? { statusCode: null, error: `callback URL ${urlProblem}`, durationMs: 0 }
    : signingSecrets.length === 0
      ? { statusCode: null, error: "no active signing secret", durationMs: 0 }
      : await postCallback({
          url: target.url,
          rawBody: target.rawBody,
          eventId: target.eventId,
          eventType: target.eventType,
          secrets: signingSecrets,
          clock,
        });

  const delivered = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const gone = result.statusCode === 410;
  const step = Math.max(messageAttempt, target.attemptCount + 1);
  const delaySeconds = delivered || gone ? null : retryDelaySeconds(env, step);
  const attemptedAt = clock.nowIso();
  const nextAttemptAt = delaySeconds === null ? null : new Date(Date.parse(attemptedAt) + delaySeconds * 1000).toISOString();
  const logFields = {
    tenantId: target.tenantId,
    deliveryId,
    eventId: target.eventId,
    host: new URL(target.url).host,
    messageAttempt,
    step,
    statusCode: result.statusCode,
    durationMs: result.durationMs,
  };
  if (!delivered) logEvent("warn", "callback attempt failed", { ...logFields, error: result.error, nextAttemptAt });
  const outcome: AttemptOutcome =
    delivered || gone ? { next: "ack" } : delaySeconds === null ? { next: "dead-letter" } : { next: "retry", delaySeconds };
  return {
    outcome,
    attempt: {
      deliveryId,
      tenantId: target.tenantId,
      endpointId: target.endpointId,
      url: target.url,
      attemptedAt,
      result,
      delivered,
      nextAttemptAt,
      logFields,
    },
  };
}

async function cancelDeliveriesWithoutEndpoint(db: Database, targets: Target[]): Promise<void> {
  if (targets.length === 0) return;
  await db
    .update(callbackDeliveries)
    .set({ status: "canceled", nextAttemptAt: null })
    .where(
      and(inArray(callbackDeliveries.id, boundList(targets.map((target) => target.deliveryId))), eq(callbackDeliveries.status, "pending")),
    );
}

/** POSTs the stored body byte for byte; redirects are not followed (a redirect could point anywhere). */
async function postCallback(input: {
  url: string;
  rawBody: string;
  eventId: string;
  eventType: string;
  secrets: CryptoKey[];
  clock: Clock;
}): Promise<HttpResult> {
  const { clock } = input;
  const signature = await signatureHeader({ rawBody: input.rawBody, secrets: input.secrets, timestamp: Math.floor(clock.nowMs() / 1000) });
  const started = clock.nowMs();
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
    return { statusCode: response.status, error: redirected ? "redirects are not followed" : null, durationMs: clock.nowMs() - started };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    const reason = timedOut ? `no response within ${CALLBACK_TIMEOUT_MS / 1000} s` : `request failed: ${String(error)}`;
    return { statusCode: null, error: reason.slice(0, MAX_ERROR_LENGTH), durationMs: clock.nowMs() - started };
  }
}

/**
 * Every attempt of the batch in one D1 batch of two statements, whatever the batch's size: the deliveries' new state,
 * then each history row, numbered from its delivery's count as the first statement incremented it.
 */
async function recordAttempts(db: Database, attempts: Attempt[]): Promise<void> {
  if (attempts.length === 0) return;
  const rows: AttemptRow[] = attempts.map(({ deliveryId, attemptedAt, result, delivered, nextAttemptAt, url }) => ({
    deliveryId,
    attemptedAt,
    url,
    statusCode: result.statusCode,
    error: result.error,
    durationMs: result.durationMs,
    nextAttemptAt,
    deliveredAt: delivered ? attemptedAt : null,
  }));
  const source = sql`json_each(${JSON.stringify(rows)}) AS attempt`;
  const field = (name: keyof AttemptRow) => sql.raw(`attempt.value ->> '$.${name}'`);
  await db.batch([
    db
      .update(callbackDeliveries)
      .set({
        attemptCount: sql`${callbackDeliveries.attemptCount} + 1`,
        lastStatusCode: sql`${field("statusCode")}`,
        lastError: sql`${field("error")}`,
        lastAttemptAt: sql`${field("attemptedAt")}`,
        nextAttemptAt: sql`${field("nextAttemptAt")}`,
        status: sql`CASE WHEN ${field("deliveredAt")} IS NULL THEN ${callbackDeliveries.status} ELSE 'delivered' END`,
        deliveredAt: sql`coalesce(${field("deliveredAt")}, ${callbackDeliveries.deliveredAt})`,
      })
      .from(source)
      .where(eq(callbackDeliveries.id, sql`${field("deliveryId")}`)),
    db.insert(callbackDeliveryAttempts).select(
      db
        .select(
          insertSelectFields(callbackDeliveryAttempts, {
            deliveryId: callbackDeliveries.id,
            attemptNumber: callbackDeliveries.attemptCount,
            tenantId: callbackDeliveries.tenantId,
            attemptedAt: field("attemptedAt"),
            url: field("url"),
            statusCode: field("statusCode"),
            error: field("error"),
            durationMs: field("durationMs"),
            nextAttemptAt: field("nextAttemptAt"),
          }),
        )
        .from(source)
        .innerJoin(callbackDeliveries, eq(callbackDeliveries.id, sql`${field("deliveryId")}`)),
    ),
  ]);
}

/** Dead-lettered: no more attempts will be made unless someone replays the event. */
async function markDeliveryFailed({ db, clock }: ShardContext, deliveryId: string): Promise<void> {
  const failedAt = clock.nowIso();
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
