import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { HTTPException } from "hono/http-exception";

import { fencedWrite, isFenceRefusal } from "../db/tenancy";
import { hex, randomBytes } from "../lib/crypto";
import { logEvent, logRequest, withRequestDetails } from "../lib/log";
import { ApiError, toProblemResponse } from "../lib/problem";
import { recordingProcessorCalls } from "../processor";
import type { AppBindings } from "./types";

export const JSON_BODY_LIMIT_BYTES = 64 * 1024;

const TRACEPARENT = /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/;

function incomingTraceId(headers: Headers): string | null {
  const traceId = headers.get("traceparent")?.match(TRACEPARENT)?.[1];
  return traceId && !/^0+$/.test(traceId) ? traceId : null;
}

/**
 * Gives every request a traceId (W3C traceparent when the caller sent one) and one structured log line; keys a client
 * put in the path or query are redacted by the logger.
 */
export const traceAndLog = createMiddleware<AppBindings>(async (c, next) => {
  const traceId = incomingTraceId(c.req.raw.headers) ?? hex(randomBytes(16));
  c.set("traceId", traceId);
  const started = Date.now();
  const { details, result } = withRequestDetails(traceId, () => recordingProcessorCalls(next));
  await result;
  try {
    c.res.headers.set("X-Trace-Id", traceId);
  } catch {
    // Responses passed through from elsewhere (a Durable Object, a fetch) have immutable headers.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set("X-Trace-Id", traceId);
  }
  const { url } = c.req;
  const queryAt = url.indexOf("?");
  logRequest(
    c.res.status >= 500 ? "error" : "info",
    {
      traceId,
      method: c.req.method,
      path: c.req.path,
      query: queryAt === -1 ? "" : url.slice(queryAt),
      status: c.res.status,
      durationMs: Date.now() - started,
      tenantId: c.get("tenant")?.tenantId,
    },
    details,
  );
});

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function hasBody(c: Context): boolean {
  const length = c.req.header("Content-Length");
  if (length !== undefined) return Number(length) > 0;
  return c.req.raw.body !== null;
}

const limitJsonBody = bodyLimit({
  maxSize: JSON_BODY_LIMIT_BYTES,
  onError: () => {
    throw new ApiError("payload-too-large", `The body exceeds ${JSON_BODY_LIMIT_BYTES} bytes.`);
  },
});

/** Enforces size and media type, and parses JSON once so a malformed body fails with its own problem. */
export const bodyGuard = createMiddleware<AppBindings>(async (c, next) => {
  if (!BODY_METHODS.has(c.req.method) || !hasBody(c)) return next();
  const mediaType = (c.req.header("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (mediaType !== "application/json") {
    throw new ApiError("unsupported-media-type", `This route takes \`application/json\`; got \`${mediaType || "none"}\`.`);
  }
  return limitJsonBody(c, async () => {
    try {
      await c.req.json();
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw new ApiError("malformed-json", "The body is not valid JSON.");
    }
    await next();
  });
});

export const onError: ErrorHandler<AppBindings> = (error, c) => {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when the error came before traceAndLog ran
  const traceId = c.get("traceId") ?? hex(randomBytes(16));
  if (error instanceof ApiError) return toProblemResponse(error, traceId);
  // A late write of a tenant whose move paused it meets the fence in the database itself: retriable, not a fault.
  if (isFenceRefusal(error)) return toProblemResponse(fencedWrite(c.get("tenant")?.tenantId), traceId);
  if (error instanceof HTTPException && error.status < 500) {
    const slug = error.status === 413 ? "payload-too-large" : error.status === 401 ? "unauthorized" : "validation-failed";
    return toProblemResponse(new ApiError(slug, error.message || "The request was rejected."), traceId);
  }
  logEvent("error", "unhandled exception", {
    traceId,
    method: c.req.method,
    path: c.req.path,
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    stack: error instanceof Error ? error.stack : undefined,
  });
  return toProblemResponse(new ApiError("internal-error", `An unexpected error occurred; quote traceId ${traceId}.`), traceId);
};

type KnownRoute = { method: string; path: string };

/** Answers 405 with `Allow` when the path exists under another method, 404 otherwise. */
export function notFoundOrMethodNotAllowed(routes: () => KnownRoute[]): NotFoundHandler<AppBindings> {
  let matchers: { method: string; pattern: RegExp }[] | undefined;
  return (c) => {
    matchers ??= routes()
      .filter((route) => route.method !== "ALL")
      .map((route) => ({
        method: route.method,
        pattern: new RegExp(
          `^${route.path
            .replace(/[.+?^$()[\]\\|]/g, "\\$&")
            .replace(/:[^/]+|\{[^/]+\}/g, "[^/]+")
            .replace(/\*/g, ".*")}$`,
        ),
      }));
    const allowed = [...new Set(matchers.filter((m) => m.pattern.test(c.req.path)).map((m) => m.method))];
    const traceId = c.get("traceId");
    if (allowed.length > 0) {
      if (allowed.includes("GET")) allowed.push("HEAD");
      return toProblemResponse(
        new ApiError("method-not-allowed", `${c.req.method} is not allowed on ${c.req.path}; use ${allowed.join(", ")}.`, {
          headers: { Allow: allowed.join(", ") },
        }),
        traceId,
      );
    }
    return toProblemResponse(new ApiError("not-found", `No route ${c.req.method} ${c.req.path}.`), traceId);
  };
}
