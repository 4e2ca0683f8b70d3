import { createRoute } from "@hono/zod-openapi";
import { jsonBody, jsonContent, problemResponses, z } from "../platform/openapi";
import { OPERATOR_PROBLEMS, OPERATOR_ROUTE, TenantParams } from "../platform/operator";
import { TenantSchema } from "../tenants";

export const linkProcessorMerchant = createRoute({
  method: "post",
  path: "/admin/tenants/{tenantId}/processor-merchant",
  ...OPERATOR_ROUTE,
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
      ...OPERATOR_PROBLEMS,
    }),
  },
});
