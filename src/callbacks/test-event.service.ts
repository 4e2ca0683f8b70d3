import { eq } from "drizzle-orm";
import type { AppContext } from "../platform/context";
import { logEvent } from "../lib/log";
import { ApiError } from "../lib/problem";
import { assertTenantExists } from "../db/tenancy";
import { callbackEndpoints } from "./callback-endpoints.schema";

export const TEST_EVENT_TYPE = "ping";

/**
 * Records a `ping` event through the outbox, like any other event, so it is signed, delivered, retried, logged and
 * listed by GET /v1/events the same way: whoever checks a receiver or a poller tests the real path.
 */
async function insertPing(ctx: AppContext, input: { tenantId: string; subjectId: string; message: string }): Promise<void> {
  await ctx.db.batch([
    ctx.outbox.record({ tenantId: input.tenantId, type: TEST_EVENT_TYPE, subjectId: input.subjectId, data: { message: input.message } }),
  ]);
  logEvent("info", "callback test event recorded", { tenantId: input.tenantId });
}

/** The dashboard's test event, only while callbacks are on: it is there to reach the receiver. */
export async function sendTestEvent({ ctx, input: { tenantId } }: { ctx: AppContext; input: { tenantId: string } }): Promise<void> {
  await assertTenantExists(ctx.db, tenantId);
  const endpoint = await ctx.db.select().from(callbackEndpoints).where(eq(callbackEndpoints.tenantId, tenantId)).get();
  if (!endpoint?.url) throw new ApiError("conflict", "Callbacks are off: save a callback URL before sending a test event.");
  await insertPing(ctx, {
    tenantId,
    subjectId: endpoint.id,
    message: "A test event from the Payment Connect dashboard. No action is needed.",
  });
}

/** `POST /v1/events/ping`: recorded whether or not callbacks are on, since a tenant polling GET /v1/events reads it too. */
export async function recordPingEvent({ ctx, input: { tenantId } }: { ctx: AppContext; input: { tenantId: string } }): Promise<void> {
  await insertPing(ctx, { tenantId, subjectId: tenantId, message: "A test event sent with POST /v1/events/ping. No action is needed." });
}
