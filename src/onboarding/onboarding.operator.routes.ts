import { createRoute, z } from "@hono/zod-openapi";

import * as openapi from "../platform/openapi";
import { OPERATOR_PROBLEMS, operatorRoute, TENANT_NOT_FOUND, TenantParams } from "../platform/operator";
import { tenantExample, TenantSchema } from "../tenants";

export const linkProcessorMerchant = createRoute({
  method: "post",
  path: "/admin/tenants/{tenantId}/processor-merchant",
  ...operatorRoute("Operator: tenants and keys"),
  operationId: "linkProcessorMerchant",
  summary: "Attach an existing processor merchant (MU…) to a tenant",
  description:
    "For merchants onboarded outside the hosted form. The merchant is read from the processor and the tenant's " +
    "chargesEnabled follows the processor's word (APPROVED and processing_enabled), never this request.",
  request: {
    params: TenantParams,
    body: openapi.jsonBody(
      z.object({ processorMerchantId: z.string().regex(/^MU[A-Za-z0-9]{6,64}$/, "must be a merchant id (MU…)") }).strict(),
      {
        processorMerchantId: "MUeDVrf2ahuKc9Eg5TeZugvs",
      },
    ),
  },
  responses: {
    200: openapi.jsonContent(TenantSchema, "The tenant with its merchant and readiness.", tenantExample),
    ...openapi.problemResponses({
      400: "Invalid body.",
      ...TENANT_NOT_FOUND,
      409: {
        description: "The merchant already belongs to another tenant.",
        examples: [{ slug: "conflict", detail: "Merchant MUeDVrf2ahuKc9Eg5TeZugvs already belongs to another tenant." }],
      },
      422: {
        description: "The processor does not know the merchant.",
        examples: [
          { slug: "processor-rejected", detail: "Merchant MUeDVrf2ahuKc9Eg5TeZugvs not found.", extensions: { code: "NOT_FOUND" } },
        ],
      },
      502: "The processor failed.",
      ...OPERATOR_PROBLEMS,
    }),
  },
});
