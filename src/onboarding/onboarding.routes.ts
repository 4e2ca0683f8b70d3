import { createRoute, z } from "@hono/zod-openapi";

import * as openapi from "../platform/openapi";

const tags = ["Onboarding"];

const HttpUrl = z.url({ protocol: /^https?$/ }).max(2000);

const FORM_ID = "obf_8v2Zk1Qe4RtYu7Io9Pa3Sd";

const formExample = {
  formId: FORM_ID,
  status: "IN_PROGRESS",
  onboardingUrl: "https://onboarding.example-processor.com/forms/obfTqg4e5zM4Kx1?bearer_token=eyJhbGciOi",
  expiresAt: "2026-11-08T09:00:00.000Z",
};

const readinessExample = {
  processorMerchantId: "MUeDVrf2ahuKc9Eg5TeZugvs",
  onboardingStatus: "enabled",
  chargesEnabled: true,
  payoutsEnabled: true,
  reasons: [],
  requirements: [
    {
      code: "pci_saq_a",
      message: "Attest PCI DSS SAQ-A compliance.",
      actionUrl: "http://localhost:8787/onboarding/pci/cf_fEojUGLjwUiqNTBp68JWq8/3f1c9a0b7e2d4c6a8b5e1f0d2c4a6b8e9d7c5a3b",
      dueAt: "2026-12-01T00:00:00.000Z",
    },
  ],
  pci: {
    status: "pending",
    validUntil: null,
    actionUrl: "http://localhost:8787/onboarding/pci/cf_fEojUGLjwUiqNTBp68JWq8/3f1c9a0b7e2d4c6a8b5e1f0d2c4a6b8e9d7c5a3b",
  },
  onboardingUrl: null,
};

const htmlPage = (description: string, example: string) => ({ description, content: { "text/html": { schema: z.string(), example } } });

const unknownLink = {
  404: { description: "Unknown link.", examples: [{ slug: "not-found", detail: "Unknown onboarding link." }] },
} as const;
const htmlExample = (heading: string) =>
  `<!doctype html><html lang="en"><head><title>${heading}</title></head><body><h1>${heading}</h1>…</body></html>`;

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
  ...openapi.tenantRoute("Onboarding", "onboarding:write"),
  operationId: "startOnboarding",
  summary: "Create a hosted onboarding form",
  description:
    "The merchant fills it in at `onboardingUrl`; the processor sends the browser back to the service, which finalizes and then redirects to `returnUrl`.",
  request: {
    body: {
      ...openapi.jsonBody(
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
        {
          returnUrl: "https://merchant.example/settings/payments",
          business: { business_name: "Blue Bottle Bakery LLC", email: "owner@bluebottle.example" },
        },
      ),
      required: false,
    },
  },
  responses: {
    201: openapi.jsonContent(OnboardingFormSchema, "The hosted form.", formExample),
    ...openapi.problemResponses({
      400: "Invalid body.",
      409: {
        description: "Already onboarded.",
        examples: [{ slug: "conflict", detail: "This tenant is already onboarded; see GET /v1/onboarding/status." }],
      },
      415: "Body is not JSON.",
      502: "The processor failed.",
      ...openapi.AUTHENTICATED_PROBLEMS,
    }),
  },
});

export const readForm = createRoute({
  method: "get",
  path: "/v1/onboarding/form/{formId}",
  ...openapi.tenantRoute("Onboarding", "onboarding:read"),
  operationId: "getOnboardingForm",
  summary: "Read the form's status; finalizes the onboarding once the form is complete",
  description:
    "Reads the form at the processor. Once it is `COMPLETED` the merchant is attached to the tenant (`processorMerchantId`); an " +
    "expired `onboardingUrl` is renewed.",
  request: {
    params: z.object({
      formId: z
        .string()
        .regex(/^obf_[A-Za-z0-9]+$/)
        .openapi({ param: { name: "formId", in: "path" } }),
    }),
  },
  responses: {
    200: openapi.jsonContent(
      OnboardingFormSchema.extend({ processorMerchantId: z.string().nullable() }).openapi("OnboardingFormStatus"),
      "The form, and the merchant once attached.",
      { ...formExample, status: "COMPLETED", onboardingUrl: null, expiresAt: null, processorMerchantId: "MUeDVrf2ahuKc9Eg5TeZugvs" },
    ),
    ...openapi.problemResponses({
      400: "Malformed id.",
      404: { description: "No such form for this tenant.", examples: [{ slug: "not-found", detail: `No onboarding form ${FORM_ID}.` }] },
      502: "The processor failed.",
      ...openapi.AUTHENTICATED_PROBLEMS,
    }),
  },
});

