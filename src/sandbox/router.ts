import { Hono } from "hono";
import type { AppBindings } from "../platform/types";
import { createControlRouter } from "./control/router";
import { callSandbox } from "./edge";
import { createPagesRouter } from "./pages/router";

const REST_PREFIX = "/sandbox/processor";
const TOKEN_PATH = /^\/applications\/[^/]+\/tokens$/;

/** Browsers on other origins (a tenant's own checkout) may tokenize, as with the processor's public endpoint. */
const TOKEN_CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "POST",
  "Access-Control-Allow-Headers": "Content-Type",
};

/**
 * The sandbox over HTTP: its REST API under /sandbox/processor, its browser pages under /sandbox, and the
 * controls under /sandbox/control. Mounted at the root; the app serves it only with PROCESSOR_BASE_URL=builtin.
 */
export const sandboxRouter = new Hono<AppBindings>().basePath("/sandbox");

sandboxRouter.options("/processor/applications/:applicationId/tokens", (c) => c.body(null, 204, TOKEN_CORS));
sandboxRouter.all("/processor/*", async (c) => {
  const url = new URL(c.req.url);
  const path = url.pathname.slice(REST_PREFIX.length);
  const response = await callSandbox(c.env, c.req.raw, { pathAndQuery: path + url.search, publicBase: url.origin + REST_PREFIX }, "http");
  if (!TOKEN_PATH.test(path)) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(TOKEN_CORS)) headers.set(name, value);
  return new Response(response.body, { status: response.status, headers });
});
sandboxRouter.route("/control", createControlRouter());
sandboxRouter.route("/", createPagesRouter());
