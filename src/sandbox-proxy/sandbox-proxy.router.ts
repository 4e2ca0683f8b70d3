import { type Context, Hono } from "hono";

import { hex, randomBytes } from "../lib/crypto";
import { ApiError } from "../lib/problem";
import { publicUrl } from "../platform/context";
import type { AppBindings } from "../platform/types";
import { controlScope, SANDBOX_SCOPE_HEADER } from "./control-scope";
import { builtinSandbox } from "./merchant-control";

/** Tells the sandbox, with the service's calls through the binding, the service's public origin: its links point there. */
export const SANDBOX_SERVICE_ORIGIN_HEADER = "x-sandbox-service-origin";

/**
 * `/sandbox/*` at the service's origin is the sandbox processor Worker, passed through unchanged over the
 * SANDBOX_PROCESSOR binding: its pages, its REST API and token endpoint (for browsers), and its controls — for which
 * the caller is authenticated here and the sandbox told the scope. Without the binding, or outside
 * PROCESSOR_BASE_URL=builtin, there is no sandbox and the whole path answers 404.
 */
async function toSandbox(c: Context<AppBindings, string>): Promise<Response> {
  const sandbox = builtinSandbox(c.env);
  if (!sandbox) throw new ApiError("not-found", `No route ${c.req.method} ${c.req.path}.`);
  const headers = new Headers(c.req.raw.headers);
  headers.delete(SANDBOX_SCOPE_HEADER);
  if (c.req.path.startsWith("/sandbox/control/")) {
    headers.set(SANDBOX_SCOPE_HEADER, await controlScope(c));
    headers.delete("Authorization");
    headers.delete("X-Api-Key");
  }
  headers.set("traceparent", `00-${c.get("traceId")}-${hex(randomBytes(8))}-01`);
  headers.set(SANDBOX_SERVICE_ORIGIN_HEADER, publicUrl(c.get("ctx"), ""));
  // Read whole: the sandbox may answer (a refusal) without reading the body, which must not break a half-sent stream.
  const body = c.req.method === "GET" || c.req.method === "HEAD" ? undefined : await c.req.arrayBuffer();
  return sandbox.fetch(new Request(c.req.url, { method: c.req.method, headers, body, redirect: "manual", signal: c.req.raw.signal }));
}

const sandboxProxyRouter = new Hono<AppBindings>();
sandboxProxyRouter.all("/sandbox", toSandbox);
sandboxProxyRouter.all("/sandbox/*", toSandbox);

export default sandboxProxyRouter;
