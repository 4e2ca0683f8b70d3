import { createRoute, z } from "@hono/zod-openapi";

import * as openapi from "../platform/openapi";
import { OPERATOR_PROBLEMS, operatorRoute, TENANT_NOT_FOUND, TenantParams } from "../platform/operator";
import { PERMISSION_LEVELS, PERMISSION_RESOURCES, type PermissionResource } from "../platform/permissions";
import { emptyJsonBodyAsObject } from "./api-keys";

export const TenantSchema = z
  .object({
    id: z.string().openapi({ example: "ten_3kTq9Wc2Zb7pLx0aYf4Rn" }),
    name: z.string(),
    region: z.string().nullable().openapi({
      example: "us",
      description:
        "Where the tenant's data lives: the region of its shard, set when it was created and changed only by a move to another region. Null for a tenant from before shards, whose data the control database still holds.",
    }),
    feeBasisPoints: z.number().int().nullable().openapi({ description: "Null: the platform default applies." }),
    feeFixedCents: z.number().int().nullable().openapi({ description: "Null: the platform default applies." }),
    processorMerchantId: z.string().nullable(),
    chargesEnabled: z.boolean(),
    createdAtUtc: z.string(),
  })
  .openapi("Tenant");

const PermissionLevelSchema = z.enum(PERMISSION_LEVELS).openapi("PermissionLevel", {
  description: "`none`, `read` (GET routes) or `write` (every route of the resource; write implies read).",
});

const PERMISSIONS_DESCRIPTION =
  "A level per resource: `payments`, `refunds`, `disputes`, `payouts`, `terminal`, `onboarding`, `events`, " +
  "`callback_endpoints`. Each /v1 operation names the one it needs as `x-permission` (e.g. `payments:write`).";

const levelPerResource = <Level extends z.ZodType>(level: Level) =>
  Object.fromEntries(PERMISSION_RESOURCES.map((resource) => [resource, level])) as Record<PermissionResource, Level>;

/** What a restricted key is given: a resource left out is `none`; it must grant something (a key with every permission omits it). */
export const KeyPermissionsSchema = z
  .object(levelPerResource(PermissionLevelSchema.optional()))
  .strict()
  .refine((permissions) => Object.values(permissions).some((level) => level !== "none"), {
    message: "grants nothing: give `read` or `write` on at least one resource, or omit `permissions` for a key with every permission",
    // An unknown resource or level is the error to show, not this.
    when: (payload) => payload.issues.length === 0,
  })
  .openapi("KeyPermissions", { description: `${PERMISSIONS_DESCRIPTION} A resource left out is \`none\`.` });

