import { Hono, type MiddlewareHandler } from "hono";

import { hex, randomBytes, timingSafeEqualStrings } from "../../core/crypto";
import { ProcessorError } from "../../core/errors";
import { logEvent } from "../../core/log";
import { countCall } from "../../resources/calls";
import { type Fault, FAULT_HEADER, LATENCY_HEADER, takeFault } from "../../resources/faults";
import { admitCall } from "../../resources/rate-limit";
import { errorBody } from "./error-body";
import { CURSOR_PAGING_VERSION, type RestEnv } from "./http";
import { REST_ROUTES, type RestRoute } from "./routes";

/** Set by the edge: the origin and prefix the caller reached the sandbox at, for `_links`. */
export const PUBLIC_BASE_HEADER = "x-sandbox-public-base";
/** Set by the service on its calls: its own public origin, which the sandbox's links and webhooks point at. */
export const SERVICE_ORIGIN_HEADER = "x-sandbox-service-origin";
/** Set by the edge on calls through `/sandbox/processor` (browsers, curl, tests): not the service's own calls. */
export const VIA_SITE_HEADER = "x-sandbox-via-site";
/** What the processor assumes when `Finix-Version` is missing or unknown. */
const BASE_API_VERSION = "2018-01-01";

function errorResponse(error: ProcessorError, c: { var: RestEnv["Variables"] }): Response {
  return new Response(JSON.stringify(errorBody(error, c.var.logref, c.var.publicBase)), {
    status: error.status,
    headers: { "Content-Type": "application/hal+json", ...(error.status === 401 ? { "WWW-Authenticate": 'Basic realm="processor"' } : {}) },
  });
}

const context: MiddlewareHandler<RestEnv> = async (c, next) => {
  c.set("logref", hex(randomBytes(8)));
  const serviceOrigin = c.req.header(SERVICE_ORIGIN_HEADER);
  if (serviceOrigin) c.env.sandbox.noteServiceOrigin(serviceOrigin);
  c.set("publicBase", c.req.header(PUBLIC_BASE_HEADER) ?? c.env.sandbox.webhookLinkBase);
  // Like the processor: without a known Finix-Version the request runs on the base version (offset paging).
  c.set("apiVersion", c.req.header("Finix-Version") === CURSOR_PAGING_VERSION ? CURSOR_PAGING_VERSION : BASE_API_VERSION);
  await next();
  c.res.headers.set("x-request-id", crypto.randomUUID());
  c.res.headers.set("finix-apiuser-role", "ROLE_PARTNER");
};

const basicAuth: MiddlewareHandler<RestEnv> = async (c, next) => {
  const { PROCESSOR_USERNAME: username, PROCESSOR_PASSWORD: password } = c.env.sandbox.env;
  const expected = `Basic ${btoa(`${username}:${password}`)}`;
  if (!username || !password || !timingSafeEqualStrings(c.req.header("Authorization")?.trim() ?? "", expected)) {
    throw new ProcessorError(401, [{ code: "UNKNOWN", message: "Unauthorized: the API key id and secret did not match." }]);
  }
  await next();
};

/** Counts the service's authenticated calls by operation, faulted ones too: the processor's rate limit counts them all. */
function counted(route: RestRoute): MiddlewareHandler<RestEnv> {
  const operation = `${route.method} ${route.path}`;
  return async (c, next) => {
    if (!c.req.header(VIA_SITE_HEADER)) countCall(c.env.sandbox, operation);
    await next();
  };
}

/** The processor's rate limit per credential, when the `config` control sets one (429 `TOO_MANY_REQUESTS`). */
const rateLimit: MiddlewareHandler<RestEnv> = async (c, next) => {
  admitCall(c.env.sandbox, c.env.sandbox.env.PROCESSOR_USERNAME, c.req.method);
  await next();
};

function faultResponse(fault: Fault, c: { var: RestEnv["Variables"] }): Response {
  if (fault.kind === "error") {
    const status = (fault.status ?? 500) as ProcessorError["status"];
    return errorResponse(
      new ProcessorError(status, [{ code: fault.code ?? "SERVER_ERROR", message: `Sandbox fault ${fault.id}: HTTP ${status}.` }]),
      c,
    );
  }
  return new Response(null, { status: 500, headers: { [FAULT_HEADER]: fault.kind } });
}

/**
 * Refuses query parameters the route does not take: the processor documents each list's filters and paging (`limit`
 * with `after_cursor` on 2022-02-01, `offset` on the base version), and a filter the processor ignores would hand a
 * client every record instead of the ones it asked for.
 */
function knownQuery(route: RestRoute): MiddlewareHandler<RestEnv> {
  return async (c, next) => {
    const paging = route.query ? ["limit", c.var.apiVersion === CURSOR_PAGING_VERSION ? "after_cursor" : "offset"] : [];
    const allowed = new Set([...paging, ...(route.query ?? [])]);
    const unknown = [...new URL(c.req.url).searchParams.keys()].filter((name) => !allowed.has(name));
    if (unknown.length > 0) {
      throw new ProcessorError(400, [
        {
          code: "BAD_REQUEST",
          field: unknown[0],
          message: `${route.method} ${route.path} does not take ${unknown.join(", ")}${allowed.size ? `; it takes ${[...allowed].join(", ")}` : ""}.`,
        },
      ]);
    }
    await next();
  };
}

/** Applies a matching fault knob; `after` lets the request take effect and then spoils the answer. */
const faults: MiddlewareHandler<RestEnv> = async (c, next) => {
  const fault = takeFault(c.env.sandbox, c.req.method, c.req.path);
  if (!fault) return next();
  if (fault.kind === "latency") {
    await next();
    c.res.headers.set(LATENCY_HEADER, String(fault.latencyMs ?? 0));
    return;
  }
  if (fault.phase === "before") return faultResponse(fault, c);
  await next();
  c.res = faultResponse(fault, c);
};

/** The processor's REST subset, run inside the sandbox's Durable Object. */
export function createRestApp() {
  const app = new Hono<RestEnv>();
  app.use("*", context);
  for (const route of REST_ROUTES) {
    const path = route.path.replace(/\{([^}]+)\}/g, ":$1");
    if (!route.anonymous) app.on(route.method, path, basicAuth, counted(route), rateLimit);
    app.on(route.method, path, faults, knownQuery(route), route.handler);
  }
  app.notFound((c) =>
    errorResponse(new ProcessorError(404, [{ code: "NOT_FOUND", message: `No route ${c.req.method} ${c.req.path}.` }]), c),
  );
  app.onError((error, c) => {
    if (error instanceof ProcessorError) return errorResponse(error, c);
    logEvent("error", "sandbox processor failure", {
      method: c.req.method,
      path: c.req.path,
      logref: c.var.logref,
      error: String(error),
      stack: error.stack,
    });
    return errorResponse(new ProcessorError(500, [{ code: "SERVER_ERROR", message: "An unexpected error occurred in the sandbox." }]), c);
  });
  return app;
}
