/**
 * `listen`: the tenant's events delivered to a local URL as callbacks would be — the same body byte for byte, the same
 * `LC-*` headers, `LC-Signature` signed with a secret of its own — by polling `GET /v1/events` with the tenant's key.
 * It needs no public URL, so a receiver on a laptop sees the events of any deployment, local or hosted. Web APIs only
 * (`fetch`, WebCrypto, timers): the `payment-connect listen` command is this function and a terminal around it.
 */
import { createPaymentConnectClient, type PaymentConnectClient } from "./client.js";
import { PaymentConnectError } from "./paginate.js";
import type { components } from "./schema.js";

export type ListenedEvent = components["schemas"]["Event"];
type EventType = ListenedEvent["type"];

export interface ListenOptions {
  /** The deployment, e.g. `http://localhost:8787` or `https://payments.example.com`. */
  baseUrl: string;
  /** The tenant's key (`lc_live_…`): it reads the events, and by default derives the signing secret. */
  apiKey: string;
  /** Where each event is POSTed, e.g. `http://localhost:3000/hooks`. */
  forwardTo: string;
  /** The secret `LC-Signature` is signed with; by default `listenSigningSecret(apiKey)`, the same every run. */
  secret?: string;
  /** Only events of these types; every type when empty or left out. */
  events?: readonly EventType[];
  /** Forward the events created from this instant on; by default only those created after `listen` started. */
  since?: Date;
  /** Stops listening: `listen` then resolves. */
  signal?: AbortSignal;
  /** Called once the key and the filter are accepted, before the first event is forwarded. */
  onReady?: (ready: { secret: string; since: Date }) => void;
  /** Called after each POST to `forwardTo`: its status (or why there was none) and, when it will be retried, when. */
  onAttempt?: (attempt: ForwardAttempt) => void;
  /** Called when the events API could not be read for a moment (no answer, a 5xx or 429); it is read again later. */
  onPollFailure?: (failure: { reason: string; retryInMs: number }) => void;
}

export interface ForwardAttempt {
  event: ListenedEvent;
  /** 1 for the first POST of this event. */
  attempt: number;
  /** The receiver's status, or null when it did not answer (then `error` says why). */
  status: number | null;
  error: string | null;
  /** In how long this event is POSTed again (no answer, 5xx or 429), or null when this attempt was its last. */
  retryInMs: number | null;
  /** True when the last attempt failed as the retried ones did: the event was not delivered. */
  gaveUp: boolean;
}

export const POLL_INTERVAL_MS = 2_000;
const MAX_POLL_BACKOFF_MS = 30_000;
/**
 * An event's `createdAtUtc` is when its change was made; it can be listed a little later (the rest of its request, a
 * cron run's clock fixed at its scheduled minute, a read replica behind). Every poll re-reads this far behind the newest
 * event seen, and ids already forwarded are skipped, so a late event is forwarded once rather than missed.
 */
const LOOKBACK_MS = 2 * 60_000;
const PAGE_SIZE = 200;
/** The service's own callbacks wait as long, and retry 5xx, 429 and no answer the same way (with longer waits). */
const FORWARD_TIMEOUT_MS = 10_000;
export const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000];
const USER_AGENT = "PaymentConnect-Listen/1.0";

/**
 * Forwards events until `signal` aborts, oldest first within each poll, each event once (deduplicated by id). It
 * rejects when the events API refuses the request for good (a 401 for the key, a 400 for the filter).
 */
export async function listen(options: ListenOptions): Promise<void> {
  const { signal } = options;
  const client = createPaymentConnectClient({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    fetch: (request) => fetch(request, { signal: signal ?? null }),
    // The service's request log tells these polls apart by it, and its dashboard hides them unless asked.
    headers: { "User-Agent": USER_AGENT },
  });
  const type = options.events?.length ? options.events.join(",") : undefined;
  try {
    const secret = options.secret ?? (await listenSigningSecret(options.apiKey));
    const startedAt = await serverTime(client, options.baseUrl, type);
    let windowStart = options.since?.getTime() ?? startedAt - LOOKBACK_MS;
    const seen = new SeenEvents();
    if (!options.since) for (const event of await eventsFrom(client, windowStart, type)) seen.add(event);
    options.onReady?.({ secret, since: options.since ?? new Date(startedAt) });

    let failedPolls = 0;
    while (!signal?.aborted) {
      let listed: ListenedEvent[];
      try {
        listed = await eventsFrom(client, windowStart, type);
        failedPolls = 0;
      } catch (error) {
        if (!isTransient(error)) throw error;
        const retryInMs = Math.min(POLL_INTERVAL_MS * 2 ** ++failedPolls, MAX_POLL_BACKOFF_MS);
        options.onPollFailure?.({ reason: describeFailure(error), retryInMs });
        await sleep(retryInMs, signal);
        continue;
      }
      // The list is newest first; forwarding goes oldest first.
      for (const event of listed.filter((candidate) => !seen.has(candidate)).reverse()) {
        if (signal?.aborted) return;
        seen.add(event);
        await forward(event, { ...options, secret });
      }
      windowStart = Math.max(windowStart, seen.newest - LOOKBACK_MS);
      seen.forgetBefore(windowStart);
      await sleep(POLL_INTERVAL_MS, signal);
    }
  } catch (error) {
    if (signal?.aborted) return;
    throw error;
  }
}

