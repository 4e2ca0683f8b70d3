import { createRoute, z } from "@hono/zod-openapi";

import { EVENT_TYPES } from "../outbox/event-types";
import * as openapi from "../platform/openapi";
import { ALL_EVENT_TYPES, MAX_CALLBACK_ENDPOINTS } from "./callback-endpoints.service";

const TAG = "Callback endpoints";
export const ENDPOINT_ID = "cbe_Jq3Lw8Xb2VnR7tZk5Hm1Pc";
const EndpointIdParams = openapi.idPathParams(openapi.resourceId("cbe", "endpoint id"), ENDPOINT_ID);

const EventTypeList = z
  .array(z.string().max(100))
  .min(1)
  .max(EVENT_TYPES.length + 1)
  .openapi({
    example: ["transfer.updated", "dispute.created"],
    description:
      `Event types this endpoint receives (\`LC-Event-Type\`s of the catalogue: ${EVENT_TYPES.join(", ")}), or \`["${ALL_EVENT_TYPES}"]\` ` +
      "for every type. An unknown type is 422 `unknown-event-type`, naming it.",
  });

const EndpointSchema = z
  .object({
    id: z.string().openapi({ example: ENDPOINT_ID }),
    url: z
      .string()
      .nullable()
      .openapi({
        description:
          "Where callbacks go. Null only on the first endpoint (the dashboard's callback URL) after the URL was saved empty there: it " +
          "then receives nothing until a URL is set again.",
      }),
    description: z.string().nullable(),
    enabledEvents: z.array(z.string()).openapi({ description: `Event types it receives; \`["${ALL_EVENT_TYPES}"]\`: every type.` }),
    disabled: z.boolean().openapi({ description: "A disabled endpoint receives nothing; its deliveries not yet made were canceled." }),
    disabledReason: z.enum(["tenant", "gone"]).nullable().openapi({
      description: "`tenant`: disabled on request; `gone`: its receiver answered 410 Gone. Null while enabled.",
    }),
    createdAtUtc: z.string(),
    updatedAtUtc: z.string(),
  })
  .openapi("CallbackEndpoint");

const CreatedEndpointSchema = EndpointSchema.extend({
  secret: z.string().openapi({
    example: "whsec_7Lp9Wd3Kf5mQ2rT8vXc1Zb4",
    description: "This endpoint's signing secret (the HMAC key: this whole string as UTF-8). Returned here only, never again.",
  }),
}).openapi("CreatedCallbackEndpoint");

const endpointExample = {
  id: ENDPOINT_ID,
  url: "https://shop.example.com/payment-connect/disputes",
  description: "Disputes desk",
  enabledEvents: ["dispute.created", "dispute.updated"],
  disabled: false,
  disabledReason: null,
  createdAtUtc: "2026-11-05T09:00:00.000Z",
  updatedAtUtc: "2026-11-05T09:00:00.000Z",
};
const createExample = {
  url: "https://shop.example.com/payment-connect/disputes",
  description: "Disputes desk",
  enabledEvents: ["dispute.created", "dispute.updated"],
};

const urlField = z.string().max(2048).openapi({
  example: "https://shop.example.com/payment-connect/disputes",
  description:
    "Outside the local sandbox an https URL on a public host: loopback, private, link-local, shared (CGNAT) and metadata addresses are refused.",
});
const descriptionField = z.string().trim().max(200).nullable();

const CreateEndpointSchema = z
  .object({
    url: urlField,
    description: descriptionField.optional(),
    enabledEvents: EventTypeList.optional().openapi({ description: `Default \`["${ALL_EVENT_TYPES}"]\`.` }),
    disabled: z.boolean().optional().openapi({ description: "Create it disabled (default false)." }),
  })
  .strict();

const UpdateEndpointSchema = z
  .object({
    url: urlField.optional(),
    description: descriptionField.optional(),
    enabledEvents: EventTypeList.optional(),
    disabled: z
      .boolean()
      .optional()
      .openapi({
        description:
          "true: it receives nothing from now on and its deliveries not yet made are canceled (replay them once enabled). " +
          "false: it receives again, also after a 410.",
      }),
  })
  .strict();

const INVALID_URL = openapi.invalidField("url", "must be an https URL");
const UNKNOWN_TYPE = {
  slug: "unknown-event-type",
  detail: 'enabledEvents names "transfer.settled", which is not an event type.',
  extensions: { errors: [{ field: "enabledEvents[0]", message: `must be "${ALL_EVENT_TYPES}" or one of ${EVENT_TYPES.join(", ")}` }] },
} as const;
const NOT_FOUND = {
  404: {
    description: "No such endpoint for this tenant (another tenant's id too).",
    examples: [{ slug: "not-found", detail: `No callback endpoint ${ENDPOINT_ID}.` }],
  },
} as const;

