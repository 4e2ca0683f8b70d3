import { createRoute, z } from "@hono/zod-openapi";

import * as openapi from "../platform/openapi";
import { OPERATOR_PROBLEMS, operatorRoute, TENANT_NOT_FOUND, TenantParams } from "../platform/operator";
import { DEFAULT_PREVIOUS_SECRET_TTL_SECONDS } from "./callback-endpoints.service";
import { DELIVERY_ORIGINS, DELIVERY_STATUSES } from "./deliveries.schema";
import { MAX_ATTEMPTS, RETRY_DELAYS_SECONDS } from "./retry-schedule";

const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 50;
const MAX_PREVIOUS_SECRET_TTL_SECONDS = 7 * 24 * 3600;

const EventIdParams = TenantParams.extend({
  eventId: z
    .string()
    .regex(/^event_[A-Za-z0-9]+$/, "must be an event id (event_…)")
    .openapi({ param: { name: "eventId", in: "path" } }),
});

const SigningSecretInfoSchema = z
  .object({
    id: z.string().openapi({ example: "sigkey_5mQ2rT8vXc1Zb4Lp9Wd3Kf" }),
    createdAtUtc: z.string(),
    expiresAtUtc: z.string().nullable().openapi({ description: "Null for the current secret; a rotated-out secret signs until then." }),
  })
  .openapi("CallbackSigningSecretInfo");

const RevealedSigningSecretsSchema = z
  .object({
    data: z.array(
      SigningSecretInfoSchema.extend({
        secret: z.string().openapi({ example: "whsec_3q2-7wE…", description: "The HMAC key: this whole string as UTF-8." }),
      }),
    ),
  })
  .openapi("CallbackSigningSecrets");

const CallbackSettingsSchema = z
  .object({
    tenantId: z.string(),
    url: z.string().nullable().openapi({ description: "Null: callbacks are off." }),
    enabled: z.boolean(),
    signingSecrets: z.array(SigningSecretInfoSchema).openapi({ description: "Active secrets, current first; never their values." }),
    createdAtUtc: z.string().nullable(),
    updatedAtUtc: z.string().nullable(),
  })
  .openapi("CallbackSettings");

const EventSchema = z
  .object({
    id: z.string().openapi({ example: "event_7hJk2LmN4pQrStUvWxYz9b" }),
    type: z.string().openapi({ example: "transfer.updated" }),
    createdAtUtc: z.string(),
    enqueuedAtUtc: z
      .string()
      .nullable()
      .openapi({ description: "When the event was handed to delivery; null until then (the sweep retries)." }),
    body: z.record(z.string(), z.unknown()).openapi({ description: "The callback body as delivered (LC-Event-Id = id)." }),
  })
  .openapi("CallbackEvent");

const DeliveryAttemptSchema = z
  .object({
    attemptNumber: z.number().int(),
    attemptedAtUtc: z.string(),
    url: z.string(),
    statusCode: z.number().int().nullable().openapi({ description: "The receiver's HTTP status; null when no response arrived." }),
    error: z.string().nullable(),
    durationMs: z.number().int(),
    nextAttemptAtUtc: z.string().nullable(),
  })
  .openapi("CallbackDeliveryAttempt");

const DeliverySchema = z
  .object({
    id: z.string().openapi({ example: "dlv_2bV8nQ4wXz7Kc1Lp5Rt9Hm" }),
    eventId: z.string(),
    endpointId: z.string().openapi({ description: "The callback endpoint it went to (`cbe_…`), a deleted one included." }),
    eventType: z.string(),
    origin: z.enum(DELIVERY_ORIGINS).openapi({ description: "`event`: sent when the event happened; `replay`: sent on request." }),
    status: z.enum(DELIVERY_STATUSES).openapi({
      description: "`failed`: dead-lettered after the last attempt; `canceled`: callbacks were turned off before it was made.",
    }),
    attemptCount: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    lastAttemptAtUtc: z.string().nullable(),
    nextAttemptAtUtc: z.string().nullable(),
    deliveredAtUtc: z.string().nullable(),
    failedAtUtc: z.string().nullable(),
    createdAtUtc: z.string(),
    attempts: z.array(DeliveryAttemptSchema),
  })
  .openapi("CallbackDelivery");

