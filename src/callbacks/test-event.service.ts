import { and, asc, eq, isNull } from "drizzle-orm";

import { assertTenantExists } from "../db/tenancy";
import { logEvent } from "../lib/log";
import { ApiError } from "../lib/problem";
import type { ShardContext, TenantContext } from "../platform/context";
import { callbackEndpoints } from "./callback-endpoints.schema";

export const TEST_EVENT_TYPE = "ping";

/**
 * Records a `ping` event through the outbox, like any other event, so it is signed, delivered, retried, logged and
 * listed by GET /v1/events the same way: whoever checks a receiver or a poller tests the real path. Its subject says
 * where it goes: an endpoint's id sends it to that endpoint alone, the tenant's id to every endpoint that takes pings.
 */
async function insertPing(ctx: ShardContext, input: { tenantId: string; subjectId: string; message: string }): Promise<void> {
  await ctx.db.batch([
    ctx.outbox.record({ tenantId: input.tenantId, type: TEST_EVENT_TYPE, subjectId: input.subjectId, data: { message: input.message } }),
  ]);
  logEvent("info", "callback test event recorded", { tenantId: input.tenantId, subjectId: input.subjectId });
}

/**
 * The dashboard's test event: to one endpoint (the first unless named), whatever its `enabledEvents`, and only while
 * that endpoint receives — it is there to reach the receiver.
 */
export async function sendTestEvent({ ctx, input: { endpointId } }: { ctx: TenantContext; input: { endpointId?: string } }): Promise<void> {
  const tenantId = ctx.tenant.id;
  const { db } = ctx;
  await assertTenantExists(db, tenantId);
  const [endpoint] = await db
    .select()
    .from(callbackEndpoints)
    .where(
      and(
        eq(callbackEndpoints.tenantId, tenantId),
        endpointId ? eq(callbackEndpoints.id, endpointId) : undefined,
        isNull(callbackEndpoints.deletedAt),
      ),
    )
    .orderBy(asc(callbackEndpoints.createdAt), asc(callbackEndpoints.id))
    .limit(1);
  if (!endpoint && endpointId) throw new ApiError("not-found", `No callback endpoint ${endpointId}.`);
  if (!endpoint?.url) throw new ApiError("conflict", "Callbacks are off: save a callback URL before sending a test event.");
  if (endpoint.disabledAt) throw new ApiError("conflict", "This endpoint is disabled: enable it before sending a test event.");
  await insertPing(ctx, {
    tenantId,
    subjectId: endpoint.id,
    message: "A test event from the Payment Connect dashboard. No action is needed.",
  });
}

/** `POST /v1/events/ping`: recorded whether or not callbacks are on, since a tenant polling GET /v1/events reads it too. */
export async function recordPingEvent({ ctx }: { ctx: TenantContext }): Promise<void> {
  const tenantId = ctx.tenant.id;
  await insertPing(ctx, { tenantId, subjectId: tenantId, message: "A test event sent with POST /v1/events/ping. No action is needed." });
}
