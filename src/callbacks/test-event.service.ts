import { and, asc, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../platform/context";
import { logEvent } from "../lib/log";
import { ApiError } from "../lib/problem";
import { assertTenantExists } from "../db/tenancy";
import { callbackEndpoints } from "./callback-endpoints.schema";

export const TEST_EVENT_TYPE = "ping";

/**
 * Records a `ping` event through the outbox, like any other event, so it is signed, delivered, retried and logged the
 * same way: a tenant checking its receiver tests the real path. It goes to one endpoint (the first unless named), whatever
 * its `enabledEvents`, and only while that endpoint receives.
 */
export async function sendTestEvent({
  ctx,
  input: { tenantId, endpointId },
}: {
  ctx: AppContext;
  input: { tenantId: string; endpointId?: string };
}): Promise<void> {
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
  await db.batch([
    ctx.outbox.record({
      tenantId,
      type: TEST_EVENT_TYPE,
      subjectId: endpoint.id,
      data: { message: "A test event from the Payment Connect dashboard. No action is needed." },
    }),
  ]);
  logEvent("info", "callback test event recorded", { tenantId, endpointId: endpoint.id });
}
