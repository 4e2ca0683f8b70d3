import { Hono } from "hono";

import { logEvent } from "../core/log";
import { createControlRouter, recordInbox } from "./control/router";
import { callSandbox, sandboxControl, type SandboxObject } from "./edge";
import { createPagesRouter } from "./pages/router";
import { Problem, problemResponse, traceIdOf } from "./problem";
import { SERVICE_ORIGIN_HEADER } from "./rest/app";
import type { HttpEnv } from "./types";

const SITE_PREFIX = "/sandbox";
const REST_PREFIX = "/sandbox/processor";
const TOKEN_PATH = /^\/applications\/[^/]+\/tokens$/;

/** Browsers on other origins (a tenant's own checkout) may tokenize, as with the processor's public endpoint. */
const TOKEN_CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "POST",
  "Access-Control-Allow-Headers": "Content-Type",
};

/**
 * What the service serves at `/sandbox` on its own origin (it proxies the path here unchanged): the REST API again
 * under `/sandbox/processor` (for browsers and curl; CORS-open tokenization), the hosted pages, the request bin and
 * the controls.
 */
function createSite(objectOf: (env: SandboxEnv) => SandboxObject) {
  const site = new Hono<HttpEnv>().basePath(SITE_PREFIX);
  site.use("*", async (c, next) => {
    const object = objectOf(c.env);
    c.set("object", object);
    c.set("control", sandboxControl(object, c.req.header(SERVICE_ORIGIN_HEADER)));
    c.set("traceId", traceIdOf(c.req.raw.headers));
    await next();
  });
  site.options("/processor/applications/:applicationId/tokens", (c) => c.body(null, 204, TOKEN_CORS));
  site.all("/processor/*", async (c) => {
    const url = new URL(c.req.url);
    const path = url.pathname.slice(REST_PREFIX.length);
    const response = await callSandbox(
      c.var.object,
      c.req.raw,
      { pathAndQuery: path + url.search, publicBase: url.origin + REST_PREFIX, viaSite: true },
      "http",
    );
    if (!TOKEN_PATH.test(path)) return response;
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(TOKEN_CORS)) headers.set(name, value);
    return new Response(response.body, { status: response.status, headers });
  });
  site.post("/inbox/:name", recordInbox);
  site.route("/control", createControlRouter());
  site.route("/", createPagesRouter());
  site.notFound((c) => problemResponse(new Problem("not-found", `No route ${c.req.method} ${c.req.path}.`), c.var.traceId));
  site.onError((error, c) => {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when the error came before the middleware that sets it
    const traceId = c.var.traceId ?? traceIdOf(c.req.raw.headers);
    if (error instanceof Problem) return problemResponse(error, traceId);
    logEvent("error", "sandbox failure", { traceId, method: c.req.method, path: c.req.path, error: String(error), stack: error.stack });
    return problemResponse(
      new Problem("internal-error", `An unexpected error occurred in the sandbox; quote traceId ${traceId}.`),
      traceId,
    );
  });
  return site;
}

export function isSitePath(pathname: string): boolean {
  return pathname === SITE_PREFIX || pathname.startsWith(`${SITE_PREFIX}/`);
}

/**
 * The sandbox worker's HTTP surface. Under `/sandbox`: the site above. Anywhere else: the processor's REST API at the
 * root of whatever origin it was called at, as the service's processor client calls it through the binding
 * (`https://sandbox.processor.internal/transfers…`; the origin only shapes the `_links`).
 */
export function createSandboxHttp(objectOf: (env: SandboxEnv) => SandboxObject) {
  const site = createSite(objectOf);
  return async (request: Request, env: SandboxEnv, ctx: ExecutionContext): Promise<Response> => {
    const url = new URL(request.url);
    if (isSitePath(url.pathname)) return site.fetch(request, env, ctx);
    return callSandbox(objectOf(env), request, { pathAndQuery: url.pathname + url.search, publicBase: url.origin }, "http");
  };
}
