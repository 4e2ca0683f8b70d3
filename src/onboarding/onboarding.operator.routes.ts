import { createRoute } from "@hono/zod-openapi";
import { jsonBody, jsonContent, problemResponses, z } from "../platform/openapi";
import { OPERATOR_PROBLEMS, operatorRoute, TenantParams } from "../platform/operator";
import { TenantSchema } from "../tenants";

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
    body: jsonBody(z.object({ processorMerchantId: z.string().regex(/^MU[A-Za-z0-9]{6,64}$/, "must be a merchant id (MU…)") }).strict(), {
      processorMerchantId: "MUeDVrf2ahuKc9Eg5TeZugvs",
    }),
  },
  responses: {
    200: jsonContent(TenantSchema, "The tenant with its merchant and readiness.", {
      id: "ten_3kTq9Wc2Zb7pLx0aYf4Rn",
      name: "Blue Bottle Bakery",
      feeBasisPoints: null,
      feeFixedCents: null,
      processorMerchantId: "MUeDVrf2ahuKc9Eg5TeZugvs",
      chargesEnabled: true,
      createdAtUtc: "2026-11-01T09:00:00.000Z",
    }),
    ...problemResponses({
      400: "Invalid body.",
      404: { description: "No such tenant.", examples: [{ slug: "not-found", detail: "No tenant ten_3kTq9Wc2Zb7pLx0aYf4Rn." }] },
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
