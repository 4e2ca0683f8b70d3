import type { Context } from "hono";

import { enqueueEvents } from "./callbacks";
import { type BookmarkedDatabase, database, primaryDatabase, replicaDatabase } from "./db/client";
import { type Clock, clockAt } from "./lib/clock";
import { validateEnv } from "./lib/env";
import { createOutbox } from "./outbox/outbox";
import { shardD1, shardsInUse } from "./placement/shards";
import { afterResponse } from "./platform/after-response";
import type { RootContext, ShardContext, TenantContext, TenantPlace } from "./platform/context";
import { sessionStart, shardBookmark } from "./platform/read-replicas";
import type { AppBindings } from "./platform/types";
import {
  CARD_PRESENT_TIMEOUT_MS,
  createBudget,
  createProcessorClient,
  DEFAULT_BUSY_WAIT_MS,
  DEFAULT_TIMEOUT_MS,
  type Environment,
  type Priority,
  type ProcessorBudget,
  type ProcessorClient,
  type ProcessorClientConfig,
  type ProcessorFetch,
} from "./processor";
import { SANDBOX_SERVICE_ORIGIN_HEADER } from "./sandbox-proxy";

/** The built-in sandbox answers at this origin, through the SANDBOX_PROCESSOR service binding (the origin only shapes its links). */
export const BUILTIN_SANDBOX_BASE_URL = "https://sandbox.processor.internal";

/**
 * The one place that knows which processor is behind the adapter: PROCESSOR_BASE_URL=builtin is the sandbox processor
 * Worker, reached through the SANDBOX_PROCESSOR service binding; any other value is the processor itself
 * (https://finix.sandbox-payments-api.com or https://finix.live-payments-api.com).
 */
export function processorConfig(env: Env, publicOrigin: string | null = null, priority: Priority = "payment"): ProcessorClientConfig {
  const builtin = env.PROCESSOR_BASE_URL === "builtin";
  const sandbox = builtin ? env.SANDBOX_PROCESSOR : undefined;
  if (builtin && !sandbox) {
    throw new Error(
      'PROCESSOR_BASE_URL=builtin needs the SANDBOX_PROCESSOR service binding to the sandbox processor Worker ("payment-connect-sandbox"); this deployment has none.',
    );
  }
  if (env.PROCESSOR_ENV !== "sandbox" && env.PROCESSOR_ENV !== "live") {
    throw new Error(`PROCESSOR_ENV must be "sandbox" or "live", not "${env.PROCESSOR_ENV}".`);
  }
  if (env.PROCESSOR_ENV === "live" && builtin) {
    throw new Error("PROCESSOR_ENV=live needs the processor's live base URL, not the built-in sandbox.");
  }
  const timeoutMs = Number(env.PROCESSOR_TIMEOUT_MS);
  const cardPresentTimeoutMs = Number(env.PROCESSOR_CARD_PRESENT_TIMEOUT_MS);
  const busyWaitMs = Number(env.PROCESSOR_BUSY_WAIT_MS);
  return {
    baseUrl: builtin ? BUILTIN_SANDBOX_BASE_URL : env.PROCESSOR_BASE_URL,
    username: env.PROCESSOR_USERNAME,
    password: env.PROCESSOR_PASSWORD,
    apiVersion: env.PROCESSOR_API_VERSION,
    applicationId: env.PROCESSOR_APPLICATION_ID,
    environment: env.PROCESSOR_ENV satisfies Environment,
    timeoutMs: Number.isFinite(timeoutMs) && timeoutMs > 0 ? timeoutMs : DEFAULT_TIMEOUT_MS,
    cardPresentTimeoutMs:
      Number.isFinite(cardPresentTimeoutMs) && cardPresentTimeoutMs > 0 ? cardPresentTimeoutMs : CARD_PRESENT_TIMEOUT_MS,
    fetch: sandbox ? sandboxFetch(sandbox, publicOrigin) : (request) => fetch(request),
    budget: processorBudget(env, priority),
    busyWaitMs: Number.isFinite(busyWaitMs) && busyWaitMs >= 0 ? busyWaitMs : DEFAULT_BUSY_WAIT_MS,
  };
}

/**
 * The platform's budget for its one processor credential (docs/scale.md): the credential's Durable Object, and the
 * processor's limits less the safety margin. Calls go unmetered only where the binding is absent.
 */
function processorBudget(env: Env, priority: Priority): ProcessorBudget | undefined {
  const objects = env.PROCESSOR_BUDGET;
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- undefined where the binding is not configured
  if (!objects) return undefined;
  const credential = `${env.PROCESSOR_BASE_URL} ${env.PROCESSOR_USERNAME}`;
  const share = 1 - Number(env.PROCESSOR_RATE_MARGIN_PERCENT) / 100;
  // A stub per call: one made while serving one request cannot be used while serving another.
  const object = () => objects.get(objects.idFromName(credential));
  return createBudget({
    broker: { lease: (request) => object().lease(request), pushedBack: (pushback) => object().pushedBack(pushback) },
    credential,
    priority,
    perSecond: { read: Number(env.PROCESSOR_READS_PER_SECOND) * share, write: Number(env.PROCESSOR_WRITES_PER_SECOND) * share },
  });
}

