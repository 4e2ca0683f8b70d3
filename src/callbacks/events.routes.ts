import { createRoute, z } from "@hono/zod-openapi";

import { EVENT_TYPES } from "../outbox/event-types";
import * as openapi from "../platform/openapi";
import { EVENT_ID, transferUpdatedBodyExample } from "./callbacks.routes";
import { ARCHIVED_DAYS_PER_PAGE } from "./events.service";

const TYPE_LIST_MESSAGE = `must be event types separated by commas, each one of ${EVENT_TYPES.join(", ")}`;

const EventSchema = z
  .object({
    id: z.string().openapi({ example: EVENT_ID, description: "The callback's `LC-Event-Id`." }),
    type: z.enum(EVENT_TYPES).openapi({ description: "The callback's `LC-Event-Type`." }),
    createdAtUtc: z.string().openapi({ example: "2026-11-03T10:15:02.000Z" }),
    body: z.record(z.string(), z.unknown()).openapi({
      description:
        "The callback's body exactly as it was sent (the same JSON, key for key, as every delivery of this event carries); " +
        "its shape per type is in the document's `webhooks`.",
    }),
  })
  .openapi("Event");

const eventExample = {
  id: EVENT_ID,
  type: "transfer.updated",
  createdAtUtc: "2026-11-03T10:15:02.000Z",
  body: transferUpdatedBodyExample,
};

const EventTypeList = z
  .string()
  .max(500)
  .refine((value) => value.split(",").every((type) => (EVENT_TYPES as readonly string[]).includes(type)), TYPE_LIST_MESSAGE)
  .openapi({
    description: "Only events of these types: one type, or several separated by commas (`type=transfer.updated,dispute.created`).",
  });

export const listEvents = openapi.listRoute(
  {
    path: "/v1/events",
    operationId: "listEvents",
    ...openapi.tenantRoute("Events", "events:read"),
    summary: "List events, newest first: every callback, also for polling",
    description:
      "Every event recorded for the tenant — whether or not callbacks are on, delivered or not — with the body its callbacks " +
      "carry, newest first. Events of the last `EVENT_ARCHIVE_AFTER_DAYS` (30) days are read from the database; the list then " +
      `goes on into archived days, in the same order under the same cursor, reading at most ${ARCHIVED_DAYS_PER_PAGE} archived ` +
      "days a page: such a page may hold fewer than `limit` events (even none) while `hasMore` is true. Keyset-paginated: pass " +
      "`nextCursor` back as `cursor` while `hasMore` is true; the cursor is signed for this tenant and these filters (another " +
      "one is 400 `invalid-cursor`).",
  },
  {
    filters: {
      type: EventTypeList.optional(),
      ...openapi.createdRange(),
      deliveryStatus: z.enum(["failed"]).optional().openapi({
        description:
          "`failed`: only events whose callback was dead-lettered and never delivered since (a replay that reached you clears it).",
      }),
    },
    item: EventSchema,
    name: "EventList",
    items: "events",
    example: openapi.onePage(eventExample),
    replica: true,
    queryProblems: [openapi.invalidField("type", TYPE_LIST_MESSAGE)],
    problems: openapi.AUTHENTICATED_PROBLEMS,
  },
);

export const getEvent = createRoute({
  method: "get",
  path: "/v1/events/{id}",
  ...openapi.tenantRoute("Events", "events:read"),
  operationId: "getEvent",
  summary: "Look up one event",
  description:
    "The event with the body its callbacks carry (`id` is the `LC-Event-Id`). Past `EVENT_ARCHIVE_AFTER_DAYS` an event is " +
    "archived by day: give `day`, the UTC date of its `createdAtUtc`, to read it there (or find it through `GET /v1/events`). " +
    "Another tenant's id answers 404, as a missing one does.",
  request: {
    params: openapi.idPathParams(openapi.resourceId("event", "event id"), EVENT_ID),
    query: z
      .object({
        day: z.iso.date().optional().openapi({
          example: "2026-11-03",
          description: "The UTC day (YYYY-MM-DD) the event was created: where to look once it is archived.",
        }),
      })
      .strict(),
  },
  responses: {
    200: openapi.jsonContent(EventSchema, "The event.", eventExample),
    ...openapi.problemResponses({
      400: { description: "Malformed id or day.", examples: [openapi.invalidField("id", "must be an event id (event_…)")] },
      404: { description: "No such event for this tenant.", examples: [{ slug: "not-found", detail: `No event ${EVENT_ID}.` }] },
      ...openapi.AUTHENTICATED_PROBLEMS,
    }),
  },
});

export const sendPingEvent = createRoute({
  method: "post",
  path: "/v1/events/ping",
  ...openapi.tenantRoute("Events", "events:write"),
  operationId: "sendPingEvent",
  summary: "Record a ping event, to check a receiver or a poller end to end",
  description:
    "Records a `ping` event for the tenant now, as any other event: sent, signed, to the callback URL when one is set (and " +
    "retried like any callback), and listed by `GET /v1/events` either way, so a tenant that polls sees it too. No body; " +
    "the answer carries none either: find the event with `GET /v1/events?type=ping`, newest first.",
  responses: {
    202: { description: "Recorded: `GET /v1/events?type=ping` lists it, and the callback URL, if set, receives it shortly." },
    ...openapi.problemResponses({ ...openapi.AUTHENTICATED_PROBLEMS }),
  },
});
