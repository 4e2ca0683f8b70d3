import { createRoute, z } from "@hono/zod-openapi";

import * as openapi from "../platform/openapi";

export const MetaSchema = z
  .object({
    service: z.string().openapi({ example: "payment-connect" }),
    processor: z.string().openapi({ example: "finix" }),
    processorEnvironment: z.string().openapi({ example: "sandbox", description: "`sandbox` or `live`." }),
    processorApplicationId: z.string().openapi({ example: "APsandboxPaymentConnect0001" }),
    processorApiVersion: z.string().openapi({ example: "2022-02-01" }),
    currency: z.string().openapi({ example: "USD" }),
  })
  .openapi("PublicConfig");

const StatusSchema = z.object({ status: z.literal("ok") }).openapi("HealthStatus");
const ReadySchema = z
  .object({
    status: z.literal("ok"),
    checks: z.object({ database: z.literal("ok") }),
    detail: z.object({
      unprocessableProcessorWebhooks: z
        .number()
        .int()
        .openapi({
          description:
            "Signed processor webhooks (and swept resources) kept but not applied: list them with `GET /admin/processor-webhooks`, " +
            "apply them after a fix with `POST /admin/processor-webhooks/reapply`. Informational: the service stays ready.",
        }),
      stuckTenantMoves: z
        .number()
        .int()
        .openapi({
          description:
            "Tenant moves unfinished with no step succeeding for longer than `TENANT_MOVE_STUCK_MINUTES` (15 unless configured): a step " +
            "that keeps failing, or a move nothing drives. Alert on it above 0; `GET /admin/moves` lists them with their error and age. " +
            "Informational: the service stays ready.",
        }),
      failingTenantMoves: z.number().int().openapi({
        description:
          "Tenant moves whose last step failed, stuck or not yet (the cron retries each after a backoff of a minute, doubling to an hour).",
      }),
      processorFeedLagSeconds: z
        .number()
        .int()
        .nullable()
        .openapi({
          description:
            "How far behind the processor's newest change the most behind of its change feeds (the cron's recovery of lost " +
            "webhooks) is, in seconds: about 60 when caught up; null before their first read. Each feed's: `GET /admin/processor-feeds`.",
        }),
      processorFeedsBehind: z.boolean().openapi({
        description:
          "True past 15 minutes of lag (`docs/operations.md`, Processor change feeds, says what to do). A warning: the service stays ready.",
      }),
    }),
  })
  .openapi("ReadinessStatus");

export const meta = createRoute({
  method: "get",
  path: "/v1/meta",
  tags: ["Meta"],
  operationId: "getMeta",
  summary: "Public configuration for frontends (anonymous, cacheable, CORS-open)",
  description:
    "What a checkout page needs to load the processor's tokenization library: the processor, its environment (`sandbox` or `live`), " +
    "the application id, the API version and the currency. Cacheable for five minutes; any origin may read it.",
  responses: {
    200: openapi.jsonContent(MetaSchema, "Public config; contains no secrets.", {
      service: "payment-connect",
      processor: "finix",
      processorEnvironment: "sandbox",
      processorApplicationId: "APsandboxPaymentConnect0001",
      processorApiVersion: "2022-02-01",
      currency: "USD",
    }),
  },
});

export const health = createRoute({
  method: "get",
  path: "/health",
  tags: ["Health"],
  operationId: "getHealth",
  summary: "Health",
  description: "Answers while the Worker runs; checks nothing else (see `/health/ready`).",
  responses: { 200: openapi.jsonContent(StatusSchema, "The service is up.", { status: "ok" }) },
});

export const live = createRoute({
  method: "get",
  path: "/health/live",
  tags: ["Health"],
  operationId: "getLiveness",
  summary: "Liveness: the process is up",
  description: "For a liveness probe: answers while the Worker runs, without touching the datastore.",
  responses: { 200: openapi.jsonContent(StatusSchema, "The process is up.", { status: "ok" }) },
});

export const ready = createRoute({
  method: "get",
  path: "/health/ready",
  tags: ["Health"],
  operationId: "getReadiness",
  summary: "Readiness: the datastore is reachable",
  description:
    "For a readiness probe: runs one query against each D1 database (the control database and every tenant shard) and answers 503 `service-unavailable` when any fails. Never cached. " +
    "The control database's query also counts the processor webhooks kept unprocessable and the tenant moves stuck or failing, and reads how far the processor's change feeds are behind (`detail`: warns past 15 minutes).",
  responses: {
    200: openapi.jsonContent(ReadySchema, "D1 answered a probe query.", {
      status: "ok",
      checks: { database: "ok" },
      detail: {
        unprocessableProcessorWebhooks: 0,
        stuckTenantMoves: 0,
        failingTenantMoves: 0,
        processorFeedLagSeconds: 61,
        processorFeedsBehind: false,
      },
    }),
    ...openapi.problemResponses({ 503: "D1 is unreachable." }),
  },
});
