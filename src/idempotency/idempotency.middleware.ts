import { createMiddleware } from "hono/factory";

import { ApiError } from "../lib/problem";
import { afterResponse } from "../platform/after-response";
import type { ProblemExample } from "../platform/openapi";
import type { TenantBindings } from "../platform/types";
import { readIdempotencyKey, requestFingerprint, withIdempotency } from "./idempotency.service";

async function jsonBodyOrEmpty(request: { json(): Promise<unknown> }): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return {};
  }
}

/** The examples a route taking `Idempotency-Key` shows of the problems this middleware answers. */
export const IDEMPOTENCY_KEY_PROBLEMS = {
  required: { slug: "idempotency-key-required", detail: "This request needs an `Idempotency-Key` header (derive it from your order key)." },
  reused: {
    slug: "idempotency-key-reused",
    detail: "This Idempotency-Key was used with a different request; use a new key for a new request.",
  },
  inFlight: { slug: "idempotency-key-in-flight", detail: "A request with this Idempotency-Key is still being processed; retry shortly." },
} as const satisfies Record<string, ProblemExample>;

/**
 * Route middleware for every route that takes `Idempotency-Key`: the one definition of "the same request" (method, path
 * and JSON body, key order aside), one execution per key, the stored answer replayed byte for byte. The handler finds
 * the key and fingerprint in `c.get("idempotency")` and keeps them on its ledger row, so the rule outlives the key's
 * retention in the Durable Object.
 */
export function idempotency({ required }: { required: boolean }) {
  return createMiddleware<TenantBindings>(async (c, next) => {
    const key = readIdempotencyKey(c.req.raw.headers, required);
    if (!key) {
      c.set("idempotency", null);
      return next();
    }
    const fingerprint = await requestFingerprint(c.req.method, c.req.path, await jsonBodyOrEmpty(c.req));
    c.set("idempotency", { key, fingerprint });
    c.res = await withIdempotency({
      env: c.env,
      tenantId: c.get("tenant").tenantId,
      key,
      fingerprint,
      traceId: c.get("traceId"),
      execute: async () => {
        await next();
        // Hono has already turned a thrown error into c.res; hand the typed error back so its kind decides storage.
        if (c.error instanceof ApiError) throw c.error;
        return c.res;
      },
      afterResponse: (work) => afterResponse(c, work()),
    });
  });
}
