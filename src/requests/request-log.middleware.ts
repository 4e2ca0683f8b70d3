import { createMiddleware } from "hono/factory";

import { afterResponse } from "../platform/after-response";
import type { TenantContext } from "../platform/context";
import type { AppBindings } from "../platform/types";
import { recordRequest } from "./request-log.service";

/**
 * Logs each `/v1` request of an authenticated tenant once its response is ready: the row's send to the request-log
 * queue is left to `waitUntil`, so no response waits for it. A request refused before its key was accepted names no
 * tenant and is not logged.
 */
export const logTenantRequests = createMiddleware<AppBindings>(async (c, next) => {
  const receivedAt = new Date();
  await next();
  const tenant = c.get("tenant");
  const ctx = c.get("ctx");
  if (!tenant || !("tenant" in ctx)) return;
  const { url } = c.req;
  const queryAt = url.indexOf("?");
  const input = {
    apiKeyId: tenant.apiKeyId,
    receivedAt: receivedAt.toISOString(),
    method: c.req.method,
    path: c.req.path,
    query: queryAt === -1 ? "" : url.slice(queryAt + 1),
    status: c.res.status,
    durationMs: Date.now() - receivedAt.getTime(),
    traceId: c.get("traceId"),
    idempotencyKey: c.req.header("Idempotency-Key"),
    userAgent: c.req.header("User-Agent"),
  };
  // For the tenant the request entered as, after its answer was sent: nothing reads this row back in the request.
  afterResponse(c, recordRequest({ ctx: ctx as TenantContext, input }));
});
