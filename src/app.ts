import { createMiddleware } from "hono/factory";

import { accountsRouter } from "./accounts";
import { callbacksRouter } from "./callbacks";
import { withRequestContext } from "./context";
import { dashboardRouter } from "./dashboard";
import { disputesRouter, isEvidenceUpload } from "./disputes";
import { docsRouter } from "./docs";
import { metaRouter } from "./meta";
import { onboardingRouter } from "./onboarding";
import { paymentsRouter } from "./payments";
import { payoutsRouter } from "./payouts";
import { createRouter } from "./platform/openapi";
import { requireOperator } from "./platform/operator";
import { bodyGuard, notFoundOrMethodNotAllowed, onError, traceAndLog } from "./platform/pipeline";
import { bookmarkWrites } from "./platform/read-replicas";
import type { AppBindings } from "./platform/types";
import { processorWebhooksRouter } from "./processor-webhooks";
import { logTenantRequests, requestsRouter } from "./requests";
import { sandboxProxyRouter } from "./sandbox-proxy";
import { tenantMovesRouter } from "./tenant-moves";
import { requireTenant, routeToOperatorTenant, tenantsRouter } from "./tenants";
import { terminalRouter } from "./terminal";

const ANONYMOUS_V1_PATHS = new Set(["/v1/meta"]);

/** The table of contents of the HTTP surface: pipeline first, then each capability's router. */
export function createApp() {
  const app = createRouter();

  app.use("*", traceAndLog);
  app.use("*", withRequestContext);
  // Around authentication, so it sees the tenant the key named and the final status, problems included.
  app.use("/v1/*", logTenantRequests);
  app.use(
    "/v1/*",
    createMiddleware<AppBindings>(async (c, next) => (ANONYMOUS_V1_PATHS.has(c.req.path) ? next() : requireTenant(c, next))),
  );
  // The evidence upload is multipart and guards its own body (size, media type); every other /v1 body is JSON.
  app.use(
    "/v1/*",
    createMiddleware<AppBindings>(async (c, next) => (isEvidenceUpload(c.req.method, c.req.path) ? next() : bodyGuard(c, next))),
  );
  app.use("/v1/*", bookmarkWrites);
  app.use("/admin/*", bodyGuard);
  app.use("/admin/*", requireOperator);
  // Before the tenant routing below, so it never runs for them: a move works on two shards, and goes on while the
  // tenant is paused.
  app.route("/", tenantMovesRouter);
  app.use("/admin/tenants/:tenantId/*", routeToOperatorTenant);

  app.route("/", metaRouter);
  app.route("/", paymentsRouter);
  app.route("/", terminalRouter);
  app.route("/", payoutsRouter);
  app.route("/", disputesRouter);
  app.route("/", onboardingRouter);
  app.route("/", processorWebhooksRouter);
  app.route("/", tenantsRouter);
  app.route("/", callbacksRouter);
  app.route("/", requestsRouter);
  app.route("/", docsRouter);
  app.route("/", accountsRouter);
  app.route("/", dashboardRouter);
  // The sandbox processor Worker, only when configured and bound; a live deployment never serves it.
  app.route("/", sandboxProxyRouter);

  app.notFound(notFoundOrMethodNotAllowed(() => app.routes));
  app.onError(onError);
  return app;
}
