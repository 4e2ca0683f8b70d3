import { createRoute } from "@hono/zod-openapi";
import { AUTHENTICATED_PROBLEMS, jsonBody, jsonContent, problemResponses, TENANT_SECURITY, z } from "../platform/openapi";

const tags = ["Onboarding"];

const HttpUrl = z.url({ protocol: /^https?$/ }).max(2000);

export const OnboardingFormSchema = z
  .object({
    formId: z.string().openapi({ example: "obf_8v2Zk1Qe4RtYu7Io9Pa3Sd" }),
    status: z.string().openapi({ description: "The processor's form status: `IN_PROGRESS` or `COMPLETED`.", example: "IN_PROGRESS" }),
    onboardingUrl: z.string().nullable().openapi({ description: "Send the merchant here." }),
    expiresAt: z
      .string()
      .nullable()
      .openapi({ description: "When onboardingUrl stops working (reading the form renews an expired link)." }),
  })
  .openapi("OnboardingForm");

const ReasonSchema = z.object({ code: z.string(), message: z.string() }).openapi("ReadinessReason");
const RequirementSchema = z
  .object({ code: z.string(), message: z.string(), actionUrl: z.string().nullable(), dueAt: z.string().nullable() })
  .openapi("ReadinessRequirement");

export const ReadinessSchema = z
  .object({
    processorMerchantId: z.string().nullable().openapi({ example: "MUeDVrf2ahuKc9Eg5TeZugvs" }),
    onboardingStatus: z.enum(["not_started", "pending", "enabled", "restricted"]),
    chargesEnabled: z.boolean(),
    payoutsEnabled: z.boolean(),
    reasons: z.array(ReasonSchema).openapi({
      description:
        "Why charges or payouts are off: `under_review`, `rejected`, `update_requested`, `processing_disabled`, `settlement_disabled`.",
    }),
    requirements: z
      .array(RequirementSchema)
      .openapi({ description: "What the merchant must do: `onboarding_form`, `update_requested`, `pci_saq_a`." }),
    pci: z
      .object({
        status: z.enum(["valid", "pending", "expired", "not_started"]),
        validUntil: z.string().nullable().openapi({ description: "YYYY-MM-DD", example: "2027-11-22" }),
        actionUrl: z.string().nullable().openapi({ description: "Where the merchant attests PCI DSS SAQ-A; null when valid." }),
      })
      .openapi("PciStatus"),
    onboardingUrl: z.string().nullable().openapi({ description: "Null when no action on the onboarding form is needed." }),
  })
  .openapi("Readiness");

export const startOnboarding = createRoute({
  method: "post",
  path: "/v1/onboarding",
  tags,
  security: TENANT_SECURITY,
  summary: "Create a hosted onboarding form",
  description:
    "The merchant fills it in at `onboardingUrl`; the processor sends the browser back to the service, which finalizes and then redirects to `returnUrl`.",
  request: {
    body: {
      ...jsonBody(
        z
          .object({
            returnUrl: HttpUrl.optional().openapi({ description: "Where the merchant lands after the form (your dashboard)." }),
            business: z
              .object({
                business_name: z.string().max(200).optional(),
                email: z.email().optional(),
                phone: z.string().max(20).optional(),
                first_name: z.string().max(100).optional(),
                last_name: z.string().max(100).optional(),
              })
              .strict()
              .optional()
              .openapi({ description: "Prefill for the form (the processor's entity field names)." }),
          })
          .strict()
          .openapi("StartOnboardingRequest"),
      ),
      required: false,
    },
  },
  responses: {
    201: jsonContent(OnboardingFormSchema, "The hosted form."),
    ...problemResponses({
      400: "Invalid body.",
      409: "Already onboarded.",
      415: "Body is not JSON.",
      502: "The processor failed.",
      ...AUTHENTICATED_PROBLEMS,
    }),
  },
});

