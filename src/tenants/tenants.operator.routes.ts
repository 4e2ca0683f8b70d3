import { createRoute } from "@hono/zod-openapi";
import { jsonBody, jsonContent, pageOf, pageQuery, problemResponses, z } from "../platform/openapi";
import { OPERATOR_PROBLEMS, OPERATOR_ROUTE, TenantParams } from "../platform/operator";

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
    name: z.string().openapi({ example: "Checkout server", description: "Given in the dashboard; empty for keys issued without one." }),
    displayPrefix: z.string().openapi({ example: "lc_live_AbCd" }),
    lastFour: z.string(),
    createdAtUtc: z.string(),
    revokedAtUtc: z.string().nullable(),
    lastUsedAtUtc: z.string().nullable().openapi({ description: "When the key last authenticated a request, to the minute." }),
  })
  .openapi("ApiKey");

export const IssuedApiKeySchema = ApiKeySchema.extend({
  key: z.string().openapi({ description: "The secret key. Shown only in this response; store it now." }),
}).openapi("IssuedApiKey");

const KeyParams = TenantParams.extend({
  keyId: z
    .string()
    .regex(/^key_[A-Za-z0-9]+$/)
    .openapi({ param: { name: "keyId", in: "path" } }),
});

export const createTenant = createRoute({
  method: "post",
  path: "/admin/tenants",
  ...OPERATOR_ROUTE,
  summary: "Create a tenant",
  request: { body: jsonBody(z.object({ name: z.string().trim().min(1).max(200) }).strict()) },
  responses: {
    201: jsonContent(TenantSchema, "The new tenant."),
    ...problemResponses({ 400: "Invalid body.", 413: "Body too large.", 415: "Body is not JSON.", ...OPERATOR_PROBLEMS }),
  },
});

export const updateTenant = createRoute({
  method: "patch",
  path: "/admin/tenants/{tenantId}",
  ...OPERATOR_ROUTE,
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
      ...OPERATOR_PROBLEMS,
    }),
  },
});

export const listTenants = createRoute({
  method: "get",
  path: "/admin/tenants",
  ...OPERATOR_ROUTE,
  summary: "List tenants, newest first",
  request: { query: z.object(pageQuery({ defaultSize: 50, maxSize: 200 })).strict() },
  responses: {
    200: jsonContent(pageOf(TenantSchema, "TenantList"), "One page of tenants."),
    ...problemResponses({ 400: "Invalid query, or `invalid-cursor`.", ...OPERATOR_PROBLEMS }),
  },
});

export const issueKey = createRoute({
  method: "post",
  path: "/admin/tenants/{tenantId}/keys",
  ...OPERATOR_ROUTE,
  summary: "Issue an API key for a tenant (the key is shown once)",
  request: { params: TenantParams },
  responses: {
    201: jsonContent(IssuedApiKeySchema, "The new key, including its secret."),
    ...problemResponses({ 400: "Malformed tenant id.", 404: "No such tenant.", ...OPERATOR_PROBLEMS }),
  },
});

export const listKeys = createRoute({
  method: "get",
  path: "/admin/tenants/{tenantId}/keys",
  ...OPERATOR_ROUTE,
  summary: "List a tenant's API keys (never their secrets)",
  request: { params: TenantParams },
  responses: {
    200: jsonContent(z.object({ data: z.array(ApiKeySchema) }), "The tenant's keys, newest first."),
    ...problemResponses({ 400: "Malformed tenant id.", 404: "No such tenant.", ...OPERATOR_PROBLEMS }),
  },
});

export const revokeKey = createRoute({
  method: "post",
  path: "/admin/tenants/{tenantId}/keys/{keyId}/revoke",
  ...OPERATOR_ROUTE,
  summary: "Revoke an API key (idempotent)",
  request: { params: KeyParams },
  responses: {
    200: jsonContent(ApiKeySchema, "The revoked key."),
    ...problemResponses({ 400: "Malformed id.", 404: "No such key for this tenant.", ...OPERATOR_PROBLEMS }),
  },
});