const pageSize = { defaultSize: DEFAULT_PAGE_SIZE, maxSize: MAX_PAGE_SIZE };

const TENANT_ID = "ten_3kTq9Wc2Zb7pLx0aYf4Rn";
export const EVENT_ID = "event_7hJk2LmN4pQrStUvWxYz9b";

const secretInfoExample = { id: "sigkey_5mQ2rT8vXc1Zb4Lp9Wd3Kf", createdAtUtc: "2026-11-01T09:10:00.000Z", expiresAtUtc: null };
const settingsExample = {
  tenantId: TENANT_ID,
  url: "https://shop.example.com/payment-connect/callbacks",
  enabled: true,
  signingSecrets: [secretInfoExample],
  createdAtUtc: "2026-11-01T09:10:00.000Z",
  updatedAtUtc: "2026-11-01T09:10:00.000Z",
};
const secretsExample = {
  data: [
    {
      id: "sigkey_9Wd3Kf5mQ2rT8vXc1Zb4Lp",
      createdAtUtc: "2026-11-03T08:00:00.000Z",
      expiresAtUtc: null,
      secret: "whsec_7Lp9Wd3Kf5mQ2rT8vXc1Zb4",
    },
    { ...secretInfoExample, expiresAtUtc: "2026-11-04T08:00:00.000Z", secret: "whsec_3q2Zb4Lp9Wd3Kf5mQ2rT8v" },
  ],
};
/** A callback's body as its receiver gets it: the example every route that shows an event carries. */
export const transferUpdatedBodyExample = {
  id: EVENT_ID,
  type: "transfer.updated",
  createdAtUtc: "2026-11-03T10:15:02.000Z",
  lcPaymentId: "lcpay_4gH2kLmN8pQrStUvWxYz1a",
  orderRef: "order-10042",
  status: "succeeded",
  processorTransferId: "TRv3Qm8xZ1LwK2",
  processorState: "SUCCEEDED",
  processorInstrumentId: "PIe2YvpcjvoVJ6PzoRPBK137",
  amountRefundedCents: 0,
  failureCode: null,
};
const eventExample = {
  id: EVENT_ID,
  type: "transfer.updated",
  createdAtUtc: "2026-11-03T10:15:02.000Z",
  enqueuedAtUtc: "2026-11-03T10:15:02.000Z",
  body: transferUpdatedBodyExample,
};
const deliveryExample = {
  id: "dlv_2bV8nQ4wXz7Kc1Lp5Rt9Hm",
  eventId: EVENT_ID,
  endpointId: "cbe_Jq3Lw8Xb2VnR7tZk5Hm1Pc",
  eventType: "transfer.updated",
  origin: "event",
  status: "delivered",
  attemptCount: 2,
  lastStatusCode: 200,
  lastError: null,
  lastAttemptAtUtc: "2026-11-03T10:16:02.000Z",
  nextAttemptAtUtc: null,
  deliveredAtUtc: "2026-11-03T10:16:02.000Z",
  failedAtUtc: null,
  createdAtUtc: "2026-11-03T10:15:02.000Z",
  attempts: [
    {
      attemptNumber: 1,
      attemptedAtUtc: "2026-11-03T10:15:02.000Z",
      url: "https://shop.example.com/payment-connect/callbacks",
      statusCode: 503,
      error: null,
      durationMs: 120,
      nextAttemptAtUtc: "2026-11-03T10:16:02.000Z",
    },
    {
      attemptNumber: 2,
      attemptedAtUtc: "2026-11-03T10:16:02.000Z",
      url: "https://shop.example.com/payment-connect/callbacks",
      statusCode: 200,
      error: null,
      durationMs: 85,
      nextAttemptAtUtc: null,
    },
  ],
};
const queuedExample = {
  ...deliveryExample,
  id: "dlv_9Rt2bV8nQ4wXz7Kc1Lp5Hm",
  origin: "replay",
  status: "pending",
  attemptCount: 0,
  lastStatusCode: null,
  lastAttemptAtUtc: null,
  deliveredAtUtc: null,
  createdAtUtc: "2026-11-04T09:00:00.000Z",
  attempts: [],
};