/** The built-in sandbox links to the service's public origin: each call tells it, when known; it remembers it for its webhooks. */
function sandboxFetch(sandbox: Fetcher, publicOrigin: string | null): ProcessorFetch {
  if (publicOrigin === null) return (request) => sandbox.fetch(request);
  return (request) => {
    request.headers.set(SANDBOX_SERVICE_ORIGIN_HEADER, publicOrigin);
    return sandbox.fetch(request);
  };
}

export function processorClient(env: Env, publicOrigin: string | null = null, priority: Priority = "payment"): ProcessorClient {
  return createProcessorClient(processorConfig(env, publicOrigin, priority));
}

/**
 * One processor client per environment, public origin, priority and isolate: it holds configuration, never a request's
 * state. Without BASE_URL there is one per origin the service is reached at (localhost, 127.0.0.1…).
 */
const processors = new WeakMap<Env, Map<string, ProcessorClient>>();

/** BASE_URL, else the origin of the request being served; null for a queue batch or cron run without BASE_URL. */
function publicOriginOf(env: Env, requestUrl: string | undefined): string | null {
  const configured = env.BASE_URL?.trim();
  if (configured) return configured.replace(/\/+$/, "");
  return requestUrl ? new URL(requestUrl).origin : null;
}

/**
 * The composition root: builds the services' root context once per request, queue batch or cron run. `nowMs` fixes the
 * clock (the cron run's scheduled time, or a test's); `requestUrl` is the request being served, if any. `priority` is
 * what its processor calls draw on the platform's budget at: `payment` — a request's, a reader's sale — unless named
 * (the cron's `sweep`); each operation caps it too (a fee read is a follow-up wherever it is made). A shard's or a
 * tenant's context is made from it (`forShard`, `forTenant`, `everyShard`) once the shard is known.
 */
export function createContext(rawEnv: Env, options: { nowMs?: number; requestUrl?: string; priority?: Priority } = {}): RootContext {
  const env = validateEnv(rawEnv);
  return rootContext(env, publicOriginOf(env, options.requestUrl), clockAt(options.nowMs), options.priority ?? "payment");
}

function rootContext(env: Env, publicOrigin: string | null, clock: Clock, priority: Priority): RootContext {
  const root: RootContext = {
    env,
    publicOrigin,
    control: database(env),
    clock,
    // Built on first use: routes that never reach the processor (health, the sandbox proxy) do not need it configured.
    get processor() {
      return processorFor(env, publicOrigin, priority);
    },
    forShard: (binding) => shardContext(root, binding, null),
    forTenant: (tenant) => tenantContext(root, tenant, null),
    everyShard: async () => (await shardsInUse(root.control, env)).map((binding) => shardContext(root, binding, null)),
  };
  return root;
}

/** `replica`: the shard is read through a session from that bookmark (ctx.readingFrom); null: on the primary. */
function shardContext(root: RootContext, shard: string, replica: { bookmark: string | undefined } | null): ShardContext {
  const { env, clock } = root;
  const data = shardData(env, shard, replica);
  const db = data.db;
  return {
    env,
    publicOrigin: root.publicOrigin,
    control: root.control,
    clock,
    get processor() {
      return root.processor;
    },
    forShard: (binding) => root.forShard(binding),
    forTenant: (tenant) => root.forTenant(tenant),
    everyShard: () => root.everyShard(),
    shard,
    db,
    outbox: createOutbox({ db, clock, dispatch: (eventIds) => enqueueEvents({ ctx: { env, db, shard, clock }, input: eventIds }) }),
    readingFrom: (bookmark) => shardContext(root, shard, { bookmark: sessionStart(shard, bookmark) }),
    bookmark: () => {
      const d1Bookmark = data.bookmark();
      return d1Bookmark === null ? null : shardBookmark(shard, d1Bookmark);
    },
  };
}

function tenantContext(root: RootContext, tenant: TenantPlace, replica: { bookmark: string | undefined } | null): TenantContext {
  // Completed in place, not spread: spreading would build the processor client, which is built on first use.
  const onShard = shardContext(root, tenant.shard, replica) as ShardContext & Partial<Pick<TenantContext, "tenant">>;
  onShard.tenant = tenant;
  onShard.readingFrom = (bookmark) => tenantContext(root, tenant, { bookmark: sessionStart(tenant.shard, bookmark) });
  return onShard as TenantContext;
}

function processorFor(env: Env, publicOrigin: string | null, priority: Priority): ProcessorClient {
  let byOrigin = processors.get(env);
  if (!byOrigin) {
    byOrigin = new Map();
    processors.set(env, byOrigin);
  }
  const key = `${priority} ${publicOrigin}`;
  let processor = byOrigin.get(key);
  if (!processor) {
    processor = processorClient(env, publicOrigin, priority);
    byOrigin.set(key, processor);
  }
  return processor;
}

function shardData(env: Env, shard: string, replica: { bookmark: string | undefined } | null): BookmarkedDatabase {
  const d1 = shardD1(env, shard);
  return replica ? replicaDatabase(d1, replica.bookmark) : primaryDatabase(d1);
}

/** Request middleware: one context per request; its outbox is flushed once the response is ready. */
export async function withRequestContext(c: Context<AppBindings>, next: () => Promise<void>): Promise<void> {
  c.set("ctx", createContext(c.env, { requestUrl: c.req.url }));
  await next();
  // The context the request ended with: entering a tenant (`enterTenant`) moves it onto the tenant's shard.
  const ctx = c.get("ctx");
  if ("outbox" in ctx) afterResponse(c, (ctx as ShardContext).outbox.flush());
}