export const status = createRoute({
  method: "get",
  path: "/v1/onboarding/status",
  ...openapi.tenantRoute("Onboarding", "onboarding:read"),
  operationId: "getOnboardingStatus",
  summary: "Readiness: can this merchant charge and be paid out?",
  description:
    "`chargesEnabled` and `payoutsEnabled` with the reasons they are off and what the merchant must do (`requirements`), including " +
    "the PCI DSS SAQ-A attestation. Kept fresh by the processor's webhooks; onboarding and account changes arrive as `compliance_form.updated` callbacks, charges-enabled and PCI changes as `merchant.updated`.",
  request: {
    query: z
      .object({ refresh: z.enum(["true", "false"]).optional().openapi({ description: "`true` re-pulls the state from the processor." }) })
      .strict(),
  },
  responses: {
    200: openapi.jsonContent(ReadinessSchema, "Readiness, kept fresh by the processor's webhooks.", readinessExample),
    ...openapi.problemResponses({ 400: "Invalid query.", 502: "The processor failed (refresh only).", ...openapi.AUTHENTICATED_PROBLEMS }),
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
  operationId: "returnFromOnboarding",
  summary: "Where the processor's hosted form sends the merchant's browser back (anonymous)",
  description: "Finalizes the onboarding (as reading the form does), then sends the browser to the `returnUrl` the tenant gave.",
  request: { params: TokenParams },
  responses: {
    303: { description: "Finalized; redirects to the tenant's returnUrl." },
    200: htmlPage("Finalized; no returnUrl was given.", htmlExample("Onboarding submitted")),
    ...openapi.problemResponses(unknownLink),
  },
});

export const renewLink = createRoute({
  method: "get",
  path: "/onboarding/expired/{token}",
  tags,
  operationId: "renewOnboardingLink",
  summary: "The processor's expired-session link: renews the form link and redirects to it (anonymous)",
  description: "The processor sends a merchant whose form session expired here; the service asks it for a new link and redirects.",
  request: { params: TokenParams },
  responses: {
    303: { description: "Redirects to a fresh onboarding link." },
    ...openapi.problemResponses({ ...unknownLink, 502: "The processor failed." }),
  },
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

export const showPciAttestation = createRoute({
  method: "get",
  path: "/onboarding/pci/{formId}/{token}",
  tags,
  operationId: "showPciAttestation",
  summary: "The merchant's PCI SAQ-A attestation page (anonymous; the link is `pci.actionUrl` outside the built-in sandbox)",
  description:
    "The processor expects the platform to collect the SAQ-A attestation. This page shows the merchant's current PCI form and, " +
    "while it awaits attestation, a form for name, title and acceptance. The link names one tenant's one form.",
  request: { params: AttestationParams },
  responses: {
    200: htmlPage("The attestation page.", htmlExample("PCI DSS SAQ-A attestation")),
    ...openapi.problemResponses({
      400: "Malformed link.",
      404: {
        description: "Unknown link, or the form is no longer the merchant's current one.",
        examples: [{ slug: "not-found", detail: "Unknown or outdated attestation link; see pci.actionUrl in GET /v1/onboarding/status." }],
      },
      502: "The processor failed.",
    }),
  },
});

export const submitPciAttestation = createRoute({
  method: "post",
  path: "/onboarding/pci/{formId}/{token}",
  tags,
  operationId: "submitPciAttestation",
  summary: "Submit the merchant's PCI SAQ-A attestation to the processor (anonymous; the page's form)",
  description:
    "The attestation page's form: the signer's name and title and `accept=on`. The processor records the attestation with the " +
    "signer's browser and IP address; a `compliance_form.updated` and a `merchant.updated` callback follow.",
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
          example: { name: "Ada Lovelace", title: "Owner", accept: "on" },
        },
      },
      required: true,
    },
  },
  responses: {
    200: htmlPage("Attested: the page shows the signed form.", htmlExample("PCI DSS SAQ-A attested")),
    422: htmlPage(
      "Name, title or acceptance missing, or the processor refused it: the page again, with the reason.",
      htmlExample("PCI DSS SAQ-A attestation"),
    ),
    ...openapi.problemResponses({ 400: "Malformed link.", ...unknownLink, 502: "The processor failed." }),
  },
});