/**
 * The secret `listen` signs with unless told another: `whsec_` and an HMAC of the key, so it stays the same from run to
 * run (set it once in the receiver) and reveals nothing of the key.
 */
export async function listenSigningSecret(apiKey: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(apiKey), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const derived = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode("payment-connect listen signing secret v1")));
  return `whsec_${btoa(String.fromCharCode(...derived))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "")}`;
}

const encoder = new TextEncoder();

/** The ids forwarded, or already there when listening began, kept while a poll can list them again. */
class SeenEvents {
  private readonly createdAt = new Map<string, number>();
  newest = -Infinity;

  has(event: ListenedEvent): boolean {
    return this.createdAt.has(event.id);
  }

  add(event: ListenedEvent): void {
    const createdAt = Date.parse(event.createdAtUtc);
    this.createdAt.set(event.id, createdAt);
    this.newest = Math.max(this.newest, createdAt);
  }

  forgetBefore(instant: number): void {
    for (const [id, createdAt] of this.createdAt) if (createdAt < instant) this.createdAt.delete(id);
  }
}

/**
 * The service's clock (its `Date` header, when it sends one), so a laptop's clock being off does not move where
 * listening starts. This first request also checks the key and the filter.
 */
async function serverTime(client: PaymentConnectClient, baseUrl: string, type: string | undefined): Promise<number> {
  let answer;
  try {
    answer = await client.GET("/v1/events", { params: { query: { limit: 1, type } } });
  } catch (error) {
    if (error instanceof TypeError)
      throw new Error(`no answer from ${baseUrl} (${describeFailure(error)}): is it running?`, { cause: error });
    throw error;
  }
  const { error, response } = answer;
  if (error) throw new PaymentConnectError(response, error);
  const date = Date.parse(response.headers.get("Date") ?? "");
  return Number.isNaN(date) ? Date.now() : date;
}

async function eventsFrom(client: PaymentConnectClient, from: number, type: string | undefined): Promise<ListenedEvent[]> {
  const events: ListenedEvent[] = [];
  const query = { from: new Date(from).toISOString(), limit: PAGE_SIZE, type };
  for await (const event of client.paginate("/v1/events", { query })) events.push(event);
  return events;
}

function isTransient(error: unknown): boolean {
  if (error instanceof PaymentConnectError) return error.status >= 500 || error.status === 429;
  return error instanceof TypeError; // fetch's "no answer": refused, reset, DNS
}

async function forward(
  event: ListenedEvent,
  { forwardTo, secret, signal, onAttempt }: Pick<ListenOptions, "forwardTo" | "signal" | "onAttempt"> & { secret: string },
): Promise<void> {
  // The events API's body, serialized with no whitespace, is the callback's raw body byte for byte.
  const rawBody = JSON.stringify(event.body);
  for (let attempt = 1; ; attempt++) {
    const { status, error } = await post({ forwardTo, rawBody, event, secret, signal });
    if (signal?.aborted) return;
    const retryable = status === null || status >= 500 || status === 429;
    const retryInMs = retryable ? (RETRY_DELAYS_MS[attempt - 1] ?? null) : null;
    onAttempt?.({ event, attempt, status, error, retryInMs, gaveUp: retryable && retryInMs === null });
    if (retryInMs === null) return;
    await sleep(retryInMs, signal);
  }
}

/** One POST with the headers a callback carries; redirects are not followed, as the service does not follow them. */
async function post(input: {
  forwardTo: string;
  rawBody: string;
  event: ListenedEvent;
  secret: string;
  signal: AbortSignal | undefined;
}): Promise<{ status: number | null; error: string | null }> {
  const timestamp = Math.floor(Date.now() / 1000);
  const timeout = AbortSignal.timeout(FORWARD_TIMEOUT_MS);
  try {
    const response = await fetch(input.forwardTo, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        "LC-Signature": `t=${timestamp},v1=${await hmacHex(input.secret, `${timestamp}.${input.rawBody}`)}`,
        "LC-Event-Type": input.event.type,
        "LC-Event-Id": input.event.id,
      },
      body: input.rawBody,
      redirect: "manual",
      signal: input.signal ? AbortSignal.any([input.signal, timeout]) : timeout,
    });
    await response.body?.cancel();
    return { status: response.status, error: null };
  } catch (error) {
    if (timeout.aborted) return { status: null, error: `no answer within ${FORWARD_TIMEOUT_MS / 1000} s` };
    return { status: null, error: describeFailure(error) };
  }
}

/** Node's fetch says "fetch failed" and puts the reason (ECONNREFUSED, …) in `cause`. */
function describeFailure(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (typeof cause?.code === "string") return cause.code;
  if (typeof cause?.message === "string") return cause.message;
  return error instanceof Error ? error.message : String(error);
}

async function hmacHex(secret: string, payload: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(payload)));
  return Array.from(signature, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}