const noEndpoint = {
  404: {
    description: "No such tenant, or it never saved a callback URL.",
    examples: [{ slug: "not-found", detail: `Tenant ${TENANT_ID} has never registered a callback URL.` }],
  },
} as const;
const callbacksOff = {
  409: {
    description: "Callbacks are off for this tenant.",
    examples: [{ slug: "conflict", detail: `Callbacks are off for tenant ${TENANT_ID}; save a callback URL before replaying.` }],
  },
} as const;

const retrySchedule = RETRY_DELAYS_SECONDS.map((seconds) => (seconds < 3600 ? `${seconds / 60} min` : `${seconds / 3600} h`)).join(", ");

export const getCallbackSettings = createRoute({
  method: "get",
  path: "/admin/tenants/{tenantId}/callbacks",
  ...operatorRoute("Operator: callbacks"),
  operationId: "getCallbackSettings",
  summary: "A tenant's callback URL and signing secret metadata",
  description: "Where the tenant's callbacks go and which signing secrets are active (never their values: see …/callbacks/secrets).",
  request: { params: TenantParams },
  responses: {
    200: openapi.jsonContent(CallbackSettingsSchema, "The settings; a tenant that never saved a URL reads as off.", settingsExample),
    ...openapi.problemResponses({ 400: "Malformed tenant id.", ...TENANT_NOT_FOUND, ...OPERATOR_PROBLEMS }),
  },
});

export const saveCallbackUrl = createRoute({
  method: "put",
  path: "/admin/tenants/{tenantId}/callbacks",
  ...operatorRoute("Operator: callbacks"),
  operationId: "saveCallbackUrl",
  summary: "Set the callback URL, or turn callbacks off with an empty URL",
  description:
    "The first save generates the signing secret (reveal it with GET …/callbacks/secrets). Outside the local sandbox the URL " +
    "must be https on a public host: loopback, private, link-local, shared (CGNAT) and metadata addresses are refused. " +
    "An empty URL turns callbacks off and cancels deliveries not yet made; events keep being recorded.",
  request: {
    params: TenantParams,
    body: openapi.jsonBody(
      z.object({ url: z.string().max(2048).openapi({ example: "https://shop.example.com/payment-connect/callbacks" }) }).strict(),
      { url: "https://shop.example.com/payment-connect/callbacks" },
    ),
  },
  responses: {
    200: openapi.jsonContent(CallbackSettingsSchema, "The saved settings.", settingsExample),
    ...openapi.problemResponses({
      400: {
        description: "Invalid body, or a URL that is refused (`errors` names `url`).",
        examples: [openapi.invalidField("url", "must be https on a public host")],
      },
      ...TENANT_NOT_FOUND,
      ...openapi.JSON_BODY_PROBLEMS,
      ...OPERATOR_PROBLEMS,
    }),
  },
});

export const revealSigningSecrets = createRoute({
  method: "get",
  path: "/admin/tenants/{tenantId}/callbacks/secrets",
  ...operatorRoute("Operator: callbacks"),
  operationId: "revealCallbackSigningSecrets",
  summary: "Reveal the active signing secrets (the one deliberate exception to secrets never being returned)",
  description: "Every callback carries one `v1=` per active secret in `LC-Signature`. The response is `Cache-Control: no-store`.",
  request: { params: TenantParams },
  responses: {
    200: openapi.jsonContent(RevealedSigningSecretsSchema, "The active secrets, current first.", {
      data: [{ ...secretInfoExample, secret: "whsec_3q2Zb4Lp9Wd3Kf5mQ2rT8v" }],
    }),
    ...openapi.problemResponses({ 400: "Malformed tenant id.", ...noEndpoint, ...OPERATOR_PROBLEMS }),
  },
});

