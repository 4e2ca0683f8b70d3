import { createRoute } from "@hono/zod-openapi";
import { jsonBody, jsonContent, problemResponses, z } from "../lib/openapi";

const tags = ["Operator"];
const security = [{ AdminSecret: [] }];
const ADMIN_PROBLEMS = { 401: "Missing or wrong admin secret.", 500: "Unexpected failure." } as const;

export const TenantSchema = z
  .object({
    id: z.string().openapi({ example: "ten_3kTq9Wc2Zb7pLx0aYf4Rn" }),
    name: z.string(),
    feeBasisPoints: z.number().int().nullable().openapi({ description: "Null: the platform default applies." }),
    feeFixedCents: z.number().int().nullable().openapi({ description: "Null: the platform default applies." }),
    processorMerchantId: z.string().nullable(),
    chargesEnabled: z.boolean(),
    createdAtUtc: z.string(),
  })
  .openapi("Tenant");

export const ApiKeySchema = z
  .object({
    id: z.string().openapi({ example: "key_8fJw2QpLm4Zt0Xc1Vb9Kd" }),
    tenantId: z.string(),
    displayPrefix: z.string().openapi({ example: "lc_live_AbCd" }),
    lastFour: z.string(),
    createdAtUtc: z.string(),
    revokedAtUtc: z.string().nullable(),
  })
  .openapi("ApiKey");

export const IssuedApiKeySchema = ApiKeySchema.extend({
  key: z.string().openapi({ description: "The secret key. Shown only in this response; store it now." }),
}).openapi("IssuedApiKey");

export const TenantParams = z.object({
  tenantId: z
    .string()
    .regex(/^ten_[A-Za-z0-9]+$/)
    .openapi({ param: { name: "tenantId", in: "path" } }),
});
const KeyParams = TenantParams.extend({
  keyId: z
    .string()
    .regex(/^key_[A-Za-z0-9]+$/)
    .openapi({ param: { name: "keyId", in: "path" } }),
});

export const createTenant = createRoute({
  method: "post",
  path: "/admin/tenants",
  tags,
  security,
  summary: "Create a tenant",
  request: { body: jsonBody(z.object({ name: z.string().trim().min(1).max(200) }).strict()) },
  responses: {
    201: jsonContent(TenantSchema, "The new tenant."),
    ...problemResponses({ 400: "Invalid body.", 413: "Body too large.", 415: "Body is not JSON.", ...ADMIN_PROBLEMS }),
  },
});

export const updateTenant = createRoute({
  method: "patch",
  path: "/admin/tenants/{tenantId}",
  tags,
  security,
  summary: "Rename a tenant or set its application fee schedule (null restores the platform default)",
  request: {
    params: TenantParams,
    body: jsonBody(
      z
        .object({
          name: z.string().trim().min(1).max(200).optional(),
          feeBasisPoints: z.number().int().min(0).max(10_000).nullable().optional(),
          feeFixedCents: z.number().int().min(0).max(100_000).nullable().optional(),
        })
        .strict(),
    ),
  },
  responses: {
    200: jsonContent(TenantSchema, "The updated tenant."),
    ...problemResponses({
      400: "Invalid body.",
      404: "No such tenant.",
      413: "Body too large.",
      415: "Body is not JSON.",
      ...ADMIN_PROBLEMS,
    }),
  },
});

export const linkProcessorMerchant = createRoute({
  method: "post",
  path: "/admin/tenants/{tenantId}/processor-merchant",
  tags,
  security,
  summary: "Attach an existing processor merchant (MU…) to a tenant",
  description:
    "For merchants onboarded outside the hosted form. The merchant is read from the processor and the tenant's " +
    "chargesEnabled follows the processor's word (APPROVED and processing_enabled), never this request.",
  request: {
    params: TenantParams,
    body: jsonBody(z.object({ processorMerchantId: z.string().regex(/^MU[A-Za-z0-9]{6,64}$/, "must be a merchant id (MU…)") }).strict()),
  },
  responses: {
    200: jsonContent(TenantSchema, "The tenant with its merchant and readiness."),
    ...problemResponses({
      400: "Invalid body.",
      404: "No such tenant.",
      409: "The merchant already belongs to another tenant.",
      422: "The processor does not know the merchant.",
      502: "The processor failed.",
      ...ADMIN_PROBLEMS,
    }),
  },
});

export const listTenants = createRoute({
  method: "get",
  path: "/admin/tenants",
  tags,
  security,
  summary: "List tenants",
  responses: {
    200: jsonContent(z.object({ data: z.array(TenantSchema) }), "Every tenant, newest first."),
    ...problemResponses(ADMIN_PROBLEMS),
  },
});

export const issueKey = createRoute({
  method: "post",
  path: "/admin/tenants/{tenantId}/keys",
  tags,
  security,
  summary: "Issue an API key for a tenant (the key is shown once)",
  request: { params: TenantParams },
  responses: {
    201: jsonContent(IssuedApiKeySchema, "The new key, including its secret."),
    ...problemResponses({ 400: "Malformed tenant id.", 404: "No such tenant.", ...ADMIN_PROBLEMS }),
  },
});

export const listKeys = createRoute({
  method: "get",
  path: "/admin/tenants/{tenantId}/keys",
  tags,
  security,
  summary: "List a tenant's API keys (never their secrets)",
  request: { params: TenantParams },
  responses: {
    200: jsonContent(z.object({ data: z.array(ApiKeySchema) }), "The tenant's keys, newest first."),
    ...problemResponses({ 400: "Malformed tenant id.", 404: "No such tenant.", ...ADMIN_PROBLEMS }),
  },
});

export const revokeKey = createRoute({
  method: "post",
  path: "/admin/tenants/{tenantId}/keys/{keyId}/revoke",
  tags,
  security,
  summary: "Revoke an API key (idempotent)",
  request: { params: KeyParams },
  responses: {
    200: jsonContent(ApiKeySchema, "The revoked key."),
    ...problemResponses({ 400: "Malformed id.", 404: "No such key for this tenant.", ...ADMIN_PROBLEMS }),
  },
});

export const registerProcessorWebhook = createRoute({
  method: "post",
  path: "/admin/processor/webhook",
  tags,
  security,
  summary: "Register this service's webhook with the processor (for the processor's real sandbox or live)",
  description:
    "Creates the processor webhook pointing at `${BASE_URL}/webhooks/processor` with the configured Basic credentials and the events the " +
    "service consumes. Store the returned `secretSigningKey` as the `PROCESSOR_WEBHOOK_SIGNING_KEY` secret (comma-separate old and new during a rotation).",
  responses: {
    201: jsonContent(
      z
        .object({ id: z.string(), url: z.string(), enabled: z.boolean(), secretSigningKey: z.string().nullable() })
        .openapi("RegisteredProcessorWebhook"),
      "The processor's webhook.",
    ),
    ...problemResponses({
      422: "The processor refused it (e.g. the URL did not answer its test POST).",
      502: "The processor failed.",
      ...ADMIN_PROBLEMS,
    }),
  },
});
