import type { OpenAPIHono } from "@hono/zod-openapi";

import { REQUEST_LOG_RETENTION_DAYS } from "../requests";
import { PROBLEM_CATALOGUE, ProblemTypeSchema } from "./problem-types";
import type { DocumentServer } from "./served-document";
import { CALLBACKS_TAG_DESCRIPTION, registerWebhooks } from "./webhooks";

/** Every tag an operation or webhook uses, in the reference's order, with what the group is for. */
const TAGS = [
  {
    name: "Payments",
    description: "Charges by single-use token or stored instrument (card or ACH), lookup, and search by time and status.",
  },
  { name: "Refunds", description: "Full or partial refunds of a payment, optionally returning the application fee to the merchant." },
  { name: "Terminal", description: "PAX card readers: register, activate, deactivate, and in-person sales with their cancellation." },
  { name: "Payouts", description: "Settlements paid to the merchant's bank, with the payments, refunds, fees and chargebacks in each." },
  { name: "Disputes", description: "Chargebacks and inquiries: evidence files and the one-shot submission before `respondBy`." },
  {
    name: "Onboarding",
    description:
      "The processor's hosted onboarding form, the merchant's readiness to charge and be paid out, and the PCI SAQ-A attestation.",
  },
  {
    name: "Events",
    description: "Every event the callbacks carry, with the same ids and bodies: list, filter and look up, or poll instead of receiving.",
  },
  {
    name: "Callback endpoints",
    description:
      "Where callbacks go: up to 16 URLs, each with the event types it takes and its own signing secret (shown once, on creation).",
  },
  { name: "Callbacks", description: CALLBACKS_TAG_DESCRIPTION },
  {
    name: "Requests",
    description: `The log of the tenant's own API requests (${REQUEST_LOG_RETENTION_DAYS} days): status, duration, \`traceId\`; find a failing one by its \`traceId\`.`,
  },
  { name: "Meta", description: "Public configuration for checkout pages, and this reference." },
  { name: "Health", description: "Liveness and readiness probes (anonymous)." },
  { name: "Processor webhooks", description: "Called by the processor, not by tenants: its events keep the ledger current." },
  {
    name: "Operator: tenants and keys",
    description: "The platform operator (`ADMIN_SECRET`): tenants, their fees, API keys and processor merchants.",
  },
  { name: "Operator: dashboard", description: "The platform operator: invitations to a tenant's dashboard." },
  {
    name: "Operator: callbacks",
    description: "The platform operator: a tenant's callback URL, signing secrets, events, deliveries and replays.",
  },
  { name: "Operator: payments", description: "The platform operator: the reconciliation backlog and application-fee credits." },
  { name: "Operator: processor", description: "The platform operator: the service's webhook registration at the processor." },
];

const DESCRIPTION = `Hosted payments over the processor: charges, refunds, payouts, disputes, card-present sales, onboarding and signed callbacks.

**Authentication.** Tenant routes (\`/v1\`) take the tenant's secret key as \`X-Api-Key: lc_live_…\` or \`Authorization: Bearer lc_live_…\` (both headers naming different keys: 400 \`conflicting-api-keys\`); \`GET /v1/meta\` and \`/health*\` are anonymous. Operator routes (\`/admin\`) take \`Authorization: Bearer <ADMIN_SECRET>\`.

**Idempotency.** Charges and in-person sales require an \`Idempotency-Key\` header; refunds and dispute submissions take one optionally. A replay with the same key and body returns the original status and body, with \`Idempotent-Replayed: true\`.

**Reading your own writes.** Lists (\`GET /v1/payments\`, \`/v1/payouts\`, \`/v1/disputes\`, \`/v1/terminal/readers\`) may be served by a read replica a moment behind; everything else reads the primary. Every \`/v1\` request that wrote your data answers with \`X-D1-Bookmark\` (whatever its status), as does every list: send the latest one you hold back as \`X-D1-Bookmark\` on a list, and it shows everything up to it (a bookmark that is not one is 400 \`validation-failed\`).

**Callbacks** are described under \`webhooks\`: one per event type, with its body, its signature headers and how to verify them.

**Errors.** Every failure is \`application/problem+json\` (RFC 9457) with \`type\`, \`title\`, \`status\`, \`detail\` and \`traceId\` (also sent as \`X-Trace-Id\`); validation failures add \`errors\` (each field and its message). The \`type\` is one of these URIs (the \`ProblemType\` schema):

${PROBLEM_CATALOGUE}`;

/** Components and webhooks the routes do not register themselves. */
function registerReferenceDefinitions(registry: OpenAPIHono["openAPIRegistry"]) {
  registry.registerComponent("securitySchemes", "ApiKeyHeader", {
    type: "apiKey",
    in: "header",
    name: "X-Api-Key",
    description: "The tenant's secret key (`lc_live_…`). A revoked key is refused within 5 seconds.",
  });
  registry.registerComponent("securitySchemes", "BearerApiKey", {
    type: "http",
    scheme: "bearer",
    description: "The same tenant key as `Authorization: Bearer lc_live_…`; equivalent to `X-Api-Key`.",
  });
  registry.registerComponent("securitySchemes", "AdminSecret", {
    type: "http",
    scheme: "bearer",
    description: "Operator routes only: `Authorization: Bearer <ADMIN_SECRET>`.",
  });
  registry.registerComponent("securitySchemes", "ProcessorWebhook", {
    type: "http",
    scheme: "basic",
    description: "The credentials the service registered its webhook with at the processor, plus `Finix-Signature`.",
  });
  registry.register("ProblemType", ProblemTypeSchema);
  registerWebhooks(registry);
}

/**
 * The OpenAPI document of the app's routes, listing `servers`. Built by `npm run openapi:generate` (never by the
 * Worker, which serves the snapshot it writes: src/docs/served-document.ts).
 */
export function openApiDocument(app: OpenAPIHono, servers: DocumentServer[]) {
  registerReferenceDefinitions(app.openAPIRegistry);
  return app.getOpenAPI31Document({
    openapi: "3.1.0",
    info: { title: "Payment Connect API", version: "1.0.0", description: DESCRIPTION },
    servers,
    tags: TAGS,
  });
}
