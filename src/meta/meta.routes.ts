import { createRoute } from "@hono/zod-openapi";
import { jsonContent, problemResponses, z } from "../platform/openapi";

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
const ReadySchema = z.object({ status: z.literal("ok"), checks: z.object({ database: z.literal("ok") }) }).openapi("ReadinessStatus");

export const meta = createRoute({
  method: "get",
  path: "/v1/meta",
  tags: ["Meta"],
  summary: "Public configuration for frontends (anonymous, cacheable, CORS-open)",
  responses: { 200: jsonContent(MetaSchema, "Public config; contains no secrets.") },
});

export const health = createRoute({
  method: "get",
  path: "/health",
  tags: ["Health"],
  summary: "Health",
  responses: { 200: jsonContent(StatusSchema, "The service is up.") },
});

export const live = createRoute({
  method: "get",
  path: "/health/live",
  tags: ["Health"],
  summary: "Liveness: the process is up",
  responses: { 200: jsonContent(StatusSchema, "The process is up.") },
});

export const ready = createRoute({
  method: "get",
  path: "/health/ready",
  tags: ["Health"],
  summary: "Readiness: the datastore is reachable",
  responses: {
    200: jsonContent(ReadySchema, "D1 answered a probe query."),
    ...problemResponses({ 503: "D1 is unreachable." }),
  },
});