export const listCallbackEndpoints = openapi.listRoute(
  {
    path: "/v1/callback-endpoints",
    operationId: "listCallbackEndpoints",
    ...openapi.tenantRoute(TAG, "callback_endpoints:read"),
    summary: "List callback endpoints, newest first",
    description:
      "Every endpoint of the tenant, the first one (the dashboard's callback URL) included — the oldest, last in this order. " +
      "Never their secrets.",
  },
  {
    filters: {},
    page: { defaultSize: MAX_CALLBACK_ENDPOINTS, maxSize: MAX_CALLBACK_ENDPOINTS },
    item: EndpointSchema,
    name: "CallbackEndpointList",
    items: "endpoints",
    example: openapi.onePage(endpointExample),
    problems: openapi.AUTHENTICATED_PROBLEMS,
  },
);

export const createCallbackEndpoint = createRoute({
  method: "post",
  path: "/v1/callback-endpoints",
  operationId: "createCallbackEndpoint",
  ...openapi.tenantRoute(TAG, "callback_endpoints:write"),
  summary: "Add a callback endpoint; its signing secret is in this answer only",
  description:
    `At most ${MAX_CALLBACK_ENDPOINTS} per tenant. Each event is delivered to every enabled endpoint whose \`enabledEvents\` ` +
    "take its type, signed with that endpoint's own secret: keep `secret` from this answer to verify `LC-Signature` " +
    "(reveal and rotate it later in the dashboard).",
  request: { body: openapi.jsonBody(CreateEndpointSchema, createExample) },
  responses: {
    201: openapi.jsonContent(CreatedEndpointSchema, "The endpoint, with its signing secret.", {
      ...endpointExample,
      secret: "whsec_7Lp9Wd3Kf5mQ2rT8vXc1Zb4",
    }),
    ...openapi.problemResponses({
      400: { description: "Invalid body, or a URL that is refused (`errors` names `url`).", examples: [INVALID_URL] },
      422: {
        description: `An unknown event type in \`enabledEvents\`, or the tenant already has ${MAX_CALLBACK_ENDPOINTS} endpoints.`,
        examples: [
          UNKNOWN_TYPE,
          {
            slug: "callback-endpoint-limit-reached",
            detail: `A tenant has at most ${MAX_CALLBACK_ENDPOINTS} callback endpoints; delete one before adding another.`,
            extensions: { maxEndpoints: MAX_CALLBACK_ENDPOINTS },
          },
        ],
      },
      ...openapi.JSON_BODY_PROBLEMS,
      ...openapi.AUTHENTICATED_PROBLEMS,
    }),
  },
});

export const getCallbackEndpoint = createRoute({
  method: "get",
  path: "/v1/callback-endpoints/{id}",
  operationId: "getCallbackEndpoint",
  ...openapi.tenantRoute(TAG, "callback_endpoints:read"),
  summary: "Look up one callback endpoint",
  description: "The endpoint's URL, event types and state; its signing secret is never shown again (the dashboard reveals it).",
  request: { params: EndpointIdParams },
  responses: {
    200: openapi.jsonContent(EndpointSchema, "The endpoint (never its secret).", endpointExample),
    ...openapi.problemResponses({ 400: "Malformed id.", ...NOT_FOUND, ...openapi.AUTHENTICATED_PROBLEMS }),
  },
});

export const updateCallbackEndpoint = createRoute({
  method: "patch",
  path: "/v1/callback-endpoints/{id}",
  operationId: "updateCallbackEndpoint",
  ...openapi.tenantRoute(TAG, "callback_endpoints:write"),
  summary: "Change a callback endpoint's URL, description, event types, or disable it",
  description: "Only the fields given change; the signing secret stays.",
  request: {
    params: EndpointIdParams,
    body: openapi.jsonBody(UpdateEndpointSchema, { enabledEvents: ["*"], disabled: false }),
  },
  responses: {
    200: openapi.jsonContent(EndpointSchema, "The endpoint as changed.", { ...endpointExample, enabledEvents: ["*"] }),
    ...openapi.problemResponses({
      400: { description: "Malformed id, invalid body, or a URL that is refused.", examples: [INVALID_URL] },
      ...NOT_FOUND,
      422: { description: "An unknown event type in `enabledEvents`.", examples: [UNKNOWN_TYPE] },
      ...openapi.JSON_BODY_PROBLEMS,
      ...openapi.AUTHENTICATED_PROBLEMS,
    }),
  },
});

export const deleteCallbackEndpoint = createRoute({
  method: "delete",
  path: "/v1/callback-endpoints/{id}",
  operationId: "deleteCallbackEndpoint",
  ...openapi.tenantRoute(TAG, "callback_endpoints:write"),
  summary: "Delete a callback endpoint",
  description:
    "It receives nothing more (its deliveries not yet made are canceled), its secrets are erased and its id answers 404 " +
    "from now on. Its events stay in `GET /v1/events`.",
  request: { params: EndpointIdParams },
  responses: {
    200: openapi.jsonContent(z.object({ id: z.string(), deleted: z.literal(true) }).openapi("DeletedCallbackEndpoint"), "Deleted.", {
      id: ENDPOINT_ID,
      deleted: true,
    }),
    ...openapi.problemResponses({ 400: "Malformed id.", ...NOT_FOUND, ...openapi.AUTHENTICATED_PROBLEMS }),
  },
});
