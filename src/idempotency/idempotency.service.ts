import { canonicalJson } from "../lib/canonical-json";
import { sha256Hex } from "../lib/crypto";
import { ApiError, type ProblemSlug, toProblemResponse } from "../lib/problem";
import { retryAfterSeconds } from "../lib/retry-after";

/** Keys are spread over this many objects per tenant so one busy tenant is not capped by one object's throughput. */
export const IDEMPOTENCY_SHARDS = 16;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * Results of requests that never started executing are not stored, so a corrected retry can still succeed (as Stripe
 * does); a key the ledger already holds for another request must not be re-bound to this one's fingerprint either.
 */
const NOT_STORED: ReadonlySet<ProblemSlug> = new Set([
  "merchant-not-ready",
  "reader-busy",
  "reader-not-active",
  "dispute-evidence-uploading",
  "rate-limited",
  "validation-failed",
  "malformed-json",
  "idempotency-key-reused",
]);

export const REPLAY_HEADER = "Idempotent-Replayed";

export function readIdempotencyKey(headers: Headers, required: boolean): string | null {
  const key = headers.get("Idempotency-Key");
  if (key === null || key === "") {
    if (required)
      throw new ApiError("idempotency-key-required", "This request needs an `Idempotency-Key` header (derive it from your order key).");
    return null;
  }
  if (!KEY_PATTERN.test(key)) {
    throw new ApiError("validation-failed", "`Idempotency-Key` must be 1–255 printable ASCII characters.", {
      extensions: { errors: [{ field: "Idempotency-Key", message: "1–255 printable ASCII characters" }] },
    });
  }
  return key;
}

/** Same method, path and JSON body (key order aside) means the same request. */
export function requestFingerprint(method: string, path: string, body: unknown): Promise<string> {
  return sha256Hex(`${method} ${path}\n${canonicalJson(body ?? null)}`);
}

/** The Durable Object that serializes this tenant's key (one of IDEMPOTENCY_SHARDS per tenant). */
export async function idempotencyStoreFor(env: Env, tenantId: string, key: string) {
  const shard = Number.parseInt((await sha256Hex(key)).slice(0, 8), 16) % IDEMPOTENCY_SHARDS;
  return env.IDEMPOTENCY.get(env.IDEMPOTENCY.idFromName(`${tenantId}:${shard}`));
}

/**
 * Runs `execute` at most once per (tenant, key) while the key is retained: a completed request is
 * replayed byte for byte, a different request under the same key or one still in flight gets 409.
 * Results without a definite outcome (5xx) free the key so a retry runs again; the processor's
 * idempotency_id, derived from the same key, keeps that retry from charging twice. Storing the answer
 * is handed to `afterResponse`: until it lands the key is still in flight, so a retry in that moment
 * gets 409, never a second execution.
 */
export async function withIdempotency(options: {
  env: Env;
  tenantId: string;
  key: string;
  fingerprint: string;
  traceId: string;
  execute: () => Promise<Response>;
  afterResponse: (work: () => Promise<unknown>) => void;
}): Promise<Response> {
  const { env, tenantId, key, fingerprint, traceId } = options;
  const store = await idempotencyStoreFor(env, tenantId, key);
  const begun = await store.begin(key, fingerprint);
  switch (begun.outcome) {
    case "replay":
      return new Response(begun.response.body, {
        status: begun.response.status,
        headers: { "Content-Type": begun.response.contentType, [REPLAY_HEADER]: "true", "X-Trace-Id": traceId },
      });
    case "fingerprint-mismatch":
      throw new ApiError(
        "idempotency-key-reused",
        "This Idempotency-Key was used with a different request; use a new key for a new request.",
      );
    case "in-flight": {
      const seconds = retryAfterSeconds({
        startedAtMs: begun.startedAtMs,
        leaseEndsAtMs: begun.leaseEndsAtMs,
        callBoundMs: Number(env.PROCESSOR_TIMEOUT_MS),
        nowMs: Date.now(),
      });
      throw new ApiError(
        "idempotency-key-in-flight",
        `A request with this Idempotency-Key is still being processed; retry in ${seconds} s, by when its processor call has answered.`,
        { headers: { "Retry-After": String(seconds) }, extensions: { retryAfterSeconds: seconds } },
      );
    }
    case "started":
      break;
  }

  let response: Response;
  try {
    response = await options.execute();
  } catch (error) {
    if (!(error instanceof ApiError)) {
      await store.release(key, fingerprint);
      throw error;
    }
    response = toProblemResponse(error, traceId);
    if (NOT_STORED.has(error.slug)) {
      await store.release(key, fingerprint);
      return response;
    }
  }

  if (response.status >= 500) {
    await store.release(key, fingerprint);
    return response;
  }
  const body = await response.text();
  const contentType = response.headers.get("Content-Type") ?? "application/json";
  options.afterResponse(() => store.complete(key, fingerprint, { status: response.status, body, contentType }));
  return new Response(body, { status: response.status, headers: response.headers });
}