export const rotateSigningSecret = createRoute({
  method: "post",
  path: "/admin/tenants/{tenantId}/callbacks/secrets/rotate",
  ...operatorRoute("Operator: callbacks"),
  operationId: "rotateCallbackSigningSecret",
  summary: "Rotate the signing secret; the previous one keeps signing for a window",
  description:
    `Previous secrets stop signing after \`previousSecretTtlSeconds\` (default ${DEFAULT_PREVIOUS_SECRET_TTL_SECONDS}, i.e. 24 h); ` +
    "until then each callback carries a `v1=` for every active secret. 0 retires them at once (a leaked secret).",
  request: {
    params: TenantParams,
    body: {
      ...openapi.jsonBody(
        z
          .object({
            previousSecretTtlSeconds: z.number().int().min(0).max(MAX_PREVIOUS_SECRET_TTL_SECONDS).optional().openapi({ example: 86400 }),
          })
          .strict(),
        { previousSecretTtlSeconds: 86400 },
      ),
      required: false,
    },
  },
  responses: {
    200: openapi.jsonContent(RevealedSigningSecretsSchema, "The active secrets after rotation, the new one first.", secretsExample),
    ...openapi.problemResponses({
      400: "Invalid body.",
      ...noEndpoint,
      ...openapi.JSON_BODY_PROBLEMS,
      ...OPERATOR_PROBLEMS,
    }),
  },
});

export const listEvents = openapi.listRoute(
  {
    path: "/admin/tenants/{tenantId}/callbacks/events",
    ...operatorRoute("Operator: callbacks"),
    operationId: "listCallbackEvents",
    summary: "List a tenant's events, newest first",
    description: "Every event recorded for the tenant — whether or not callbacks were on — with its body as delivered; filter by `type`.",
    request: { params: TenantParams },
  },
  {
    filters: { type: z.string().max(100).optional().openapi({ example: "transfer.updated" }) },
    page: pageSize,
    item: EventSchema,
    name: "CallbackEventList",
    items: "events",
    example: openapi.onePage(eventExample),
    problems: { ...TENANT_NOT_FOUND, ...OPERATOR_PROBLEMS },
  },
);

export const listDeliveries = openapi.listRoute(
  {
    path: "/admin/tenants/{tenantId}/callbacks/deliveries",
    ...operatorRoute("Operator: callbacks"),
    operationId: "listCallbackDeliveries",
    summary: "List a tenant's callback deliveries with their attempts, newest first",
    description: `Up to ${MAX_ATTEMPTS} attempts per delivery; retries after ${retrySchedule}, then the delivery is dead-lettered (\`failed\`).`,
    request: { params: TenantParams },
  },
  {
    filters: {
      status: z.enum(DELIVERY_STATUSES).optional(),
      eventId: z
        .string()
        .regex(/^event_[A-Za-z0-9]+$/, "must be an event id (event_…)")
        .optional(),
    },
    page: pageSize,
    item: DeliverySchema,
    name: "CallbackDeliveryList",
    items: "deliveries",
    example: openapi.onePage(deliveryExample),
    problems: { ...TENANT_NOT_FOUND, ...OPERATOR_PROBLEMS },
  },
);

export const replayEvent = createRoute({
  method: "post",
  path: "/admin/tenants/{tenantId}/callbacks/events/{eventId}/replay",
  ...operatorRoute("Operator: callbacks"),
  operationId: "replayCallbackEvent",
  summary: "Deliver one event again (same LC-Event-Id, same body)",
  description:
    "A new delivery (`origin: replay`) of the stored body, signed afresh with the current secrets; receivers dedupe on `LC-Event-Id`.",
  request: { params: EventIdParams },
  responses: {
    202: openapi.jsonContent(DeliverySchema, "The new delivery, queued.", queuedExample),
    ...openapi.problemResponses({
      400: "Malformed id.",
      404: {
        description: "No such tenant, or no such event for this tenant.",
        examples: [{ slug: "not-found", detail: `No event ${EVENT_ID} for tenant ${TENANT_ID}.` }],
      },
      ...callbacksOff,
      ...OPERATOR_PROBLEMS,
    }),
  },
});