export const readForm = createRoute({
  method: "get",
  path: "/v1/onboarding/form/{formId}",
  tags,
  security: TENANT_SECURITY,
  summary: "Read the form's status; finalizes the onboarding once the form is complete",
  request: {
    params: z.object({
      formId: z
        .string()
        .regex(/^obf_[A-Za-z0-9]+$/)
        .openapi({ param: { name: "formId", in: "path" } }),
    }),
  },
  responses: {
    200: jsonContent(
      OnboardingFormSchema.extend({ processorMerchantId: z.string().nullable() }).openapi("OnboardingFormStatus"),
      "The form, and the merchant once attached.",
    ),
    ...problemResponses({
      400: "Malformed id.",
      404: "No such form for this tenant.",
      502: "The processor failed.",
      ...AUTHENTICATED_PROBLEMS,
    }),
  },
});

export const status = createRoute({
  method: "get",
  path: "/v1/onboarding/status",
  tags,
  security: TENANT_SECURITY,
  summary: "Readiness: can this merchant charge and be paid out?",
  request: {
    query: z
      .object({ refresh: z.enum(["true", "false"]).optional().openapi({ description: "`true` re-pulls the state from the processor." }) })
      .strict(),
  },
  responses: {
    200: jsonContent(ReadinessSchema, "Readiness, kept fresh by the processor's webhooks."),
    ...problemResponses({ 400: "Invalid query.", 502: "The processor failed (refresh only).", ...AUTHENTICATED_PROBLEMS }),
  },
});

const TokenParams = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{20,64}$/)
    .openapi({ param: { name: "token", in: "path" } }),
});

export const returnFromForm = createRoute({
  method: "get",
  path: "/onboarding/return/{token}",
  tags,
  summary: "Where the processor's hosted form sends the merchant's browser back (anonymous)",
  request: { params: TokenParams },
  responses: {
    303: { description: "Finalized; redirects to the tenant's returnUrl." },
    200: { description: "Finalized; no returnUrl was given.", content: { "text/html": { schema: z.string() } } },
    ...problemResponses({ 404: "Unknown link." }),
  },
});

export const renewLink = createRoute({
  method: "get",
  path: "/onboarding/expired/{token}",
  tags,
  summary: "The processor's expired-session link: renews the form link and redirects to it (anonymous)",
  request: { params: TokenParams },
  responses: { 303: { description: "Redirects to a fresh onboarding link." }, ...problemResponses({ 404: "Unknown link." }) },
});

const AttestationParams = z.object({
  formId: z
    .string()
    .regex(/^cf_[A-Za-z0-9]+$/)
    .openapi({ param: { name: "formId", in: "path" }, example: "cf_fEojUGLjwUiqNTBp68JWq8" }),
  token: z
    .string()
    .regex(/^[0-9a-f]{40}$/)
    .openapi({ param: { name: "token", in: "path" } }),
});

const htmlPage = (description: string) => ({ description, content: { "text/html": { schema: z.string() } } });

export const showPciAttestation = createRoute({
  method: "get",
  path: "/onboarding/pci/{formId}/{token}",
  tags,
  summary: "The merchant's PCI SAQ-A attestation page (anonymous; the link is `pci.actionUrl` outside the built-in sandbox)",
  description:
    "The processor expects the platform to collect the SAQ-A attestation. This page shows the merchant's current PCI form and, " +
    "while it awaits attestation, a form for name, title and acceptance. The link names one tenant's one form.",
  request: { params: AttestationParams },
  responses: {
    200: htmlPage("The attestation page."),
    ...problemResponses({
      400: "Malformed link.",
      404: "Unknown link, or the form is no longer the merchant's current one.",
      502: "The processor failed.",
    }),
  },
});

export const submitPciAttestation = createRoute({
  method: "post",
  path: "/onboarding/pci/{formId}/{token}",
  tags,
  summary: "Submit the merchant's PCI SAQ-A attestation to the processor (anonymous; the page's form)",
  request: {
    params: AttestationParams,
    body: {
      content: {
        "application/x-www-form-urlencoded": {
          schema: z
            .object({
              name: z.string().max(200).optional(),
              title: z.string().max(200).optional(),
              accept: z.string().max(10).optional(),
            })
            .openapi("PciAttestationForm"),
        },
      },
      required: true,
    },
  },
  responses: {
    200: htmlPage("Attested: the page shows the signed form."),
    422: htmlPage("Name, title or acceptance missing, or the processor refused it: the page again, with the reason."),
    ...problemResponses({ 400: "Malformed link.", 404: "Unknown link.", 502: "The processor failed." }),
  },
});
