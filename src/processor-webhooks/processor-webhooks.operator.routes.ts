import { createRoute, z } from "@hono/zod-openapi";
import * as openapi from "../platform/openapi";
import { OPERATOR_PROBLEMS, operatorRoute } from "../platform/operator";

export const registerProcessorWebhook = createRoute({
  method: "post",
  path: "/admin/processor/webhook",
  ...operatorRoute("Operator: processor"),
  operationId: "registerProcessorWebhook",
  summary: "Register this service's webhook with the processor (for the processor's real sandbox or live)",
  description:
    "Creates the processor webhook pointing at `${BASE_URL}/webhooks/processor` (without BASE_URL, at this request's origin) with the " +
    "configured Basic credentials and the events the service consumes. Store the returned `secretSigningKey` as the `PROCESSOR_WEBHOOK_SIGNING_KEY` secret (comma-separate old and new during a rotation).",
  responses: {
    201: openapi.jsonContent(
      z
        .object({ id: z.string(), url: z.string(), enabled: z.boolean(), secretSigningKey: z.string().nullable() })
        .openapi("RegisteredProcessorWebhook"),
      "The processor's webhook.",
      {
        id: "WHq7Rz2Lm9Xc4Vb8Nk1Td3",
        url: "https://payments.example.com/webhooks/processor",
        enabled: true,
        secretSigningKey: "3f1c9a0b7e2d4c6a",
      },
    ),
    ...openapi.problemResponses({
      422: "The processor refused it (e.g. the URL did not answer its test POST).",
      502: "The processor failed.",
      ...OPERATOR_PROBLEMS,
    }),
  },
});