export const replayFailedDeliveries = createRoute({
  method: "post",
  path: "/admin/tenants/{tenantId}/callbacks/deliveries/replay-failed",
  ...operatorRoute("Operator: callbacks"),
  operationId: "replayFailedCallbackDeliveries",
  summary: "Deliver again every event whose delivery failed since a time",
  description:
    "Each event once, oldest first, skipping events delivered or being delivered meanwhile. At most `limit` per call; " +
    "while `hasMore` is true, call again.",
  request: {
    params: TenantParams,
    body: openapi.jsonBody(
      z
        .object({
          since: z.iso
            .datetime({ offset: false })
            .openapi({ example: "2026-11-01T00:00:00Z", description: "Deliveries created at or after this time (UTC)." }),
          limit: z.number().int().min(1).max(MAX_PAGE_SIZE).default(MAX_PAGE_SIZE),
        })
        .strict(),
      { since: "2026-11-01T00:00:00Z", limit: 50 },
    ),
  },
  responses: {
    202: openapi.jsonContent(
      z.object({ data: z.array(DeliverySchema), hasMore: z.boolean() }).openapi("CallbackReplayResult"),
      "The new deliveries, queued.",
      { data: [queuedExample], hasMore: false },
    ),
    ...openapi.problemResponses({
      400: "Invalid body.",
      ...TENANT_NOT_FOUND,
      ...callbacksOff,
      ...openapi.JSON_BODY_PROBLEMS,
      ...OPERATOR_PROBLEMS,
    }),
  },
});

const ArchivedDaySchema = z
  .object({
    tenantId: z.string().openapi({ example: TENANT_ID }),
    day: z.string().openapi({ example: "2026-11-03" }),
    data: z.array(
      EventSchema.extend({
        deliveries: z.array(DeliverySchema).openapi({ description: "Every delivery of the event, with its attempts, as they ended." }),
      }).openapi("ArchivedCallbackEvent"),
    ),
  })
  .openapi("ArchivedCallbackDay");

export const getArchivedEvents = createRoute({
  method: "get",
  path: "/admin/tenants/{tenantId}/archive/events",
  ...operatorRoute("Operator: callbacks"),
  operationId: "getArchivedCallbackEvents",
  summary: "A tenant's events of one archived day, with their deliveries",
  description:
    "Events and their callback deliveries leave D1 for the archive (R2) once their whole UTC day is `EVENT_ARCHIVE_AFTER_DAYS` " +
    "old and nothing more is owed on them (no delivery pending). This reads one day back, oldest event first; events of " +
    "that day still in D1 are in …/callbacks/events and …/callbacks/deliveries.",
  request: {
    params: TenantParams,
    query: z
      .object({ day: z.iso.date().openapi({ example: "2026-11-03", description: "The UTC day the events were created (YYYY-MM-DD)." }) })
      .strict(),
  },
  responses: {
    200: openapi.jsonContent(ArchivedDaySchema, "The archived day.", {
      tenantId: TENANT_ID,
      day: "2026-11-03",
      data: [{ ...eventExample, deliveries: [deliveryExample] }],
    }),
    ...openapi.problemResponses({
      400: { description: "Malformed tenant id or day.", examples: [openapi.invalidField("day", "Invalid ISO date")] },
      404: {
        description: "No such tenant, or nothing of it archived for that day.",
        examples: [
          { slug: "not-found", detail: `No tenant ${TENANT_ID}.` },
          { slug: "not-found", detail: `Nothing of tenant ${TENANT_ID} is archived for 2026-11-03.` },
        ],
      },
      ...OPERATOR_PROBLEMS,
    }),
  },
});
