import { and, inArray, isNull } from "drizzle-orm";
import { database } from "../db/client";
import { logEvent } from "../lib/log";
import { nowIso } from "../lib/ids";
import { events } from "./events.schema";

export type CallbackMessage = { eventId: string };

/**
 * Sends committed outbox events to the callbacks queue and stamps them enqueued. A failure here loses
 * nothing: unstamped events are picked up again by the cron sweep.
 */
export async function enqueueEvents(env: Env, eventIds: string[]): Promise<void> {
  if (eventIds.length === 0) return;
  try {
    await env.CALLBACKS.sendBatch(eventIds.map((eventId) => ({ body: { eventId } satisfies CallbackMessage, contentType: "json" as const })));
    await database(env)
      .update(events)
      .set({ enqueuedAt: nowIso() })
      .where(and(inArray(events.id, eventIds), isNull(events.enqueuedAt)));
  } catch (error) {
    logEvent("warn", "event enqueue deferred to sweep", { eventIds, error: String(error) });
  }
}
