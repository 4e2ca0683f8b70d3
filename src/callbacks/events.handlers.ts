import type { EventType } from "../outbox/event-types";
import type { TenantRouteHandler } from "../platform/types";
import { toTenantEvent } from "./callbacks.view";
import type * as routes from "./events.routes";
import { getTenantEvent, listTenantEvents } from "./events.service";
import { recordPingEvent } from "./test-event.service";

export const listEvents: TenantRouteHandler<typeof routes.listEvents> = async (c) => {
  const { type, ...query } = c.req.valid("query");
  const page = await listTenantEvents({
    ctx: c.get("ctx"),
    input: { query: { ...query, types: type?.split(",") as EventType[] | undefined } },
  });
  return c.json({ ...page, data: page.data.map(toTenantEvent) }, 200);
};

export const getEvent: TenantRouteHandler<typeof routes.getEvent> = async (c) => {
  const event = await getTenantEvent({
    ctx: c.get("ctx"),
    input: { eventId: c.req.valid("param").id, ...c.req.valid("query") },
  });
  return c.json(toTenantEvent(event), 200);
};

export const sendPingEvent: TenantRouteHandler<typeof routes.sendPingEvent> = async (c) => {
  await recordPingEvent({ ctx: c.get("ctx") });
  return c.body(null, 202);
};