export const ApiKeySchema = z
  .object({
    id: z.string().openapi({ example: "key_8fJw2QpLm4Zt0Xc1Vb9Kd" }),
    tenantId: z.string(),
    name: z.string().openapi({ example: "Checkout server", description: "Given in the dashboard; empty for keys issued without one." }),
    restricted: z.boolean().openapi({
      description:
        "False: the key has every permission, including those of resources added later (every key issued without `permissions`). " +
        "True: it has exactly `permissions`, fixed when it was issued.",
    }),
    permissions: z.object(levelPerResource(PermissionLevelSchema)).openapi("ApiKeyPermissions", {
      description: `${PERMISSIONS_DESCRIPTION} All \`write\` for a key that is not restricted.`,
    }),
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

export const tenantExample = {
  id: "ten_3kTq9Wc2Zb7pLx0aYf4Rn",
  name: "Blue Bottle Bakery",
  region: "us",
  feeBasisPoints: null,
  feeFixedCents: null,
  processorMerchantId: "MUeDVrf2ahuKc9Eg5TeZugvs",
  chargesEnabled: true,
  createdAtUtc: "2026-11-01T09:00:00.000Z",
};

const EVERY_PERMISSION = {
  payments: "write",
  refunds: "write",
  disputes: "write",
  payouts: "write",
  terminal: "write",
  onboarding: "write",
  events: "write",
  callback_endpoints: "write",
  requests: "write",
} as const;

const keyExample = {
  id: "key_8fJw2QpLm4Zt0Xc1Vb9Kd",
  tenantId: "ten_3kTq9Wc2Zb7pLx0aYf4Rn",
  name: "",
  restricted: false,
  permissions: EVERY_PERMISSION,
  displayPrefix: "lc_live_AbCd",
  lastFour: "9xQ2",
  createdAtUtc: "2026-11-01T09:05:00.000Z",
  revokedAtUtc: null,
  lastUsedAtUtc: "2026-11-02T14:31:00.000Z",
};

const KeyParams = TenantParams.extend({
  keyId: z
    .string()
    .regex(/^key_[A-Za-z0-9]+$/)
    .openapi({ param: { name: "keyId", in: "path" } }),
});

export const createTenant = createRoute({
  method: "post",
  path: "/admin/tenants",
  ...operatorRoute("Operator: tenants and keys"),
  operationId: "createTenant",
  summary: "Create a tenant",
  description:
    "A merchant of the platform: it gets API keys (`POST /admin/tenants/{tenantId}/keys`), a dashboard owner (an invitation) and a " +
    "processor merchant (the hosted onboarding form, or `POST /admin/tenants/{tenantId}/processor-merchant`). Its data lives in " +
    "`region` (default `DEFAULT_REGION`), on that region's open shard with the most room; only a move to another region's shard " +
    "(`POST /admin/tenants/{tenantId}/move` with `allowCrossRegion`) changes it.",
  request: {
    body: openapi.jsonBody(
      z
        .object({
          name: z.string().trim().min(1).max(200),
          region: z
            .string()
            .regex(/^[a-z]{2,8}$/)
            .optional()
            .openapi({ description: "A region the deployment has shards in, e.g. `us` or `eu`; omitted, `DEFAULT_REGION`." }),
        })
        .strict(),
      { name: "Blue Bottle Bakery", region: "us" },
    ),
  },
  responses: {
    201: openapi.jsonContent(TenantSchema, "The new tenant.", {
      ...tenantExample,
      region: "us",
      processorMerchantId: null,
      chargesEnabled: false,
    }),
    ...openapi.problemResponses({
      400: {
        description: "Invalid body, or a region no shard serves.",
        examples: [
          {
            slug: "validation-failed",
            detail: "No shard serves region au; this deployment's regions: us, eu.",
            extensions: { errors: [{ field: "region", message: "must be one of: us, eu" }] },
          },
        ],
      },
      409: {
        description: "Every shard of the region is closed to new tenants.",
        examples: [{ slug: "conflict", detail: "No shard in region eu takes new tenants." }],
      },
      ...openapi.JSON_BODY_PROBLEMS,
      ...OPERATOR_PROBLEMS,
    }),
  },
});

export const updateTenant = createRoute({
  method: "patch",
  path: "/admin/tenants/{tenantId}",
  ...operatorRoute("Operator: tenants and keys"),
  operationId: "updateTenant",
  summary: "Rename a tenant or set its application fee",
  description:
    "Each field is optional. The application fee on a charge is `feeBasisPoints` of the amount plus `feeFixedCents`; null restores the " +
    "platform default (`DEFAULT_FEE_BASIS_POINTS`, `DEFAULT_FEE_FIXED_CENTS`). Applies to charges made afterwards.",
  request: {
    params: TenantParams,
    body: openapi.jsonBody(
      z
        .object({
          name: z.string().trim().min(1).max(200).optional(),
          feeBasisPoints: z.number().int().min(0).max(10_000).nullable().optional(),
          feeFixedCents: z.number().int().min(0).max(100_000).nullable().optional(),
        })
        .strict(),
      { feeBasisPoints: 250, feeFixedCents: 30 },
    ),
  },
  responses: {
    200: openapi.jsonContent(TenantSchema, "The updated tenant.", { ...tenantExample, feeBasisPoints: 250, feeFixedCents: 30 }),
    ...openapi.problemResponses({
      400: "Invalid body.",
      ...TENANT_NOT_FOUND,
      ...openapi.JSON_BODY_PROBLEMS,
      ...OPERATOR_PROBLEMS,
    }),
  },
});

export const listTenants = openapi.listRoute(
  {
    path: "/admin/tenants",
    ...operatorRoute("Operator: tenants and keys"),
    operationId: "listTenants",
    summary: "List tenants",
    description:
      "Tenants newest first, with their fee schedule, processor merchant and whether they can take charges; pass `nextCursor` back as `cursor` while `hasMore` is true.",
  },
  {
    filters: {},
    item: TenantSchema,
    name: "TenantList",
    items: "tenants",
    example: openapi.onePage(tenantExample),
    problems: OPERATOR_PROBLEMS,
  },
);

export const issueKey = createRoute({
  method: "post",
  path: "/admin/tenants/{tenantId}/keys",
  middleware: [emptyJsonBodyAsObject] as const,
  ...operatorRoute("Operator: tenants and keys"),
  operationId: "issueApiKey",
  summary: "Issue an API key for a tenant (the key is shown once)",
  description:
    "The secret `key` (`lc_live_…`) is in this response only; the service keeps a hash. The tenant sends it as `X-Api-Key` or " +
    "`Authorization: Bearer`. Tenants also issue their own keys in the dashboard.\n\n" +
    "Without `permissions` (or without a body) the key has every permission. With them it is restricted: each /v1 operation " +
    "needs its `x-permission` (e.g. `payments:read` to list payments, `payments:write` to charge), and any other answers 403 " +
    "`insufficient-permissions` naming it. A key's permissions never change: to change them, issue a new key and revoke the old one.",
  request: {
    params: TenantParams,
    body: {
      ...openapi.jsonBody(
        z
          .object({
            name: z.string().trim().max(100).optional().openapi({ description: "What the key is for, as the dashboard shows it." }),
            permissions: KeyPermissionsSchema.optional(),
          })
          .strict(),
        { name: "Reporting job", permissions: { payments: "read", refunds: "read", payouts: "read" } },
      ),
      required: false,
    },
  },
  responses: {
    201: openapi.jsonContent(IssuedApiKeySchema, "The new key, including its secret.", {
      ...keyExample,
      name: "Reporting job",
      restricted: true,
      permissions: {
        payments: "read",
        refunds: "read",
        disputes: "none",
        payouts: "read",
        terminal: "none",
        onboarding: "none",
        events: "none",
        callback_endpoints: "none",
        requests: "none",
      },
      lastUsedAtUtc: null,
      key: "lc_live_AbCdQ7mZ3tP9wK2vR8sX1yN4bF6hJ0cL5gT9xQ2",
    }),
    ...openapi.problemResponses({
      400: {
        description:
          "Malformed tenant id, or a body that fails validation: an unknown resource or level, or permissions that grant nothing.",
        examples: {
          "unknown-resource": openapi.invalidField("permissions", 'Unrecognized key: "customers"'),
          "unknown-level": openapi.invalidField("permissions.payments", 'Invalid option: expected one of "none"|"read"|"write"'),
        },
      },
      ...TENANT_NOT_FOUND,
      ...openapi.JSON_BODY_PROBLEMS,
      ...OPERATOR_PROBLEMS,
    }),
  },
});

export const listKeys = createRoute({
  method: "get",
  path: "/admin/tenants/{tenantId}/keys",
  ...operatorRoute("Operator: tenants and keys"),
  operationId: "listApiKeys",
  summary: "List a tenant's API keys (never their secrets)",
  description: "Active and revoked keys, newest first, with the prefix and last four characters that identify each.",
  request: { params: TenantParams },
  responses: {
    200: openapi.jsonContent(z.object({ data: z.array(ApiKeySchema) }).openapi("ApiKeyList"), "The tenant's keys, newest first.", {
      data: [keyExample],
    }),
    ...openapi.problemResponses({ 400: "Malformed tenant id.", ...TENANT_NOT_FOUND, ...OPERATOR_PROBLEMS }),
  },
});

export const revokeKey = createRoute({
  method: "post",
  path: "/admin/tenants/{tenantId}/keys/{keyId}/revoke",
  ...operatorRoute("Operator: tenants and keys"),
  operationId: "revokeApiKey",
  summary: "Revoke an API key (idempotent)",
  description: "The key stops authenticating at once (401 `unauthorized`); revoking a revoked key answers it unchanged.",
  request: { params: KeyParams },
  responses: {
    200: openapi.jsonContent(ApiKeySchema, "The revoked key.", { ...keyExample, revokedAtUtc: "2026-11-03T08:00:00.000Z" }),
    ...openapi.problemResponses({
      400: "Malformed id.",
      404: {
        description: "No such key for this tenant.",
        examples: [{ slug: "not-found", detail: "No API key key_8fJw2QpLm4Zt0Xc1Vb9Kd for tenant ten_3kTq9Wc2Zb7pLx0aYf4Rn." }],
      },
      ...OPERATOR_PROBLEMS,
    }),
  },
});

const ShardSchema = z
  .object({
    shard: z.string().openapi({ example: "DB_SHARD_EU_1", description: "The shard's D1 binding, as `SHARDS` in wrangler.toml names it." }),
    region: z.string().openapi({ example: "eu", description: "Where its data lives; tenants of this region are placed on it." }),
    open: z.boolean().openapi({ description: "Whether it takes new tenants." }),
    tenants: z.number().int().openapi({ example: 42, description: "Tenants placed on it." }),
    rows: z.number().int().openapi({ example: 1_250_000, description: "Rows in all its tables, counted now." }),
    sizeBytes: z.number().int().openapi({ example: 862_000_000, description: "Its size as D1 reports it (a database holds up to 10 GB)." }),
  })
  .openapi("Shard");

export const listShards = createRoute({
  method: "get",
  path: "/admin/shards",
  ...operatorRoute("Operator: tenants and keys"),
  operationId: "listShards",
  summary: "List the tenant shards",
  description:
    "Each tenant shard the deployment configures (`SHARDS`), its region, whether it takes new tenants, and what it holds. A new tenant goes to " +
    "the open shard of its region with the most room. Counting rows reads every table of every shard: an operator's report, not a probe.",
  responses: {
    200: openapi.jsonContent(z.object({ data: z.array(ShardSchema) }).openapi("ShardList"), "Every shard, in configuration order.", {
      data: [
        { shard: "DB_SHARD_US_1", region: "us", open: true, tenants: 42, rows: 1_250_000, sizeBytes: 862_000_000 },
        { shard: "DB_SHARD_EU_1", region: "eu", open: true, tenants: 7, rows: 90_000, sizeBytes: 61_000_000 },
      ],
    }),
    ...openapi.problemResponses({ ...OPERATOR_PROBLEMS }),
  },
});
